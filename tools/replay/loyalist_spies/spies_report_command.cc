#include "tools/replay/loyalist_spies/spies_report_command.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <iostream>
#include <optional>
#include <thread>

#include "agents/match/worker_pool.h"
#include "replays/analysis/loyalist_spies/spies_json.h"
#include "tools/progress_bar.h"
#include "tools/replay/report_command_parts.h"
#include "tools/replay/report_html.h"

namespace kibitz::tools {

namespace analysis = replays::analysis;
using analysis::GameAnalysis;
using analysis::ReportOptions;
using analysis::ReportSummary;
using replays::ReplayRecord;

// Every record's analysis depends on its own seed alone, each filtered from
// the public view only, and the results are added in record order: the
// summary does not depend on the number of threads. A record that fails is
// kept, not rethrown at once, so that the error reported is the lowest
// failing record's whichever thread met it first.
ReportSummary spies_summary(const std::vector<ReplayRecord>& records, std::size_t detailed,
                            const GameAnalysis& game, const ReportOptions& options,
                            std::size_t& skipped) {
  std::vector<std::optional<GameAnalysis>> results(records.size());
  std::vector<std::exception_ptr> failures(records.size());
  const auto planned = static_cast<std::int64_t>(records.size());
  ProgressBar bar(std::cerr, "kibitz replay report", "games", planned, ::isatty(STDERR_FILENO) != 0,
                  records.size() > 50);
  WorkerPoolOptions pool;
  pool.threads = static_cast<int>(std::clamp<std::int64_t>(std::thread::hardware_concurrency(), 1,
                                                           std::max<std::int64_t>(planned, 1)));
  pool.progress = [&](std::int64_t done, std::int64_t) { bar.update(done); };
  pool.progress_interval = std::chrono::milliseconds(100);
  run_jobs(planned, pool, [&](int) -> Job {
    return [&](std::int64_t job) {
      const auto i = static_cast<std::size_t>(job);
      if (i == detailed) return;
      try {
        results[i] = analysis::analyze_game(records[i], i, options, false);
      } catch (...) {
        failures[i] = std::current_exception();
      }
    };
  });
  bar.finish(planned);

  analysis::SummaryBuilder summary;
  skipped = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (failures[i]) std::rethrow_exception(failures[i]);
    const GameAnalysis& analysis = i == detailed ? game : *results[i];
    if (analysis.spies) {
      summary.add(analysis.timeline, analysis.public_track, analysis.verdicts, records[i].seat_labels);
    } else {
      ++skipped;
    }
  }
  return summary.summary();
}

void write_spies_report(const ReportRequest& request) {
  // Built in full before either file is written: a bad record leaves no file.
  const GameAnalysis game =
      analysis::analyze_game(request.records[request.detailed], request.detailed, request.options, true);
  ReportPage page;
  page.source = request.source;
  page.records = request.records.size();
  page.options = request.options;
  page.game = &game;
  page.summary = spies_summary(request.records, request.detailed, game, request.options, page.skipped);
  page.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - request.start).count();
  const analysis::SpiesReportHead head{request.source, request.records.size(), page.skipped, request.detailed,
                                       request.options};
  write_report_files(
      request.html_out, [&](std::ostream& out) { write_report_html(page, out); }, request.json_out,
      [&](std::ostream& out) { analysis::write_spies_json(head, *page.summary, out); });
  std::cout << ": Loyalist Spies bluffs, record " << request.detailed << " in detail ("
            << game.record.game << "), summary over " << page.summary->games << " game"
            << (page.summary->games == 1 ? "" : "s") << "\n";
}

}  // namespace kibitz::tools
