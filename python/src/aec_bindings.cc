// kibitz._kibitz.AecCore: the per-action work of kibitz.pettingzoo_env.AECEnv
// (python/kibitz/pettingzoo_env.py) done in C++, because in Python it was
// most of the cost of an action: stepping the Env, writing every agent's
// reward, cumulative reward and flags into the environment's dicts, choosing
// the next agent, and building an observation. The Python class keeps the
// API and the rare paths (reset's new dicts, stepping done agents).
//
// What an agent is shown comes from its own seat: the acting seat's tensor
// as the Env encoded it, any other seat's from State::information_state_
// tensor (or observation_tensor), a function of that seat's stream.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/gym/env.h"
#include "python/src/bindings.h"
#include "python/src/env_options.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

class AecCore {
 public:
  AecCore(std::shared_ptr<Game> game, const std::string& observation, int max_steps)
      : env_(game, env_options(observation, max_steps)) {
    for (int seat = 0; seat < env_.num_players(); ++seat) names_.emplace_back("player_" + std::to_string(seat));
  }

  // Starts an episode (stream `seed`, or the stream's next one) with fresh
  // lists and dicts, which it returns for the environment to hold:
  // (agents, rewards, cumulative rewards, terminations, truncations, infos,
  // agent_selection). The core keeps them and updates them in place.
  py::tuple reset(std::optional<std::uint64_t> seed) {
    agents_ = py::list();
    rewards_ = py::dict();
    cumulative_ = py::dict();
    terminations_ = py::dict();
    truncations_ = py::dict();
    infos_ = py::dict();
    for (const py::str& name : names_) {
      agents_.append(name);
      rewards_[name] = 0.0;
      cumulative_[name] = 0.0;
      terminations_[name] = false;
      truncations_[name] = false;
      infos_[name] = py::dict();
    }
    const gym::TimeStep step = seed ? env_.reset(*seed) : env_.reset();
    py::object selection = record(step, -1);
    return py::make_tuple(agents_, rewards_, cumulative_, terminations_, truncations_, infos_, selection);
  }

  // The seat of "player_<seat>"; KibitzError for another name.
  Player seat_of(const py::str& agent) const {
    for (std::size_t s = 0; s < names_.size(); ++s) {
      if (names_[s].equal(agent)) return static_cast<Player>(s);
    }
    throw error("no agent ", agent.cast<std::string>());
  }

  // Steps the done agent `agent` (with None): removes it from the list and
  // every dict, zeroes the others' rewards and returns the next done agent
  // to step, or None once none is left.
  py::object remove_done(const py::str& agent) {
    const int n = env_.num_players();
    const Player seat = seat_of(agent);
    if (!terminations_.contains(agent)) throw error("agent ", agent.cast<std::string>(), " was removed already");
    agents_.attr("remove")(agent);
    for (py::dict* table : {&rewards_, &cumulative_, &terminations_, &truncations_, &infos_}) {
      PyDict_DelItem(table->ptr(), agent.ptr());
    }
    for (auto item : rewards_) rewards_[item.first] = 0.0;
    for (int k = 1; k <= n; ++k) {
      const py::str& name = names_[static_cast<std::size_t>((seat + k) % n)];
      if (terminations_.contains(name)) return name;
    }
    return py::none();
  }

  // PettingZoo's step for agent_selection `agent`: a live agent's action
  // (None refused), or None for a done agent, which is then removed. Returns
  // the next agent_selection (the same one when the last agent was removed).
  py::object step_agent(const py::str& agent, const py::object& action) {
    const bool done = terminations_[agent].cast<bool>() || truncations_[agent].cast<bool>();
    if (done) {
      if (!action.is_none()) {
        throw error(agent.cast<std::string>(), " is done; step it with None, not ",
                    py::str(py::repr(action)).cast<std::string>());
      }
      py::object following = remove_done(agent);
      return following.is_none() ? py::object(agent) : following;
    }
    if (action.is_none()) throw error(agent.cast<std::string>(), " is to act and must be given an action, not None");
    if (!PyIndex_Check(action.ptr())) {
      throw error("an action is an integer, not ", py::str(py::repr(action)).cast<std::string>());
    }
    return step(action.cast<Action>());
  }

  // Applies the live agent_selection's action; returns the next agent_selection.
  py::object step(Action action) {
    const Player acting = env_.time_step().player;
    if (acting < 0) throw error("the episode is over: step the done agents with None, then reset");
    cumulative_[names_[static_cast<std::size_t>(acting)]] = 0.0;
    const gym::TimeStep step = env_.step(action);
    return record(step, acting);
  }

  // {"observation": tensor, "action_mask": int8}: the acting seat's own
  // mask; all zeros for any other seat and once the episode is over (a
  // truncated episode still names the seat that would have acted).
  py::dict observe(Player seat) const {
    if (seat < 0 || seat >= env_.num_players()) throw error("no seat ", seat, " in ", env_.game().spec());
    const gym::TimeStep now = env_.time_step();
    const bool to_act = seat == now.player && !now.done();
    py::array_t<float> tensor(env_.observation_size());
    std::span<float> values(tensor.mutable_data(), static_cast<std::size_t>(tensor.size()));
    py::array_t<std::int8_t> mask(env_.num_actions());
    std::memset(mask.mutable_data(), 0, static_cast<std::size_t>(mask.size()));
    if (to_act) {
      std::copy(now.observation.begin(), now.observation.end(), values.begin());
      std::int8_t* out = mask.mutable_data();
      for (std::size_t a = 0; a < now.legal_mask.size(); ++a) out[a] = now.legal_mask[a] > 0 ? 1 : 0;
    } else if (env_.options().observation == gym::ObservationType::kInformationState) {
      env_.state().information_state_tensor(seat, values);
    } else {
      env_.state().observation_tensor(seat, values);
    }
    py::dict out;
    out["observation"] = std::move(tensor);
    out["action_mask"] = std::move(mask);
    return out;
  }

  // PettingZoo's last() for `agent` (agent_selection) in one call:
  // (observation or None, cumulative reward, termination, truncation, info).
  py::tuple last(const py::str& agent, bool with_observation) const {
    py::object observation = py::none();
    if (with_observation) observation = observe(seat_of(agent));
    return py::make_tuple(observation, cumulative_[agent], terminations_[agent], truncations_[agent],
                          infos_[agent]);
  }

  const gym::Env& env() const { return env_; }

 private:
  // Writes a time step into the dicts; returns the next agent_selection.
  py::object record(const gym::TimeStep& step, Player acting) {
    for (int seat = 0; seat < env_.num_players(); ++seat) {
      const py::str& name = names_[static_cast<std::size_t>(seat)];
      const double reward = step.rewards[static_cast<std::size_t>(seat)];
      rewards_[name] = reward;
      cumulative_[name] = cumulative_[name].cast<double>() + reward;
    }
    if (!step.done()) return names_[static_cast<std::size_t>(step.player)];
    for (auto item : terminations_) terminations_[item.first] = py::bool_(step.terminated);
    for (auto item : truncations_) truncations_[item.first] = py::bool_(step.truncated);
    // Every agent is now stepped with None, from the one after the last to act.
    const int n = env_.num_players();
    for (int k = 1; k <= n; ++k) {
      const py::str& name = names_[static_cast<std::size_t>((acting + k + n) % n)];
      if (terminations_.contains(name)) return name;
    }
    return py::none();
  }

  gym::Env env_;
  std::vector<py::str> names_;  // "player_0", ...: the dicts' keys
  py::list agents_;
  py::dict rewards_, cumulative_, terminations_, truncations_, infos_;
};

}  // namespace

void bind_aec(py::module_& m) {
  py::class_<AecCore>(m, "AecCore", "The per-action work of kibitz.pettingzoo_env.AECEnv.")
      .def(py::init<std::shared_ptr<Game>, const std::string&, int>(), py::arg("game"),
           py::arg("observation") = "information_state", py::arg("max_steps") = 0)
      .def("reset", &AecCore::reset, py::arg("seed"))
      .def("remove_done", &AecCore::remove_done, py::arg("agent"))
      .def("step_agent", &AecCore::step_agent, py::arg("agent"), py::arg("action"))
      .def("observe", &AecCore::observe, py::arg("seat"))
      .def("last", &AecCore::last, py::arg("agent"), py::arg("observe") = true)
      .def_property_readonly("observation_size", [](const AecCore& c) { return c.env().observation_size(); })
      .def_property_readonly("num_actions", [](const AecCore& c) { return c.env().num_actions(); })
      .def("state", [](const AecCore& c) { return std::shared_ptr<State>(c.env().state().clone()); },
           "A copy of the true state, for inspection and tests; never shown to an agent.")
      .def("public_stream", [](const AecCore& c) {
        std::vector<std::string> out;
        for (const Observation& o : c.env().state().public_stream()) {
          out.push_back(c.env().game().stream_spec().to_text(o));
        }
        return out;
      }, "The public stream's texts: what a spectator sees.");
}

}  // namespace kibitz::python
