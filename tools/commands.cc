// The one table of subcommands. Add a command: write tools/<name>_command.cc
// with a function of type CommandFn, declare it below and add its row.
#include "tools/command.h"

#include "env/core/error.h"
#include "tools/torch_program.h"

namespace kibitz::tools {

int run_games(const std::vector<std::string>& args);
int run_agents(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_play(const std::vector<std::string>& args);
int run_exploitability(const std::vector<std::string>& args);
int run_arena(const std::vector<std::string>& args);
int run_replay(const std::vector<std::string>& args);
int run_corpus(const std::vector<std::string>& args);
int run_review(const std::vector<std::string>& args);
int run_engine(const std::vector<std::string>& args);
int run_seat(const std::vector<std::string>& args);
int run_tea(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);
int run_launch(const std::vector<std::string>& args);

// `kibitz train` and `kibitz exploit` link LibTorch, so they live in
// kibitz-torch alone (tools/train_command.cc, tools/exploit_command.cc),
// which sets these hooks at start-up. Without them (the `kibitz` program,
// kibitz_tools and its tests) the command line is handed to kibitz-torch
// next to the program, or a clear error says it is missing.
CommandFn train_command = nullptr;
int run_train(const std::vector<std::string>& args) {
  if (train_command != nullptr) return train_command(args);
  std::vector<std::string> words = {"train"};
  words.insert(words.end(), args.begin(), args.end());
  run_in_torch_program(words);
}
CommandFn exploit_command = nullptr;
int run_exploit(const std::vector<std::string>& args) {
  if (exploit_command != nullptr) return exploit_command(args);
  std::vector<std::string> words = {"exploit"};
  words.insert(words.end(), args.begin(), args.end());
  run_in_torch_program(words);
}

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"games", run_games, "list the games with their parameters, defaults and ranges"},
      {"agents", run_agents, "list the agents with their parameters, defaults and ranges"},
      {"rules", run_rules, "print the rules of a game as implemented"},
      {"play", run_play, "play a game in the terminal against agents (or watch agents play)"},
      {"arena", run_arena,
       "a tournament between agents with paired deals: returns, win rates, ratings"},
      {"exploitability", run_exploitability,
       "best response and NashConv of a tabular policy in a small game"},
      {"train", run_train, "training of a network: PPO, expert iteration or behavior cloning"},
      {"exploit", run_exploit,
       "approximate exploitability: train a best response to an agent and measure what it wins"},
      {"launch", run_launch,
       "distributed training on this machine: N ranks of kibitz train on loopback"},
      {"replay", run_replay, "verify, export, view replay files; run hand-written scenarios"},
      {"corpus", run_corpus, "index replay files in a SQLite corpus; query it, per-agent reports"},
      {"review", run_review,
       "set every decision of one seat of a recorded game against an engine: loss, verdict, accuracy"},
      {"engine", run_engine,
       "play one seat for another program over the seat protocol (JSON lines, docs/protocol.md)"},
      {"seat", run_seat,
       "an AI fills a seat at a real table: type what its seat sees, it says what to play"},
      {"serve", run_serve,
       "web tables: people play in the browser by secret links, agents fill seats, replays"},
      {"tea", run_tea, "Tea Game tools: tea odds, each player's chance to make the tea"},
  };
  return table;
}

}  // namespace kibitz::tools
