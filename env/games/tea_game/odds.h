// Tea Game odds: each player's chance to make the tea in one tea game at a
// described table (rulings: ../shared/spec/tea_game.md). Used by
// `kibitz tea odds` and by the Tea heuristic.
//
// The game modelled is one tea game from the draw on: every listed player
// draws their cards from a freshly shuffled deck (52 cards plus whichever
// jokers are in play); the Joker exempts a drawer who is not joker-exempt and
// makes a joker-exempt drawer lose at once; the Reverse Joker reverses the
// order for the rest of the game (a joker-exempt drawer loses that exemption
// but not this game); joker-exempt players cannot otherwise lose; odd one out
// and lowest/highest loses are judged by showdown.h; tied players redraw
// their own number of cards from the rest of the deck, all drawn cards being
// shuffled back first when too few remain, until one loses.
//
// Methods (see odds_exact.cc and odds_simulate.cc):
//  - enumeration over value classes, used when it needs at most
//    kExactWorkLimit hand evaluations (first round and redraws together).
//    Ties among players drawing the same number of cards are settled
//    exactly by symmetry. Chains of ties among players drawing different
//    numbers of cards are cut once their path probability falls below the
//    prune mass (kDefaultPruneMass); the probability of reaching a cut is
//    computed, and every answer is within it of the truth (error_bound).
//    The method is kExact when nothing was cut (error_bound == 0), else
//    kEnumerated;
//  - simulated: seeded Monte Carlo over whole games with a 95% interval.
//
// Redraws go on until one loses, as the rulings say. The env's game
// (config.h kMaxRedraws) lets the lot decide after 8 tied redraws; the
// odds engine has no such cap, so the two differ by at most the chance of
// 9 tied rounds in a row (docs/tea_odds.md).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "env/games/tea_game/config.h"

namespace kibitz::tea_game {

// The game's own bounds (config.h), so odds and game cannot disagree.
inline constexpr int kMinTeaPlayers = kMinDrawers;
inline constexpr int kMaxTeaPlayers = kMaxPlayers;

// The exact method's budget: hand evaluations (leaves of the enumeration, in
// the first round and all redraws together). Past it the odds are simulated.
// At this limit an answer takes at most about a second on one core; it
// covers 3 to 10 players with one card each, up to 4 with two each, and 3
// players drawing 2+1+1 (docs/tea_odds.md lists the measured costs).
inline constexpr std::uint64_t kExactWorkLimit = 10'000'000;
inline constexpr std::uint64_t kDefaultTrials = 200'000;
// Mixed tie chains below this path probability are cut (odds_exact.cc,
// point 6); error_bound says what that cost.
inline constexpr double kDefaultPruneMass = 1e-6;

struct TeaPlayer {
  int drinks = 1;              // drinks ordered, 1..kMaxDrinks
  bool loss_exempt = false;    // holds a loss exemption and plays: one card fewer
  bool joker_exempt = false;   // drew the Joker earlier today
  // Cards drawn: one per drink, one fewer with a loss exemption, at least one.
  int cards() const { return loss_exempt && drinks > 1 ? drinks - 1 : drinks; }
};

struct TeaTable {
  std::vector<TeaPlayer> players;  // those who draw, kMinTeaPlayers..kMaxTeaPlayers
  bool joker_in_play = true;
  bool reverse_joker_in_play = true;
  bool aces_low = false;
};

// Throws KibitzError naming the problem (player count, drinks out of range).
void check_table(const TeaTable& table);

// kExact: enumerated with nothing cut; kEnumerated: enumerated with cuts,
// each answer within TeaOdds::error_bound of the truth; kSimulated.
enum class OddsMethod { kExact, kSimulated, kEnumerated };

struct Interval {
  double low = 0.0;
  double high = 0.0;
};

struct TeaOdds {
  OddsMethod method = OddsMethod::kExact;
  // make_tea[i]: player i's probability to make the tea.
  std::vector<double> make_tea;
  // The probability that nobody can lose (every player joker-exempt, or the
  // only ones who could lose drew the Joker): the game has no loser.
  double no_loser = 0.0;
  // Simulated only: the 95% (Wilson) interval of each make_tea, the trials
  // and the seed.
  std::vector<Interval> interval;
  std::uint64_t trials = 0;
  std::uint64_t seed = 0;
  std::uint64_t exact_work = 0;  // enumerated only: hand evaluations used
  // Enumerated only: the probability of reaching a cut tie chain
  // (odds_exact.cc, point 6); every make_tea (and no_loser) is within it of
  // the true value. 0 means exact.
  double error_bound = 0.0;
  double pruned_mass = 0.0;  // the same as error_bound (its older name)
};

// Enumerated odds (kExact or kEnumerated with its error_bound), or nullopt
// when the enumeration would pass `work_limit`. A smaller `prune_mass`
// follows mixed tie chains further: a smaller error_bound for more work.
std::optional<TeaOdds> exact_tea_odds(const TeaTable& table,
                                      std::uint64_t work_limit = kExactWorkLimit,
                                      double prune_mass = kDefaultPruneMass);

// True for kExact and kEnumerated: the odds come from the enumeration.
inline bool is_enumerated(OddsMethod method) { return method != OddsMethod::kSimulated; }

// Simulated odds over `trials` seeded games. `progress`, when given, is
// called with the games played so far every 65,536 games and at the end (a
// long simulation shows progress: kibitz tea odds --simulate).
TeaOdds simulate_tea_odds(const TeaTable& table, std::uint64_t trials, std::uint64_t seed,
                          const std::function<void(std::uint64_t)>& progress = {});

// Enumerated where feasible, otherwise simulated with `trials` and `seed`.
TeaOdds tea_odds(const TeaTable& table, std::uint64_t trials = kDefaultTrials,
                 std::uint64_t seed = 0);

std::string method_name(OddsMethod method);  // "exact", "enumerated", "simulated"

}  // namespace kibitz::tea_game
