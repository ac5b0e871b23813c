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

}  // namespace kibitz::loyalist_spies
