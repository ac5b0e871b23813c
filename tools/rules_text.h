// The rules of every game as implemented: docs/rules/<game>.md, embedded in
// the binary at build time (tools/embed_rules.cmake writes the table), so
// `kibitz rules` works from any directory and never disagrees with the build.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace kibitz::tools {

// One embedded rules file: the game name is the file name without ".md".
struct RulesText {
  std::string_view game;
  std::string_view text;
};

// Every embedded rules file, sorted by game name.
std::span<const RulesText> embedded_rules();

// The rules of `game`, or nullopt when docs/rules has no file for it.
std::optional<std::string_view> find_rules(std::string_view game);

}  // namespace kibitz::tools
