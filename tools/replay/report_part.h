// A game's own `kibitz replay report`: the page (and JSON) written when the
// record shown in detail is one of its games. A game declares it in
// tools/replay/<game>/manifest.cc (env/core/game_parts.h); report_command.cc
// looks the record's game up here. A game without one gets the default
// page: the seats, the moves and the returns (for Loyalist Spies, whose
// analysis is read from its states, the bluff report).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "env/core/game_parts.h"
#include "replays/replay_record.h"

namespace kibitz::tools {

struct ReportPart {
  // Writes the report of `records` (read from `source`) with record
  // `detailed` in detail to `html_out` and/or `json_out` (each atomically;
  // an empty path is not written), then prints what it wrote. Records of
  // other games are counted as skipped.
  std::function<void(const std::vector<replays::ReplayRecord>& records, const std::string& source,
                     std::size_t detailed, const std::string& html_out, const std::string& json_out,
                     std::chrono::steady_clock::time_point start)>
      write;
};

using ReportParts = GameParts<ReportPart>;

}  // namespace kibitz::tools
