// Games from spec strings: kibitz.load_game("leduc_poker"), the registry of
// games with each one's declared parameters, and the immutable Game.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "env/core/game.h"
#include "env/core/params.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "python/src/bindings.h"
#include "python/src/shared_objects.h"
#include "tools/rules_text.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

const char* param_type_name(ParamType type) {
  switch (type) {
    case ParamType::kInt: return "int";
    case ParamType::kDouble: return "float";
    case ParamType::kBool: return "bool";
    case ParamType::kChoice: return "choice";
    case ParamType::kString: return "str";
  }
  return "?";
}

const char* reward_model_name(RewardModel model) {
  switch (model) {
    case RewardModel::kZeroSum: return "zero_sum";
    case RewardModel::kConstantSum: return "constant_sum";
    case RewardModel::kGeneralSum: return "general_sum";
  }
  return "?";
}

// The rules as implemented (docs/rules/<game>.md), or None for a game
// without a rules file.
py::object rules_of(const std::string& game_name) {
  const std::optional<std::string_view> text = tools::find_rules(game_name);
  if (!text) return py::none();
  return py::str(text->data(), text->size());
}

// Params as {name: value} in declaration order (Python dicts keep it).
py::dict params_dict(const Params& params) {
  py::dict out;
  for (const auto& [name, value] : params.values()) out[py::str(name)] = py::cast(value);
  return out;
}

// The observation kinds of a game's streams, for people and for code that
// reads the JSON form.
py::list observation_kinds(const Game& game) {
  const StreamSpec& spec = game.stream_spec();
  py::list out;
  for (int k = 0; k < spec.num_kinds(); ++k) {
    const ObservationKindDecl& kind = spec.kind(k);
    py::dict entry;
    entry["name"] = kind.name;
    entry["text"] = kind.text;
    entry["help"] = kind.help;
    out.append(entry);
  }
  return out;
}

std::vector<std::string> card_names(const Game& game) {
  const StreamSpec& spec = game.stream_spec();
  std::vector<std::string> out;
  for (int c = 0; c < spec.num_cards(); ++c) out.push_back(spec.card_name(c));
  return out;
}

void bind_param_spec(py::module_& m) {
  py::class_<ParamSpec>(m, "ParamSpec", "One declared parameter of a game or an agent.")
      .def_readonly("name", &ParamSpec::name)
      .def_property_readonly("type", [](const ParamSpec& p) { return param_type_name(p.type); })
      .def_readonly("default", &ParamSpec::default_value)
      .def_readonly("min", &ParamSpec::min)
      .def_readonly("max", &ParamSpec::max)
      .def_readonly("choices", &ParamSpec::choices)
      .def_readonly("help", &ParamSpec::help)
      .def("describe_range", &ParamSpec::describe_range)
      .def("__repr__", [](const ParamSpec& p) {
        return "<kibitz.ParamSpec " + p.name + ": " + p.describe_range() + ">";
      });
}

void bind_game_info(py::module_& m) {
  py::class_<GameInfo>(m, "GameInfo", "A registered game: its name, summary and parameters.")
      .def_readonly("name", &GameInfo::name)
      .def_readonly("title", &GameInfo::title)
      .def_readonly("summary", &GameInfo::summary)
      .def_readonly("params", &GameInfo::params)
      .def_readonly("test_specs", &GameInfo::test_specs)
      .def_readonly("encoder_version", &GameInfo::encoder_version)
      .def_property_readonly("rules", [](const GameInfo& info) { return rules_of(info.name); },
                             "The rules as implemented (docs/rules/), as `kibitz rules` prints them.")
      .def_property_readonly("examples",
                             [](const GameInfo& info) {
                               std::vector<std::pair<std::string, std::string>> out;
                               for (const GameExample& e : info.examples) out.emplace_back(e.spec, e.what);
                               return out;
                             })
      .def("__repr__", [](const GameInfo& info) { return "<kibitz.GameInfo " + info.name + ">"; });

  m.def("registered_games", &registered_games, py::return_value_policy::reference,
        "Every registered game, sorted by name.");
  m.def("find_game", &find_game, py::arg("name"), py::return_value_policy::reference,
        "The registry entry of a game name; KibitzError lists the known names.");
}

void bind_game_class(py::module_& m) {
  py::class_<Game, std::shared_ptr<Game>>(m, "Game", "Immutable rules and parameters of one game variant.")
      .def_property_readonly("name", &Game::name)
      .def_property_readonly("spec", &Game::spec)
      .def_property_readonly("params", [](const Game& g) { return params_dict(g.params()); })
      .def_property_readonly("num_players", &Game::num_players)
      .def_property_readonly("num_distinct_actions", &Game::num_distinct_actions)
      .def_property_readonly("max_chance_outcomes", &Game::max_chance_outcomes)
      .def_property_readonly("max_game_length", &Game::max_game_length)
      .def_property_readonly("reward_model", [](const Game& g) { return reward_model_name(g.reward_model()); })
      .def_property_readonly("min_return", &Game::min_return)
      .def_property_readonly("max_return", &Game::max_return)
      .def_property_readonly("information_state_tensor_shape", &Game::information_state_tensor_shape)
      .def_property_readonly("observation_tensor_shape", &Game::observation_tensor_shape)
      .def_property_readonly("information_state_tensor_size", &Game::information_state_tensor_size)
      .def_property_readonly("observation_tensor_size", &Game::observation_tensor_size)
      .def_property_readonly("observation_kinds", &observation_kinds)
      .def_property_readonly("card_names", &card_names)
      .def_property_readonly("rules", [](const Game& g) { return rules_of(g.name()); },
                             "The rules as implemented (docs/rules/), as `kibitz rules` prints them.")
      .def_property_readonly("info", [](const Game& g) -> const GameInfo& { return find_game(g.name()); },
                             py::return_value_policy::reference)
      .def("new_initial_state", [](const Game& g) { return share(g.new_initial_state()); })
      .def(
          "state_from_history",
          [](const Game& g, const std::vector<Action>& history) { return share(g.state_from_history(history)); },
          py::arg("history"), "Replays the actions from the start; KibitzError names an illegal one.")
      .def("__eq__", [](const Game& a, const Game& b) { return a.spec() == b.spec(); })
      // Pickled as its canonical spec: loading it gives an equal game.
      .def(py::pickle([](const Game& g) { return g.spec(); },
                      [](const std::string& spec) { return mutable_game(load_game(spec)); }))
      .def("__hash__", [](const Game& g) { return py::hash(py::str(g.spec())); })
      .def("__repr__", [](const Game& g) { return "<kibitz.Game " + g.spec() + ">"; });

  m.def(
      "load_game", [](const std::string& spec) { return mutable_game(load_game(spec)); }, py::arg("spec"),
      "Builds a game from a spec string such as 'leduc_poker' or 'loyalist_spies(rounds=1)'.");
}

}  // namespace

void bind_game(py::module_& m) {
  bind_param_spec(m);
  bind_game_info(m);
  bind_game_class(m);
}

}  // namespace kibitz::python
