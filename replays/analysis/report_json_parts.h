// JSON pieces that the per-game reports (the Adulting bid-and-claim report
// and the Laws and Disorder laws report) write alike: the document's
// opening fields, a share with its interval, and a list of plain values.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "replays/analysis/json_writer.h"
#include "replays/analysis/wilson_interval.h"

namespace kibitz::replays::analysis {

// Opens the document and writes the fields every report starts with: which
// report, its version, the file, its records, the games read and the
// records of other games left out. The caller closes the document.
void report_json_head(JsonWriter& j, const char* report, int version, const std::string& source,
                      std::size_t records, std::size_t games, std::size_t skipped);

// {"hits", "total", "rate", "low", "high"} of a share.
void proportion_json(JsonWriter& j, const char* name, const Proportion& p);

// `values` as a JSON list named `name` (no name inside a list).
template <class T>
void list_json(JsonWriter& j, const char* name, const std::vector<T>& values) {
  j.open(name, '[');
  for (const T& v : values) j.field(nullptr, v);
  j.close(']');
}

}  // namespace kibitz::replays::analysis
