// The extension module kibitz._kibitz; python/kibitz/__init__.py re-exports
// it with the pure-Python environments (docs/python.md).
#include <pybind11/pybind11.h>

#include "python/src/bindings.h"

PYBIND11_MODULE(_kibitz, m) {
  m.doc() = "kibitz: AI agents for small imperfect-information card games (C++ core)";
  m.attr("__version__") = KIBITZ_VERSION;  // the CMake project's version
  // Errors first: every later part's functions may raise them.
  kibitz::python::bind_errors(m);
  kibitz::python::bind_game(m);
  kibitz::python::bind_observation(m);
  kibitz::python::bind_state(m);
  kibitz::python::bind_seat_view(m);
  kibitz::python::bind_vector_env(m);
  kibitz::python::bind_aec(m);
  kibitz::python::bind_agents(m);
  kibitz::python::bind_arena(m);
  kibitz::python::bind_replays(m);
  kibitz::python::bind_checkpoints(m);
  kibitz::python::bind_tabular(m);
}
