// The Tea heuristic's decisions (agents/heuristic/tea_game/tea_heuristic.h), on a
// plain description of one tea game as a seat knows it (TeaSituation): no
// State, no stream. Every choice compares expected rewards in the game's own
// units (drink_value, make_cost, pence_value), each player's chance to make
// the tea coming from the odds engine (env/games/tea_game/odds.h), simulated
// with one fixed seed and cached per table (TeaOddsCache). The odds engine is
// reached only from the .cc, so this header stays free of game headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace kibitz::tea_game::bot {

struct TeaParams {
  // Worth, in drink_value units, of holding a loss exemption for a later game
  // (the chance to deal: order 3 drinks with no risk). A fresh exemption is
  // kept instead of spent when playing now is within this much of dealing;
  // the chance of winning a new one by losing counts at this worth too.
  double exemption_worth = 1.0;
  // Simulated games per odds query (the same seed for every query of one
  // decision, so the choices compare on common cards).
  int trials = 1500;
};

// The rewards of the game's config.
struct TeaRewards {
  double drink_value = 1.0;
  double late_drink_value = 0.5;
  double make_cost = 0.5;
  double pence_value = 0.01;
  double delay_prob = 0.1;
};

// A player at this game as the seat knows it.
struct TeaSeat {
  bool draws = false;         // draws cards (or is assumed to: not yet decided)
  bool receives = false;      // orders drinks (drawers, dealers, birthdays)
  int drinks = 1;             // declared, or assumed when not yet declared
  bool loss_exempt = false;   // holds a loss exemption while drawing: one card fewer
  bool joker_exempt = false;  // drew the Joker earlier today
  bool delayed = false;       // known delayed (announced; or the seat itself)
  bool may_withdraw = false;  // may still withdraw after an announcement
};

struct TeaSituation {
  TeaRewards rewards;
  std::vector<TeaSeat> seats;  // every seat of the table
  int me = 0;
  bool aces_low = false;
  bool games_after = true;            // another game follows this one in the episode
  bool holds_exemption = false;       // my loss exemption, valid this game
  bool exemption_last_chance = false; // it expires after this game, or this is the last game
  bool hiding_delay = false;          // I am delayed and said nothing
  // Others' observed rate of withdrawing after an announcement.
  double withdraw_rate = 0.5;
};

// Each drawer's chance to make the tea, by seat (0 for non-drawers), and the
// chance that nobody can lose.
struct TeaLossOdds {
  std::vector<double> make_tea;
  double no_loser = 0.0;
};

// Simulated odds, cached by table: the same table asked twice costs one
// lookup. Every table is simulated from the same `seed`, so an answer
// depends only on the seed, the trials and the table: the cache is a pure
// memo, and dropping entries (at `max_entries`, or never) changes no answer.
// The tables of one game all have as many seats (the key does not hold the
// count), so a cache serves one seat count.
class TeaOddsCache {
 public:
  // A bound far above the tables a game meets (each seat's code has 7
  // values, and ties and orders make few of them likely); it only keeps a
  // very long run of a 10-seat game from growing without end.
  static constexpr std::size_t kDefaultMaxEntries = std::size_t{1} << 16;

  TeaOddsCache(std::uint64_t seed, int trials, std::size_t max_entries = kDefaultMaxEntries)
      : seed_(seed), trials_(trials), max_entries_(max_entries) {}
  // Odds for the drawers of `seats` (at least 3 of them).
  const TeaLossOdds& odds(const std::vector<TeaSeat>& seats, bool aces_low);
  std::uint64_t queries() const { return queries_; }
  // Tables simulated: the cache's misses that needed a simulation.
  std::uint64_t simulations() const { return simulations_; }
  std::size_t size() const { return cache_.size(); }

 private:
  std::uint64_t seed_;
  int trials_;
  std::size_t max_entries_;
  std::unordered_map<std::uint64_t, TeaLossOdds> cache_;
  std::uint64_t queries_ = 0;
  std::uint64_t simulations_ = 0;
};

// My expected reward from playing this game as described (seats as they
// stand, my drinks as given), the worth of a won exemption included.
double play_value(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds);
// The drinks (1..3) with the highest expected reward; a dealer or birthday
// player (who cannot lose) orders 3 while drinks are worth anything.
int choose_drinks(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds);
// Spend the exemption to deal? Yes when dealing now (3 drinks, no risk) is
// worth more than playing now and keeping the exemption; on its last chance
// (it expires, or the episode ends) the exemption kept is worth nothing.
bool choose_spend(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds);
// Announce a delay (true) or hide it? Hiding risks the exemption (a hidden
// delay that loses forfeits the one held and wins none); announcing lets the
// others withdraw (at their observed rate), which raises my chance to lose
// or stops the game.
bool choose_announce(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds);
// Withdraw after an announcement? Yes when staying, with my best order, is
// expected to lose reward.
bool choose_withdraw(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds);

}  // namespace kibitz::tea_game::bot
