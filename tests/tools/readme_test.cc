// README.md tells a new user which games exist: every registered game must be
// named as playable, so the README cannot leave out a game `kibitz games` has.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"

namespace kibitz {
namespace {

std::string readme() {
  const auto path = std::filesystem::path(KIBITZ_SOURCE_DIR) / "README.md";
  std::ifstream file(path, std::ios::binary);
  EXPECT_TRUE(file) << path;
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The paragraphs of a Markdown text (blocks separated by a blank line).
std::vector<std::string> paragraphs(const std::string& text) {
  std::vector<std::string> out(1);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) {
      if (!out.back().empty()) out.emplace_back();
      continue;
    }
    out.back() += line + "\n";
  }
  return out;
}

// The one paragraph that starts with `lead`, or "" when there is none.
std::string paragraph_starting(const std::string& text, const std::string& lead) {
  for (const std::string& p : paragraphs(text)) {
    if (p.rfind(lead, 0) == 0) return p;
  }
  return "";
}

TEST(Readme, NamesEveryRegisteredGameAsPlayable) {
  const std::string playable = paragraph_starting(readme(), "**Playable today:**");
  ASSERT_FALSE(playable.empty()) << "README.md has no \"**Playable today:**\" paragraph";
  for (const GameInfo& info : registered_games()) {
    EXPECT_NE(playable.find(info.title), std::string::npos)
        << info.title << " is registered but not named as playable in README.md";
  }
}

}  // namespace
}  // namespace kibitz
