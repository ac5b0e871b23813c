#include "tools/replay/laws_report_command.h"

#include <iostream>

#include "env/core/atomic_file.h"
#include "replays/analysis/laws_events.h"
#include "replays/analysis/laws_figures.h"
#include "tools/replay/laws_report_html.h"

namespace kibitz::tools {

namespace analysis = replays::analysis;

analysis::LawsReport laws_report(const std::vector<replays::ReplayRecord>& records, const std::string& source,
                                 std::size_t detailed) {
  analysis::LawsReport report;
  report.source = source;
  report.records = records.size();
  analysis::LawsFiguresBuilder figures;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (!analysis::is_laws_record(records[i])) {
      figures.skip();
      continue;
    }
    analysis::LawsGameEvents game = analysis::laws_events(records[i], i);
    figures.add(game);
    if (i == detailed) report.game = std::move(game);
  }
  report.figures = figures.figures();
  return report;
}

void write_laws_report(const std::vector<replays::ReplayRecord>& records, const std::string& source,
                       std::size_t detailed, const std::string& html_out, const std::string& json_out,
                       std::chrono::steady_clock::time_point start) {
  // Built in full before either file is written: a bad record leaves no file.
  const analysis::LawsReport report = laws_report(records, source, detailed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!html_out.empty()) {
    write_file_atomically(html_out, [&](std::ostream& out) { write_laws_report_html(report, seconds, out); });
  }
  if (!json_out.empty()) {
    write_file_atomically(json_out, [&](std::ostream& out) { analysis::write_laws_json(report, out); });
  }
  std::cout << "wrote";
  if (!html_out.empty()) std::cout << " " << html_out;
  if (!html_out.empty() && !json_out.empty()) std::cout << " and";
  if (!json_out.empty()) std::cout << " " << json_out;
  std::cout << ": Laws and Disorder laws of " << report.figures.games << " game"
            << (report.figures.games == 1 ? "" : "s") << " by " << report.figures.agents.size() << " agent"
            << (report.figures.agents.size() == 1 ? "" : "s") << ", record " << detailed << " in detail ("
            << report.game.laws.size() << " laws)\n";
}

}  // namespace kibitz::tools
