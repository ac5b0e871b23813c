// kibitz tea odds: each player's chance to make the tea at a described Tea
// Game table (env/games/tea_game/odds.h; docs/tea_odds.md).
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/parse_number.h"
#include "env/games/tea_game/odds.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/progress_bar.h"

namespace kibitz::tools {
namespace {

using tea_game::TeaOdds;
using tea_game::TeaTable;

// --simulate at most: a game takes about a microsecond, so this is hours of
// work; the counts stay exact in the doubles of the output.
constexpr std::uint64_t kMaxSimulatedGames = 10'000'000'000;

std::vector<int> parse_int_list(const std::string& text, const std::string& flag) {
  std::vector<int> out;
  for (const std::string& item : split_top_level(text, ',', flag)) {
    const std::uint64_t n = parse_uint64(item, flag);
    if (n > 1000) throw error(flag, ": ", item, " is out of range");
    out.push_back(static_cast<int>(n));
  }
  return out;
}

// Marks the listed players; a player outside the table is named.
void mark(TeaTable& table, const std::string& text, const std::string& flag,
          bool tea_game::TeaPlayer::*field) {
  if (text.empty()) return;
  for (int p : parse_int_list(text, flag)) {
    if (p >= static_cast<int>(table.players.size()))
      throw error(flag, ": there is no player ", p, " (players are 0..",
                  table.players.size() - 1, ", one per --drinks entry)");
    if (table.players[static_cast<std::size_t>(p)].*field)
      throw error(flag, ": player ", p, " is listed twice");
    table.players[static_cast<std::size_t>(p)].*field = true;
  }
}

std::string percent(double p) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(2) << 100.0 * p << '%';
  return out.str();
}

// The enumeration's error bound, in the table's percentage points and as a
// probability, rounded up so that the printed bound still holds.
std::string bound_text(double bound) {
  std::ostringstream out;
  const double up = std::ceil(bound * 1e6) / 1e6;
  out << "error at most " << std::fixed << std::setprecision(4) << 100.0 * up << " points ("
      << std::setprecision(6) << up << ")";
  return out.str();
}

void print_text(const TeaTable& table, const TeaOdds& odds) {
  std::cout << "Tea odds for " << table.players.size() << " players; "
            << (table.joker_in_play ? "Joker" : "no Joker") << ", "
            << (table.reverse_joker_in_play ? "Reverse Joker" : "no Reverse Joker") << ", aces "
            << (table.aces_low ? "low" : "high") << "\n";
  if (odds.method == tea_game::OddsMethod::kExact) {
    std::cout << "method: exact (enumeration, " << odds.exact_work << " hand evaluations)\n";
  } else if (odds.method == tea_game::OddsMethod::kEnumerated) {
    std::cout << "method: enumerated (" << odds.exact_work
              << " hand evaluations; rare chains of ties cut: "
              << bound_text(odds.error_bound) << " on every chance)\n";
  } else {
    std::cout << "method: simulated (" << odds.trials << " games, seed " << odds.seed
              << "; 95% intervals)\n";
  }
  std::cout << "player  drinks  cards  exemption     makes the tea\n";
  for (std::size_t i = 0; i < table.players.size(); ++i) {
    const tea_game::TeaPlayer& p = table.players[i];
    std::string exemption = p.loss_exempt ? "loss" : "";
    if (p.joker_exempt) exemption += exemption.empty() ? "joker" : "+joker";
    if (exemption.empty()) exemption = "-";
    std::cout << std::left << std::setw(8) << i << std::setw(8) << p.drinks << std::setw(7)
              << p.cards() << std::setw(14) << exemption << percent(odds.make_tea[i]);
    if (odds.method == tea_game::OddsMethod::kSimulated)
      std::cout << "  [" << percent(odds.interval[i].low) << ", " << percent(odds.interval[i].high)
                << "]";
    std::cout << '\n';
  }
  if (odds.no_loser > 0.0) std::cout << "nobody can lose: " << percent(odds.no_loser) << '\n';
}

void print_json(const TeaTable& table, const TeaOdds& odds) {
  std::ostringstream out;
  out << std::setprecision(12);
  out << "{\"method\":" << json_quote(tea_game::method_name(odds.method)) << ",\"players\":[";
  for (std::size_t i = 0; i < table.players.size(); ++i) {
    const tea_game::TeaPlayer& p = table.players[i];
    out << (i ? "," : "") << "{\"player\":" << i << ",\"drinks\":" << p.drinks
        << ",\"cards\":" << p.cards() << ",\"loss_exempt\":" << (p.loss_exempt ? "true" : "false")
        << ",\"joker_exempt\":" << (p.joker_exempt ? "true" : "false")
        << ",\"make_tea\":" << odds.make_tea[i];
    if (odds.method == tea_game::OddsMethod::kSimulated)
      out << ",\"interval95\":[" << odds.interval[i].low << "," << odds.interval[i].high << "]";
    out << "}";
  }
  out << "],\"no_loser\":" << odds.no_loser;
  if (odds.method == tea_game::OddsMethod::kSimulated)
    out << ",\"trials\":" << odds.trials << ",\"seed\":" << odds.seed;
  else
    out << ",\"hand_evaluations\":" << odds.exact_work << ",\"error_bound\":" << odds.error_bound;
  out << "}\n";
  std::cout << out.str();
}

int run_tea_odds(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "tea odds", "kibitz tea odds --drinks LIST [options]",
      "For one Tea Game at the table you describe, prints each player's chance to make\n"
      "the tea: drawing one card per drink (one fewer with a loss exemption), the Joker\n"
      "and Reverse Joker, sets beating single cards, odd one out, and redraws until one\n"
      "loses. Players are numbered from 0 in the order of --drinks. Small tables are\n"
      "enumerated: 'exact' when every player who is not joker-exempt draws the same\n"
      "number of cards (their ties are even by symmetry), else 'enumerated' with the\n"
      "error bound that the cut of rare chains of ties costs ('error at most X', every\n"
      "chance within X). Larger tables are simulated with a 95% interval. The output\n"
      "says which method.\n"

      "Redraws go on until one loses, as the rulings say (the env's game lets the lot\n"
      "decide after 8 tied redraws). Example: four players, the second ordering two\n"
      "drinks and holding a loss exemption, the fourth joker-exempt today:\n"
      "  kibitz tea odds --drinks 1,2,1,1 --exempt 1 --joker-exempt 3",
      "kibitz tea odds --drinks 1,1,1\n"
      "kibitz tea odds --drinks 2,1,1 --no-joker --aces-low\n"
      "kibitz tea odds --drinks 1,2,1,3,1 --exempt 2 --simulate 100000 --seed 7 --json"};
  po::options_description options;
  std::string drinks, exempt, joker_exempt, simulate, seed = "0";
  bool no_joker = false, no_reverse = false, aces_low = false, json = false, quiet = false;
  options.add_options()("drinks", po::value(&drinks)->required()->value_name("LIST"),
                        "drinks each player orders, 1-3, comma-separated (3-10 players)")(
      "exempt", po::value(&exempt)->value_name("LIST"),
      "players holding a loss exemption who play: they draw one card fewer")(
      "joker-exempt", po::value(&joker_exempt)->value_name("LIST"),
      "players joker-exempt today: they lose only by drawing the Joker")(
      "no-joker", po::bool_switch(&no_joker), "the Joker is not in the deck")(
      "no-reverse-joker", po::bool_switch(&no_reverse), "the Reverse Joker is not in the deck")(
      "aces-low", po::bool_switch(&aces_low), "aces are the lowest cards")(
      "simulate", po::value(&simulate)->value_name("N"),
      "simulate N games (at most 10^10) even where exact odds are feasible (default: exact "
      "where feasible, else 200000 games); progress goes to stderr")("seed", po::value(&seed)->value_name("S"),
                            "the simulation's seed (default 0)")(
      "json", po::bool_switch(&json), "print JSON instead of text")(
      "quiet", po::bool_switch(&quiet), "no progress on stderr");
  if (!parse_command_options(usage, options, args)) return kExitOk;

  TeaTable table;
  for (int d : parse_int_list(drinks, "--drinks")) table.players.push_back({d, false, false});
  table.joker_in_play = !no_joker;
  table.reverse_joker_in_play = !no_reverse;
  table.aces_low = aces_low;
  try {
    tea_game::check_table(table);
  } catch (const KibitzError& e) {
    throw error("--drinks: ", e.what());
  }
  mark(table, exempt, "--exempt", &tea_game::TeaPlayer::loss_exempt);
  mark(table, joker_exempt, "--joker-exempt", &tea_game::TeaPlayer::joker_exempt);
  const std::uint64_t seed_value = parse_uint64(seed, "--seed");
  TeaOdds odds;
  if (!simulate.empty()) {
    const std::uint64_t trials = parse_uint64(simulate, "--simulate");
    if (trials == 0 || trials > kMaxSimulatedGames) {
      throw error("--simulate: the number of games must be from 1 to ", kMaxSimulatedGames,
                  ", got ", simulate);
    }
    ProgressBar bar(std::cerr, "kibitz tea odds", "games", static_cast<std::int64_t>(trials),
                    ::isatty(STDERR_FILENO) != 0, !quiet);
    odds = tea_game::simulate_tea_odds(table, trials, seed_value, [&bar](std::uint64_t done) {
      bar.update(static_cast<std::int64_t>(done));
    });
    bar.finish(static_cast<std::int64_t>(trials));
  } else {
    odds = tea_game::tea_odds(table, tea_game::kDefaultTrials, seed_value);
  }
  if (json)
    print_json(table, odds);
  else
    print_text(table, odds);
  return kExitOk;
}

}  // namespace

int run_tea(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << "usage: kibitz tea odds --drinks LIST [options]\n\n"
                 "Tea Game tools. Subcommands:\n"
                 "  odds   each player's chance to make the tea at a table you describe\n\n"
                 "kibitz tea odds --help explains its flags.\n";
    return args.empty() ? kExitBadInput : kExitOk;
  }
  if (args[0] != "odds")
    throw error("kibitz tea: unknown subcommand '", args[0], "'; the subcommand is: odds");
  return run_tea_odds(std::vector<std::string>(args.begin() + 1, args.end()));
}

}  // namespace kibitz::tools
