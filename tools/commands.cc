// The one table of subcommands. Add a command: write tools/<name>_command.cc
// with a function of type CommandFn, declare it below and add its row.
#include "tools/command.h"

namespace kibitz::tools {

int run_games(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_play(const std::vector<std::string>& args);
int run_exploitability(const std::vector<std::string>& args);
int run_arena(const std::vector<std::string>& args);
int run_replay(const std::vector<std::string>& args);

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"games", run_games, "list the games with their parameters, defaults and ranges"},
      {"rules", run_rules, "print the rules of a game as implemented"},
      {"play", run_play, "play a game in the terminal against agents (or watch agents play)"},
      {"arena", run_arena,
       "a tournament between agents with paired deals: returns, win rates, ratings"},
      {"exploitability", run_exploitability,
       "best response and NashConv of a tabular policy in a small game"},
      {"replay", run_replay, "verify, export, view replay files; run hand-written scenarios"},
  };
  return table;
}

}  // namespace kibitz::tools
