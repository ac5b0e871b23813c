// What one viewer of a Loyalist Spies game saw, event by event: a seat, or
// the public observer, who sees only what is shown to the whole table (every
// flipped card, every Jack's target and whether it matched, who played and
// who played nothing, every revealed mission set, who drew and discarded,
// hand sizes) and never a hidden card. It is read from the viewer's seat
// stream (State::seat_stream; the public observer reads the spectator's,
// State::public_stream) through the game's StreamReader, so what is seen is
// decided by the game's stream alone. The belief filter reads nothing else, so its estimates cannot
// depend on what the viewer did not see.
#pragma once

#include <array>
#include <vector>

#include "env/games/loyalist_spies/cards.h"

namespace kibitz::loyalist_spies {
class LoyalistSpiesState;
}

namespace kibitz::replays::analysis {

// The viewer who sees only public information.
inline constexpr int kPublicViewer = -1;

enum class SeenKind : std::uint8_t {
  kRoundStart,  // the set-up is over: aces, deal and keeps done
  kFlip,        // `seat` (the determiner) flipped `card` face up
  kJack,        // `seat` looked at `target`'s ace; `match` when its suit was `jack_suit`
  kQueen,       // `seat` looked at the top cards and reordered them (unseen by others)
  kFaceDown,    // a deck card went face down onto the mission
  kPlay,        // `seat` played a card face down (`card`: the viewer's own play only)
  kNoPlay,      // `seat` played nothing, holding `count` cards (all Jokers)
  kReveal,      // the mission's `cards` were revealed; `match` on success
  kDraw,        // `seat` drew a card (`card`: the viewer's own draw only)
  kDiscard,     // `seat` discarded a card (`card`: the viewer's own discard only)
  kRoundEnd,    // the round was scored: from here on every hidden card is known
};

// One thing the viewer saw. Fields not listed for a kind keep their defaults.
struct Seen {
  SeenKind kind = SeenKind::kFlip;
  // Index in the game's event log (kRoundStart: the last set-up event): the
  // stream's primary observations number the log's events (stream.h).
  int event = 0;
  int round = 0;  // 0-based
  int seat = -1;
  int card = -1;  // a card the viewer saw, else -1
  int count = 0;  // kNoPlay: the hand size
  // kJack: the target, the Jack's suit, and an ace the viewer saw privately
  // (as the determiner: the target's; as a matched target: the determiner's).
  int target = -1;
  int jack_suit = -1;
  int seen_ace_seat = -1;
  int seen_ace = -1;
  bool match = false;                  // kJack: the suits matched; kReveal: success
  loyalist_spies::CardMask cards = 0;  // kReveal: the mission's cards
  // kRoundStart: cards dealt to each seat, and the viewer's own ace, dealt
  // cards and kept cards (its hand once the round starts).
  std::array<int, 4> dealt{};
  int own_ace = -1;
  loyalist_spies::CardMask own_dealt = 0;
  loyalist_spies::CardMask own_kept = 0;
};

// What `viewer` (a seat, or kPublicViewer) saw, in order, read from its seat
// stream. The state may be finished or not.
std::vector<Seen> observations(const loyalist_spies::LoyalistSpiesState& state, int viewer);

}  // namespace kibitz::replays::analysis
