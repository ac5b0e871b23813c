#include "tools/replay/scenario.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "env/core/error.h"
#include "env/core/input_file.h"
#include "env/core/json.h"
#include "env/core/json_text.h"
#include "env/core/registry.h"
#include "replays/strict_json.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

constexpr const char* kKeys = "game, seed, description, actions, expect_returns";
constexpr double kReturnTolerance = 1e-9;

std::string number_text(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

std::string who(Player player) {
  return player == kChancePlayer ? std::string("chance") : "seat " + std::to_string(player);
}

std::vector<double> number_list(const json::Value& value, const std::string& where) {
  if (!value.IsArray()) throw error(where, " must be a list of numbers");
  std::vector<double> numbers;
  for (json::SizeType i = 0; i < value.Size(); ++i) {
    if (!value[i].IsNumber()) throw error(where, "[", i, "] must be a number");
    numbers.push_back(value[i].GetDouble());
  }
  return numbers;
}

std::vector<ScenarioAction> action_list(const json::Value& value, const std::string& where) {
  if (!value.IsArray()) throw error(where, " must be a list of action texts or numbers");
  std::vector<ScenarioAction> actions;
  for (json::SizeType i = 0; i < value.Size(); ++i) {
    const json::Value& item = value[i];
    if (item.IsString()) {
      actions.push_back({std::string(item.GetString(), item.GetStringLength()), std::nullopt});
    } else if (item.IsInt64()) {
      actions.push_back({std::to_string(item.GetInt64()), item.GetInt64()});
    } else {
      throw error(where, "[", i, "] must be an action's text or its number");
    }
  }
  return actions;
}

std::string legal_choices(const State& state) {
  std::string text;
  for (const Action action : state.legal_actions()) {
    text += (text.empty() ? "" : ", ") + state.action_to_string(state.current_player(), action) +
            " (" + std::to_string(action) + ")";
  }
  return text.empty() ? "none" : text;
}

Action resolve(const State& state, const ScenarioAction& entry, std::size_t index) {
  const std::string where = "actions[" + std::to_string(index) + "] '" + entry.text + "'";
  if (state.is_terminal()) {
    throw error(where, ": the game is already over after ", index, " moves");
  }
  const Player player = state.current_player();
  if (entry.number) {
    if (*entry.number < 0 || *entry.number > std::numeric_limits<Action>::max() ||
        !state.is_legal(static_cast<Action>(*entry.number))) {
      throw error(where, ": not a legal action for ", who(player),
                  " here; legal: ", legal_choices(state));
    }
    return static_cast<Action>(*entry.number);
  }
  try {
    return state.string_to_action(player, entry.text);
  } catch (const KibitzError&) {
    throw error(where, ": not a legal action for ", who(player),
                " here; legal: ", legal_choices(state));
  }
}

}  // namespace

Scenario parse_scenario(std::string_view json_text, const std::string& source) {
  // Depth, finite numbers and unique keys first; then the parse below can
  // neither recurse too deep nor meet NaN, Infinity or a repeated key.
  replays::check_strict_json(json_text, source);
  json::Document document;
  document.Parse<json::kParseIterativeFlag | json::kParseFullPrecisionFlag>(json_text.data(),
                                                                            json_text.size());
  if (document.HasParseError()) {
    throw error(source, ": not valid JSON at ",
                line_and_column(json_text, document.GetErrorOffset()), ": ",
                json::GetParseError_En(document.GetParseError()));
  }
  if (!document.IsObject()) throw error(source, ": a scenario is a JSON object {...}");
  Scenario scenario;
  bool has_game = false;
  bool has_actions = false;
  try {
    for (auto member = document.MemberBegin(); member != document.MemberEnd(); ++member) {
      const std::string key(member->name.GetString(), member->name.GetStringLength());
      const json::Value& value = member->value;
      if (key == "game") {
        if (!value.IsString()) throw error("\"game\" must be a game spec text");
        scenario.game = value.GetString();
        has_game = true;
      } else if (key == "seed") {
        if (!value.IsUint64()) throw error("\"seed\" must be a non-negative integer");
        scenario.seed = value.GetUint64();
      } else if (key == "description") {
        if (!value.IsString()) throw error("\"description\" must be a text");
        scenario.description = value.GetString();
      } else if (key == "actions") {
        scenario.actions = action_list(value, "\"actions\"");
        has_actions = true;
      } else if (key == "expect_returns") {
        scenario.expect_returns = number_list(value, "\"expect_returns\"");
      } else {
        throw error("unknown key \"", key, "\"; valid keys: ", kKeys);
      }
    }
  } catch (const KibitzError& e) {
    throw error(source, ": ", e.what());
  }
  if (!has_game) throw error(source, ": the key \"game\" is missing");
  if (!has_actions) throw error(source, ": the key \"actions\" is missing");
  return scenario;
}

Scenario load_scenario_file(const std::string& path) {
  return parse_scenario(read_file_limited(path, kMaxScenarioBytes, "scenario"), path);
}

ScenarioRun run_scenario(const Scenario& scenario) {
  const std::shared_ptr<const Game> game = load_game(scenario.game);
  ScenarioRun run;
  run.state = game->new_initial_state();
  for (std::size_t i = 0; i < scenario.actions.size(); ++i) {
    State& state = *run.state;
    const Action action = resolve(state, scenario.actions[i], i);
    run.movers.push_back(state.current_player());
    run.texts.push_back(state.action_to_string(state.current_player(), action));
    state.apply_action(action);
  }
  if (scenario.expect_returns &&
      scenario.expect_returns->size() != static_cast<std::size_t>(game->num_players())) {
    throw error("\"expect_returns\" has ", scenario.expect_returns->size(), " values but ",
                game->spec(), " has ", game->num_players(), " seats");
  }
  return run;
}

std::string scenario_result_json(const Scenario& scenario, const ScenarioRun& run) {
  const State& state = *run.state;
  std::string out = "{\n  \"game\": " + json_quote(state.game().spec()) + ",\n";
  if (scenario.seed) out += "  \"seed\": " + std::to_string(*scenario.seed) + ",\n";
  out += "  \"moves\": [";
  const std::vector<Action>& history = state.history();
  for (std::size_t i = 0; i < history.size(); ++i) {
    out += std::string(i == 0 ? "\n" : ",\n") + "    {\"move\": " + std::to_string(i) +
           ", \"player\": " + std::to_string(run.movers[i]) +
           ", \"action\": " + std::to_string(history[i]) +
           ", \"text\": " + json_quote(run.texts[i]) + "}";
  }
  out += history.empty() ? "],\n" : "\n  ],\n";
  out += "  \"history\": [";
  for (std::size_t i = 0; i < history.size(); ++i) {
    out += (i == 0 ? "" : ", ") + std::to_string(history[i]);
  }
  out += "],\n  \"state\": " + json_quote(state.to_string()) + ",\n";
  out += "  \"current_player\": " + std::to_string(state.current_player()) + ",\n";
  out += std::string("  \"terminal\": ") + (state.is_terminal() ? "true" : "false");
  if (state.is_terminal()) {
    out += ",\n  \"returns\": [";
    const std::vector<double> returns = state.returns();
    for (std::size_t i = 0; i < returns.size(); ++i) {
      out += (i == 0 ? "" : ", ") + number_text(returns[i]);
    }
    out += "]";
  }
  if (scenario.expect_returns) {
    out += std::string(",\n  \"expect_returns_met\": ") +
           (check_expected_returns(scenario, run).empty() ? "true" : "false");
  }
  return out + "\n}\n";
}

std::string check_expected_returns(const Scenario& scenario, const ScenarioRun& run) {
  if (!scenario.expect_returns) return {};
  const State& state = *run.state;
  if (!state.is_terminal()) {
    return "expect_returns given, but the game is not over after " +
           std::to_string(state.move_number()) + " moves (" + who(state.current_player()) +
           " to move)";
  }
  const std::vector<double> returns = state.returns();
  const std::vector<double>& expected = *scenario.expect_returns;
  std::string mismatch;
  for (std::size_t seat = 0; seat < returns.size(); ++seat) {
    // The tolerance scales with the game's own return, never the expected
    // one: a huge expectation must not widen the tolerance enough to hold.
    if (!(std::abs(returns[seat] - expected[seat]) <=
          kReturnTolerance * std::max(1.0, std::abs(returns[seat])))) {
      mismatch += (mismatch.empty() ? "" : ", ") + std::string("seat ") + std::to_string(seat) +
                  " expected " + number_text(expected[seat]) + ", got " +
                  number_text(returns[seat]);
    }
  }
  return mismatch.empty() ? std::string() : "returns differ from expect_returns: " + mismatch;
}

}  // namespace kibitz::tools
