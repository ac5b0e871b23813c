// RoundPlan::prepare and the Chooser's search (round_sampler.h).
#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {

int DecisionSearch::pick(int count, Rng& rng) {
  if (depth_ < path_.size()) {
    const Level& level = path_[depth_++];
    KIBITZ_CHECK(level.count == count, "a draw's decisions changed between runs: ", level.count, " vs ", count,
                 " options");
    return (level.start + level.tried) % count;
  }
  const int start = static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(count)));
  path_.push_back({start, 0, count});
  ++depth_;
  return start;
}

bool DecisionSearch::next_branch() {
  // Decisions past the point where the run failed were never taken.
  path_.resize(depth_);
  while (!path_.empty() && path_.back().tried + 1 >= path_.back().count) path_.pop_back();
  if (path_.empty()) return false;
  ++path_.back().tried;
  return true;
}

int Chooser::pick_weighted(std::span<const double> weights) {
  std::array<int, 16> open{};
  int num_open = 0;
  double total = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    KIBITZ_CHECK(num_open < static_cast<int>(open.size()), "too many weighted options");
    open[static_cast<std::size_t>(num_open++)] = static_cast<int>(i);
    total += weights[i];
  }
  KIBITZ_CHECK(num_open > 0, "no option has a weight");
  if (search_ != nullptr) return open[static_cast<std::size_t>(search_->pick(num_open, rng_))];
  double u = rng_.uniform_double() * total;
  for (int k = 0; k < num_open; ++k) {
    const int i = open[static_cast<std::size_t>(k)];
    u -= weights[static_cast<std::size_t>(i)];
    if (u < 0) return i;
  }
  return open[static_cast<std::size_t>(num_open - 1)];
}

void RoundPlan::prepare(const SpiesKnowledge& knowledge, const KnownRound& round) {
  config = &knowledge.config();
  known = &round;
  events = knowledge.events().subspan(static_cast<std::size_t>(round.begin),
                                      static_cast<std::size_t>(round.end - round.begin));
  n = config->players;
  p = knowledge.viewer();
  entries = round.entries;
  universe = kPackMask & ~kAceMask;
  for (int j = 0; j < config->jokers; ++j) universe |= card_bit(kFirstJoker + j);
  aces_dealt = 0;
  excluded = {};
  dealt_p = given_p = 0;
  final_jokers = {};
  final_jokers_all = 0;
  missions = 0;
  set_cards = 0;
  for (auto& row : play_event) row.fill(-1);
  reveal_event.fill(-1);
  viewer_play.fill(-1);
  mission_of_card.fill(-1);

  prepare_setup(round);
  prepare_turns(round);
}

// The set-up lies in the rules' fixed order: n aces, the deal round-robin
// from the seat after the first determiner, then (keep5) five keeps per
// seat from the first determiner.
void RoundPlan::prepare_setup(const KnownRound& round) {
  const int size = static_cast<int>(events.size());
  first_turn_event = round.first_turn_event < 0 ? size : round.first_turn_event;
  const int setup = first_turn_event;
  aces_dealt = std::min(n, setup);
  for (int s = 0; s < aces_dealt; ++s) ace_event[static_cast<std::size_t>(s)] = s;
  const int total_deals = config->keep5 ? config->cards_in_play() : kKeepCount * n;
  const int deals = std::clamp(setup - n, 0, total_deals);
  const int keeps = std::max(0, setup - n - total_deals);
  // Deal i goes to seat first + 1 + i (mod n); keep j to seat first + j / kKeepCount.
  for (int k = 0; k < n; ++k) {
    const auto s = static_cast<std::size_t>((round.first_determiner + 1 + k) % n);
    deal_base[s] = n + k;
    deal_count[s] = k < deals ? (deals - k + n - 1) / n : 0;
    const auto t = static_cast<std::size_t>((round.first_determiner + k) % n);
    keep_base[t] = n + total_deals + k * kKeepCount;
    keep_count[t] = std::clamp(keeps - k * kKeepCount, 0, kKeepCount);
  }
  setup_done = (config->keep5 ? keeps : deals) == kKeepCount * n;
  dealt_p = round.own_dealt;
  if (config->keep5 && setup_done) given_p = dealt_p & ~round.own_kept;
}

// The turns: what the viewer saw after the set-up, the missions, the Jacks'
// misses, the round's end; then the pools the unseen cards come from.
void RoundPlan::prepare_turns(const KnownRound& round) {
  const int size = static_cast<int>(events.size());
  CardMask seen_later = 0;
  int consumed = 0;  // cards taken from the deck
  std::array<int, kMaxKnownMissions> face_down_of{};  // face-down cards by mission
  drawn_slots = 0;
  for (int e = first_turn_event; e < size; ++e) {
    const Event& x = events[static_cast<std::size_t>(e)];
    const auto s = static_cast<std::size_t>(x.seat);
    const bool own = x.seat == p;
    const CardMask bit = x.card >= 0 && x.card < kNumCardIndices ? card_bit(x.card) : 0;
    switch (x.kind) {
      case EventKind::kJack:
        // The Jack was flipped just before: a failed match rules its suit out.
        if (x.aux == 0) excluded[static_cast<std::size_t>(x.card)] |= 1u << suit_of(events[static_cast<std::size_t>(e - 1)].card);
        break;
      case EventKind::kFlip:
        ++consumed;
        seen_later |= bit;
        if (const KnownRound::TopView* view = round.view_at(e)) {
          for (int i = 0; i < view->len; ++i) seen_later |= card_bit(view->cards[static_cast<std::size_t>(i)]);
        }
        break;
      case EventKind::kPeek:
        if (own) seen_later |= bit;
        break;
      case EventKind::kDraw:
        ++consumed;
        if (own) seen_later |= bit;
        drawn_slots += own ? 0 : 1;
        break;
      case EventKind::kFaceDown:
        ++consumed;
        ++face_down_of[x.aux];
        missions = std::max(missions, x.aux + 1);
        break;
      case EventKind::kNoPlay:
        missions = std::max(missions, x.aux + 1);
        break;
      case EventKind::kPlay:
        missions = std::max(missions, x.aux + 1);
        play_event[x.aux][s] = static_cast<std::int16_t>(e);
        if (own) viewer_play[x.aux] = x.card;
        break;
      case EventKind::kReveal:
        missions = std::max(missions, x.aux + 1);
        reveal_event[x.aux] = e;
        break;
      case EventKind::kRoundEnd:
        final_jokers[s] = static_cast<CardMask>(x.card >> 2) << kFirstJoker;
        if (!own) final_jokers_all |= final_jokers[s];
        break;
      default:
        break;
    }
  }
  for (int m = 0; m < missions; ++m) {
    const CardMask s = reveal_event[static_cast<std::size_t>(m)] >= 0 ? round.sets[static_cast<std::size_t>(m)] : 0;
    set[static_cast<std::size_t>(m)] = s;
    set_cards |= s;
    for_each_card(s, [&](int c) { mission_of_card[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(m); });
  }
  for (int m = 0; m < missions; ++m) {
    if (reveal_event[static_cast<std::size_t>(m)] < 0) drawn_slots += face_down_of[static_cast<std::size_t>(m)];
  }
  seen_later |= set_cards;
  const CardMask seen = seen_later | dealt_p;
  any_pool = universe & ~seen & ~final_jokers_all;
  deck_pool = given_p & ~seen_later & ~final_jokers_all;
  // Given-up cards may still lie in the deck, as many as it holds now.
  const int deck_left = setup_done ? config->deck_cards() - consumed : 0;
  deck_need = std::max(0, popcount(deck_pool) - deck_left);
}

}  // namespace kibitz::loyalist_spies
