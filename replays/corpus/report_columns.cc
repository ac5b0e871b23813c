#include "replays/corpus/report_columns.h"

#include <sqlite3.h>

#include <cmath>
#include <cstdio>

#include "env/core/error.h"

namespace kibitz::replays::corpus {

namespace analysis = replays::analysis;

namespace {

std::optional<analysis::Proportion> share_at(Statement& s, const ReportColumn& c) {
  if (s.is_null(c.b)) return std::nullopt;
  const long long hits = s.is_null(c.a) ? 0 : s.integer(c.a);
  return analysis::wilson(static_cast<int>(hits), static_cast<int>(s.integer(c.b)));
}

// NaN when nothing was counted: real_cell makes that NULL.
double mean_at(Statement& s, const ReportColumn& c) {
  if (s.is_null(c.b) || s.integer(c.b) == 0) return std::nan("");
  return (s.is_null(c.a) ? 0.0 : s.real(c.a)) / static_cast<double>(s.integer(c.b));
}

// Four significant digits for people: a mean length of 1350 actions and a
// mean duration of 0.0004 s both read.
Cell mean_for_people(double mean) {
  if (!std::isfinite(mean)) return text_cell("-");
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", mean);
  return {Cell::Kind::kReal, text};
}

void add_cells(Statement& s, const ReportColumn& c, bool for_people, std::vector<Cell>& row) {
  switch (c.kind) {
    case ReportColumn::Kind::kText:
      row.push_back(s.is_null(c.a) ? Cell{} : text_cell(s.text(c.a)));
      return;
    case ReportColumn::Kind::kCount:
      row.push_back(s.is_null(c.a) ? Cell{} : integer_cell(s.integer(c.a)));
      return;
    case ReportColumn::Kind::kShare:
      if (for_people) {
        row.push_back(text_cell(share_text(share_at(s, c))));
      } else {
        add_share_cells(row, share_at(s, c));
      }
      return;
    case ReportColumn::Kind::kMean:
      row.push_back(for_people ? mean_for_people(mean_at(s, c)) : real_cell(mean_at(s, c)));
      return;
  }
}

}  // namespace

ResultTable run_report_query(Database& db, const ReportQuery& query, const std::string& game,
                             int seat, bool for_people) {
  Statement s(db, query.sql);
  // A report binds only the filters its statement names.
  const int parameters = sqlite3_bind_parameter_count(s.handle());
  KIBITZ_CHECK(parameters <= 2, "a report statement takes at most ?1 and ?2");
  if (parameters >= 1) s.bind(1, game);
  if (parameters >= 2) s.bind(2, seat);
  ResultTable table;
  for (const ReportColumn& c : query.columns) {
    if (c.kind == ReportColumn::Kind::kShare && !for_people) {
      add_share_columns(table.columns, c.key);
    } else {
      table.columns.push_back(for_people ? c.heading : c.key);
    }
  }
  while (s.step()) {
    std::vector<Cell> row;
    for (const ReportColumn& c : query.columns) add_cells(s, c, for_people, row);
    table.rows.push_back(std::move(row));
  }
  return table;
}

std::string share_text(const std::optional<analysis::Proportion>& p) {
  if (!p) return "";
  if (p->total == 0) return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%.1f%% [%.1f, %.1f] n=%d", 100 * p->rate, 100 * p->low,
                100 * p->high, p->total);
  return text;
}

void add_share_cells(std::vector<Cell>& row, const std::optional<analysis::Proportion>& p) {
  if (!p) {
    row.insert(row.end(), 5, Cell{});
    return;
  }
  row.push_back(integer_cell(p->hits));
  row.push_back(integer_cell(p->total));
  row.push_back(real_cell(p->rate));
  row.push_back(real_cell(p->low));
  row.push_back(real_cell(p->high));
}

void add_share_columns(std::vector<std::string>& columns, const std::string& key) {
  for (const char* part : {"hits", "total", "rate", "low", "high"})
    columns.push_back(key + "_" + part);
}

}  // namespace kibitz::replays::corpus
