// kibitz games: every registered game with its parameters, types, defaults,
// ranges and help, its examples and the optional parts its manifest declares
// (a heuristic, a network encoder, a replay report, viewer notes, a table
// renderer), as text for people or JSON for scripts. Everything printed
// comes from the registry and the layers' part tables, so the listing cannot
// drift from the code.
#include <iostream>
#include <string>
#include <vector>

#include "agents/heuristic/heuristic_part.h"
#include "env/core/registry.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/param_listing.h"
#include "tools/replay/report_part.h"
#include "web/game_part.h"

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

// "heuristic, network encoder v2, replay report": the optional parts the
// game declares, in the order of the layers; empty when none.
std::string parts_text(const GameInfo& info) {
  std::vector<std::string> parts;
  if (HeuristicParts::find(info.name) != nullptr) parts.emplace_back("heuristic");
  if (info.encoder_version > 0) parts.push_back("network encoder v" + std::to_string(info.encoder_version));
  if (ReportParts::find(info.name) != nullptr) parts.emplace_back("replay report");
  if (const web::WebPart* web = web::WebParts::find(info.name)) {
    if (web->viewer_notes) parts.emplace_back("viewer notes");
    if (!web->renderer.empty()) parts.emplace_back("table layout");
  }
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : ", ") + part;
  return out;
}

void print_text(const std::vector<const GameInfo*>& games) {
  for (const GameInfo* info : games) {
    const auto [min_players, max_players] = player_range(*info);
    std::cout << info->name << ": " << info->title << ", " << min_players;
    if (max_players != min_players) std::cout << "-" << max_players;
    std::cout << " players\n  " << info->summary << "\n";
    print_params_text(std::cout, info->params);
    if (!info->examples.empty()) std::cout << "  examples:\n";
    for (const GameExample& example : info->examples) {
      std::cout << "    " << example.spec << "\n      " << example.what << "\n";
    }
    if (const std::string parts = parts_text(*info); !parts.empty()) std::cout << "  with: " << parts << "\n";
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
    std::cout << ", \"examples\": [";
    for (std::size_t e = 0; e < info.examples.size(); ++e) {
      std::cout << (e == 0 ? "" : ", ") << "{\"spec\": " << json_quote(info.examples[e].spec)
                << ", \"what\": " << json_quote(info.examples[e].what) << "}";
    }
    const web::WebPart* web = web::WebParts::find(info.name);
    std::cout << "], \"heuristic\": " << (HeuristicParts::find(info.name) != nullptr ? "true" : "false")
              << ", \"encoder_version\": " << info.encoder_version
              << ", \"replay_report\": " << (ReportParts::find(info.name) != nullptr ? "true" : "false")
              << ", \"viewer_notes\": " << (web != nullptr && web->viewer_notes ? "true" : "false")
              << ", \"renderer\": " << (web != nullptr && !web->renderer.empty() ? json_quote(web->renderer) : "null");
    std::cout << "}";
  }
  std::cout << (games.empty() ? "" : "\n") << "]\n";
}

}  // namespace

int run_games(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "games", "kibitz games [GAME...] [--json]",
      "Lists the registered games (or only the named ones) with their number of players,\n"
      "every parameter (type, default, range or choices, and what it means), examples, and\n"
      "the optional parts each declares: a heuristic, a network encoder, a replay report,\n"
      "viewer notes, a table layout. A game is chosen with a spec such as\n"
      "kuhn_poker(players=3).",
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
