// Simulated Tea Game odds (odds.h): whole tea games played with real cards
// from a seeded shuffle, independent of the exact enumeration's class
// bookkeeping, so that each checks the other in the tests.
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "env/cards/card.h"
#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/games/tea_game/odds.h"
#include "env/games/tea_game/showdown.h"

namespace kibitz::tea_game {
namespace {

// A redraw that ties this many times in a row is a bug, not bad luck (each
// tie among valued hands has probability well under 1/2).
constexpr int kMaxRounds = 10'000;

std::vector<cards::Card> new_deck(const TeaTable& table) {
  std::vector<cards::Card> deck;
  for (int s = 0; s < cards::kNumSuits; ++s)
    for (int rank = 1; rank <= cards::kNumRanks; ++rank)
      deck.push_back(cards::Card::make(0, static_cast<cards::Suit>(s), rank));
  if (table.joker_in_play) deck.push_back(cards::Card::from_id(kJokerId));
  if (table.reverse_joker_in_play) deck.push_back(cards::Card::from_id(kReverseJokerId));
  return deck;
}

// One game: returns the loser's index, or -1 when nobody can lose.
class SimulatedGame {
 public:
  SimulatedGame(const TeaTable& table, Rng& rng) : table_(table), rng_(rng) {
    full_ = new_deck(table);
  }

  int play() {
    deck_ = full_;
    rng_.shuffle(std::span<cards::Card>(deck_));
    next_ = 0;
    reversed_ = false;
    std::vector<int> drawing(table_.players.size());
    for (std::size_t i = 0; i < drawing.size(); ++i) drawing[i] = static_cast<int>(i);
    std::vector<bool> joker_exempt;
    for (const TeaPlayer& p : table_.players) joker_exempt.push_back(p.joker_exempt);
    for (int round = 0; round < kMaxRounds; ++round) {
      std::vector<Contender> contenders;
      if (const int instant = draw_round(drawing, joker_exempt, contenders); instant >= 0)
        return instant;
      if (contenders.empty()) return -1;
      const RoundVerdict verdict = judge_round(contenders, reversed_);
      if (verdict.losers.size() == 1) return verdict.losers[0];
      drawing = verdict.losers;  // tied: redraw from the rest of the deck
    }
    KIBITZ_CHECK(false, "a tea game tied ", kMaxRounds, " times in a row");
    return -1;
  }

 private:
  // Each drawing player draws their cards; returns a player who loses at
  // once (a second Joker), else -1, with the contenders and their worths.
  int draw_round(const std::vector<int>& drawing, std::vector<bool>& joker_exempt,
                 std::vector<Contender>& contenders) {
    int need = 0;
    for (int p : drawing) need += table_.players[static_cast<std::size_t>(p)].cards();
    if (static_cast<int>(deck_.size()) - next_ < need) {  // too few: shuffle all back
      deck_ = full_;
      rng_.shuffle(std::span<cards::Card>(deck_));
      next_ = 0;
    }
    for (int p : drawing) {
      const auto k = static_cast<std::size_t>(table_.players[static_cast<std::size_t>(p)].cards());
      const std::span<const cards::Card> hand(deck_.data() + next_, k);
      next_ += static_cast<int>(k);
      bool joker = false;
      for (cards::Card card : hand) {
        joker = joker || is_joker(card);
        reversed_ = reversed_ || is_reverse_joker(card);
      }
      const bool exempt = joker_exempt[static_cast<std::size_t>(p)];
      if (exempt && joker) return p;  // a second Joker loses at once
      if (joker) joker_exempt[static_cast<std::size_t>(p)] = true;
      if (!exempt && !joker) contenders.push_back({p, hand_worth(hand, table_.aces_low)});
    }
    return -1;
  }

  const TeaTable& table_;
  Rng& rng_;
  std::vector<cards::Card> full_, deck_;
  int next_ = 0;
  bool reversed_ = false;
};

// Wilson score interval for k successes in n trials, 95%.
Interval wilson(std::uint64_t k, std::uint64_t n) {
  constexpr double z = 1.959963984540054;
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(k) / nn;
  const double denom = 1.0 + z * z / nn;
  const double centre = (p + z * z / (2.0 * nn)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / nn + z * z / (4.0 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace

TeaOdds simulate_tea_odds(const TeaTable& table, std::uint64_t trials, std::uint64_t seed,
                          const std::function<void(std::uint64_t)>& progress) {
  check_table(table);
  if (trials == 0) throw error("the simulation needs at least 1 trial");
  Rng rng(seed);
  SimulatedGame game(table, rng);
  std::vector<std::uint64_t> losses(table.players.size(), 0);
  std::uint64_t nobody = 0;
  for (std::uint64_t t = 0; t < trials; ++t) {
    const int loser = game.play();
    if (loser < 0)
      ++nobody;
    else
      ++losses[static_cast<std::size_t>(loser)];
    if (progress && (t + 1) % 65536 == 0) progress(t + 1);
  }
  if (progress) progress(trials);
  TeaOdds odds;
  odds.method = OddsMethod::kSimulated;
  odds.trials = trials;
  odds.seed = seed;
  const double n = static_cast<double>(trials);
  for (std::uint64_t k : losses) {
    odds.make_tea.push_back(static_cast<double>(k) / n);
    odds.interval.push_back(wilson(k, trials));
  }
  odds.no_loser = static_cast<double>(nobody) / n;
  return odds;
}

}  // namespace kibitz::tea_game
