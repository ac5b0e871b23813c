// kibitz games: every registered game with its parameters, types, defaults,
// ranges and help, as text for people or JSON for scripts. Everything printed
// comes from the registry, so the listing cannot drift from the code.
#include <iostream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/param_listing.h"

namespace kibitz::tools {
namespace {

// The fewest and most seats a game takes: the declared range of its
// "players" parameter when it has one, else the seats of its default variant.
std::pair<int, int> player_range(const GameInfo& info) {
  for (const ParamSpec& param : info.params) {
    if (param.name == "players" && param.type == ParamType::kInt && param.min && param.max) {
      return {static_cast<int>(*param.min), static_cast<int>(*param.max)};
    }
  }
  const int players = load_game(info.name)->num_players();
  return {players, players};
}

void print_text(const std::vector<const GameInfo*>& games) {
  for (const GameInfo* info : games) {
    const auto [min_players, max_players] = player_range(*info);
    std::cout << info->name << ": " << info->title << ", " << min_players;
    if (max_players != min_players) std::cout << "-" << max_players;
    std::cout << " players\n  " << info->summary << "\n";
    print_params_text(std::cout, info->params);
    std::cout << "  rules: kibitz rules " << info->name << "\n\n";
  }
}

void print_json(const std::vector<const GameInfo*>& games) {
  std::cout << "[";
  for (std::size_t g = 0; g < games.size(); ++g) {
    const GameInfo& info = *games[g];
    const auto [min_players, max_players] = player_range(info);
    std::cout << (g == 0 ? "\n" : ",\n") << "  {\"name\": " << json_quote(info.name)
              << ", \"title\": " << json_quote(info.title)
              << ", \"summary\": " << json_quote(info.summary)
              << ", \"min_players\": " << min_players << ", \"max_players\": " << max_players
              << ", \"params\": ";
    print_params_json(std::cout, info.params);
    std::cout << "}";
  }
  std::cout << (games.empty() ? "" : "\n") << "]\n";
}

}  // namespace

int run_games(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "games", "kibitz games [GAME...] [--json]",
      "Lists the registered games (or only the named ones) with their number of players and\n"
      "every parameter: type, default, range or choices, and what it means. A game is\n"
      "chosen with a spec such as kuhn_poker(players=3).",
      "kibitz games\nkibitz games kuhn_poker --json"};
  po::options_description options;
  std::vector<std::string> names;
  bool json = false;
  options.add_options()("json", po::bool_switch(&json), "print JSON instead of text")(
      "game", po::value(&names)->value_name("GAME"), "a game to show (positional, repeatable)");
  po::positional_options_description positional;
  positional.add("game", -1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;

  std::vector<const GameInfo*> games;
  if (names.empty()) {
    for (const GameInfo& info : registered_games()) games.push_back(&info);
  } else {
    for (const std::string& name : names) games.push_back(&find_game(name));
  }
  if (json) {
    print_json(games);
  } else {
    print_text(games);
  }
  return kExitOk;
}

}  // namespace kibitz::tools
