// SeatFacts: everything the information-state tensor of one Loyalist Spies
// seat states (encoder.h), folded from that seat's stream one observation at
// a time. Nothing here reads a true state.
//
// The public rules (the phase, who acts, hand sizes, the deck and the cards a
// Queen fixed on top, the aces the seat learned, the turn's Kings and Jack,
// the mission's terms and the round's tally, the totals) are worked out by
// the sampler's StreamReader (knowledge_reader.h), so the rules are replayed
// over the stream in one place. What only the tensor asks about cards is
// kept here: the cards made public, the cards the seat gave up and has not
// seen since, the cards it saw on top and has not seen leave, the cards it
// saw another seat draw, the mission of the round, who played on it and the
// seat's own play.
#pragma once

#include <array>
#include <optional>

#include "env/core/observation.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/knowledge.h"
#include "env/games/loyalist_spies/knowledge_reader.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"

namespace kibitz::loyalist_spies {

class SeatFacts {
 public:
  SeatFacts(const LoyalistSpiesGame& game, int seat) { restart(game, seat); }
  // The copy reads on by itself: its reader writes into its own SpiesKnowledge.
  SeatFacts(const SeatFacts& other);
  SeatFacts& operator=(const SeatFacts&) = delete;

  // Forgets what was read: the next observation is the first of `seat`'s
  // stream in `game`. The buffers are kept (no allocation once grown).
  void restart(const LoyalistSpiesGame& game, int seat);
  // Folds in the stream's next observation; throws KibitzError naming it
  // when the rules cannot produce it there.
  void read(const Observation& o);

  const Config& config() const { return *config_; }
  int seat() const { return seat_; }
  // The public rules as the seat follows them, and its own cards.
  const StreamReader& rules() const { return *reader_; }

  // Flipped cards and revealed mission sets, this round.
  CardMask public_cards() const { return public_; }
  // Cards the seat gave up in the keep and has not seen since.
  CardMask given_up() const { return given_up_; }
  // Cards the seat saw on top of the deck and has not seen leave it.
  CardMask top_seen() const { return top_seen_; }
  // Cards the seat saw `seat` draw (it knew the top card), not yet revealed.
  CardMask held(int seat) const { return held_[static_cast<std::size_t>(seat)]; }
  // The round's current or last mission card, or -1 before its first.
  int mission_card() const { return mission_card_; }
  // Seats that played a card on the current mission (a bit per seat).
  unsigned played() const { return played_; }
  // The seat's card on the current mission, or -1.
  int own_play() const { return own_play_; }

 private:
  void new_round();

  const Config* config_ = nullptr;
  int seat_ = 0;
  int index_ = 0;  // of the next observation, for the reader's refusals
  SpiesKnowledge knowledge_;  // what the reader writes (the sampler's form), unused here
  std::optional<StreamReader> reader_;
  CardMask public_ = 0;
  CardMask given_up_ = 0;
  CardMask top_seen_ = 0;
  std::array<CardMask, kMaxPlayers> held_{};
  int mission_card_ = -1;
  unsigned played_ = 0;
  int own_play_ = -1;
};

}  // namespace kibitz::loyalist_spies
