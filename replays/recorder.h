// Recorder: plays along with one game and produces its ReplayRecord. Whoever
// runs the game (kibitz play, the arena) calls on_action before applying each
// move, chance included, and finish() at the end:
//
//   replays::Recorder recorder(*game, seed, labels, agent_specs);
//   while (!state->is_terminal()) {
//     const Action action = ...;
//     recorder.on_action(*state, action, chance ? nullptr : agent.last_decision());
//     state->apply_action(action);
//   }
//   writer.write(recorder.finish(*state));
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "env/core/game.h"
#include "env/core/state.h"
#include "replays/replay_record.h"

namespace kibitz::replays {

// Builds the record of one game from the moves it is told about.
class Recorder {
 public:
  // Starts the record of a game of `game` (the clock starts now). There must
  // be one label and one agent spec per seat. The record names the game by
  // `game_spec`, or by game.spec() when it is empty: `kibitz serve` records
  // the catalogue names its clients gave where game.spec() holds the paths
  // it built the game from (web/spec_policy.h, shown_game_spec).
  Recorder(const Game& game, std::uint64_t seed, std::vector<std::string> seat_labels,
           std::vector<std::string> agent_specs, std::string game_spec = {});

  // Notes `action`, about to be applied to `state_before`. `decision` is what
  // the acting agent reported (Agent::last_decision()), or nullptr; it is
  // kept only for a seat's move, copied, so the agent may reuse its storage.
  void on_action(const State& state_before, Action action, const DecisionInfo* decision = nullptr);

  // The finished record: `final_state` must be the terminal state that the
  // noted actions lead to. The recorder is spent afterwards.
  ReplayRecord finish(const State& final_state);
  // The record of a game that `forfeit.seat`, to act at `state`, forfeited
  // (play_match under OnBadAnswer::kForfeit), with the forfeit's `returns`.
  ReplayRecord finish_forfeited(const State& state, const Forfeit& forfeit,
                                std::span<const double> returns);

 private:
  ReplayRecord record_;
  std::chrono::steady_clock::time_point start_;
  bool finished_ = false;
};

// The time now as ISO-8601 UTC with milliseconds, "2025-01-31T12:00:00.123Z".
std::string iso8601_utc_now();

}  // namespace kibitz::replays
