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
// Two methods (see odds_exact.cc and odds_simulate.cc):
//  - exact: enumeration over value classes; used when it needs at most
//    kExactWorkLimit hand evaluations (first round and redraws together).
//    Tie chains whose path probability falls below 1e-6 take the value of a
//    redraw after a reshuffle instead of their own deck's (odds_exact.cc,
//    point 5): symmetric answers stay exact, others move by about 1e-5;
//  - simulated: seeded Monte Carlo over whole games with a 95% interval.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kibitz::tea_game {

inline constexpr int kMinTeaPlayers = 3;
inline constexpr int kMaxTeaPlayers = 10;
inline constexpr int kMaxDrinks = 3;

// The exact method's budget: hand evaluations (leaves of the enumeration, in
// the first round and all redraws together). Past it the odds are simulated.
// At this limit an exact answer takes at most about a second on one core; it
// covers 3 to 6 players with one card each and 3 players drawing 2+1+1
// (docs/tea_odds.md lists the measured costs).
inline constexpr std::uint64_t kExactWorkLimit = 10'000'000;
inline constexpr std::uint64_t kDefaultTrials = 200'000;

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

enum class OddsMethod { kExact, kSimulated };

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
  std::uint64_t exact_work = 0;  // exact only: hand evaluations used
  // Exact only: the probability of the tie chains not enumerated to the end
  // (odds_exact.cc, point 5); the answer is exact within it.
  double pruned_mass = 0.0;
};

// Exact odds, or nullopt when the enumeration would pass `work_limit`.
std::optional<TeaOdds> exact_tea_odds(const TeaTable& table,
                                      std::uint64_t work_limit = kExactWorkLimit);

// Simulated odds over `trials` seeded games.
TeaOdds simulate_tea_odds(const TeaTable& table, std::uint64_t trials, std::uint64_t seed);

// Exact where feasible, otherwise simulated with `trials` and `seed`.
TeaOdds tea_odds(const TeaTable& table, std::uint64_t trials = kDefaultTrials,
                 std::uint64_t seed = 0);

std::string method_name(OddsMethod method);  // "exact", "simulated"

}  // namespace kibitz::tea_game
