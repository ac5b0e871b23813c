// Rows of a corpus query or report, and the three ways `kibitz corpus`
// prints them: an aligned text table, CSV (RFC 4180 quoting) and JSON (an
// array of objects, numbers as numbers).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

struct Cell {
  enum class Kind { kNull, kInteger, kReal, kText };
  Kind kind = Kind::kNull;
  std::string text;  // as printed; empty for NULL
};

struct ResultTable {
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;
  bool truncated = false;  // rows stopped at the limit
};

Cell integer_cell(long long value);
Cell real_cell(double value);  // NULL when not finite
Cell text_cell(std::string text);

// Steps `statement` to its end, keeping at most `max_rows` rows.
ResultTable collect_rows(Statement& statement, std::size_t max_rows);

enum class TableFormat { kText, kCsv, kJson };
void print_table(const ResultTable& table, TableFormat format, std::ostream& out);

}  // namespace kibitz::replays::corpus
