// The facts a Loyalist Spies seat works out from its stream (stream.h) and
// the public rules, beyond what any one observation says: hand sizes, the
// cards a Queen fixed on top, the current turn's determiner, Kings and
// mission terms, whether a draw is a suit effect's or a refill, the totals.
// The information-state text and the replay analyses read a stream through
// it, so each works these out the same way and none reads the true State.
#pragma once

#include <array>

#include "env/core/observation.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {

class StreamTracker {
 public:
  StreamTracker(const Config& config, int viewer) : config_(config), viewer_(viewer) {}

  // Folds in the stream's next observation; the accessors below then
  // describe the game just after it.
  void add(const Observation& o);

  int viewer() const { return viewer_; }
  // The event-log index (stream.h: the i-th primary observation describes
  // log entry i) of the last primary observation added; -1 before any.
  int event_index() const { return event_index_; }
  // Rounds finished (so the 0-based round in progress, or the next one).
  int rounds_finished() const { return rounds_finished_; }
  // Whether the last observation belongs to a round's set-up (aces, deal, keeps).
  bool in_setup() const { return in_setup_; }
  // The acting seat of the last observation: the seat it names, or the viewer
  // for the viewer's own moves; -1 for the observations that name none.
  int actor() const { return actor_; }
  int hand_size(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  int total(int seat) const { return totals_[static_cast<std::size_t>(seat)]; }
  // Cards a Queen fixed on top of the deck and not yet taken.
  int top_len() const { return top_len_; }

  // The turn: its determiner, the log index of its first flip, whether the
  // last flip began it, the Kings flipped before its current card, the
  // Jack's suit (after a Jack), and the current or last mission.
  int determiner() const { return determiner_; }
  int turn_first_event() const { return turn_first_event_; }
  bool flip_began_turn() const { return flip_began_turn_; }
  int kings() const { return kings_; }
  int jack_suit() const { return jack_suit_; }
  int mission_card() const { return mission_card_; }
  int mission_suit() const { return mission_card_ < 0 ? -1 : suit_of(mission_card_); }
  MissionTerms terms() const { return terms_; }
  // After a reveal: whether it succeeded, and the missions revealed this round.
  bool last_success() const { return last_success_; }
  int missions_this_round() const { return missions_; }
  // After a draw: whether it was a refill (not a suit effect's).
  bool last_draw_refill() const { return last_draw_refill_; }

 private:
  void new_round();
  void on_flip(int seat, int card);

  const Config& config_;
  int viewer_;
  int event_index_ = -1;
  int rounds_finished_ = 0;
  bool in_setup_ = false;
  int actor_ = -1;
  std::array<int, kMaxPlayers> hands_{};
  std::array<int, kMaxPlayers> kept_{};
  std::array<int, kMaxPlayers> totals_{};
  int top_len_ = 0;
  int determiner_ = -1;
  int turn_first_event_ = -1;
  bool flip_began_turn_ = false;
  bool chain_ = false;  // the last observation flipped a King or Joker
  int kings_ = 0;
  int jack_suit_ = -1;
  int mission_card_ = -1;
  MissionTerms terms_;
  bool last_success_ = false;
  int missions_ = 0;
  int effect_draws_ = 0;  // suit-effect draws still to come
  bool last_draw_refill_ = false;
};

}  // namespace kibitz::loyalist_spies
