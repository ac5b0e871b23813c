// The pieces of the replay viewer's document (web/replay_view.h) that the
// per-game analyses fill in (web/games/<game>/, declared as web parts,
// web/game_part.h): a replayed record with the step of every stream entry,
// and the annotations and charts each game's analysis adds at steps.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "env/core/observation.h"
#include "env/core/state.h"
#include "replays/analysis/game_analysis.h"
#include "replays/replay_record.h"

namespace kibitz::web::view {

// A record replayed to its end: every seat's stream (and the public one)
// with, for each entry, the step at which it first existed (step k = after
// k moves; an entry made by move k - 1 has step k, the deal's too).
struct ReplayedRecord {
  std::unique_ptr<State> state;               // after every move
  int moves = 0;                              // M
  std::vector<SeatStream> streams;            // per seat
  std::vector<std::vector<int>> steps;        // steps[s][i]: of streams[s][i]
  SeatStream public_stream;
  std::vector<int> public_steps;

  // The step of entry `entry` of seat `seat`'s stream (M past the end).
  int step_of(Player seat, std::size_t entry) const;
};

// A note at a step: "bluff", "honest", "fooled", "claim", "lie", ...
struct ViewAnnotation {
  int step = 0;
  int seat = -1;  // the seat it concerns, or -1 for the table
  std::string kind;
  std::string text;
};

// One line of a chart: (step, value) points, steps non-decreasing.
struct ViewSeries {
  std::string label;
  int seat = -1;
  std::vector<std::pair<int, double>> points;
};

// A chart of values over steps, as one viewer saw them.
struct ViewChart {
  std::string title;
  int viewer = kSpectator;  // kSpectator: the public; else a seat
  std::string y_label;
  double y_min = 0.0;
  double y_max = 1.0;
  std::vector<ViewSeries> series;
};

struct GameNotes {
  std::vector<ViewAnnotation> annotations;
  std::vector<ViewChart> charts;
};

// "P2 (heuristic)": a seat with its label from the record.
std::string seat_label(const replays::ReplayRecord& record, int seat);

}  // namespace kibitz::web::view
