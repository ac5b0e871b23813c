// How a named report of `kibitz corpus report` turns SQL rows into a table:
// a report is one SQL statement plus a plan of its columns, each read from
// one or two columns of the statement's row. Shares get their 95% Wilson
// interval (analysis/wilson_interval.h) here, not in SQL, so every report
// computes them as the replay reports do. For people a share is one cell,
// "37.5% [31.9, 43.1] n=8"; for CSV and JSON its count, total, rate and
// bounds each get a column (`lie_hits`, `lie_total`, `lie_rate`,
// `lie_low`, `lie_high`), as the agents report always did.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "replays/analysis/wilson_interval.h"
#include "replays/corpus/result_table.h"
#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

// One column of a report, read from the SQL row's columns `a` and `b`.
struct ReportColumn {
  enum class Kind {
    kText,   // column a, as text
    kCount,  // column a, an integer (NULL stays NULL)
    kShare,  // a hits of b, with its 95% Wilson interval (NULL total: no such figure)
    kMean,   // the sum a over the count b (NULL when b is 0 or NULL)
  };
  Kind kind = Kind::kText;
  std::string key;      // CSV/JSON name; a share's prefix
  std::string heading;  // the text table's heading
  int a = 0;
  int b = 0;
};

// A report's statement and columns. The statement may use ?1, the game
// ('' for every game), and ?2, the seat (-1 for every seat).
struct ReportQuery {
  std::string sql;
  std::vector<ReportColumn> columns;
};

// Runs `query` with the filters bound and lays its rows out for people
// (`for_people`) or for CSV and JSON.
ResultTable run_report_query(Database& db, const ReportQuery& query, const std::string& game,
                             int seat, bool for_people);

// A share as people read it; "" for no figure, "-" for nothing counted.
std::string share_text(const std::optional<analysis::Proportion>& p);

// A share's five cells (hits, total, rate, low, high), NULL for no figure.
void add_share_cells(std::vector<Cell>& row, const std::optional<analysis::Proportion>& p);

// The five column names of a share: KEY_hits, KEY_total, ...
void add_share_columns(std::vector<std::string>& columns, const std::string& key);

}  // namespace kibitz::replays::corpus
