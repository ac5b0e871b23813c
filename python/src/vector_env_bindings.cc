// kibitz.Env and kibitz.VectorEnv (env/gym/): the gym layer from Python.
//
// Zero copy: VectorEnv's arrays (observations, legal_masks, rewards, ...)
// are NumPy views of the VectorEnv's own buffers, which never move and are
// overwritten in place by every reset and step; each array holds a
// reference to the VectorEnv (its base), so the memory outlives every array
// over it. Read them after each step as one reads EnvPool's; copy what must
// outlive the next step. torch.from_numpy wraps them, still without a copy.
// step() and reset() release the GIL: the batch runs on kibitz's threads
// while other Python threads go on.
//
// Env's time steps and arrays are views of the Env's own buffers in the
// same way.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/gym/env.h"
#include "env/gym/vector_env.h"
#include "python/src/bindings.h"
#include "python/src/env_options.h"
#include "python/src/numpy_arrays.h"
#include "python/src/shared_objects.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

// A flat float span of an Env's buffer as a 1-D array aliasing it.
py::array alias_span(std::span<const float> values, py::handle owner) {
  gym::BufferView view;
  view.data = const_cast<float*>(values.data());
  view.rank = 1;
  view.shape[0] = static_cast<std::int64_t>(values.size());
  view.strides[0] = 1;
  return alias_buffer(view, owner);
}

// What reset and step return: the flags by value, the arrays (views of the
// Env's buffers, so they show the Env's latest time step) made on access
// only, so that a loop reading the flags alone pays for no array.
struct PyTimeStep {
  Player player = kTerminalPlayer;
  bool first = false;
  bool terminated = false;
  bool truncated = false;
  py::object env;  // the kibitz.Env, owner of the buffers
};

PyTimeStep time_step_of(const gym::TimeStep& step, py::object env) {
  return {step.player, step.first, step.terminated, step.truncated, std::move(env)};
}

const gym::Env& env_of(const PyTimeStep& step) { return step.env.cast<const gym::Env&>(); }

void bind_time_step(py::module_& m) {
  py::class_<PyTimeStep>(m, "TimeStep", "What the seat to act sees after a reset or step of a kibitz.Env.")
      .def_readonly("player", &PyTimeStep::player)
      .def_readonly("first", &PyTimeStep::first)
      .def_readonly("terminated", &PyTimeStep::terminated)
      .def_readonly("truncated", &PyTimeStep::truncated)
      .def_property_readonly("observation", [](const PyTimeStep& t) {
        return alias_span(env_of(t).time_step().observation, t.env);
      })
      .def_property_readonly("legal_mask", [](const PyTimeStep& t) {
        return alias_span(env_of(t).time_step().legal_mask, t.env);
      })
      .def_property_readonly("rewards", [](const PyTimeStep& t) {
        return alias_span(env_of(t).time_step().rewards, t.env);
      })
      .def_property_readonly("episode_returns", [](const PyTimeStep& t) -> py::object {
        const gym::TimeStep step = env_of(t).time_step();
        if (step.episode_returns.empty()) return py::none();
        return alias_span(step.episode_returns, t.env);
      })
      .def("done", [](const PyTimeStep& t) { return t.terminated || t.truncated; });
}

// The tensor of any seat, as the Env encodes the seat to act's: what the
// multi-agent environment shows a seat that is not to act. Both tensors are
// functions of the seat's own stream (State's contract).
py::array_t<float> observe_seat(const gym::Env& env, Player seat) {
  const State& state = env.state();
  if (seat < 0 || seat >= env.num_players()) throw error("no seat ", seat, " in ", env.game().spec());
  py::array_t<float> out(env.observation_size());
  std::span<float> values(out.mutable_data(), static_cast<std::size_t>(out.size()));
  if (env.options().observation == gym::ObservationType::kInformationState) {
    state.information_state_tensor(seat, values);
  } else {
    state.observation_tensor(seat, values);
  }
  return out;
}

void bind_env(py::module_& m) {
  bind_time_step(m);
  py::class_<gym::Env>(m, "Env", "One game as an environment; chance is sampled inside.")
      .def(py::init([](std::shared_ptr<Game> game, const std::string& observation, int max_steps) {
             return std::make_unique<gym::Env>(game, env_options(observation, max_steps));
           }),
           py::arg("game"), py::arg("observation") = "information_state", py::arg("max_steps") = 0)
      .def("reset", [](py::object self, std::optional<std::uint64_t> seed) {
        auto& env = self.cast<gym::Env&>();
        return time_step_of(seed ? env.reset(*seed) : env.reset(), self);
      }, py::arg("seed") = py::none(), "Episode 0 of stream `seed`, or the stream's next episode without one.")
      .def("step", [](py::object self, Action action) {
        return time_step_of(self.cast<gym::Env&>().step(action), self);
      }, py::arg("action"))
      .def("time_step", [](py::object self) { return time_step_of(self.cast<gym::Env&>().time_step(), self); })
      // The Env's buffers never move: views taken once show every later step.
      .def_property_readonly("observation", [](py::object self) {
        return alias_span(self.cast<gym::Env&>().time_step().observation, self);
      })
      .def_property_readonly("legal_mask", [](py::object self) {
        return alias_span(self.cast<gym::Env&>().time_step().legal_mask, self);
      })
      .def_property_readonly("rewards", [](py::object self) {
        return alias_span(self.cast<gym::Env&>().time_step().rewards, self);
      })
      .def("observe", &observe_seat, py::arg("seat"),
           "A fresh copy of `seat`'s tensor now (the Env's observation type).")
      .def("state", [](const gym::Env& env) { return share(env.state().clone()); },
           "A copy of the true state, hidden cards included: for inspection, never for a seat's agent.")
      .def("public_stream", [](const gym::Env& env) {
        return bind_stream(env.game().shared(), env.state().public_stream());
      })
      .def("seat_stream", [](const gym::Env& env, Player seat) {
        if (seat < 0 || seat >= env.num_players()) throw error("no seat ", seat, " in ", env.game().spec());
        return bind_stream(env.game().shared(), env.state().seat_stream(seat));
      }, py::arg("seat"))
      .def("action_to_string", [](const gym::Env& env, Player seat, Action action) {
        return env.state().action_to_string(seat, action);
      }, py::arg("seat"), py::arg("action"))
      .def_property_readonly("game", [](const gym::Env& env) { return mutable_game(env.game().shared()); })
      .def_property_readonly("observation_size", &gym::Env::observation_size)
      .def_property_readonly("num_actions", &gym::Env::num_actions)
      .def_property_readonly("num_players", &gym::Env::num_players)
      .def_property_readonly("seed", &gym::Env::seed)
      .def_property_readonly("episode", &gym::Env::episode)
      .def_property_readonly("episode_step", &gym::Env::episode_step)
      .def_property_readonly("needs_reset", &gym::Env::needs_reset);
}

// One property per batch buffer, each a NumPy view of it.
template <gym::BufferView (gym::VectorEnv::*View)()>
void alias_property(py::class_<gym::VectorEnv>& c, const char* name, const char* doc) {
  c.def_property_readonly(name, [](py::object self) {
    return alias_buffer((self.cast<gym::VectorEnv&>().*View)(), self);
  }, doc);
}

// Any integer array (NumPy of any integer type, a list, a torch tensor), as
// the int32 actions VectorEnv takes; floats and bools are refused rather than
// truncated into actions. int32 arrays are read in place; int64 (NumPy's
// default, and argmax's result) are converted by a plain loop into a
// per-thread buffer: NumPy's own casting costs several microseconds a call,
// as much as a tenth of a Leduc batch step.
std::span<const Action> integer_actions(const py::object& actions, int num_envs, py::object& keep_alive) {
  py::array array = py::array::ensure(actions);
  if (!array) throw error("actions must be an array of integers");
  const char kind = array.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    throw error("actions must be integers, not ", py::str(array.dtype()).cast<std::string>());
  }
  if (array.ndim() != 1 || array.shape(0) != num_envs) {
    throw error("step needs one action per env: an array of shape (", num_envs, "), not of ", array.ndim(),
                " dimensions and ", array.size(), " actions");
  }
  const auto count = static_cast<std::size_t>(num_envs);
  const bool contiguous = (array.flags() & py::array::c_style) != 0;
  if (contiguous && array.dtype().is(py::dtype::of<Action>())) {
    keep_alive = array;
    return {static_cast<const Action*>(array.data()), count};
  }
  thread_local std::vector<Action> converted;
  converted.resize(count);
  if (contiguous && array.dtype().is(py::dtype::of<std::int64_t>())) {
    const auto* values = static_cast<const std::int64_t*>(array.data());
    for (std::size_t i = 0; i < count; ++i) converted[i] = static_cast<Action>(values[i]);
  } else {
    auto cast = py::array_t<Action, py::array::c_style | py::array::forcecast>::ensure(array);
    std::copy(cast.data(), cast.data() + count, converted.begin());
  }
  return converted;
}

void step_batch(gym::VectorEnv& env, const py::object& actions_object) {
  py::object keep_alive;  // holds an array read in place for the step's length
  const std::span<const Action> actions = integer_actions(actions_object, env.num_envs(), keep_alive);
  py::gil_scoped_release release;
  env.step(actions);
}

void bind_vector_env(py::module_& m, const char* name) {
  py::class_<gym::VectorEnv> c(m, name, "N Envs of one game stepped as a batch, with auto-reset.");
  c.def(py::init([](std::shared_ptr<Game> game, int num_envs, int threads, const std::string& observation,
                    int max_steps) {
          return std::make_unique<gym::VectorEnv>(game, num_envs, threads, env_options(observation, max_steps));
        }),
        py::arg("game"), py::arg("num_envs"), py::arg("threads") = 1, py::arg("observation") = "information_state",
        py::arg("max_steps") = 0)
      .def("reset", [](gym::VectorEnv& env, std::uint64_t seed) {
        py::gil_scoped_release release;
        env.reset(seed);
      }, py::arg("seed"))
      .def("step", &step_batch, py::arg("actions"),
           "One action per env (ignored by an env about to auto-reset); the GIL is released meanwhile.")
      .def_property_readonly("num_envs", &gym::VectorEnv::num_envs)
      .def_property_readonly("threads", &gym::VectorEnv::threads)
      .def_property_readonly("observation_size", &gym::VectorEnv::observation_size)
      .def_property_readonly("num_actions", &gym::VectorEnv::num_actions)
      .def_property_readonly("num_players", &gym::VectorEnv::num_players)
      .def_property_readonly("game", [](const gym::VectorEnv& env) { return mutable_game(env.game().shared()); })
      .def("env_state", [](const gym::VectorEnv& env, int i) {
        if (i < 0 || i >= env.num_envs()) throw error("no env ", i, " in a batch of ", env.num_envs());
        return share(env.env(i).state().clone());
      }, py::arg("index"), "A copy of env i's true state, for inspection.");
  alias_property<&gym::VectorEnv::observations_view>(c, "observations", "float32 [N, observation_size]");
  alias_property<&gym::VectorEnv::legal_masks_view>(c, "legal_masks", "float32 [N, num_actions]");
  alias_property<&gym::VectorEnv::rewards_view>(c, "rewards", "float32 [N, num_players]");
  alias_property<&gym::VectorEnv::episode_returns_view>(c, "episode_returns", "float32 [N, num_players]");
  alias_property<&gym::VectorEnv::players_view>(c, "players", "int32 [N]: seat to act, kibitz.TERMINAL when done");
  alias_property<&gym::VectorEnv::first_view>(c, "first", "uint8 [N]");
  alias_property<&gym::VectorEnv::terminated_view>(c, "terminated", "uint8 [N]");
  alias_property<&gym::VectorEnv::truncated_view>(c, "truncated", "uint8 [N]");
}

}  // namespace

void bind_vector_env(py::module_& m) {
  bind_env(m);
  bind_vector_env(m, "VectorEnv");
}

}  // namespace kibitz::python
