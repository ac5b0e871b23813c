// The parts of the Python module `kibitz` (module.cc calls each once): one
// function per responsibility, each in its own file.
#pragma once

#include <pybind11/pybind11.h>

namespace kibitz::python {

// KibitzError as the Python exception kibitz.KibitzError (errors.cc).
void bind_errors(pybind11::module_& m);
// load_game, the registry of games and Game (game_bindings.cc).
void bind_game(pybind11::module_& m);
// Observation: one entry of a seat's stream (observation_bindings.cc).
void bind_observation(pybind11::module_& m);
// State, serialization and world sampling from a stream (state_bindings.cc).
void bind_state(pybind11::module_& m);
// SeatView: what an agent may look at (seat_view_bindings.cc).
void bind_seat_view(pybind11::module_& m);
// Env and VectorEnv over NumPy arrays that alias kibitz's buffers
// (vector_env_bindings.cc).
void bind_vector_env(pybind11::module_& m);
// The per-action core of the PettingZoo-style AEC environment (aec_bindings.cc).
void bind_aec(pybind11::module_& m);
// The agent registry, Agent and Python callables as agents
// (agent_bindings.cc, python_agent.cc).
void bind_agents(pybind11::module_& m);
// play_game and the arena (arena_bindings.cc).
void bind_arena(pybind11::module_& m);
// Replay records and files (replay_bindings.cc).
void bind_replays(pybind11::module_& m);
// Network checkpoints written and read without LibTorch (checkpoint_bindings.cc).
void bind_checkpoints(pybind11::module_& m);
// Exploitability of tabular policies (tabular_bindings.cc).
void bind_tabular(pybind11::module_& m);

}  // namespace kibitz::python
