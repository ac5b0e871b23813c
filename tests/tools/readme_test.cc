// README.md tells a new user which games exist: every registered game must be
// named as playable, so the README cannot leave out a game `kibitz games` has.
// Its `kibitz seat` session is typed into the built binary as shown, and
// every line of it must be accepted.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "tests/tools/kibitz_run.h"

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

// The lines a person types in README.md's seat session ("P3> AS   comment"):
// the entry is what comes before the comment's run of spaces.
struct SeatSession {
  std::string command;  // after "$ kibitz "
  std::vector<std::string> entries;
};

SeatSession readme_seat_session(const std::string& text) {
  SeatSession session;
  std::istringstream lines(text);
  bool in_session = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("$ kibitz seat ", 0) == 0) {
      session.command = line.substr(9);
      in_session = true;
    } else if (in_session && line.rfind("P3> ", 0) == 0) {
      const std::string rest = line.substr(4);
      session.entries.push_back(rest.substr(0, rest.find("  ")));
    } else if (in_session) {
      break;
    }
  }
  return session;
}

TEST(Readme, TheSeatSessionIsAcceptedAsTyped) {
  const SeatSession session = readme_seat_session(readme());
  ASSERT_FALSE(session.command.empty()) << "README.md shows no \"$ kibitz seat\" session";
  ASSERT_EQ(session.entries.size(), 3u);
  std::string input;
  for (const std::string& entry : session.entries) input += entry + "\n";
  // No seat record left in the test's folder.
  const auto run = tools::testing::run_kibitz(session.command + " --no-records", input + "quit\n");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(run.out.find("refused"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("ok: your ace is AS"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("ok: dealt TS"), std::string::npos) << run.out;
  // The move entered is the one the AI advised, as the README says.
  EXPECT_NE(run.out.find("Play: keep 4D"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("ok: you keep 4D"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace kibitz
