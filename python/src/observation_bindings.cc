// kibitz.Observation: one entry of a seat's stream (env/core/observation.h),
// the one source of what a seat knows. It reads as its game's text
// ("P1 raises") and JSON ({"kind": "raise", "seat": 1}), and reads back from
// either, so a seat at a real table can type what it saw and sample worlds
// from it (kibitz.sample_world).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "python/src/bindings.h"
#include "python/src/shared_objects.h"

namespace py = pybind11;

namespace kibitz::python {

std::vector<BoundObservation> bind_stream(const std::shared_ptr<const Game>& game, const SeatStream& stream) {
  std::vector<BoundObservation> out;
  out.reserve(stream.size());
  for (const Observation& o : stream) out.push_back({game, o});
  return out;
}

SeatStream unbind_stream(const Game& game, const std::vector<BoundObservation>& stream) {
  SeatStream out;
  out.reserve(stream.size());
  for (const BoundObservation& o : stream) {
    if (o.game->spec() != game.spec()) {
      throw error("an observation of ", o.game->spec(), " in a stream of ", game.spec());
    }
    out.push_back(o.observation);
  }
  return out;
}

std::string stream_json(const std::vector<BoundObservation>& stream) {
  std::string out = "[";
  for (std::size_t i = 0; i < stream.size(); ++i) {
    if (i > 0) out += ", ";
    out += stream[i].game->stream_spec().to_json(stream[i].observation);
  }
  return out + "]";
}

namespace {

std::string text_of(const BoundObservation& o) { return o.game->stream_spec().to_text(o.observation); }
std::string json_of(const BoundObservation& o) { return o.game->stream_spec().to_json(o.observation); }

py::object dict_of(const BoundObservation& o) { return py::module_::import("json").attr("loads")(json_of(o)); }

BoundObservation from_text(const std::shared_ptr<Game>& game, const std::string& text) {
  Observation o = game->stream_spec().from_text(text);
  game->stream_spec().validate(o, game->num_players());
  return {game, o};
}

BoundObservation from_json(const std::shared_ptr<Game>& game, const py::object& json) {
  // A dict is written out by Python's json first; a str is taken as JSON text.
  std::string text = py::isinstance<py::str>(json) ? json.cast<std::string>()
                                                   : py::module_::import("json").attr("dumps")(json).cast<std::string>();
  Observation o = game->stream_spec().from_json(text);
  game->stream_spec().validate(o, game->num_players());
  return {game, o};
}

}  // namespace

void bind_observation(py::module_& m) {
  py::class_<BoundObservation>(m, "Observation", "One thing a seat observed: a kind and its values.")
      .def_property_readonly("kind",
                             [](const BoundObservation& o) { return o.game->stream_spec().kind(o.observation.kind).name; })
      .def_property_readonly("kind_index", [](const BoundObservation& o) { return int{o.observation.kind}; })
      .def_property_readonly("values",
                             [](const BoundObservation& o) {
                               auto used = o.observation.used();
                               return std::vector<int>(used.begin(), used.end());
                             })
      .def_property_readonly("text", &text_of)
      .def("to_json", &json_of, "The observation as one JSON object's text.")
      .def("to_dict", &dict_of, "The JSON form as a Python dict.")
      .def_static("from_text", &from_text, py::arg("game"), py::arg("text"),
                  "Reads an observation's text (as Observation.text writes it) for `game`.")
      .def_static("from_json", &from_json, py::arg("game"), py::arg("json"),
                  "Reads an observation's JSON (a str or a dict) for `game`.")
      .def("__eq__",
           [](const BoundObservation& a, const BoundObservation& b) {
             return a.observation == b.observation && a.game->spec() == b.game->spec();
           })
      .def("__str__", &text_of)
      .def("__repr__", [](const BoundObservation& o) { return "<kibitz.Observation " + text_of(o) + ">"; });

  m.def("stream_to_json", &stream_json, py::arg("stream"), "A list of observations as one JSON array.");
}

}  // namespace kibitz::python
