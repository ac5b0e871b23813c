// World samplers against exact enumeration (issue 16): on Kuhn (two and three
// players) and Leduc positions, the game's fast sampler and the generic
// ReplayWorldSampler draw each world that agrees with a seat's stream as
// often as its chance probability says, by a chi-square test at a fixed
// seed. The hidden part of these games is chance alone (every bet is seen),
// so the exact distribution is the chance probability of each consistent
// world, normalised. Then ReplayWorldSampler's answers to streams no game
// produces, and the proof that the chi-square test fails a biased sampler.
#include "env/core/world_sampler.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <ostream>
#include <memory>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

constexpr int kDraws = 6000;  // worlds drawn per position and sampler
constexpr std::uint64_t kSeed = 0x63686932;

// The worlds whose stream for `seat` is `target`, each with its chance
// probability (player moves weigh 1: in these games every one is seen, so a
// consistent world has exactly the target's). Depth-first from the initial
// state; a branch ends as soon as its stream stops being a prefix of the
// target, or equals it (every move adds an observation, so no longer
// history can match).
void enumerate(const State& state, Player seat, const SeatStream& target, double weight,
               std::map<std::vector<Action>, double>& out) {
  const SeatStream stream = state.seat_stream(seat);
  if (!stream_starts_with(target, stream)) return;
  if (stream.size() == target.size()) {
    out[state.history()] += weight;
    return;
  }
  if (state.is_terminal()) return;
  if (state.is_chance_node()) {
    for (const ChanceOutcome& o : state.chance_outcomes()) {
      auto child = state.clone();
      child->apply_action(o.action);
      enumerate(*child, seat, target, weight * o.probability, out);
    }
    return;
  }
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply_action(a);
    enumerate(*child, seat, target, weight, out);
  }
}

std::map<std::vector<Action>, double> exact_worlds(const Game& game, Player seat,
                                                   const SeatStream& target) {
  std::map<std::vector<Action>, double> worlds;
  enumerate(*game.new_initial_state(), seat, target, 1.0, worlds);
  double total = 0;
  for (const auto& [history, w] : worlds) total += w;
  for (auto& [history, w] : worlds) w /= total;
  return worlds;
}

// A position to test: a game, a history that leads to it, a seat.
struct Position {
  std::string spec;
  std::vector<Action> history;
  Player seat;
};

std::string describe(const Position& p) {
  std::string h;
  for (Action a : p.history) h += (h.empty() ? "" : " ") + std::to_string(a);
  return p.spec + " seat " + std::to_string(p.seat) + " after [" + h + "]";
}

// So failure messages print the position instead of the struct's bytes.
void PrintTo(const Position& p, std::ostream* out) { *out << describe(p); }

// Draws with `draw` and returns the chi-square statistic of the counts
// against the exact distribution (a world outside it is a failure, and so is
// a world never drawn); `df` gets the degrees of freedom.
using Draw = std::function<void(Rng&, State&)>;
double chi_square(const Game& game, const std::map<std::vector<Action>, double>& exact,
                  const Draw& draw, int& df) {
  std::map<std::vector<Action>, int> counts;
  Rng rng(kSeed);
  auto world = game.new_initial_state();
  for (int i = 0; i < kDraws; ++i) {
    draw(rng, *world);
    if (exact.count(world->history()) == 0) {
      ADD_FAILURE() << "drew a world no enumeration gives: " << world->to_string();
      return 0;
    }
    ++counts[world->history()];
  }
  double statistic = 0;
  for (const auto& [history, p] : exact) {
    const double expected = kDraws * p;
    const double gap = counts[history] - expected;
    statistic += gap * gap / expected;
    EXPECT_GT(counts[history], 0) << "a consistent world was never drawn: "
                                  << game.state_from_history(history)->to_string();
  }
  df = static_cast<int>(exact.size()) - 1;
  return statistic;
}

// About six standard deviations above the statistic's mean: at a fixed seed
// a correct sampler never fails, and a world drawn 10 % off does.
double bound(int df) { return df + 6 * std::sqrt(2.0 * df) + 6; }

class WorldFrequencyTest : public ::testing::TestWithParam<Position> {
 protected:
  void SetUp() override {
    game_ = load_game(GetParam().spec);
    state_ = game_->state_from_history(GetParam().history);
    stream_ = state_->seat_stream(GetParam().seat);
    exact_ = exact_worlds(*game_, GetParam().seat, stream_);
    ASSERT_GE(exact_.size(), 2u) << "the position hides nothing: " << describe(GetParam());
  }

  void expect_exact(const Draw& draw, const std::string& name) {
    int df = 0;
    const double statistic = chi_square(*game_, exact_, draw, df);
    EXPECT_LT(statistic, bound(df))
        << name << " strays from the exact distribution over " << exact_.size() << " worlds at "
        << describe(GetParam()) << ": chi-square " << statistic << " with " << df
        << " degrees of freedom";
  }

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  SeatStream stream_;
  std::map<std::vector<Action>, double> exact_;
};

TEST_P(WorldFrequencyTest, GameSamplerDrawsTheExactDistribution) {
  const auto sampler = game_->new_world_sampler(GetParam().seat, stream_);
  ASSERT_EQ(dynamic_cast<const ReplayWorldSampler*>(sampler.get()), nullptr)
      << GetParam().spec << " was meant to have a fast sampler";
  expect_exact([&](Rng& rng, State& out) { sampler->sample(rng, out); }, "the game's sampler");
  // resample_from_infostate is a thin call of it.
  expect_exact(
      [&](Rng& rng, State& out) { state_->resample_from_infostate(GetParam().seat, rng, out); },
      "resample_from_infostate");
}

TEST_P(WorldFrequencyTest, GenericSamplerDrawsTheExactDistribution) {
  const ReplayWorldSampler sampler(game_, GetParam().seat, stream_);
  expect_exact([&](Rng& rng, State& out) { sampler.sample(rng, out); }, "ReplayWorldSampler");
}

// Kuhn cards: 0 J, 1 Q, 2 K, 3 A; actions 0 pass, 1 bet. Leduc cards: 0 Js,
// 1 Jh, 2 Qs, 3 Qh, 4 Ks, 5 Kh; actions 0 fold, 1 call, 2 raise.
INSTANTIATE_TEST_SUITE_P(
    SmallGames, WorldFrequencyTest,
    ::testing::Values(Position{"kuhn_poker", {1, 2, 0, 1}, 0},  // Q; pass, bet: J or K
                      Position{"kuhn_poker", {0}, 1},           // seat 0's card unseen
                      Position{"kuhn_poker", {2, 0, 1, 0}, 1},  // terminal: folded to
                      Position{"kuhn_poker(players=3)", {3, 0, 2, 0, 0}, 1},  // 6 deals
                      Position{"kuhn_poker(players=3)", {1, 3}, 2},           // seat 2 not dealt
                      Position{"leduc_poker", {0, 3, 2, 1, 5, 1}, 0},         // after the public Kh
                      Position{"leduc_poker", {4, 5}, 1},                     // before it: 5 cards
                      Position{"leduc_poker", {2}, 1},                        // seat 1 not dealt
                      Position{"leduc_poker", {0, 3, 1, 2, 0}, 1},            // folded to
                      // A showdown between seats 0 (A) and 2 (K) after seat 1
                      // folded: they show their cards, seat 1's stays J or Q.
                      Position{"kuhn_poker(players=3)", {3, 0, 2, 1, 0, 1}, 0}),
    [](const ::testing::TestParamInfo<Position>& param) {
      return "position_" + std::to_string(param.index);
    });

// At a showdown both Leduc cards are shown, and so are both of two-player
// Kuhn: the stream leaves one world, and every sampler draws it.
TEST(WorldFrequency, AShowdownLeavesOneWorld) {
  for (const Position& p : {Position{"leduc_poker", {0, 3, 1, 1, 5, 1, 1}, 1},
                            Position{"kuhn_poker", {0, 2, 1, 1}, 0},
                            Position{"kuhn_poker(players=3)", {1, 3, 0, 0, 0, 0}, 2}}) {
    SCOPED_TRACE(describe(p));
    const auto game = load_game(p.spec);
    const auto state = game->state_from_history(p.history);
    ASSERT_TRUE(state->is_terminal());
    const SeatStream stream = state->seat_stream(p.seat);
    const auto exact = exact_worlds(*game, p.seat, stream);
    ASSERT_EQ(exact.size(), 1u);
    ASSERT_EQ(exact.begin()->first, p.history);
    const auto fast = game->new_world_sampler(p.seat, stream);
    const ReplayWorldSampler generic(game, p.seat, stream);
    Rng rng(kSeed);
    auto world = game->new_initial_state();
    for (int i = 0; i < 20; ++i) {
      fast->sample(rng, *world);
      EXPECT_EQ(world->history(), p.history);
      state->resample_from_infostate(p.seat, rng, *world);
      EXPECT_EQ(world->history(), p.history);
      generic.sample(rng, *world);
      EXPECT_EQ(world->history(), p.history);
    }
  }
}

// The test above can fail: a sampler that redraws one world half the time,
// or never draws it, is caught.
TEST(WorldFrequency, ChiSquareCatchesABiasedSampler) {
  const auto game = load_game("leduc_poker");
  const auto state = game->state_from_history(std::vector<Action>{0, 3, 2, 1, 5, 1});
  const SeatStream stream = state->seat_stream(0);
  const auto exact = exact_worlds(*game, 0, stream);
  ASSERT_EQ(exact.size(), 4u);  // Jh, Qs, Qh or Ks for seat 1
  const auto sampler = game->new_world_sampler(0, stream);
  const std::vector<Action> shy = exact.begin()->first;
  int df = 0;
  const double biased = chi_square(
      *game, exact,
      [&](Rng& rng, State& out) {
        sampler->sample(rng, out);
        if (out.history() == shy && rng.uniform_int(2) == 0) sampler->sample(rng, out);
      },
      df);
  EXPECT_GT(biased, bound(df));
  // A sampler that never draws a world fails too (inside chi_square).
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &failures);
    chi_square(
        *game, exact,
        [&](Rng& rng, State& out) {
          do sampler->sample(rng, out);
          while (out.history() == shy);
        },
        df);
  }
  ASSERT_EQ(failures.size(), 1);
  EXPECT_NE(std::string(failures.GetTestPartResult(0).message()).find("never drawn"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
SeatStream typed(const Game& game, const std::vector<std::string>& lines) {
  SeatStream stream;
  for (const std::string& line : lines) stream.push_back(game.stream_spec().from_text(line));
  return stream;
}

TEST(ReplayWorldSampler, NamesTheFirstObservationNoGameExplains) {
  const auto game = load_game("kuhn_poker");
  // Seat 1 cannot bet first: seat 0 opens the betting.
  const SeatStream stream = typed(*game, {"dealt J", "P1 is dealt a card", "P1 bets"});
  const ReplayWorldSampler sampler(game, 0, stream);
  Rng rng(1);
  auto out = game->new_initial_state();
  std::string why;
  ReplaySearchStats stats;
  EXPECT_EQ(sampler.try_sample(rng, *out, why, &stats), ReplayWorldSampler::Result::kNoWorld);
  EXPECT_EQ(why,
            "no kuhn_poker(players=2) game gives seat P0 these observations: observation 3 "
            "('P1 bets') cannot follow the ones before it");
  EXPECT_GT(stats.dead_ends, 0);
  EXPECT_GT(stats.backtracks, 0);
  EXPECT_EQ(error_of([&] { sampler.sample(rng, *out); }), why);
  // After two passes and the showdown the hand is over: nothing can follow.
  const ReplayWorldSampler over(game, 0,
                                typed(*game, {"dealt J", "P1 is dealt a card", "P0 passes",
                                              "P1 passes", "P0 shows J", "P1 shows Q", "P0 bets"}));
  EXPECT_EQ(over.try_sample(rng, *out, why), ReplayWorldSampler::Result::kNoWorld);
  EXPECT_NE(why.find("observation 7 ('P0 bets')"), std::string::npos) << why;
  // The showdown is part of the last pass's move: a stream cannot stop
  // before it.
  const ReplayWorldSampler cut(
      game, 0, typed(*game, {"dealt J", "P1 is dealt a card", "P0 passes", "P1 passes"}));
  EXPECT_EQ(cut.try_sample(rng, *out, why), ReplayWorldSampler::Result::kNoWorld);
  EXPECT_NE(why.find("observation 4 ('P1 passes')"), std::string::npos) << why;
}

TEST(ReplayWorldSampler, GivesUpAfterItsNodeLimit) {
  const auto game = load_game("leduc_poker");
  const auto state = game->state_from_history(std::vector<Action>{0, 3, 2, 1, 5, 1});
  const ReplayWorldSampler sampler(game, 0, state->seat_stream(0), /*max_nodes=*/2);
  Rng rng(2);
  auto out = game->new_initial_state();
  std::string why;
  EXPECT_EQ(sampler.try_sample(rng, *out, why), ReplayWorldSampler::Result::kGaveUp);
  EXPECT_EQ(why, "gave up after 2 states without finding a world for seat 0's 6 observations");
  // With the default limit the same stream has worlds.
  const ReplayWorldSampler patient(game, 0, state->seat_stream(0));
  EXPECT_EQ(patient.try_sample(rng, *out, why), ReplayWorldSampler::Result::kFound);
  EXPECT_EQ(out->seat_stream(0), state->seat_stream(0));
}

TEST(ReplayWorldSampler, RefusesASeatTheGameDoesNotHave) {
  const auto game = load_game("kuhn_poker");
  EXPECT_EQ(error_of([&] { ReplayWorldSampler(game, 2, SeatStream{}); }),
            "kuhn_poker(players=2) has no seat 2 (seats 0..1)");
}

}  // namespace
}  // namespace kibitz
