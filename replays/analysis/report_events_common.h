// What the per-game reports read from a record alike (the Adulting
// bid-and-claim report and the Laws and Disorder laws report): whether a
// record is of their game, the name a seat's agent is counted under, and a
// record replayed with every action checked, its seats' streams handed to
// the game's own event reader.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "replays/replay_record.h"

namespace kibitz::replays::analysis {

// Whether a record is a game of `game_name` (its spec's name, parameters aside).
bool is_record_of(const ReplayRecord& record, std::string_view game_name);

// The name a seat's agent is counted under: its label as given (the arena
// writes the agent spec the user typed), else its reported spec, else "P2".
std::string agent_name(const ReplayRecord& record, int seat);

// A record's actions applied to `game`'s initial state, each checked legal
// first (KibitzError describing the first that is not): every seat's stream
// of what the record holds, and the state it ends in.
struct ReplayedStreams {
  std::unique_ptr<State> state;
  std::vector<SeatStream> streams;
};
ReplayedStreams replay_streams(const Game& game, const ReplayRecord& record);

// Record `record_index` read by `read(game, streams)` (a game's events from
// its seats' streams), with the record's index, agents and returns (when it
// finished) filled in. Throws KibitzError naming the record when its game is
// not a `GameT` ("<not_this_game>: <spec>") or not a legal game.
template <class GameT, class Read>
auto record_events(const ReplayRecord& record, std::size_t record_index, const char* not_this_game, Read read) {
  try {
    const std::shared_ptr<const Game> loaded = load_game(record.game);
    const auto* game = dynamic_cast<const GameT*>(loaded.get());
    if (game == nullptr) throw error(not_this_game, ": ", record.game);
    const ReplayedStreams replayed = replay_streams(*game, record);
    auto out = read(*game, std::span<const SeatStream>(replayed.streams));
    out.record_index = record_index;
    for (int seat = 0; seat < out.players; ++seat) out.agents.push_back(agent_name(record, seat));
    if (replayed.state->is_terminal()) out.returns = replayed.state->returns();
    return out;
  } catch (const KibitzError& e) {
    throw error("record ", record_index, ": ", e.what());
  }
}

}  // namespace kibitz::replays::analysis
