// docs/protocol.md cannot drift from the code: it lists every observation
// kind of every game on seat streams, and its example sessions are replayed
// through the engine, each reply equal to the one printed (the agent's
// decisions, and the hello's list of games, by type only).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "tests/support/doc_text.h"
#include "tools/engine/engine_server.h"

namespace kibitz::tools {
namespace {

std::string protocol_doc() { return test_support::read_doc(KIBITZ_SOURCE_DIR, "docs/protocol.md"); }

using test_support::doc_section;

TEST(ProtocolDoc, ListsEveryObservationKindOfEveryGame) {
  const std::string doc = protocol_doc();
  ASSERT_FALSE(doc.empty());
  // Every registered game, so that a new game cannot be left out: each is
  // on seat streams (the engine offers them all).
  EXPECT_EQ(games_with_streams().size(), registered_games().size());
  for (const GameInfo& info : registered_games()) {
    const std::string& name = info.name;
    const std::string table = doc_section(doc, "#### " + name);
    ASSERT_FALSE(table.empty()) << "docs/protocol.md has no #### " << name;
    const auto game = load_game(name);
    const StreamSpec& spec = game->stream_spec();
    for (int k = 0; k < spec.num_kinds(); ++k) {
      EXPECT_NE(table.find("| `" + spec.kind(k).name + "` | `" + spec.kind(k).text + "` |"),
                std::string::npos)
          << name << " kind " << spec.kind(k).name;
    }
  }
}

std::string reply_type(const std::string& line) {
  const std::size_t at = line.find("\"type\":\"");
  if (at == std::string::npos) return {};
  return line.substr(at + 8, line.find('"', at + 8) - at - 8);
}

TEST(ProtocolDoc, ExampleSessionsReplayThroughTheEngine) {
  // The Adulting session names its deck file relative to the repository.
  const std::filesystem::path previous = std::filesystem::current_path();
  std::filesystem::current_path(KIBITZ_SOURCE_DIR);
  const std::string examples = doc_section(protocol_doc(), "## Example sessions");
  std::istringstream lines(examples);
  std::string line;
  std::vector<std::string> block;
  int sessions = 0;
  auto replay = [&] {
    if (block.empty()) return;
    ++sessions;
    // The agent is the one the session's hello names.
    const std::string& hello = block[1];
    const std::size_t at = hello.find("\"agent\":\"") + 9;
    EngineServer server(hello.substr(at, hello.find('"', at) - at), 0);
    for (std::size_t i = 0; i + 1 < block.size(); i += 2) {
      ASSERT_EQ(block[i].rfind("> ", 0), 0u) << block[i];
      ASSERT_EQ(block[i + 1].rfind("< ", 0), 0u) << block[i + 1];
      const std::string reply = server.handle(block[i].substr(2));
      const std::string expected = block[i + 1].substr(2);
      const std::string type = reply_type(expected);
      if (type == "action" || type == "hello") {
        EXPECT_EQ(reply_type(reply), type) << block[i] << "\n" << reply;
      } else {
        EXPECT_EQ(reply, expected) << block[i];
      }
    }
    block.clear();
  };
  bool in_code = false;
  while (std::getline(lines, line)) {
    if (line == "```") {
      in_code = !in_code;
      if (!in_code) replay();
    } else if (in_code) {
      block.push_back(line);
    }
  }
  std::filesystem::current_path(previous);
  EXPECT_EQ(sessions, 8);  // Kuhn, its mistakes, Leduc, Loyalist Spies, Adulting, Laws and Disorder, Tea, Spoon
}

}  // namespace
}  // namespace kibitz::tools
