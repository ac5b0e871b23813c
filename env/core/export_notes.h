// ExportNotes: what a game tells the JSON export of a record (replays/
// record_json.h, docs/replays.md) that its streams and actions do not: which
// seat each chance move concerns, the chance outcomes it settled without a
// chance node (one possible outcome, so no action in the history), and each
// seat's tallies (points, monies) where the record stops.
//
// Optional, like a fast world sampler: a game declares its notes in its own
// folder (env/games/<name>/export_notes.cc) and the registry's list
// (env/games/all_games.cc) attaches them to its GameInfo. A game without
// notes exports no seats for its chance moves, no forced moves and no
// tallies; the export never branches on a game's name.
//
// The notes read the true State: an export of a whole record is the
// omniscient view (every chance outcome is in its actions anyway).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz {

// No seat: a chance move that concerns the whole table (a public card).
inline constexpr Player kNoSeat = -2;

// A chance outcome settled without a chance node, because it was the only
// one possible (the last card of a kind, the last contestant left).
struct ForcedChance {
  Player seat = kNoSeat;            // the seat it concerns, or kNoSeat
  Action outcome = kInvalidAction;  // the chance action it would have been
  std::string text;                 // as chance would have said it, e.g. "truth adult"
};

// One number per seat, e.g. {"points", {23, 17, 30}}.
struct SeatTally {
  std::string name;
  std::vector<int> values;
};

struct ExportNotes {
  // The seat the chance move `outcome`, applied to `before` (a chance node)
  // to give `after`, concerns; kNoSeat when none.
  std::function<Player(const State& before, Action outcome, const State& after)> chance_seat;
  // Appends, in order, the chance outcomes the move from `before` to
  // `after` settled without a chance node; with `before` null, those the
  // initial state `after` settled before any move.
  std::function<void(const State* before, const State& after, std::vector<ForcedChance>& out)>
      forced_chance;
  // Each seat's tallies in `state`, in a fixed order.
  std::function<std::vector<SeatTally>(const State& state)> tallies;
};

}  // namespace kibitz
