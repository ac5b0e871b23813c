// Knowledge from a seat's stream and the tensors written from it (knowledge.h),
// and the State's tensor and observation-string entry points.
#include "env/games/adulting/knowledge.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

int tensor_size(int n) {
  return 2 * n + 2 + 3 + 5 + n + 3 * n + n + kMaxCards * n + n + 3 * kMaxCards + 4 + 2 + 6 * n + 2 + 1 +
         (kMaxDeclare + 1) + 9 * n + 4 * n;
}

Knowledge::Knowledge(const AdultingGame& g, int seat) : game(&g), viewer(seat), n(g.num_players()) {
  shown_measure.fill(-1);
}

void Knowledge::new_round(int round_number, int new_dealer) {
  round = round_number;
  dealer = new_dealer;
  stage = Stage::kScoring;
  card = -1;
  own_truth = own_bid = own_measure = -1;
  sorting = {};
  ups = downs = 0;
  declared = payout = quality = eliminated = ruling = ranked = {};
  disqualified = 0;
  eliminations = rankings = 0;
  shown_measure.fill(-1);
  price = 0;
}

// A payment of `amount`: the payer had at least that much, so the known
// monies (which may leave out unseen extras) go down to 0 at least.
void Knowledge::pay(int seat, int amount) {
  int& m = monies[static_cast<std::size_t>(seat)];
  m = std::max(0, m - amount);
}

void Knowledge::lose_card(int seat, int c) {
  held[static_cast<std::size_t>(seat)] &= ~card_bit(c);
  --hand_size[static_cast<std::size_t>(seat)];
}

void Knowledge::read(const Observation& o) {
  auto at = [](int s) { return static_cast<std::size_t>(s); };
  const int v0 = o.size > 0 ? o.value(0) : 0;
  const int v1 = o.size > 1 ? o.value(1) : 0;
  switch (obs_kind(o)) {
    case Obs::kRound: new_round(v0 - 1, v1); return;
    case Obs::kTopBack: top_back = v0 - game->num_cards(); return;
    case Obs::kDraws:
      card = v1;
      ++drawn;
      stage = game->config().bidding ? Stage::kSorting : Stage::kWork;
      return;
    case Obs::kIncome:
      for (int s = 0; s < n; ++s) monies[at(s)] += v0;
      return;
    case Obs::kScoreHearts:
    case Obs::kScoreClubs:
    case Obs::kScoreDiamonds:
      ++columns[at(v0)][at(o.kind - static_cast<int>(Obs::kScoreHearts))];
      if (game->card(v1).spade) ++spades;
      lose_card(v0, v1);
      return;
    case Obs::kDiscards:
      discards |= card_bit(v1);
      lose_card(v0, v1);
      return;
    case Obs::kBank: monies[at(v0)] += v1; return;
    case Obs::kPays:
      pay(v0, o.value(2));
      monies[at(v1)] += o.value(2);
      return;
    case Obs::kPeeks:
      if (v0 == viewer) peek_target = v1;
      return;
    case Obs::kHandSeen:
      if (peek_target == v0) held[at(v0)] = 0;
      peek_target = -1;
      for (int i = 0; i < v1; ++i) held[at(v0)] |= card_bit(o.value(2 + i));
      return;
    case Obs::kTakes:
      lose_card(o.value(2), v1);
      held[at(v0)] |= card_bit(v1);
      ++hand_size[at(v0)];
      return;
    case Obs::kTakesACard:
      --hand_size[at(v1)];  // one of its cards, we do not know which
      ++hand_size[at(v0)];
      return;
    case Obs::kTruthAdult: own_truth = 1; stage = Stage::kSorting; return;
    case Obs::kTruthChild: own_truth = 0; stage = Stage::kSorting; return;
    case Obs::kTruthTo: stage = Stage::kSorting; return;
    case Obs::kClaimAdult:
    case Obs::kClaimChild: {
      const bool adult = obs_kind(o) == Obs::kClaimAdult;
      sorting[at(v0)][adult ? 0 : 1] = 1;
      if (adult) ups = downs = 0;
      stage = Stage::kSorting;
      const float p = card >= 0 ? static_cast<float>(game->card(card).adult) : 0.5f;
      ++claims[at(v0)];
      adult_claims[at(v0)] += adult ? 1 : 0;
      claims_expected[at(v0)] += p;
      claims_variance[at(v0)] += p * (1.0f - p);
      return;
    }
    case Obs::kVoteUp: ++ups; return;
    case Obs::kVoteDown: ++downs; return;
    case Obs::kStands: sorting[at(v0)][2] = 1; return;
    case Obs::kFalls: sorting[at(v0)][3] = 1; return;
    case Obs::kYouBid: own_bid = v0; sorting[at(viewer)][4] = 1; stage = Stage::kBidding; return;
    case Obs::kCommits: sorting[at(v0)][4] = 1; stage = Stage::kBidding; return;
    case Obs::kBidShown: return;
    case Obs::kWins:
      pay(v0, o.value(2));
      held[at(v0)] |= card_bit(v1);
      ++hand_size[at(v0)];
      card = -1;
      return;
    case Obs::kRefund: monies[at(v0)] += v1; return;
    case Obs::kNoTaker: discards |= card_bit(v0); card = -1; return;
    case Obs::kEndSpade:
    case Obs::kEndDeck: stage = Stage::kOver; return;
    case Obs::kPoints: return;
    default: read_work(o); return;
  }
}

void Knowledge::read_work(const Observation& o) {
  auto at = [](int s) { return static_cast<std::size_t>(s); };
  const int v0 = o.size > 0 ? o.value(0) : 0;
  const int v1 = o.size > 1 ? o.value(1) : 0;
  switch (obs_kind(o)) {
    case Obs::kEliminated: eliminated[at(v0)] = static_cast<std::int8_t>(++eliminations); return;
    case Obs::kNoRuling: ruling[at(v0)] = 0; return;
    case Obs::kRuling: ruling[at(v0)] = 3; return;
    case Obs::kRulingRight: ruling[at(v0)] = 1; return;
    case Obs::kRulingWrong: ruling[at(v0)] = 2; return;
    case Obs::kMeasured: own_measure = v0; return;
    case Obs::kDeclares: declared[at(v0)] = static_cast<std::int8_t>(v1); return;
    case Obs::kPayout: payout[at(v0)] = static_cast<std::int8_t>(v1); return;
    case Obs::kQuality: quality[at(v0)] = static_cast<std::int8_t>(v1); return;
    case Obs::kRanks: ranked[at(v1)] = static_cast<std::int8_t>(++rankings); return;
    case Obs::kDisqualified: disqualified |= 1u << v0; return;
    default: read_legal(o); return;
  }
}

// The legal system: what moves monies, cards and the tensor's slots.
void Knowledge::read_legal(const Observation& o) {
  auto at = [](int s) { return static_cast<std::size_t>(s); };
  const int v0 = o.size > 0 ? o.value(0) : 0;
  const int v1 = o.size > 1 ? o.value(1) : 0;
  switch (obs_kind(o)) {
    case Obs::kAppeals:
    case Obs::kFights:
    case Obs::kImpeaches: ups = downs = 0; return;  // a legal vote follows
    case Obs::kEvidenceRight: ruling[at(v0)] = 1; return;
    case Obs::kEvidenceWrong: ruling[at(v0)] = 2; return;
    case Obs::kEvidenceMeasure: shown_measure[at(v0)] = static_cast<std::int8_t>(v1); return;
    case Obs::kOverturned:
      // The elimination is undone; the next one eliminated takes its place.
      eliminated[at(v0)] = 0;
      --eliminations;
      return;
    case Obs::kProposes:
    case Obs::kSetsPrice: price = v1; return;
    case Obs::kYouTakeExtra: monies[at(viewer)] += v0; extra_seen = true; return;
    case Obs::kChoosesExtra: ++unseen_extras[at(v0)]; extra_seen = false; return;
    case Obs::kSeesExtra:
      monies[at(v0)] += v1;
      --unseen_extras[at(v0)];
      extra_seen = true;
      return;
    case Obs::kExtraShown:
      if (!extra_seen) {
        monies[at(v0)] += v1;
        --unseen_extras[at(v0)];
      }
      extra_seen = true;
      return;
    case Obs::kPaysBank: pay(v0, v1); return;
    case Obs::kImpeachPasses:
      // The round ends at once; its card goes to the mover's hand.
      if (card >= 0) {
        held[at(v0)] |= card_bit(card);
        ++hand_size[at(v0)];
      }
      card = -1;
      return;
    default: return;  // the rest changes nothing the seat keeps
  }
}

void Knowledge::encode(std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  std::size_t i = 0;
  auto put = [&out, &i](float x) { out[i++] = x; };
  auto one_hot = [&out, &i](int k, int size) {
    if (k >= 0 && k < size) out[i + static_cast<std::size_t>(k)] = 1.0f;
    i += static_cast<std::size_t>(size);
  };
  auto bits = [&out, &i](CardMask mask) {
    for (; mask != 0; mask &= mask - 1) out[i + static_cast<std::size_t>(std::countr_zero(mask))] = 1.0f;
    i += kMaxCards;
  };
  auto at = [](int s) { return static_cast<std::size_t>(s); };
  one_hot(viewer, n);
  one_hot(dealer, n);
  put(round / 32.0f);
  put(drawn / 64.0f);
  one_hot(spades, 3);
  one_hot(static_cast<int>(stage), 5);
  for (int s = 0; s < n; ++s) put(monies[at(s)] / 16.0f);
  for (int s = 0; s < n; ++s) {
    for (int c = 0; c < kNumColumns; ++c) put(columns[at(s)][at(c)] / 8.0f);
  }
  for (int s = 0; s < n; ++s) put(mantle_score(columns[at(s)]) / 64.0f);
  for (int s = 0; s < n; ++s) bits(held[at(s)]);
  for (int s = 0; s < n; ++s) put(hand_size[at(s)] / 8.0f);
  bits(discards);
  bits(card >= 0 ? card_bit(card) : 0);
  one_hot(top_back, kMaxCards);
  one_hot(card >= 0 ? static_cast<int>(game->card(card).job) : -1, 4);
  one_hot(own_truth, 2);
  for (int s = 0; s < n; ++s) {
    for (int k = 0; k < 6; ++k) put(sorting[at(s)][at(k)]);
  }
  put(ups / 8.0f);
  put(downs / 8.0f);
  put(own_bid < 0 ? 0.0f : own_bid / 16.0f);
  one_hot(own_measure, kMaxDeclare + 1);
  for (int s = 0; s < n; ++s) {
    put(declared[at(s)] / 9.0f);
    put(payout[at(s)] / 3.0f);
    put(quality[at(s)] / 9.0f);
    put(static_cast<float>(eliminated[at(s)]) / static_cast<float>(n));
    put(ruling[at(s)] == 1);
    put(ruling[at(s)] == 2);
    put(ruling[at(s)] == 3);
    put((disqualified >> s) & 1u);
    put(static_cast<float>(ranked[at(s)]) / static_cast<float>(n));
  }
  for (int s = 0; s < n; ++s) {
    const float excess = static_cast<float>(adult_claims[at(s)]) - claims_expected[at(s)];
    const float variance = claims_variance[at(s)];
    // The z-score of the adult claims if honest, clipped to +-4 (a certain
    // card claimed against its answer counts as +4).
    const float z = variance < 1e-6f ? (excess > 0.5f ? 4.0f : 0.0f) : excess / std::sqrt(variance);
    put(claims[at(s)] / 16.0f);
    put(adult_claims[at(s)] / 16.0f);
    put(excess / 4.0f);
    put(std::clamp(z, -4.0f, 4.0f) / 4.0f);
  }
  KIBITZ_CHECK(i == out.size(), "adulting tensor: wrote ", i, " of ", out.size());
}

std::string Knowledge::describe() const {
  constexpr const char* kStages[] = {"scoring", "work", "sorting", "bidding", "over"};
  std::string s = seat_name(viewer) + " | round " + std::to_string(round + 1) + " dealer " + seat_name(dealer) +
                  " | " + kStages[static_cast<int>(stage)];
  if (card >= 0) s += " | card " + game->deck().cards[static_cast<std::size_t>(card)].name;
  if (top_back >= 0) s += " | top " + game->back_name(top_back);
  s += " | monies";
  for (int p = 0; p < n; ++p) s += " " + std::to_string(monies[static_cast<std::size_t>(p)]);
  s += " | hand";
  for (CardMask m = held[static_cast<std::size_t>(viewer)]; m != 0; m &= m - 1) {
    s += " " + game->deck().cards[static_cast<std::size_t>(std::countr_zero(m))].name;
  }
  if (own_truth >= 0) s += own_truth ? " | truth adult" : " | truth child";
  if (own_bid >= 0) s += " | bid " + std::to_string(own_bid);
  return s;
}

// --- State entry points ----------------------------------------------------------

namespace {

// Reads seat `player`'s stream straight off the state's observation log (the
// observations State::seat_stream gives), so no stream buffer is needed.
Knowledge read_log(const AdultingState& state, Player player) {
  Knowledge k(state.adulting(), player);
  const ObservationLog& log = state.observation_log();
  const Audience heard = seat_audience(player);
  for (int i = 0; i < log.size(); ++i) {
    if ((log.audience(i) & heard) != 0) k.read(log.observation(i));
  }
  return k;
}

}  // namespace

void AdultingState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game().information_state_tensor_size(), "tensor size");
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  read_log(*this, player).encode(out);
}

void AdultingState::observation_tensor(Player player, std::span<float> out) const {
  information_state_tensor(player, out);
}

std::string AdultingState::observation_string(Player player) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  return read_log(*this, player).describe();
}

}  // namespace kibitz::adulting
