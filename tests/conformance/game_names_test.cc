// No code above env/ branches on a game's name: a game's optional parts are
// reached through its manifest (env/core/game_parts.h, env/README.md). This
// scans the consumer folders (agents, replays, training, web, tools) for a
// registered game's name written as a string literal ("tea_game",
// 'tea_game') or as a JavaScript object key (tea_game: ...), in code, not in
// comments, and outside each game's own files (in a folder named after the
// game, e.g. agents/heuristic/tea_game/ where its parts declare themselves,
// or named after it, e.g. js/renderers/tea_game.js). The first test proves the scan finds what it
// looks for.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"

namespace kibitz {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kConsumerFolders = {"agents", "replays", "training", "web", "tools"};

bool scanned(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".cc" || ext == ".h" || ext == ".js" || ext == ".mjs" || ext == ".html";
}

// Whether `relative` is the game's own: in a folder named after `game`, or a
// file named after it (a browser renderer, js/renderers/<game>.js, and its
// <game>_model.js).
bool is_games_own(const fs::path& relative, const std::string& game) {
  for (const fs::path& part : relative.parent_path()) {
    if (part == game) return true;
  }
  const std::string stem = relative.stem().string();
  return stem == game || stem.starts_with(game + "_");
}

// The text without comments: // to the end of a line (not a URL's "://"),
// /* ... */ and <!-- ... -->. Newlines are kept, so lines keep their numbers.
std::string without_comments(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto skip_to = [&](const std::string& end, bool keep_end) {
      const std::size_t at = text.find(end, i);
      const std::size_t stop =
          at == std::string::npos ? text.size() : at + (keep_end ? 0 : end.size());
      for (std::size_t k = i; k < stop; ++k) {
        if (text[k] == '\n') out += '\n';
      }
      i = stop;
    };
    if (text.compare(i, 2, "//") == 0 && (i == 0 || text[i - 1] != ':')) {
      skip_to("\n", true);
    } else if (text.compare(i, 2, "/*") == 0) {
      skip_to("*/", false);
    } else if (text.compare(i, 4, "<!--") == 0) {
      skip_to("-->", false);
    } else {
      out += text[i++];
    }
  }
  return out;
}

// "tools/x.cc:12: if (name == "tea_game")" for every use of a name of
// `games` in code under `root`'s consumer folders, outside the game's own.
std::vector<std::string> name_uses(const fs::path& root, const std::vector<std::string>& games) {
  std::vector<std::string> found;
  for (const std::string& folder : kConsumerFolders) {
    if (!fs::exists(root / folder)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / folder)) {
      if (!entry.is_regular_file() || !scanned(entry.path())) continue;
      const fs::path relative = entry.path().lexically_relative(root);
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      const std::string code = without_comments(text.str());
      for (const std::string& game : games) {
        if (is_games_own(relative, game)) continue;
        const std::regex use("[\"']" + game + "[\"']|(^|[{,])\\s*" + game + "\\s*:(?!:)");
        std::istringstream lines(code);
        std::string line;
        for (int number = 1; std::getline(lines, line); ++number) {
          if (std::regex_search(line, use)) {
            found.push_back(relative.generic_string() + ":" + std::to_string(number) + ": " + line);
          }
        }
      }
    }
  }
  return found;
}

TEST(GameNames, TheScanFindsANameInCodeAndNothingElse) {
  const fs::path root = fs::temp_directory_path() / ("kibitz_names_" + std::to_string(::getpid()));
  fs::create_directories(root / "tools" / "replay");
  fs::create_directories(root / "web" / "games" / "zork");
  fs::create_directories(root / "env" / "games");
  std::ofstream(root / "tools" / "replay" / "branch.cc")
      << "// \"zork\" in a comment is fine\n"
      << "/* and 'zork' in a block\n comment */\n"
      << "if (game->name() == \"zork\") write_zork();\n"
      << "std::string url = \"http://x\"; bool b = name == \"zork\";\n";
  std::ofstream(root / "tools" / "table.js") << "const RENDERERS = {\n  zork: zorkModule,\n};\n";
  std::ofstream(root / "tools" / "page.html")
      << "<!-- <option value=\"zork\"> -->\n<option value='zork'>\n";
  std::ofstream(root / "tools" / "fine.cc")
      << "ns::zork::kGameName; \"zork(players=3)\"; zork::run();\n";
  std::ofstream(root / "web" / "games" / "zork" / "manifest.cc") << "add(\"zork\", part);\n";
  std::ofstream(root / "web" / "zork_model.js") << "const css = 'zork';\n";
  std::ofstream(root / "env" / "games" / "all.cc") << "\"zork\"\n";
  const std::vector<std::string> found = name_uses(root, {"zork"});
  fs::remove_all(root);
  const std::vector<std::string> expected = {
      "tools/page.html:2: <option value='zork'>",
      "tools/replay/branch.cc:4: if (game->name() == \"zork\") write_zork();",
      "tools/replay/branch.cc:5: std::string url = \"http://x\"; bool b = name == \"zork\";",
      "tools/table.js:2:   zork: zorkModule,",
  };
  std::vector<std::string> sorted = found;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, expected);
}

TEST(GameNames, NoConsumerNamesARegisteredGame) {
  std::vector<std::string> games;
  for (const GameInfo& info : registered_games()) games.push_back(info.name);
  const std::vector<std::string> found = name_uses(KIBITZ_SOURCE_DIR, games);
  std::string listing;
  for (const std::string& line : found) listing += "\n  " + line;
  EXPECT_TRUE(found.empty())
      << "code outside a game's folders names the game; declare the part in the game's "
         "manifest instead (env/README.md, \"Adding a game\"):"
      << listing;
}

}  // namespace
}  // namespace kibitz
