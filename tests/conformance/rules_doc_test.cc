// Every game's rules doc (docs/rules/<game>.md) states each parameter as
// the game declares it: the row "| name | type | default | meaning |" gives
// the same type, range, choices and default as the ParamSpec. The docs are
// written by hand, so this is what keeps them from drifting (issue 30:
// laws_and_disorder.md gave max_laws in [0, 78] where the game takes [0, 26]).
// A new game joins by registering; nothing here names a game.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/params.h"
#include "env/core/registry.h"

namespace kibitz {
namespace {

std::optional<std::string> read_doc(const std::string& game) {
  std::ifstream in(std::filesystem::path(KIBITZ_SOURCE_DIR) / "docs" / "rules" / (game + ".md"));
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The cells of a table line, trimmed (a "\\|" inside a cell is not a border).
std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::size_t at = 1;
  while (at < line.size()) {
    std::size_t end = at;
    while (end < line.size() && !(line[end] == '|' && line[end - 1] != '\\')) ++end;
    const std::string cell = line.substr(at, end - at);
    const auto first = cell.find_first_not_of(' ');
    const auto last = cell.find_last_not_of(' ');
    cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    at = end + 1;
  }
  return cells;
}

// The cells of the table row for parameter `name`; empty if none.
std::vector<std::string> row_of(const std::string& doc, const std::string& name) {
  std::istringstream lines(doc);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.starts_with("|")) continue;
    std::vector<std::string> cells = cells_of(line);
    if (!cells.empty() && cells[0] == name) return cells;
  }
  return {};
}

// A bound as the docs write it: whole numbers without a decimal point.
std::string number(double x) {
  if (x == std::floor(x) && std::abs(x) < 1e15) return std::to_string(static_cast<long long>(x));
  std::ostringstream out;
  out << x;
  return out.str();
}

// The type cell the doc should have for `spec`.
std::string expected_type(const ParamSpec& spec) {
  switch (spec.type) {
    case ParamType::kInt:
      return "int in [" + number(*spec.min) + ", " + number(*spec.max) + "]";
    case ParamType::kDouble:
      return "real in [" + number(*spec.min) + ", " + number(*spec.max) + "]";
    case ParamType::kBool:
      return "bool";
    case ParamType::kString:
      return "text";
    case ParamType::kChoice: {
      std::string out;
      for (const std::string& choice : spec.choices) out += (out.empty() ? "" : " \\| ") + choice;
      return out;
    }
  }
  return "";
}

std::string expected_default(const ParamSpec& spec) {
  if (spec.type == ParamType::kDouble) return number(std::get<double>(spec.default_value));
  return param_value_to_string(spec.default_value);
}

TEST(RulesDocs, EveryParameterRowMatchesItsDeclaration) {
  int checked = 0;
  for (const GameInfo& info : registered_games()) {
    if (info.params.empty()) continue;
    const auto doc = read_doc(info.name);
    ASSERT_TRUE(doc.has_value()) << "no docs/rules/" << info.name << ".md";
    for (const ParamSpec& spec : info.params) {
      SCOPED_TRACE(info.name + "." + spec.name);
      const std::vector<std::string> row = row_of(*doc, spec.name);
      ASSERT_GE(row.size(), 4u) << "no row \"| " << spec.name << " | type | default | meaning |\"";
      EXPECT_EQ(row[1], expected_type(spec));
      EXPECT_EQ(row[2], expected_default(spec));
      ++checked;
    }
  }
  EXPECT_GT(checked, 20);
}

}  // namespace
}  // namespace kibitz
