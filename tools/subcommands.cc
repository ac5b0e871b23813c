#include "tools/subcommands.h"

#include <algorithm>
#include <iostream>
#include <string>

#include "env/core/error.h"

namespace kibitz::tools {

void print_subcommand_usage(const SubcommandGroup& group, std::ostream& out) {
  out << "usage: kibitz " << group.command << " SUBCOMMAND " << group.operands << "    (kibitz "
      << group.command << " SUBCOMMAND --help)\n\n";
  if (!group.intro.empty()) out << group.intro << "\n\n";
  out << "subcommands:\n";
  std::size_t width = 0;
  for (const Command& sub : group.subcommands) width = std::max(width, std::string_view(sub.name).size());
  for (const Command& sub : group.subcommands) {
    const std::string name = sub.name;
    out << "  " << name << std::string(width + 2 - name.size(), ' ') << sub.summary << "\n";
  }
  if (!group.outro.empty()) out << "\n" << group.outro << "\n";
}

int run_subcommand(const SubcommandGroup& group, const std::vector<std::string>& args) {
  if (args.empty()) {
    print_subcommand_usage(group, std::cerr);
    return kExitBadInput;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_subcommand_usage(group, std::cout);
    return kExitOk;
  }
  for (const Command& sub : group.subcommands) {
    if (args[0] == sub.name) return sub.run(std::vector<std::string>(args.begin() + 1, args.end()));
  }
  std::string names;
  for (const Command& sub : group.subcommands) names += std::string(names.empty() ? "" : ", ") + sub.name;
  throw error("unknown ", group.command, " subcommand '", args[0], "'; subcommands: ", names);
}

}  // namespace kibitz::tools
