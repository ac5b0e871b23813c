// PythonAgent (python_agent.h): a Python object as a kibitz Agent.
#include "python/src/python_agent.h"

#include <pybind11/stl.h>

#include <memory>
#include <utility>

#include "env/core/error.h"
#include "python/src/seat_view.h"
#include "python/src/shared_objects.h"

namespace py = pybind11;

namespace kibitz::python {

py::dict python_agent_table() {
  return py::module_::import("kibitz._kibitz").attr("_python_agents").cast<py::dict>();
}

PythonAgent::PythonAgent(std::string name, py::object object, std::shared_ptr<const Game> game, std::uint64_t seed)
    : name_(std::move(name)), object_(std::move(object)), game_(std::move(game)) {
  call_optional("reseed", seed);
}

PythonAgent::~PythonAgent() {
  // The last reference to a Python object may only be dropped under the GIL.
  py::gil_scoped_acquire gil;
  object_ = py::object();
}

template <typename... Args>
void PythonAgent::call_optional(const char* method, Args&&... args) {
  py::gil_scoped_acquire gil;
  if (py::hasattr(object_, method)) object_.attr(method)(std::forward<Args>(args)...);
}

void PythonAgent::new_game(Player seat) { call_optional("new_game", seat); }

bool PythonAgent::reseed(std::uint64_t seed) {
  // An object without reseed keeps its own randomness; it is reused anyway.
  call_optional("reseed", seed);
  return true;
}

Action PythonAgent::act(const SeatView& view) {
  py::gil_scoped_acquire gil;
  auto py_view = std::make_shared<PySeatView>(view);
  py::object answer;
  try {
    answer = py::hasattr(object_, "act") ? object_.attr("act")(py_view) : object_(py_view);
  } catch (...) {
    py_view->expire();
    throw;
  }
  py_view->expire();
  // An illegal answer is the Python code's mistake, reported as input, not
  // the match runner's invariant failure.
  if (!py::isinstance<py::int_>(answer)) {
    throw error("Python agent '", name_, "' returned ", py::str(py::repr(answer)).cast<std::string>(),
                ", not an action number");
  }
  const Action action = answer.cast<Action>();
  for (Action legal : view.legal_actions()) {
    if (legal == action) return action;
  }
  throw error("Python agent '", name_, "' chose action ", action, ", which is not legal for seat ", view.seat());
}

void PythonAgent::game_over(const GameEnd& end) {
  py::gil_scoped_acquire gil;
  if (!py::hasattr(object_, "game_over")) return;
  SeatStream stream(end.stream().begin(), end.stream().end());
  object_.attr("game_over")(end.seat_return(), bind_stream(game_, stream));
}

AgentInfo PythonAgent::info() {
  AgentInfo info;
  info.name = "python";
  info.summary = "a Python object registered with kibitz.register_agent (the Python module only)";
  info.params = {ParamSpec::text("name", "", "the name kibitz.register_agent gave the object")};
  info.factory = [](const Params& params, std::shared_ptr<const Game> game, std::uint64_t seed) -> std::unique_ptr<Agent> {
    const std::string& name = params.get_string("name");
    py::gil_scoped_acquire gil;
    py::dict table = python_agent_table();
    if (!table.contains(name)) {
      throw error("no Python agent registered as '", name, "'; kibitz.register_agent(name, object) first");
    }
    py::object registered = table[py::str(name)];
    // A class gives every agent built (one per arena worker) an instance
    // of its own; any other object is shared by all of them.
    py::object object = py::isinstance<py::type>(registered) ? registered() : registered;
    return std::make_unique<PythonAgent>(name, std::move(object), std::move(game), seed);
  };
  return info;
}

}  // namespace kibitz::python
