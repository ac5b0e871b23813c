// Agents from Python: kibitz.make_agent("ismcts(sims=200)", game) builds any
// registered agent (nn and ismcts_nn included, on the CPU), Agent.act(view)
// asks it for a seat's move, and
// kibitz.register_agent(name, object) makes a Python object the agent spec
// "python(name=...)" for play_game and the arena.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "agents/agent.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "python/src/bindings.h"
#include "agents/neural/neural_agents.h"
#include "python/src/python_agent.h"
#include "python/src/seat_view.h"
#include "python/src/shared_objects.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

py::object decision_dict(const Agent& agent) {
  const DecisionInfo* decision = agent.last_decision();
  if (decision == nullptr) return py::none();
  py::dict out;
  out["policy"] = decision->policy;
  out["value"] = decision->has_value ? py::object(py::float_(decision->value)) : py::object(py::none());
  py::dict stats;
  for (const auto& [name, value] : decision->stats) stats[py::str(name)] = value;
  out["stats"] = stats;
  return out;
}

// Names are spec values: keep them to what a spec carries without quoting.
void check_agent_name(const std::string& name) {
  if (name.empty()) throw error("a Python agent's name may not be empty");
  for (char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!plain) throw error("Python agent name '", name, "': use letters, digits and '_' only");
  }
}

void register_agent(const std::string& name, py::object object) {
  check_agent_name(name);
  if (!py::isinstance<py::type>(object) && !py::hasattr(object, "act") && !PyCallable_Check(object.ptr())) {
    throw error("Python agent '", name, "' must be callable as f(view) or have an act(view) method");
  }
  python_agent_table()[py::str(name)] = object;
}

void bind_agent_info(py::module_& m) {
  py::class_<AgentInfo>(m, "AgentInfo", "A registered agent: its name, summary and parameters.")
      .def_readonly("name", &AgentInfo::name)
      .def_readonly("summary", &AgentInfo::summary)
      .def_readonly("params", &AgentInfo::params)
      .def("__repr__", [](const AgentInfo& info) { return "<kibitz.AgentInfo " + info.name + ">"; });
  m.def("registered_agents", &registered_agents, py::return_value_policy::reference,
        "Every agent this module can build, sorted by name.");
}

// An agent as Python holds it: with the game it was built for, so that a
// view of another game is refused rather than read as this one's, and with
// the seat it was last told, so that act on a view of another seat (or
// before any new_game) starts a new game in that seat first, as the match
// runner would have.
struct PyAgent {
  std::shared_ptr<Agent> agent;
  std::shared_ptr<const Game> game;
  Player seat = -1;

  void new_game(Player new_seat) {
    if (new_seat < 0 || new_seat >= game->num_players()) throw error("no seat ", new_seat, " in ", game->spec());
    agent->new_game(new_seat);
    seat = new_seat;
  }

  Action act(const PySeatView& view) {
    const SeatView& seat_view = view.get();
    if (seat_view.game().spec() != game->spec()) {
      throw error("agent ", agent->spec(), " was built for ", game->spec(), ", not ", seat_view.game().spec());
    }
    if (seat_view.seat() != seat) new_game(seat_view.seat());
    // A Python agent takes the GIL itself; a search may take long.
    py::gil_scoped_release release;
    return agent->act(seat_view);
  }
};

void bind_agent_class(py::module_& m) {
  py::class_<PyAgent>(m, "Agent", "Chooses a seat's action from that seat's view alone.")
      .def_property_readonly("spec", [](const PyAgent& a) { return a.agent->spec(); })
      .def_property_readonly("game", [](const PyAgent& a) { return mutable_game(a.game); })
      .def("new_game", &PyAgent::new_game, py::arg("seat"), "Tells the agent a new game starts, in `seat`.")
      .def("reseed", [](PyAgent& a, std::uint64_t seed) { return a.agent->reseed(seed); }, py::arg("seed"),
           "Restarts the agent's randomness as if built with `seed`; False if it cannot.")
      .def("act", &PyAgent::act, py::arg("view"),
           "One of view.legal_actions(). A view of another seat than the last new_game's starts a new game "
           "in that seat first.")
      .def("last_decision", [](const PyAgent& a) { return decision_dict(*a.agent); },
           "The policy, value and statistics of the last act(), or None.")
      .def("__repr__", [](const PyAgent& a) { return "<kibitz.Agent " + a.agent->spec() + ">"; });

  m.def("make_agent", [](const std::string& spec, std::shared_ptr<Game> game, std::uint64_t seed) {
    std::shared_ptr<Agent> agent;
    {
      py::gil_scoped_release release;  // building may solve (cfr) or build a Python agent
      agent = make_agent(spec, game, seed);
    }
    return PyAgent{std::move(agent), game, -1};
  }, py::arg("spec"), py::arg("game"), py::arg("seed") = 0,
        "Builds an agent from a spec; KibitzError names an unknown agent or a bad parameter.");
}

}  // namespace

void bind_agents(py::module_& m) {
  m.attr("_python_agents") = py::dict();
  add_agents({PythonAgent::info()});
  // nn and ismcts_nn, the kibitz command's own, on the CPU (kibitz_neural
  // needs no LibTorch; device=cuda is refused).
  neural::register_neural_agents();
  bind_agent_info(m);
  bind_agent_class(m);
  m.def("register_agent", &register_agent, py::arg("name"), py::arg("agent"),
        "Makes `agent` (f(view) -> action, or an object with act(view)) the agent spec python(name=NAME).");
}

}  // namespace kibitz::python
