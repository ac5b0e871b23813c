// The Loyalist Spies branch of `kibitz replay report` (report_command.cc
// sends a file here when the record shown in detail is a Spies game): the
// record in detail, with every hidden card, the belief tracks and the bluffs,
// and the summary over every Spies record of the file, as the HTML page
// and/or the JSON (docs/bluff_report.md).
#pragma once

#include <cstddef>
#include <vector>

#include "replays/analysis/game_analysis.h"
#include "replays/analysis/report_summary.h"
#include "replays/replay_record.h"
#include "tools/replay/report_part.h"

namespace kibitz::tools {

// The summary over every Loyalist Spies record of `records`, `game` being
// record `detailed`'s analysis (not redone). Records of other games are
// counted in `skipped`. The analyses run on all cores, with a progress bar
// on stderr for long files; the summary does not depend on the number of
// threads. Throws KibitzError naming the first record that does not replay.
replays::analysis::ReportSummary spies_summary(const std::vector<replays::ReplayRecord>& records,
                                               std::size_t detailed,
                                               const replays::analysis::GameAnalysis& game,
                                               const replays::analysis::ReportOptions& options,
                                               std::size_t& skipped);

// Builds the report and writes it to the request's outputs; prints what it
// wrote.
void write_spies_report(const ReportRequest& request);

}  // namespace kibitz::tools
