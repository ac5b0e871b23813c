// PublicState: the part of a Loyalist Spies game every seat can follow, and
// the one machine that moves it. Whose turn it is, who acts next, how many
// cards each hand and the deck hold, how many cards a Queen fixed on top,
// the mission in play and its terms, the draws owed, the round's tally and
// the scores: none of it depends on which cards are where.
//
// Two owners drive it, as Mjai runs one update_state for a game and for a
// seat's view of it:
//   - the true State (loyalist_spies_state.h), which knows every card and
//     so decides at once whether a seat can play, and scores a round itself;
//   - a seat's StreamReader (knowledge_reader.h), which knows only the
//     seat's stream and learns the same facts from the next observation
//     ('P2 plays nothing', the reveal, the round-end reveals).
// So the turn logic is written once. Each step reports what must happen
// before the machine can go on (Next): the owner reveals the mission, or
// ends the round, and then calls revealed() or end_round().
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/scoring.h"

namespace kibitz::loyalist_spies {

enum class Phase : std::uint8_t {
  kDealAces,    // chance: one ace to each seat in seat order
  kDeal,        // chance: cards dealt round-robin from the seat after the first determiner
  kKeep,        // each seat, from the first determiner, keeps 5 (deal=keep5)
  kFlip,        // chance: the determiner flips the top Success card
  kJackTarget,  // the determiner picks whose ace to look at
  kQueenPeek,   // chance: the next card a Queen lets the determiner see
  kQueenOrder,  // the determiner orders the top cards
  kFaceDown,    // chance: a deck card face down onto the mission
  kPlay,        // each seat from the determiner plays a card (not a Joker)
  kDraw,        // chance: a suit-effect or refill draw for seat actor
  kDiscard,     // each seat from the determiner discards (Hearts failure, discard variant)
  kTerminal,
};
inline constexpr int kNumPhases = 12;
std::string_view phase_name(Phase phase);

// What the machine waits for after a step.
enum class Next : std::uint8_t {
  kGoOn,        // nothing: phase() says what comes next
  kReveal,      // every seat has played or passed: reveal the mission, then revealed()
  kRoundOver,   // the deck is empty: score the round, then end_round()
};

class PublicState {
 public:
  explicit PublicState(const Config& config) : config_(&config) { start_round(); }

  // Back to the first round with no points (the State's reset()).
  void restart();

  // --- Reading ---------------------------------------------------------------
  const Config& config() const { return *config_; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }  // rounds finished, so the current one 0-based
  int first_determiner() const { return first_; }
  int determiner() const { return det_; }
  // The seat in a keep, play, draw or discard sequence.
  int actor() const { return actor_; }
  // Aces dealt, cards dealt, or cards kept by actor() in this sequence.
  int count() const { return count_; }
  int hand_size(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  int deck_size() const { return deck_; }
  int top_len() const { return top_len_; }  // cards a Queen fixed on top
  int queen_len() const { return queen_len_; }
  // This turn's flips so far (a King or Joker is flipped past).
  int turn_flips() const { return turn_flips_; }
  int kings() const { return kings_; }
  int jack_suit() const { return jack_suit_; }  // -1 unless a Jack waits for its look
  bool mission_active() const { return mission_active_; }
  int mission_suit() const { return mission_suit_; }
  int mission_rank() const { return mission_rank_; }
  int mission_card() const { return mission_active_ ? mission_suit_ * 13 + mission_rank_ - 1 : -1; }
  MissionTerms terms() const { return terms_; }
  int face_down_count() const { return face_down_count_; }
  int plays() const { return plays_; }  // cards played on the mission
  int missions() const { return missions_; }  // revealed this round
  bool refill_stage() const { return refill_stage_; }
  const MissionTally& tally() const { return tally_; }
  int total(int seat) const { return totals_[static_cast<std::size_t>(seat)]; }

  // --- Moving: one call per event of the rules, in the log's order -----------
  void ace_dealt();
  [[nodiscard]] Next card_dealt();  // to actor()
  [[nodiscard]] Next card_kept();   // by actor()
  // The determiner flips the top card (already identified by the owner).
  [[nodiscard]] Next flipped(int card);
  [[nodiscard]] Next jack_looked();
  [[nodiscard]] Next peeked();
  [[nodiscard]] Next ordered();
  [[nodiscard]] Next face_down();
  // actor() plays a card, or plays nothing (its hand holds only Jokers).
  [[nodiscard]] Next played();
  [[nodiscard]] Next passed();
  // The mission's reveal, after Next::kReveal.
  [[nodiscard]] Next revealed(bool success);
  [[nodiscard]] Next drawn();
  [[nodiscard]] Next discarded();
  // The round's score, after Next::kRoundOver: adds the points and starts
  // the next round, or ends the game. Returns whether the game is over.
  bool end_round(std::span<const int> points);

 private:
  int next_seat(int seat) const { return seat + 1 == config_->players ? 0 : seat + 1; }
  // The seat `steps` places after `seat` (steps < players), without a division.
  int seat_after(int seat, int steps) const {
    const int s = seat + steps;
    return s >= config_->players ? s - config_->players : s;
  }
  void start_round();
  Next start_turn();
  Next end_turn();
  void take_top();
  Next start_queen();
  Next after_peek();
  Next start_mission(int card);
  Next next_player_to_play();
  Next next_discarder();
  Next start_refill();
  Next next_drawer();

  const Config* config_;
  Phase phase_ = Phase::kDealAces;
  int round_ = 0;
  int first_ = 0;
  int det_ = 0;
  int actor_ = 0;
  int steps_ = 0;  // seats done in the current sequence
  int count_ = 0;
  std::array<int, kMaxPlayers> hands_{};
  int deck_ = 0;
  int top_len_ = 0;
  int queen_len_ = 0;
  int turn_flips_ = 0;
  int kings_ = 0;
  int jack_suit_ = -1;
  bool mission_active_ = false;
  bool refill_stage_ = false;
  int mission_suit_ = -1;
  int mission_rank_ = 0;
  MissionTerms terms_;
  int face_down_left_ = 0;
  int face_down_count_ = 0;
  int plays_ = 0;
  std::array<std::int8_t, kMaxPlayers> draws_owed_{};
  int missions_ = 0;
  MissionTally tally_;
  std::array<int, kMaxPlayers> totals_{};
};

// --- The steps, inline: the State takes one per move of every playout, and
// the reader one per observation. In the order of a round's set-up, turns,
// missions, draws and discards as the rules text gives them, over counts of
// cards rather than cards.

inline void PublicState::restart() {
  round_ = 0;
  totals_ = {};
  start_round();
}

inline void PublicState::start_round() {
  phase_ = Phase::kDealAces;
  first_ = round_ % config_->players;
  det_ = first_;
  actor_ = 0;
  steps_ = 0;
  count_ = 0;
  hands_ = {};
  deck_ = 0;
  top_len_ = 0;
  queen_len_ = 0;
  turn_flips_ = 0;
  kings_ = 0;
  jack_suit_ = -1;
  mission_active_ = false;
  refill_stage_ = false;
  mission_suit_ = -1;
  mission_rank_ = 0;
  terms_ = {};
  face_down_left_ = 0;
  face_down_count_ = 0;
  plays_ = 0;
  draws_owed_ = {};
  missions_ = 0;
  tally_ = {};
}

inline bool PublicState::end_round(std::span<const int> points) {
  bool beaten = false;
  for (int s = 0; s < config_->players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    totals_[i] += points[i];
    beaten = beaten || totals_[i] > config_->target_score;
  }
  ++round_;
  const bool over = config_->rounds > 0 ? round_ == config_->rounds : (beaten || round_ == config_->max_rounds);
  if (over) {
    phase_ = Phase::kTerminal;
    mission_active_ = false;
  } else {
    start_round();
  }
  return over;
}

// --- Set-up -------------------------------------------------------------------

inline void PublicState::ace_dealt() {
  if (++count_ < config_->players) return;
  // With 3 players the ace left over stays set aside, unseen.
  count_ = 0;
  actor_ = next_seat(first_);
  phase_ = Phase::kDeal;
}

inline Next PublicState::card_dealt() {
  ++hands_[static_cast<std::size_t>(actor_)];
  actor_ = next_seat(actor_);  // dealing round-robin, from the seat after the first determiner
  ++count_;
  if (config_->keep5) {
    if (count_ < config_->cards_in_play()) return Next::kGoOn;
    phase_ = Phase::kKeep;
    actor_ = first_;
    count_ = 0;
    steps_ = 0;
    return Next::kGoOn;
  }
  if (count_ < kKeepCount * config_->players) return Next::kGoOn;
  deck_ = config_->deck_cards();
  return start_turn();
}

inline Next PublicState::card_kept() {
  if (++count_ < kKeepCount) return Next::kGoOn;
  count_ = 0;
  actor_ = next_seat(actor_);
  if (++steps_ < config_->players) return Next::kGoOn;
  // Every seat holds its five; the cards given up form the deck.
  std::fill_n(hands_.begin(), config_->players, kKeepCount);
  deck_ = config_->deck_cards();
  return start_turn();
}

// --- Turns ----------------------------------------------------------------------

inline Next PublicState::start_turn() {
  turn_flips_ = 0;
  kings_ = 0;
  jack_suit_ = -1;
  mission_active_ = false;
  steps_ = 0;
  phase_ = Phase::kFlip;
  return deck_ == 0 ? Next::kRoundOver : Next::kGoOn;
}

inline Next PublicState::end_turn() {
  det_ = next_seat(det_);
  return start_turn();
}

inline void PublicState::take_top() {
  --deck_;
  if (top_len_ > 0) --top_len_;
}

inline Next PublicState::flipped(int card) {
  take_top();
  ++turn_flips_;
  if (is_joker(card) || rank_of(card) == kRankKing) {
    // A Joker is set aside, a King adds to the next mission's VP: flip
    // again, unless the deck is empty.
    kings_ += is_joker(card) ? 0 : 1;
    return deck_ == 0 ? Next::kRoundOver : Next::kGoOn;
  }
  switch (rank_of(card)) {
    case kRankJack:
      jack_suit_ = suit_of(card);
      phase_ = Phase::kJackTarget;
      return Next::kGoOn;
    case kRankQueen:
      return start_queen();
    default:
      return start_mission(card);
  }
}

inline Next PublicState::jack_looked() { return end_turn(); }

inline Next PublicState::start_queen() {
  queen_len_ = std::min(kQueenLook, deck_);
  if (top_len_ < queen_len_) {
    phase_ = Phase::kQueenPeek;
    return Next::kGoOn;
  }
  return after_peek();
}

inline Next PublicState::peeked() {
  if (++top_len_ < queen_len_) return Next::kGoOn;
  return after_peek();
}

inline Next PublicState::after_peek() {
  if (top_len_ < 2) return end_turn();  // one card has no order to choose
  phase_ = Phase::kQueenOrder;
  return Next::kGoOn;
}

inline Next PublicState::ordered() { return end_turn(); }

// --- Missions -----------------------------------------------------------------

inline Next PublicState::start_mission(int card) {
  mission_active_ = true;
  mission_suit_ = suit_of(card);
  mission_rank_ = rank_of(card);
  terms_ = mission_terms(mission_rank_, mission_suit_, kings_);
  face_down_count_ = 0;
  face_down_left_ = std::min(kMissionDeckCards, deck_);
  plays_ = 0;
  steps_ = 0;
  if (face_down_left_ == 0) return next_player_to_play();
  phase_ = Phase::kFaceDown;
  return Next::kGoOn;
}

inline Next PublicState::face_down() {
  take_top();
  ++face_down_count_;
  if (--face_down_left_ > 0) return Next::kGoOn;
  return next_player_to_play();
}

inline Next PublicState::next_player_to_play() {
  if (steps_ == config_->players) return Next::kReveal;
  actor_ = seat_after(det_, steps_);
  phase_ = Phase::kPlay;
  return Next::kGoOn;
}

inline Next PublicState::played() {
  --hands_[static_cast<std::size_t>(actor_)];
  ++plays_;
  ++steps_;
  return next_player_to_play();
}

inline Next PublicState::passed() {
  ++steps_;
  return next_player_to_play();
}

inline Next PublicState::revealed(bool success) {
  tally_.add(mission_suit_, terms_.vp, success);
  ++missions_;
  mission_active_ = false;
  const SuitEffect effect = suit_effect(mission_suit_, success, config_->hearts_discard);
  steps_ = 0;
  if (effect.discard) return next_discarder();
  if (effect.draws == 0) return start_refill();
  refill_stage_ = false;
  std::fill_n(draws_owed_.begin(), config_->players, static_cast<std::int8_t>(effect.draws));
  return next_drawer();
}

inline Next PublicState::next_discarder() {
  for (; steps_ < config_->players; ++steps_) {  // an empty hand discards nothing
    const int s = seat_after(det_, steps_);
    if (hands_[static_cast<std::size_t>(s)] != 0) {
      actor_ = s;
      phase_ = Phase::kDiscard;
      return Next::kGoOn;
    }
  }
  return start_refill();
}

inline Next PublicState::discarded() {
  --hands_[static_cast<std::size_t>(actor_)];
  ++steps_;
  return next_discarder();
}

inline Next PublicState::start_refill() {
  if (!config_->refill) return end_turn();
  refill_stage_ = true;
  steps_ = 0;
  for (int s = 0; s < config_->players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    draws_owed_[i] = static_cast<std::int8_t>(std::max(0, kRefillTo - hands_[i]));
  }
  return next_drawer();
}

inline Next PublicState::next_drawer() {
  for (; steps_ < config_->players && deck_ != 0; ++steps_) {
    const int s = seat_after(det_, steps_);
    if (draws_owed_[static_cast<std::size_t>(s)] > 0) {
      actor_ = s;
      phase_ = Phase::kDraw;
      return Next::kGoOn;
    }
  }
  // Done, or the deck ran out: nobody draws any more.
  draws_owed_ = {};
  return refill_stage_ ? end_turn() : start_refill();
}

inline Next PublicState::drawn() {
  take_top();
  const auto a = static_cast<std::size_t>(actor_);
  ++hands_[a];
  if (--draws_owed_[a] == 0) ++steps_;
  return next_drawer();
}

}  // namespace kibitz::loyalist_spies
