// AdultingState's API: legal moves, chance nodes and their draws, the
// dispatch of a move to its phase's transition (rules.cc, work_phase.cc),
// and the returns.
#include "env/games/adulting/adulting_state.h"

#include <algorithm>
#include <array>
#include <bit>

#include "env/core/bits.h"
#include "env/core/error.h"
#include "env/games/adulting/sampler.h"

namespace kibitz::adulting {

std::string_view phase_name(Phase phase) {
  constexpr std::array<std::string_view, static_cast<int>(Phase::kTerminal) + 1> kNames = {
      "top back", "scoring", "target", "steal", "draw", "eliminate", "ruling", "measure", "declare",
      "payout", "quality", "rank", "appeal", "appeal evidence", "appeal vote", "sue", "propose",
      "allow case", "set price", "concede or fight", "lawsuit evidence", "lawsuit vote", "take extra",
      "watch", "call out", "impeach", "impeach evidence", "impeach vote", "truth", "claim", "vote",
      "bid", "terminal"};
  return kNames[static_cast<std::size_t>(phase)];
}

namespace {

// The n-th card (0-based) of a mask, in ascending order.
int nth_card(CardMask mask, int n) { return nth_set_bit(mask, n); }

int count(CardMask mask) { return card_count(mask); }

// Back class k's share of the deck, listed and drawn with this one
// expression (a product with the deck's reciprocal: one division a node).
double back_probability(CardMask deck, CardMask back, double per_card) {
  return static_cast<double>(count(deck & back)) * per_card;
}

}  // namespace

AdultingState::AdultingState(std::shared_ptr<const Game> game)
    : GameState(std::move(game)), game_(static_cast<const AdultingGame*>(&this->game())) {
  start_game();
}

void AdultingState::reset() {
  mutable_history().clear();
  phase_ = Phase::kTopBack;
  current_ = kChancePlayer;
  round_ = dealer_ = spades_ = 0;
  top_back_ = card_ = end_reason_ = -1;
  discard_ = 0;
  hands_ = {};
  mantle_ = {};
  columns_ = {};
  column_cards_ = {};
  monies_ = {};
  seq_len_ = seq_pos_ = actor_ = target_ = vote_pos_ = ups_ = downs_ = 0;
  qualify_effect_ = qualified_ = truths_ = disqualified_ = 0;
  bids_ = {};
  taker_ = -1;
  payee_pos_ = 0;
  bank_pay_ = BankPay::kWork;
  contestants_ = 0;
  eliminated_ = ranked_ = 0;
  last_eliminated_ = -1;
  ruling_ = 0;
  measure_ = {};
  declared_ = {};
  quality_ = {};
  ranking_ = {};
  reset_legal();
  log_.clear();
  peeked_.clear();
  stream_facts_ = {};
  restart_observation_log();
  start_game();
}

void AdultingState::push(EventKind kind, int seat, int a, int b) {
  // A quiet state (State::stop_logging) records nothing: no event, and none
  // of the event-to-entry dispatch, the stream facts it keeps included. No
  // rule reads the events back (they serve the observation log, export
  // notes and tests), and reset() clears them with the log when a sampler
  // rebuilds the state.
  if (!logging()) return;
  const Event e{kind, static_cast<std::int8_t>(seat), static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
  log_.push_back(e);
  log_event(e);
}

void AdultingState::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kTerminal:
      return;
    case Phase::kScore:
      score_actions(out);
      return;
    case Phase::kTarget:
      for (int s = 0; s < num_players(); ++s) {
        if (is_target(s)) out.push_back(kTargetBase + s);
      }
      return;
    case Phase::kClaim:
      out.push_back(kAdultClaim);
      out.push_back(kChildClaim);
      return;
    case Phase::kVote:
      out.push_back(kUpVote);
      out.push_back(kDownVote);
      return;
    case Phase::kBid: {
      const int top = max_bid(current_);
      for (int b = 0; b <= top; ++b) out.push_back(kBidBase + b);
      return;
    }
    default:
      break;
  }
  if (current_ == kChancePlayer) {
    thread_local ChanceOutcomeList outcomes;
    chance_outcomes(outcomes);
    for (const ChanceOutcome& o : outcomes) out.push_back(o.action);
    return;
  }
  work_actions(out);
}

bool AdultingState::is_legal(Action action) const {
  switch (phase_) {
    case Phase::kTerminal:
      return false;
    case Phase::kScore:
      return is_legal_score(action);
    case Phase::kTarget:
      return action >= kTargetBase && action < kTargetBase + num_players() && is_target(action - kTargetBase);
    case Phase::kClaim:
      return action == kAdultClaim || action == kChildClaim;
    case Phase::kVote:
      return action == kUpVote || action == kDownVote;
    case Phase::kBid:
      return action >= kBidBase && action <= kBidBase + max_bid(current_);
    case Phase::kTopBack:
      return action >= kBackOutcomeBase && action < kBackOutcomeBase + game_->num_backs() &&
             (deck_ & game_->back_cards(action - kBackOutcomeBase)) != 0;
    case Phase::kDrawCard:
      return action >= 0 && action < kMaxCards && ((deck_ & game_->back_cards(top_back_)) >> action & 1u);
    case Phase::kStealCard:
      return action >= 0 && action < kMaxCards && (hands_[idx(target_)] >> action & 1u);
    case Phase::kTruth: {
      const double p = game_->card(card_).adult;
      return (action == kChild && p < 1.0) || (action == kAdult && p > 0.0);
    }
    default:
      return is_legal_work(action);
  }
}

void AdultingState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(current_ == kChancePlayer, "chance_outcomes at a player node");
  out.clear();
  auto uniform = [&out](CardMask mask) {
    const double p = 1.0 / count(mask);
    for (; mask != 0; mask &= mask - 1) out.push_back({std::countr_zero(mask), p});
  };
  switch (phase_) {
    case Phase::kTopBack: {
      const double per_card = 1.0 / count(deck_);
      for (int k = 0; k < game_->num_backs(); ++k) {
        if ((deck_ & game_->back_cards(k)) != 0) {
          out.push_back({kBackOutcomeBase + k, back_probability(deck_, game_->back_cards(k), per_card)});
        }
      }
      return;
    }
    case Phase::kDrawCard:
      uniform(deck_ & game_->back_cards(top_back_));
      return;
    case Phase::kStealCard:
      uniform(hands_[idx(target_)]);
      return;
    case Phase::kTruth: {
      const double p = game_->card(card_).adult;
      if (p < 1.0) out.push_back({kChild, 1.0 - p});
      if (p > 0.0) out.push_back({kAdult, p});
      return;
    }
    default:
      work_chance_outcomes(out);
      return;
  }
}

Action AdultingState::sample_chance_outcome(Rng& rng) const {
  KIBITZ_CHECK(current_ == kChancePlayer, "sample_chance_outcome at a player node");
  switch (phase_) {
    case Phase::kDrawCard: {
      const CardMask mask = deck_ & game_->back_cards(top_back_);
      return nth_card(mask, draw_uniform_index(count(mask), rng));
    }
    case Phase::kStealCard: {
      const CardMask mask = hands_[idx(target_)];
      return nth_card(mask, draw_uniform_index(count(mask), rng));
    }
    case Phase::kTruth: {
      // The reference walk over {child: 1 - p, adult: p} (both possible here).
      const double p = game_->card(card_).adult;
      const double u = rng.uniform_double();
      return u - (1.0 - p) < 0 ? kChild : kAdult;
    }
    case Phase::kTopBack: {
      double u = rng.uniform_double();
      const double per_card = 1.0 / count(deck_);
      int last = -1;
      for (int k = 0; k < game_->num_backs(); ++k) {
        if ((deck_ & game_->back_cards(k)) == 0) continue;
        last = k;
        u -= back_probability(deck_, game_->back_cards(k), per_card);
        if (u < 0) return kBackOutcomeBase + k;
      }
      return kBackOutcomeBase + last;
    }
    default:
      return work_sample_chance_outcome(rng);
  }
}

void AdultingState::do_apply_action(Action action) {
  switch (phase_) {
    case Phase::kTopBack:
      apply_top_back(action - kBackOutcomeBase);
      return;
    case Phase::kScore:
      if (action == kPass) {
        push(EventKind::kNoPlay, current_);
        next_scorer();
      } else if (action < kDiscardBase) {
        apply_score((action - kScoreBase) / kNumColumns, (action - kScoreBase) % kNumColumns);
      } else {
        apply_discard(action - kDiscardBase);
      }
      return;
    case Phase::kTarget:
      apply_target(action - kTargetBase);
      return;
    case Phase::kStealCard:
      apply_steal(action);
      return;
    case Phase::kDrawCard:
      apply_draw(action);
      return;
    case Phase::kTruth:
      apply_truth(action == kAdult);
      return;
    case Phase::kClaim:
      apply_claim(action == kAdultClaim);
      return;
    case Phase::kVote:
      apply_vote(action == kUpVote);
      return;
    case Phase::kBid:
      apply_bid(action - kBidBase);
      return;
    case Phase::kTerminal:
      KIBITZ_CHECK(false, "a move in a finished game");
      return;
    default:
      apply_work(action);
      return;
  }
}

void AdultingState::returns(std::span<double> out) const {
  std::fill(out.begin(), out.end(), 0.0);
  if (phase_ != Phase::kTerminal) return;
  const int n = num_players();
  std::array<int, kMaxPlayers> scores{};
  int best = 0;
  for (int s = 0; s < n; ++s) {
    scores[idx(s)] = score(s);
    best = std::max(best, scores[idx(s)]);
  }
  if (config().reward_score) {
    for (int s = 0; s < n; ++s) out[idx(s)] = scores[idx(s)];
    return;
  }
  const int top = static_cast<int>(std::count(scores.begin(), scores.begin() + n, best));
  if (top == n) return;  // everyone ties: all 0
  for (int s = 0; s < n; ++s) out[idx(s)] = scores[idx(s)] == best ? 1.0 / top : -1.0 / (n - top);
}

void AdultingState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  thread_local SeatStream stream;
  // No seat hears more than the log holds: reserved once, a longer game
  // than the thread has seen before does not grow the buffer.
  stream.reserve(static_cast<std::size_t>(observation_log().capacity()));
  seat_stream(player, stream);
  sample_world(*game_, player, stream, rng, out);
}

}  // namespace kibitz::adulting
