// Fuzz target: what `kibitz replay view`, `replay export --json` and
// `replay report` do with a record, after decoding it. The input is one
// record payload, as in record_decode_fuzzer (no frame, so no checksum stops
// the mutations). Whatever decodes goes to every reader path on its own,
// without verify_record first: each path must check what it names (a chance
// action out of range, a seat that does not exist) by itself, because the
// commands do not verify before they read.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>

#include "env/core/error.h"
#include "fuzz/fuzz_support.h"
#include "replays/analysis/game_analysis.h"
#include "replays/analysis/report_summary.h"
#include "replays/record_codec.h"
#include "replays/record_json.h"
#include "replays/replay_record.h"
#include "tools/replay/replay_view.h"
#include "tools/replay/report_html.h"

namespace {

using namespace kibitz;

// `replay view FILE --reveal` and `--as-seat P`, printed and browsed. Seats
// -1 and past the last are asked for too: the command passes any integer.
void view(const replays::ReplayRecord& record) {
  tools::ViewOptions reveal;
  reveal.reveal = true;
  fuzz::expect_kibitz_errors([&] {
    const tools::ReplayScreens screens = tools::render_replay(record, 0, reveal);
    std::ostringstream out;
    tools::print_replay(screens, out);
    std::istringstream commands("n\nb\nj 3\n\nq\n");
    tools::browse_replay(screens, commands, out, true);
  });
  for (Player seat = -1; seat <= 4; ++seat) {
    tools::ViewOptions as_seat;
    as_seat.as_seat = seat;
    fuzz::expect_kibitz_errors([&] {
      std::ostringstream out;
      tools::print_replay(tools::render_replay(record, 0, as_seat), out);
    });
  }
}

// `replay export --json`: the JSON writer names every action.
void export_json(const replays::ReplayRecord& record) {
  fuzz::expect_kibitz_errors([&] {
    std::ostringstream out;
    replays::JsonRecordWriter json(out);
    json.write(record);
    json.finish();
  });
}

// `replay report`: the full analysis of the detailed game, the summary
// analysis of the others and the page. Few particles: the filters' work per
// particle is the same, and the fuzzer wants many runs a second.
void report(const replays::ReplayRecord& record) {
  replays::analysis::ReportOptions options;
  options.particles = 16;
  options.replicates = 1;
  fuzz::expect_kibitz_errors([&] {
    const replays::analysis::GameAnalysis game =
        replays::analysis::analyze_game(record, 0, options, true);
    const replays::analysis::GameAnalysis summary_game =
        replays::analysis::analyze_game(record, 1, options, false);
    tools::ReportPage page;
    page.source = "fuzz input";
    page.records = 2;
    page.options = options;
    page.game = &game;
    if (game.spies) {
      replays::analysis::SummaryBuilder summary;
      summary.add(game.timeline, game.public_track, game.verdicts);
      summary.add(summary_game.timeline, summary_game.public_track, summary_game.verdicts);
      page.summary = summary.summary();
    }
    std::ostringstream out;
    tools::write_report_html(page, out);
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  replays::ReplayRecord record;
  try {
    replays::decode_record(fuzz::as_text(data, size), record);
  } catch (const KibitzError&) {
    return 0;
  }
  view(record);
  export_json(record);
  report(record);
  return 0;
}
