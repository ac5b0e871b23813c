// A game's own `kibitz replay report`: the page and the JSON written when
// the record shown in detail is one of its games. A game declares it in
// tools/replay/<game>/manifest.cc (env/core/game_parts.h); report_command.cc
// looks the record's game up here. A game without one gets the default
// page: the seats, the moves and the returns.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "env/core/game_parts.h"
#include "replays/analysis/game_analysis.h"
#include "replays/replay_record.h"

namespace kibitz::tools {

// What `kibitz replay report` asks of a game's report, checked already:
// `detailed` is a record of `records`, every record a legal game, and at
// least one output path is set and writable.
struct ReportRequest {
  const std::vector<replays::ReplayRecord>& records;
  std::string source;  // the replay file, as named on the command line
  std::size_t detailed = 0;
  std::string html_out;  // empty: not written
  std::string json_out;  // empty: not written
  // --particles and --seed, for the reports that filter beliefs.
  replays::analysis::ReportOptions options;
  std::chrono::steady_clock::time_point start;  // when the command began
};

struct ReportPart {
  // Writes the report to the request's outputs (each atomically, and both
  // only once the report is built, so a bad record leaves no file), then
  // prints what it wrote. Records of other games are counted as skipped.
  std::function<void(const ReportRequest& request)> write;
};

using ReportParts = GameParts<ReportPart>;

}  // namespace kibitz::tools
