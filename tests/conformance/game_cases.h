// The parameter list of the shared suites: one case per (registered game,
// test spec) pair. A game joins every suite in this folder by listing itself
// in env/games/all_games.cc; nothing here names a game.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "env/core/registry.h"

namespace kibitz::conformance {

// One game spec to run, with the GoogleTest name derived from it.
struct GameCase {
  std::string game;       // registry name
  std::string spec;       // as listed in GameInfo::test_specs
  std::string test_name;  // "kuhn_poker(players=3)" -> "kuhn_poker_players_3"
};

// GoogleTest accepts only letters, digits and '_' in names: every other run
// of characters becomes one '_'.
inline std::string spec_to_test_name(const std::string& spec) {
  std::string out;
  for (char c : spec) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += c;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out.empty() ? "spec" : out;
}

inline std::vector<GameCase> game_cases() {
  std::vector<GameCase> cases;
  std::set<std::string> used;
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      // Specs that differ only in punctuation would clash: number the later ones.
      std::string name = spec_to_test_name(spec);
      for (int k = 2; used.count(name) > 0; ++k)
        name = spec_to_test_name(spec) + "_" + std::to_string(k);
      used.insert(name);
      cases.push_back({info.name, spec, name});
    }
  }
  return cases;
}

inline std::string game_case_name(const ::testing::TestParamInfo<GameCase>& info) {
  return info.param.test_name;
}

// So failure messages print the spec instead of the struct's bytes.
inline void PrintTo(const GameCase& c, std::ostream* out) { *out << c.spec; }

}  // namespace kibitz::conformance
