// PythonAgent: a Python object playing a seat wherever kibitz asks an Agent
// (play_game, the arena). It is registered as the agent spec
// "python(name=NAME)", NAME being what kibitz.register_agent gave it, so
// everything that builds agents from specs can seat it.
//
// The object is asked through a kibitz.SeatView that expires when act
// returns: it sees exactly what a C++ agent sees, the seat's own view.
// Called from kibitz's worker threads, it takes the GIL for each call; the
// caller of a run that may use it releases the GIL first.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "agents/agent.h"
#include "agents/registry.h"

namespace kibitz::python {

class PythonAgent final : public Agent {
 public:
  // `object` is callable as object(view) -> action, or has act(view); it may
  // also have new_game(seat), reseed(seed) and game_over(seat_return, stream).
  // Registered as a class, each PythonAgent gets a fresh instance (so arena
  // workers do not share one object's state); any other object is shared.
  PythonAgent(std::string name, pybind11::object object, std::shared_ptr<const Game> game, std::uint64_t seed);
  ~PythonAgent() override;

  std::string spec() const override { return "python(name=" + name_ + ")"; }
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;
  void game_over(const GameEnd& end) override;

  // The registry entry of "python".
  static AgentInfo info();

 private:
  // object.<method>(args...) when the object has that method; nothing otherwise.
  template <typename... Args>
  void call_optional(const char* method, Args&&... args);

  std::string name_;
  pybind11::object object_;
  std::shared_ptr<const Game> game_;
};

// The Python dict {name: object} of registered Python agents.
pybind11::dict python_agent_table();

}  // namespace kibitz::python
