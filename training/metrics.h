// The metrics of a training run: one JSON object per line in
// DIR/metrics.jsonl (appended and flushed per iteration, so a crashed run
// keeps what it logged). training/learning_curve.h draws them.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kibitz::training {

// One line of metrics.jsonl: named numbers in the order they were added.
struct MetricsRecord {
  std::vector<std::pair<std::string, double>> values;

  void add(std::string name, double value) { values.emplace_back(std::move(name), value); }
  // The value of `name`, or nullptr.
  const double* find(std::string_view name) const;
  // {"iteration":3,"step":6144,"loss":0.41,...}: integers without a point,
  // other numbers with 9 significant digits (non-finite ones as null).
  std::string to_json() const;
};

// Parses a line written by to_json: a flat object of JSON numbers and nulls
// (null reads as NaN). Throws KibitzError naming `where` (the file and line)
// on anything else, including the non-finite spellings other writers use
// (NaN, Infinity), numbers beyond the range of a double and duplicate keys.
MetricsRecord parse_metrics_line(std::string_view line, std::string_view where);

// Appends records to metrics.jsonl and keeps them for the plot.
class MetricsLog {
 public:
  // Opens `path`. With `keep_through_iteration` >= 0 (a resumed run), keeps
  // the existing lines whose "iteration" is at most that and rewrites the
  // file atomically without the rest (what the interrupted run logged after
  // its last checkpoint is redone); otherwise starts the file afresh.
  MetricsLog(std::string path, std::int64_t keep_through_iteration);

  void append(const MetricsRecord& record);
  const std::vector<MetricsRecord>& records() const { return records_; }

 private:
  std::string path_;
  std::vector<MetricsRecord> records_;
  std::ofstream out_;
};

}  // namespace kibitz::training
