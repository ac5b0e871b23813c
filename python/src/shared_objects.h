// How the module holds kibitz's objects: games and states by shared_ptr, so
// that every Python object that refers to a game or a state (a state to its
// game, a seat view or a world to its state) keeps it alive.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "env/core/game.h"
#include "env/core/observation.h"
#include "env/core/state.h"

namespace kibitz::python {

// Python has no const: the module binds only Game's const methods, so the
// cast away from const changes nothing a Python caller can reach.
inline std::shared_ptr<Game> mutable_game(std::shared_ptr<const Game> game) {
  return std::const_pointer_cast<Game>(std::move(game));
}

inline std::shared_ptr<State> share(std::unique_ptr<State> state) { return std::shared_ptr<State>(std::move(state)); }

// One observation with its game, so that it can say itself in text and JSON.
struct BoundObservation {
  std::shared_ptr<const Game> game;
  Observation observation;
};

// A stream as Python sees it: a list of BoundObservation.
std::vector<BoundObservation> bind_stream(const std::shared_ptr<const Game>& game, const SeatStream& stream);
// The plain observations of such a list; an observation of another game is
// a KibitzError.
SeatStream unbind_stream(const Game& game, const std::vector<BoundObservation>& stream);
// A stream as one JSON array of the observations' JSON objects.
std::string stream_json(const std::vector<BoundObservation>& stream);

}  // namespace kibitz::python
