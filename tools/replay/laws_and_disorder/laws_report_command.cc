#include "tools/replay/laws_and_disorder/laws_report_command.h"

#include <iostream>

#include "replays/analysis/laws_and_disorder/laws_events.h"
#include "replays/analysis/laws_and_disorder/laws_figures.h"
#include "tools/replay/laws_and_disorder/laws_report_html.h"
#include "tools/replay/report_command_parts.h"

namespace kibitz::tools {

namespace analysis = replays::analysis;

analysis::LawsReport laws_report(const std::vector<replays::ReplayRecord>& records, const std::string& source,
                                 std::size_t detailed) {
  return game_report<analysis::LawsReport, analysis::LawsFiguresBuilder>(
      records, source, detailed, analysis::is_laws_record,
      [](const replays::ReplayRecord& record, std::size_t i) { return analysis::laws_events(record, i); });
}

void write_laws_report(const ReportRequest& request) {
  // Built in full before either file is written: a bad record leaves no file.
  const analysis::LawsReport report = laws_report(request.records, request.source, request.detailed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - request.start).count();
  write_report_files(
      request.html_out, [&](std::ostream& out) { write_laws_report_html(report, seconds, out); }, request.json_out,
      [&](std::ostream& out) { analysis::write_laws_json(report, out); });
  std::cout << ": Laws and Disorder laws of " << report.figures.games << " game"
            << (report.figures.games == 1 ? "" : "s") << " by " << report.figures.agents.size() << " agent"
            << (report.figures.agents.size() == 1 ? "" : "s") << ", record " << request.detailed << " in detail ("
            << report.game.laws.size() << " laws)\n";
}

}  // namespace kibitz::tools
