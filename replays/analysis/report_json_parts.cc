#include "replays/analysis/report_json_parts.h"

namespace kibitz::replays::analysis {

void report_json_head(JsonWriter& j, const char* report, int version, const std::string& source,
                      std::size_t records, std::size_t games, std::size_t skipped) {
  j.open(nullptr, '{').field("report", report);
  j.field("version", version).field("source", source);
  j.field("records", records).field("games", games);
  j.field("skipped", skipped);
}

void proportion_json(JsonWriter& j, const char* name, const Proportion& p) {
  j.open(name, '{').field("hits", p.hits).field("total", p.total).field("rate", p.rate);
  j.field("low", p.low).field("high", p.high).close('}');
}

}  // namespace kibitz::replays::analysis
