// The docs that list games cannot drift from the registry: docs/neural.md's
// encoder table has a row for every game that declares a network encoder
// (and none for a game without one), and docs/agents.md's opening names
// every game with a heuristic. A new game that brings either part fails
// here until its docs say so (env/README.md, "Adding a game").
#include <gtest/gtest.h>

#include <string>

#include "agents/heuristic/heuristic_part.h"
#include "env/core/registry.h"
#include "tests/support/doc_text.h"

namespace kibitz {
namespace {

std::string read_doc(const std::string& relative) { return test_support::read_doc(KIBITZ_SOURCE_DIR, relative); }

using test_support::doc_section;

// Whether `table` has a row whose first cell is `name` in backquotes.
bool has_row(const std::string& table, const std::string& name) {
  return table.find("\n| `" + name + "` |") != std::string::npos;
}

TEST(GameListsDoc, TheSectionFinderAndRowMatcherFindWhatTheyLookFor) {
  const std::string doc = "# A\n\n## Encoders\n\n| game | v |\n|---|---|\n| `kuhn_poker` | 1 |\n\n## Next\n| `leduc_poker` | 1 |\n";
  const std::string table = doc_section(doc, "## Encoders");
  EXPECT_TRUE(has_row(table, "kuhn_poker"));
  EXPECT_FALSE(has_row(table, "leduc_poker"));  // in the next section
  EXPECT_FALSE(has_row(table, "kuhn"));
}

TEST(GameListsDoc, NeuralDocListsExactlyTheGamesWithAnEncoder) {
  const std::string table = doc_section(read_doc("docs/neural.md"), "## Encoders");
  ASSERT_FALSE(table.empty()) << "docs/neural.md has no '## Encoders' section";
  for (const GameInfo& info : registered_games()) {
    if (info.encoder_version > 0) {
      EXPECT_TRUE(has_row(table, info.name))
          << "docs/neural.md's encoder table has no row for " << info.name << " (encoder v"
          << info.encoder_version << ")";
    } else {
      EXPECT_FALSE(has_row(table, info.name))
          << "docs/neural.md's encoder table lists " << info.name << ", which declares no encoder";
    }
  }
}

TEST(GameListsDoc, AgentsDocNamesEveryGameWithAHeuristic) {
  const std::string doc = read_doc("docs/agents.md");
  const std::string opening = doc.substr(0, doc.find("\n\n", doc.find("`heuristic`")));
  ASSERT_FALSE(HeuristicParts::entries().empty());
  for (const auto& entry : HeuristicParts::entries()) {
    EXPECT_NE(opening.find("`" + entry.game + "`"), std::string::npos)
        << "docs/agents.md's first paragraph does not name " << entry.game << ", which has a heuristic";
  }
}

}  // namespace
}  // namespace kibitz
