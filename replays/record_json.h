// Records as JSON for people (cereal's JSON archive, every field named):
//
//   {"format_version": 1,
//    "records": [{"game": "kuhn_poker(players=2)", "seed": 0, "seat_labels": [...],
//                 "agent_specs": [...], "actions": [...], "annotations": [...],
//                 "returns": [...], "start_time": "...", "duration_seconds": 0.01,
//                 "action_text": ["deal J", "deal K", "pass", ...],
//                 "action_player": ["chance", "chance", 0, ...],
//                 "outcome": {"game": "kuhn_poker", "finished": true, ...},
//                 "chance_seat": [0, 1, null, ...], "forced_chance": [...],
//                 "events": [{"move": 0, "kind": "dealt", ...}, ...], "final": {...}}, ...]}
//
// action_text, action_player, outcome and the timeline fields are for
// reading only (each action as its mover would say it, who moved, the
// public outcome from replays/analysis/game_outcome.h, the timeline from
// export_timeline.h); reading ignores them. docs/replays.md describes every
// field.
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "replays/replay_record.h"

namespace kibitz::replays {

// Streams records into one JSON document, so exporting a large file never
// holds all of it in memory.
class JsonRecordWriter {
 public:
  // `out` must outlive the writer.
  explicit JsonRecordWriter(std::ostream& out);
  // Completes the document if finish() was not called.
  ~JsonRecordWriter();
  JsonRecordWriter(const JsonRecordWriter&) = delete;
  JsonRecordWriter& operator=(const JsonRecordWriter&) = delete;

  void write(const ReplayRecord& record);
  // Closes the records list and the document.
  void finish();

 private:
  struct Archive;
  std::unique_ptr<Archive> archive_;
};

// The most JSON text read_json_records reads.
inline constexpr std::size_t kMaxReplayJsonBytes = std::size_t{1} << 30;

// Reads a document written by JsonRecordWriter; `source` names it in errors.
// Throws KibitzError naming the source and the problem: more than
// kMaxReplayJsonBytes, JSON that is invalid or not strict
// (replays/strict_json.h), a missing or mistyped field, another format version.
std::vector<ReplayRecord> read_json_records(std::istream& in,
                                            const std::string& source = "replay JSON");

// Each action's text as its mover would say it (action_to_string); "?" from
// the first action that does not replay legally (verify says why).
std::vector<std::string> action_texts(const ReplayRecord& record);

}  // namespace kibitz::replays
