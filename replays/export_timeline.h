// What the JSON export adds to a record beyond each action's text and mover
// (docs/replays.md "JSON export"), found by replaying the record through the
// game's own State:
//  - events: every observation the moves caused, in the game's own stream
//    vocabulary (its StreamSpec, documented in docs/rules/<game>.md), each
//    with the move that caused it and its audience: whether the spectator
//    saw it (the public events: payments, verdicts, winners, laws made,
//    scores) and which seats did (a private one: a card dealt, a truth, a
//    sealed bid), so the union is the omniscient view and each viewer's
//    part is exactly its stream, in its order;
//  - the seat each chance action concerns, the chance outcomes settled
//    without a chance node (forced), and each seat's tallies where the
//    record stops, from the game's ExportNotes (env/core/export_notes.h).
// Nothing here knows any game: what differs by game is the game's stream and
// its notes.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "env/core/export_notes.h"
#include "env/core/game.h"
#include "env/core/observation.h"
#include "env/core/stream_spec.h"

namespace kibitz::replays {

// One observation a move caused, and who received it.
struct ExportedEvent {
  int move = 0;              // index into the actions; -1 before the first move
  Observation observation;   // in the game's stream_spec()
  bool is_public = true;     // the spectator received it (State::public_stream)
  std::vector<int> seen_by;  // the seats that received it, ascending
};

// A chance outcome with no action of its own, after move `after_move`
// (-1: settled by the initial state).
struct ForcedMove {
  int after_move = -1;
  ForcedChance chance;
};

struct ExportTimeline {
  int players = 0;
  // Per action replayed: the seat a chance action concerns; nullopt for a
  // seat's move, a chance move concerning nobody, or a game without notes.
  std::vector<std::optional<Player>> chance_seat;
  std::vector<ForcedMove> forced;
  std::vector<ExportedEvent> events;
  std::vector<SeatTally> tallies;  // where the replay stopped
};

// Replays `actions` from the initial state of `game`, stopping before the
// first action that is not legal (the export's other fields say "?" there).
ExportTimeline export_timeline(const Game& game, std::span<const Action> actions);

}  // namespace kibitz::replays
