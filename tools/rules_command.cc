// kibitz rules GAME: prints the rules of a game as implemented (the text of
// docs/rules/GAME.md, embedded at build time).
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/spec.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/rules_text.h"

namespace kibitz::tools {

int run_rules(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "rules", "kibitz rules GAME",
      "Prints the rules of GAME as this build implements them: what the seats see, the\n"
      "actions and how they are written, scoring, and our rulings where the printed rules\n"
      "are unclear. GAME is a registered name (see kibitz games); a full spec such as\n"
      "kuhn_poker(players=3) is accepted and its parameters ignored.",
      "kibitz rules kuhn_poker\nkibitz rules leduc_poker | less"};
  po::options_description options;
  std::string game;
  options.add_options()("game", po::value(&game)->required()->value_name("GAME"),
                        "the game (positional)");
  po::positional_options_description positional;
  positional.add("game", 1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;

  const GameInfo& info = find_game(parse_spec(game).name);  // unknown: lists the names
  const auto text = find_rules(info.name);
  if (!text) {
    // Every registered game ships a rules file (a test checks it), so this is
    // a build defect, not bad input.
    throw std::logic_error("game " + info.name + " has no embedded docs/rules/" + info.name +
                           ".md");
  }
  std::cout << *text;
  if (!text->empty() && text->back() != '\n') std::cout << '\n';
  return kExitOk;
}

}  // namespace kibitz::tools
