// SpiesKnowledge: what one Loyalist Spies seat knows, read from its stream
// (stream.h) alone, in the form the world sampler (resample.h) draws from.
//
// Reading replays the public rules over the observations: every primary
// observation becomes the event of the game's log (events.h) it describes,
// with the card left kHidden where the seat did not see it (another seat's
// ace, deal, keep, play, draw or discard, a face-down card, what another
// seat's Queen showed and how it ordered them). The derived parts of each
// event (a mission's index, a draw being a refill, a reveal's success, a
// round's roles and points) are worked out exactly as the game works them
// out, so a world's log holds the same events. The aces the seat learned
// (its own, through a Jack, at a round's end) are written into the ace
// events; a mission's revealed set and what the seat's own Queen showed of
// the cards already on top are kept per round.
//
// An observation the rules cannot produce at its place (a wrong kind or
// seat, a card already seen elsewhere, a wrong total, points that do not
// follow from the round) is refused with a KibitzError that names it by
// index and text, so a typed stream (kibitz seat, the engine protocol) gets
// a reason. What the checks here cannot see (hidden cards that cannot be
// arranged to fit) the sampler finds when it draws.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "env/core/observation.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/events.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {

// The card of an event the seat did not see.
inline constexpr int kHidden = -1;
// More missions than any configuration's round allows (the Game's bound is
// at most 9).
inline constexpr int kMaxKnownMissions = 16;

// One round as the seat knows it.
struct KnownRound {
  int begin = 0;  // its events: [begin, end) of SpiesKnowledge::events()
  int end = 0;
  int history_begin = 0;  // its history entries: [history_begin, history_begin + entries)
  int entries = 0;
  bool finished = false;  // its round-end events are in
  // The set-up: aces, then the deal, then the keeps (keep5), in the rules'
  // fixed order; the first turn's first event (round-local; the round's
  // length while the set-up lasts); the seat's own dealt and kept cards.
  int first_determiner = 0;
  int first_turn_event = -1;
  CardMask own_dealt = 0;
  CardMask own_kept = 0;
  // Another seat that is due to play on the current mission when the stream
  // ends: it holds a card other than a Joker (else it would have played
  // nothing). -1 when there is none.
  int must_play = -1;
  int revealed = 0;  // missions revealed
  // The set each revealed mission showed.
  std::array<CardMask, kMaxKnownMissions> sets{};
  // What the seat saw when its own Queen was flipped with cards already
  // fixed on top: the flip's event index within the round (0 = begin) and
  // those cards, top first.
  struct TopView {
    int event = -1;
    int len = 0;
    std::array<std::int8_t, kQueenLook> cards{};
  };
  std::array<TopView, 4> views{};  // one per Queen at most
  int num_views = 0;

  // The view at the round's event `event` (0 = begin), or null.
  const TopView* view_at(int event) const {
    for (int i = 0; i < num_views; ++i) {
      if (views[static_cast<std::size_t>(i)].event == event) return &views[static_cast<std::size_t>(i)];
    }
    return nullptr;
  }
};

class SpiesKnowledge {
 public:
  SpiesKnowledge() = default;

  // Reads `stream` as seat `viewer`'s in `game`, replacing what was read
  // before; the buffers are kept, so reading again allocates nothing once
  // they have grown to the game's size. Throws KibitzError naming the first
  // observation the rules cannot produce there.
  void read(const LoyalistSpiesGame& game, int viewer, std::span<const Observation> stream);
  // The same for a stream that State::seat_stream just wrote (so the rules
  // produced it): the observations' values are not validated against the
  // stream's declaration, and observation_of() is not kept. Same result.
  void read_own(const LoyalistSpiesGame& game, int viewer, std::span<const Observation> stream);

  const Config& config() const { return *config_; }
  int viewer() const { return viewer_; }
  int num_players() const { return config_->players; }
  // Every round's events, in log order.
  std::span<const Event> events() const { return events_.view(); }
  std::span<const KnownRound> rounds() const { return rounds_.view(); }
  // History entries of the whole game.
  int history_length() const { return history_length_; }
  // The index in the stream of the primary observation that describes
  // event e (-1 after read_own).
  int observation_of(int event) const {
    return event < observation_of_.size() ? observation_of_[event] : -1;
  }

 private:
  friend class StreamReader;

  const Config* config_ = nullptr;
  int viewer_ = 0;
  // Inline, at the game's bounds: a seat's fold (the State's tensor folds
  // into a per-thread one) then never allocates, not even on a thread's
  // first call, which a gym's worker threads may make at any step.
  FixedLog<Event, kMaxGameEvents> events_;
  FixedLog<int, kMaxGameEvents> observation_of_;
  FixedLog<KnownRound, kMaxRoundsLimit> rounds_;
  int history_length_ = 0;
};

}  // namespace kibitz::loyalist_spies
