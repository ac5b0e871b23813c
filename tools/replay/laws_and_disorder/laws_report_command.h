// The Laws and Disorder branch of `kibitz replay report` (report_command.cc
// sends a file here when the record shown in detail is a Laws and Disorder
// game): reads the laws of every Laws and Disorder record from its seats'
// streams, adds up the figures per agent and writes the HTML page and/or
// the JSON (docs/laws_report.md).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "replays/analysis/laws_and_disorder/laws_json.h"
#include "replays/replay_record.h"
#include "tools/replay/report_part.h"

namespace kibitz::tools {

// The report of `records` (read from `source`) with record `detailed` shown
// in detail; records of other games are counted as skipped. Throws
// KibitzError naming the record when one is not a legal game.
replays::analysis::LawsReport laws_report(const std::vector<replays::ReplayRecord>& records,
                                          const std::string& source, std::size_t detailed);

// Builds the report and writes it to `html_out` and/or `json_out` (each
// atomically; an empty path is not written). Prints what it wrote.
void write_laws_report(const ReportRequest& request);

}  // namespace kibitz::tools
