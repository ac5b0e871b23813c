// Replays from Python (replays/): records, replay files (binary, framed and
// checksummed, written atomically), their JSON form, and verification by
// re-simulation. A record is its game's spec plus every action, so
// ReplayRecord.state() rebuilds the final state.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "python/src/bindings.h"
#include "python/src/shared_objects.h"
#include "replays/record_json.h"
#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/replay_writer.h"
#include "replays/verify.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

using replays::ReplayRecord;

py::list annotation_list(const ReplayRecord& record) {
  py::list out;
  for (const replays::Annotation& a : record.annotations) {
    py::dict entry;
    entry["move"] = a.move;
    entry["policy"] = a.decision.policy;
    entry["value"] = a.decision.has_value ? py::object(py::float_(a.decision.value)) : py::object(py::none());
    py::dict stats;
    for (const auto& [name, value] : a.decision.stats) stats[py::str(name)] = value;
    entry["stats"] = stats;
    out.append(entry);
  }
  return out;
}

void write_replay_file(const std::string& path, const std::vector<ReplayRecord>& records, bool append) {
  replays::ReplayWriter writer(path, append ? replays::WriteMode::kAppend : replays::WriteMode::kReplace);
  for (const ReplayRecord& record : records) writer.write(record);
  writer.close();
}

std::string records_to_json(const std::vector<ReplayRecord>& records) {
  std::ostringstream out;
  {
    replays::JsonRecordWriter writer(out);
    for (const ReplayRecord& record : records) writer.write(record);
    writer.finish();
  }
  return out.str();
}

std::vector<ReplayRecord> records_from_json(const std::string& text) {
  std::istringstream in(text);
  return replays::read_json_records(in, "JSON text");
}

std::vector<std::string> verify(const ReplayRecord& record) {
  std::vector<std::string> out;
  for (const replays::Problem& problem : replays::verify_record(record)) out.push_back(replays::describe(problem));
  return out;
}

void bind_record(py::module_& m) {
  py::class_<ReplayRecord>(m, "ReplayRecord", "One finished game: spec, seed, seats, every action, returns.")
      .def(py::init<>())
      .def_readwrite("game", &ReplayRecord::game)
      .def_readwrite("seed", &ReplayRecord::seed)
      .def_readwrite("seat_labels", &ReplayRecord::seat_labels)
      .def_readwrite("agent_specs", &ReplayRecord::agent_specs)
      .def_readwrite("actions", &ReplayRecord::actions)
      .def_readwrite("returns", &ReplayRecord::returns)
      .def_readwrite("start_time", &ReplayRecord::start_time)
      .def_readwrite("duration_seconds", &ReplayRecord::duration_seconds)
      .def_property(
          "forfeit",
          [](const ReplayRecord& r) -> py::object {
            if (!r.forfeit.happened()) return py::none();
            return py::make_tuple(r.forfeit.seat, r.forfeit.reason);
          },
          [](ReplayRecord& r, const py::object& value) {
            r.forfeit = value.is_none() ? Forfeit{} : Forfeit{value[py::int_(0)].cast<int>(),
                                                               value[py::int_(1)].cast<std::string>()};
          },
          "None, or (seat, reason) for a game that seat forfeited by a bad answer "
          "(kibitz arena --on-bad-answer forfeit).")
      .def_property_readonly("annotations", &annotation_list)
      .def("action_texts", &replays::action_texts, "Each action as its mover would say it.")
      .def("verify", &verify, "Every problem re-simulation finds, as text; empty when the record is sound.")
      .def("state", [](const ReplayRecord& r) { return share(load_game(r.game)->state_from_history(r.actions)); },
           "The final state, rebuilt from the game spec and the actions.")
      .def("same_game", &replays::same_game, py::arg("other"), "Equal but for start time and duration.")
      .def("__eq__", [](const ReplayRecord& a, const ReplayRecord& b) { return a == b; })
      .def("__repr__", [](const ReplayRecord& r) {
        return "<kibitz.ReplayRecord " + r.game + ", " + std::to_string(r.actions.size()) + " actions>";
      });
}

}  // namespace

void bind_replays(py::module_& m) {
  bind_record(m);
  m.def("read_replay_file", &replays::read_replay_file, py::arg("path"), py::arg("expected_game") = "",
        "Every record of a replay file; KibitzError names a truncated or corrupt frame.");
  m.def("write_replay_file", &write_replay_file, py::arg("path"), py::arg("records"), py::arg("append") = false,
        "Writes records to a replay file atomically (replacing it, or appending after its records).");
  m.def("records_to_json", &records_to_json, py::arg("records"), "Records as `kibitz replay export`'s JSON.");
  m.def("records_from_json", &records_from_json, py::arg("text"), "Records from their JSON form.");
}

}  // namespace kibitz::python
