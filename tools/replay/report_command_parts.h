// What the per-game branches of `kibitz replay report` (the Adulting
// bid-and-claim report, the Laws and Disorder laws report) do alike: build
// a file's report from the records of their game, and write its HTML and
// JSON files, each whole or not at all.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "replays/replay_record.h"

namespace kibitz::tools {

// The report of `records` (read from `source`): every record for which
// `is_game(record)` read by `events(record, index)` and added to a
// `Builder`'s figures, the other records counted as skipped, and record
// `detailed` kept as the game shown in detail.
template <class Report, class Builder, class IsGame, class Events>
Report game_report(const std::vector<replays::ReplayRecord>& records, const std::string& source,
                   std::size_t detailed, IsGame is_game, Events events) {
  Report report;
  report.source = source;
  report.records = records.size();
  Builder figures;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (!is_game(records[i])) {
      figures.skip();
      continue;
    }
    auto game = events(records[i], i);
    figures.add(game);
    if (i == detailed) report.game = std::move(game);
  }
  report.figures = figures.figures();
  return report;
}

// Writes `html` to `html_out` and `json` to `json_out`, each atomically (an
// empty path is not written), then prints "wrote A and B" without ending
// the line: the caller adds what the report holds.
void write_report_files(const std::string& html_out, const std::function<void(std::ostream&)>& html,
                        const std::string& json_out, const std::function<void(std::ostream&)>& json);

}  // namespace kibitz::tools
