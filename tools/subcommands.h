// A command made of subcommands (`kibitz replay verify`, `kibitz corpus
// add`): its usage lists them, and the first word picks one. One
// dispatcher, so every such command answers --help, no word and an unknown
// word the same way.
#pragma once

#include <ostream>
#include <string_view>
#include <vector>

#include "tools/command.h"

namespace kibitz::tools {

struct SubcommandGroup {
  std::string_view command;   // "replay"
  std::string_view operands;  // what follows the subcommand in the usage line: "[options]"
  std::string_view intro;     // a paragraph before the list; may be empty
  std::string_view outro;     // lines after the list (where to read more)
  std::vector<Command> subcommands;
};

// "usage: kibitz replay SUBCOMMAND [options] ..." and the list.
void print_subcommand_usage(const SubcommandGroup& group, std::ostream& out);

// No word: the usage on stderr, exit 2. --help, -h or help: the usage on
// stdout. A subcommand: runs it on the words after it. Another word: a
// KibitzError naming it and the subcommands.
int run_subcommand(const SubcommandGroup& group, const std::vector<std::string>& args);

}  // namespace kibitz::tools
