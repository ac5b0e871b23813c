// SeatRecord: what one seat knew of a game, kept by whoever played it for
// that seat (`kibitz seat` at a physical table, `kibitz engine`): its stream
// of observations, each of its decisions (how much of the stream it had
// seen, what it played, what the AI advised) and the result when the stream
// settles it. Unlike a ReplayRecord it holds no true state: nothing the
// seat did not see was ever known. `kibitz review` reads it as it reads a
// full record's seat (docs/replays.md, "Seat records").
//
// Stored as one JSON document, {"format": "kibitz-seat-record",
// "version": 1, ...}, the observations in their JSON form (the game's
// StreamSpec), so a person can read it and another program write one.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "env/core/observation.h"
#include "env/core/types.h"

namespace kibitz::replays {

inline constexpr int kSeatRecordVersion = 1;
// A seat record's file is read whole; none comes near this.
inline constexpr std::size_t kMaxSeatRecordBytes = 64 << 20;

struct SeatRecordDecision {
  std::size_t stream_size = 0;  // observations the seat had seen
  std::string played;           // its action text; empty when not known
  std::string advised;          // what the AI advised; empty when none
  bool operator==(const SeatRecordDecision&) const = default;
};

struct SeatRecord {
  std::string game;  // the canonical game spec
  Player seat = 0;
  std::string agent;   // the AI's agent spec, if one advised
  std::string source;  // what kept it: "kibitz seat", "kibitz engine"
  std::string start_time;
  SeatStream stream;
  std::vector<SeatRecordDecision> decisions;
  std::optional<std::vector<double>> returns;  // when the seat's stream settles them
  bool operator==(const SeatRecord&) const = default;
};

void write_seat_record(std::ostream& out, const SeatRecord& record);

// How read_seat_record treats a file that did not come from its reader's
// own hands (a server reading an upload).
struct SeatRecordChecks {
  // The spec to load for the record's "game", or a KibitzError refusing
  // it: a server checks a client's spec against its policy before any game
  // is built from it. Empty: the record's spec as it is.
  std::function<std::string(const std::string&)> game_spec;
  // Whether an error may quote what the file holds (a key, a kind, the
  // game's name): yes for a person's own file, where that helps; no for a
  // file from the network, whose errors then name the problem only.
  bool quote = true;
};

// Reads one seat record, checking everything (strict JSON, the format and
// version, the game, every observation against the game's stream and the
// decisions against the stream's length); throws KibitzError naming
// `source` and the problem, never quoting the file's bytes at length.
SeatRecord read_seat_record(std::istream& in, const std::string& source, const SeatRecordChecks& checks = {});

// Whether `in` (not consumed) starts like a JSON document rather than a
// replay file's frames.
bool looks_like_json(std::istream& in);

}  // namespace kibitz::replays
