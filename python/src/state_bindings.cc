// kibitz.State: one position of a game, the thin mirror of env/core/state.h,
// with serialization (env/core/serialize.h) and world sampling from a seat's
// stream alone (env/core/world_sampler.h).
//
// Seats passed in from Python are checked here, naming the bad one: the C++
// API takes them on trust (a wrong seat there is a bug, KIBITZ_CHECK), but
// from Python it is input.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/core/serialize.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"
#include "python/src/bindings.h"
#include "python/src/numpy_arrays.h"
#include "python/src/shared_objects.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

void check_seat(const State& state, Player seat) {
  if (seat < 0 || seat >= state.num_players()) {
    throw error("no seat ", seat, " in ", state.game().spec(), " (seats 0..", state.num_players() - 1, ")");
  }
}

// A seat or kibitz.CHANCE: who says an action.
void check_speaker(const State& state, Player player) {
  if (player != kChancePlayer) check_seat(state, player);
}

// A seat or kibitz.SPECTATOR: whose stream to read.
void check_stream_seat(const State& state, Player seat) {
  if (seat != kSpectator) check_seat(state, seat);
}

std::vector<BoundObservation> stream_of(const State& state, Player seat) {
  check_stream_seat(state, seat);
  return bind_stream(state.game_ptr(), state.seat_stream(seat));
}

py::array_t<float> legal_mask(const State& state) {
  if (state.is_terminal() || state.is_chance_node()) {
    throw error("legal_action_mask is for a seat's move; the state is ",
                state.is_terminal() ? "terminal" : "a chance node");
  }
  py::array_t<float> out(state.game().num_distinct_actions());
  state.legal_action_mask(std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

py::array_t<float> information_state_tensor(const State& state, Player seat) {
  check_seat(state, seat);
  py::array_t<float> out = new_float_array(state.game().information_state_tensor_shape());
  state.information_state_tensor(seat, std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

py::array_t<float> observation_tensor(const State& state, Player seat) {
  check_seat(state, seat);
  py::array_t<float> out = new_float_array(state.game().observation_tensor_shape());
  state.observation_tensor(seat, std::span<float>(out.mutable_data(), static_cast<std::size_t>(out.size())));
  return out;
}

std::vector<std::pair<Action, double>> chance_outcomes(const State& state) {
  if (!state.is_chance_node()) throw error("chance_outcomes: the state is not a chance node");
  std::vector<std::pair<Action, double>> out;
  for (const ChanceOutcome& o : state.chance_outcomes()) out.emplace_back(o.action, o.probability);
  return out;
}

// A world drawn from what `seat` observed, the stream alone: what a seat at
// a real table, known only by its stream, searches from.
std::shared_ptr<State> sample_world(const std::shared_ptr<Game>& game, Player seat,
                                    const std::vector<BoundObservation>& stream, Rng& rng) {
  if (seat < 0 || seat >= game->num_players()) throw error("no seat ", seat, " in ", game->spec());
  SeatStream plain = unbind_stream(*game, stream);
  return share(game->new_world_sampler(seat, plain)->sample(rng));
}

void bind_rng(py::module_& m) {
  py::class_<Rng>(m, "Rng", "kibitz's seeded generator (xoshiro256++): the same seed, the same draws everywhere.")
      .def(py::init<std::uint64_t>(), py::arg("seed") = 0)
      .def_property_readonly("seed", &Rng::seed)
      .def("child", &Rng::child, py::arg("label"), py::arg("index") = 0)
      .def("next", &Rng::next)
      .def("uniform_int", [](Rng& rng, std::uint64_t bound) {
        if (bound == 0) throw error("uniform_int needs a positive bound");
        return rng.uniform_int(bound);
      }, py::arg("bound"), "A uniform integer in [0, bound).")
      .def("uniform_double", &Rng::uniform_double)
      .def("sample_index", [](Rng& rng, const std::vector<double>& weights) {
        double total = 0;
        for (double w : weights) {
          if (!(w >= 0)) throw error("sample_index: weights must be >= 0, not ", w);
          total += w;
        }
        if (!(total > 0)) throw error("sample_index: the weights must have a positive sum");
        return rng.sample_index(weights);
      }, py::arg("weights"), "An index drawn in proportion to the weights.");
  m.def("derive_seed", &derive_seed, py::arg("seed"), py::arg("label"), py::arg("index") = 0);
}

void bind_state_queries(py::class_<State, std::shared_ptr<State>>& c) {
  c.def_property_readonly("game", [](const State& s) { return mutable_game(s.game_ptr()); })
      .def_property_readonly("num_players", &State::num_players)
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("is_chance_node", &State::is_chance_node)
      .def("legal_actions", py::overload_cast<>(&State::legal_actions, py::const_))
      .def("legal_action_mask", &legal_mask)
      .def("is_legal", &State::is_legal, py::arg("action"))
      .def("chance_outcomes", &chance_outcomes)
      .def_property_readonly("history", &State::history)
      .def("move_number", &State::move_number)
      .def("returns", py::overload_cast<>(&State::returns, py::const_))
      .def("rewards", py::overload_cast<>(&State::rewards, py::const_))
      .def("to_string", &State::to_string)
      .def("__str__", &State::to_string)
      .def("__repr__", [](const State& s) { return "<kibitz.State " + s.game().spec() + " move " +
                                                    std::to_string(s.move_number()) + ">"; });
}

void bind_state_views(py::class_<State, std::shared_ptr<State>>& c) {
  c.def("seat_stream", &stream_of, py::arg("seat"),
        "What `seat` (or kibitz.SPECTATOR) has observed, as a list of kibitz.Observation.")
      .def("public_stream", [](const State& s) { return stream_of(s, kSpectator); })
      .def("seat_stream_json", [](const State& s, Player seat) { return stream_json(stream_of(s, seat)); },
           py::arg("seat"), "The stream as one JSON array.")
      .def("information_state_string", [](const State& s, Player seat) {
        check_seat(s, seat);
        return s.information_state_string(seat);
      }, py::arg("seat"))
      .def("information_state_tensor", &information_state_tensor, py::arg("seat"))
      .def("observation_string", [](const State& s, Player seat) {
        check_seat(s, seat);
        return s.observation_string(seat);
      }, py::arg("seat"))
      .def("observation_tensor", &observation_tensor, py::arg("seat"))
      .def("action_to_string", [](const State& s, Player player, Action action) {
        check_speaker(s, player);
        return s.action_to_string(player, action);
      }, py::arg("player"), py::arg("action"), "kibitz.CHANCE for a chance outcome.")
      .def("string_to_action", [](const State& s, Player player, const std::string& text) {
        check_speaker(s, player);
        return s.string_to_action(player, text);
      }, py::arg("player"), py::arg("text"));
}

void bind_state_changes(py::class_<State, std::shared_ptr<State>>& c) {
  c.def("apply_action", &State::apply_action, py::arg("action"),
        "Applies a legal action or chance outcome; KibitzError names an illegal one.")
      .def("sample_chance_outcome", [](const State& s, Rng& rng) {
        if (!s.is_chance_node()) throw error("sample_chance_outcome: the state is not a chance node");
        return s.sample_chance_outcome(rng);
      }, py::arg("rng"))
      .def("clone", [](const State& s) { return share(s.clone()); })
      .def("__copy__", [](const State& s) { return share(s.clone()); })
      .def("__deepcopy__", [](const State& s, py::dict) { return share(s.clone()); }, py::arg("memo"))
      .def("resample_from_infostate", [](const State& s, Player seat, Rng& rng) {
        check_seat(s, seat);
        return share(s.resample_from_infostate(seat, rng));
      }, py::arg("seat"), py::arg("rng"))
      .def("serialize", &serialize_state)
      // Pickled as its serialization (game spec and history), so states
      // travel to other processes (multiprocessing) and come back equal.
      .def(py::pickle([](const State& s) { return serialize_state(s); },
                      [](const std::string& text) { return share(deserialize_state(text)); }))
      .def("__eq__", [](const State& a, const State& b) { return states_equal(a, b); });
}

}  // namespace

void bind_state(py::module_& m) {
  m.attr("CHANCE") = kChancePlayer;
  m.attr("TERMINAL") = kTerminalPlayer;
  m.attr("SPECTATOR") = kSpectator;
  m.attr("INVALID_ACTION") = kInvalidAction;
  bind_rng(m);

  py::class_<State, std::shared_ptr<State>> state(m, "State", "One position of a game.");
  bind_state_queries(state);
  bind_state_views(state);
  bind_state_changes(state);

  m.def("deserialize_state", [](const std::string& text) { return share(deserialize_state(text)); },
        py::arg("text"), "The inverse of State.serialize(); KibitzError names a malformed text or illegal action.");
  m.def("sample_world", &sample_world, py::arg("game"), py::arg("seat"), py::arg("stream"), py::arg("rng"),
        "A full state whose stream for `seat` is `stream`, drawn from that stream alone.");
}

}  // namespace kibitz::python
