#include "tools/replay/adulting/adulting_report_command.h"

#include <iostream>

#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/adulting/adulting_figures.h"
#include "tools/replay/adulting/adulting_report_html.h"
#include "tools/replay/report_command_parts.h"

namespace kibitz::tools {

namespace analysis = replays::analysis;

analysis::AdultingReport adulting_report(const std::vector<replays::ReplayRecord>& records,
                                         const std::string& source, std::size_t detailed) {
  return game_report<analysis::AdultingReport, analysis::AdultingFiguresBuilder>(
      records, source, detailed, analysis::is_adulting_record,
      [](const replays::ReplayRecord& record, std::size_t i) { return analysis::adulting_events(record, i); });
}

void write_adulting_report(const ReportRequest& request) {
  // Built in full before either file is written: a bad record leaves no file.
  const analysis::AdultingReport report = adulting_report(request.records, request.source, request.detailed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - request.start).count();
  write_report_files(
      request.html_out, [&](std::ostream& out) { write_adulting_report_html(report, seconds, out); }, request.json_out,
      [&](std::ostream& out) { analysis::write_adulting_json(report, out); });
  std::cout << ": Adulting bids and claims of " << report.figures.games << " game"
            << (report.figures.games == 1 ? "" : "s") << " by " << report.figures.agents.size() << " agent"
            << (report.figures.agents.size() == 1 ? "" : "s") << ", record " << request.detailed << " in detail, "
            << report.figures.flagged.size() << " games flagged\n";
}

}  // namespace kibitz::tools
