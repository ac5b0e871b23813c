// Scenarios: a game written by hand as JSON, for rule tests and bug reports
// (schema and example in docs/replays.md):
//
//   {"game": "leduc_poker", "seed": 0,
//    "actions": ["deal Js", "deal Kh", "raise", "call", "deal Qs", "call", "call"],
//    "expect_returns": [-3, 3]}
//
// Each action is the text its mover would say (action_to_string; chance
// outcomes as chance says them) or the action's number, resolved against the
// legal actions at that point of the game, played from the initial state.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/state.h"

namespace kibitz::tools {

// One entry of "actions": a text, or a number when written as one.
struct ScenarioAction {
  std::string text;
  std::optional<std::int64_t> number;
};

// A parsed scenario file.
struct Scenario {
  std::string game;
  std::optional<std::uint64_t> seed;  // informational: kept in the output, changes nothing
  std::string description;            // free text for people, ignored
  std::vector<ScenarioAction> actions;
  std::optional<std::vector<double>> expect_returns;
};

// The largest scenario file read: a hand-written game is a few kilobytes,
// and a long Loyalist Spies game written out in full well under a megabyte.
inline constexpr std::uintmax_t kMaxScenarioBytes = std::uintmax_t{16} << 20;

// Parses a scenario; `source` names it in errors. Throws KibitzError naming
// the problem: JSON that is invalid or not strict (replays/strict_json.h:
// nested too deep, NaN, Infinity or a number beyond a double's range, a key
// given twice), with its line and column; a missing, mistyped or unknown key.
Scenario parse_scenario(std::string_view json_text, const std::string& source);

// Reads and parses the scenario file `path`: a regular file of at most
// kMaxScenarioBytes (env/core/input_file.h), else a KibitzError naming it.
Scenario load_scenario_file(const std::string& path);

// The game a scenario reaches, with each move's mover and text.
struct ScenarioRun {
  std::unique_ptr<State> state;
  std::vector<Player> movers;
  std::vector<std::string> texts;
};

// Plays the scenario's actions from the initial state. An action that is not
// legal is a KibitzError naming actions[i], its text and the legal choices.
ScenarioRun run_scenario(const Scenario& scenario);

// The final state as JSON: game, seed, moves, history, state (to_string),
// current_player, terminal, and returns when the game is over.
std::string scenario_result_json(const Scenario& scenario, const ScenarioRun& run);

// Empty when the scenario expects nothing or its expectation holds;
// otherwise why it fails (the game is not over, or the returns differ).
std::string check_expected_returns(const Scenario& scenario, const ScenarioRun& run);

}  // namespace kibitz::tools
