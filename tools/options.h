// Command-line helpers shared by the subcommands. Every command declares its
// flags once in one Boost.Program_options description and parses them here,
// strictly: an unknown flag, an abbreviated flag or a stray word is an error
// (STYLE 10: config that forgives typos hides mistakes).
#pragma once

#include <boost/program_options.hpp>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/json_text.h"
#include "env/core/parse_number.h"

namespace kibitz::tools {

// What a command prints for --help, besides its flags.
struct CommandUsage {
  std::string_view name;         // "play"
  std::string_view synopsis;     // "kibitz play --game SPEC --seats LABELS [options]"
  std::string_view description;  // what it does, one paragraph
  std::string_view examples;     // one command per line
};

// Parses `args` (the words after the command name) against `options`, to
// which -h/--help is added. Prints the help and returns nullopt when --help
// is given. Otherwise returns the values, required flags checked. Throws
// boost::program_options::error naming the flag on unknown flags, missing or
// bad values and extra words; main reports those with exit code 2.
std::optional<boost::program_options::variables_map> parse_command_options(
    const CommandUsage& usage, const boost::program_options::options_description& options,
    const std::vector<std::string>& args,
    const boost::program_options::positional_options_description& positional = {});

// Splits `text` on `separator` at parenthesis depth 0, so that agent specs
// such as "ismcts(sims=8,c=1)" stay whole, and trims spaces around items.
// Throws KibitzError naming `what` (e.g. "--seats") for an empty item or
// unbalanced parentheses.
std::vector<std::string> split_top_level(std::string_view text, char separator,
                                         std::string_view what);

// A non-negative decimal integer for a flag (env/core/parse_number.h): read
// as text, since Boost's own conversion would wrap "-1" to a huge seed.
using kibitz::parse_uint64;

// A file a command reads or writes, and the flag (or positional name) that
// gave it.
struct NamedPath {
  std::string_view flag;  // "--json", or "FILE" for a positional argument
  std::string_view path;  // empty when the flag was not given
};

// Throws KibitzError when two of `paths` are the same file, naming both
// flags and the path: one output would silently replace the other (or an
// output its own input). Paths are compared after normalisation
// (std::filesystem::weakly_canonical: "./F", "d/../F" and a symbolic link to
// F are all F); empty paths are skipped.
void check_distinct_paths(std::initializer_list<NamedPath> paths);

// json_quote (env/core/json_text.h), for this namespace's callers.
using kibitz::json_quote;

}  // namespace kibitz::tools
