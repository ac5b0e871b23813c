#include "replays/corpus/result_table.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "env/core/json_text.h"

namespace kibitz::replays::corpus {

namespace {

// A cell's text on one line of the text table: control characters (a
// newline in a stored string) shown as '?', so rows stay rows.
std::string one_line(const Cell& cell) {
  if (cell.kind == Cell::Kind::kNull) return "NULL";
  std::string text = cell.text;
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return text;
}

// Display width: UTF-8 continuation bytes take no column.
std::size_t width(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
  }));
}

void print_text(const ResultTable& table, std::ostream& out) {
  std::vector<std::size_t> widths;
  for (const std::string& column : table.columns) widths.push_back(width(column));
  for (const auto& row : table.rows) {
    for (std::size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], width(one_line(row[c])));
  }
  const auto line = [&](const std::vector<std::string>& cells, const std::vector<bool>& right) {
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(widths[c] - width(cells[c]), ' ');
      out << (c == 0 ? "" : "  ")
          << (right[c] ? pad + cells[c] : cells[c] + (c + 1 < cells.size() ? pad : ""));
    }
    out << "\n";
  };
  line(table.columns, std::vector<bool>(table.columns.size(), false));
  std::vector<std::string> rule;
  for (const std::size_t w : widths) rule.emplace_back(w, '-');
  line(rule, std::vector<bool>(widths.size(), false));
  for (const auto& row : table.rows) {
    std::vector<std::string> cells;
    std::vector<bool> right;
    for (const Cell& cell : row) {
      cells.push_back(one_line(cell));
      right.push_back(cell.kind == Cell::Kind::kInteger || cell.kind == Cell::Kind::kReal);
    }
    line(cells, right);
  }
  out << "(" << table.rows.size() << " row" << (table.rows.size() == 1 ? "" : "s")
      << (table.truncated ? "; more not shown: raise --max-rows" : "") << ")\n";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

void print_csv(const ResultTable& table, std::ostream& out) {
  for (std::size_t c = 0; c < table.columns.size(); ++c)
    out << (c ? "," : "") << csv_field(table.columns[c]);
  out << "\r\n";
  for (const auto& row : table.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << csv_field(row[c].text);
    out << "\r\n";
  }
}

void print_json(const ResultTable& table, std::ostream& out) {
  out << "[";
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    out << (r ? ",\n " : "") << "{";
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      const Cell& cell = table.rows[r][c];
      out << (c ? "," : "") << json_quote(table.columns[c]) << ":";
      switch (cell.kind) {
        case Cell::Kind::kNull:
          out << "null";
          break;
        case Cell::Kind::kInteger:
        case Cell::Kind::kReal:
          out << cell.text;
          break;
        case Cell::Kind::kText:
          out << json_quote(cell.text);
          break;
      }
    }
    out << "}";
  }
  out << "]\n";
}

}  // namespace

Cell integer_cell(long long value) { return {Cell::Kind::kInteger, std::to_string(value)}; }

Cell real_cell(double value) {
  if (!std::isfinite(value)) return {};
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return {Cell::Kind::kReal, text};
}

Cell text_cell(std::string text) { return {Cell::Kind::kText, std::move(text)}; }

ResultTable collect_rows(Statement& statement, std::size_t max_rows) {
  ResultTable table;
  for (int c = 0; c < statement.columns(); ++c) table.columns.push_back(statement.column_name(c));
  while (statement.step()) {
    if (table.rows.size() == max_rows) {
      table.truncated = true;
      break;
    }
    std::vector<Cell> row;
    for (int c = 0; c < statement.columns(); ++c) {
      switch (sqlite3_column_type(statement.handle(), c)) {
        case SQLITE_NULL:
          row.emplace_back();
          break;
        case SQLITE_INTEGER:
          row.push_back(integer_cell(statement.integer(c)));
          break;
        case SQLITE_FLOAT:
          row.push_back(real_cell(statement.real(c)));
          break;
        case SQLITE_BLOB:
          row.push_back(text_cell("<blob of " +
                                  std::to_string(sqlite3_column_bytes(statement.handle(), c)) +
                                  " bytes>"));
          break;
        default:
          row.push_back(text_cell(statement.text(c)));
      }
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

void print_table(const ResultTable& table, TableFormat format, std::ostream& out) {
  switch (format) {
    case TableFormat::kText:
      return print_text(table, out);
    case TableFormat::kCsv:
      return print_csv(table, out);
    case TableFormat::kJson:
      return print_json(table, out);
  }
}

}  // namespace kibitz::replays::corpus
