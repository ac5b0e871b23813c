// Rollouts that stop before the end of the episode (rollout_moves,
// rollout_stop=game): where each evaluator stops, what it scores there, and
// that no limit changes nothing.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "agents/search/evaluator.h"
#include "agents/search/rollout_limit.h"
#include "env/core/registry.h"
#include "env/core/spec.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

// A state of `spec` after `moves` uniformly random moves (chance included),
// at a seat's decision: where search would call an evaluator.
std::unique_ptr<State> decision_after(const std::string& spec, int moves, std::uint64_t seed) {
  auto game = load_game(spec);
  auto state = game->new_initial_state();
  Rng rng(seed);
  ActionList legal;
  for (int m = 0; (m < moves || state->is_chance_node()) && !state->is_terminal(); ++m) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
    } else {
      state->legal_actions(legal);
      state->apply_action(legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))]);
    }
  }
  EXPECT_FALSE(state->is_terminal()) << spec;
  return state;
}

// The seat moves (chance not counted) that took `start` to `end`.
int seat_moves_between(const State& start, const State& end) {
  auto replay = start.clone();
  int seat_moves = 0;
  for (std::size_t i = start.history().size(); i < end.history().size(); ++i) {
    seat_moves += replay->is_chance_node() ? 0 : 1;
    replay->apply_action(end.history()[i]);
  }
  return seat_moves;
}

// Whether the last move from `start` to `end` was a seat's, not chance's.
bool last_move_by_a_seat(const State& start, const State& end) {
  auto replay = start.clone();
  for (std::size_t i = start.history().size(); i + 1 < end.history().size(); ++i) {
    replay->apply_action(end.history()[i]);
  }
  return !replay->is_chance_node();
}

std::vector<double> returns_of(const State& state) { return state.returns(); }

// Runs `evaluator` on a copy of `start`; returns the world where it stopped
// and checks the values are that world's returns.
std::unique_ptr<State> evaluated(Evaluator& evaluator, const State& start, std::uint64_t seed) {
  auto world = start.clone();
  std::vector<double> values(static_cast<std::size_t>(start.num_players()));
  Rng rng(seed);
  evaluator.evaluate(*world, rng, values, nullptr);
  EXPECT_EQ(values, returns_of(*world));
  return world;
}

TEST(RolloutLimit, MaxMovesStopsAfterThatManySeatMoves) {
  for (const std::string spec : {"tea_game", "loyalist_spies", "adulting(variant=bidding)", "leduc_poker"}) {
    SCOPED_TRACE(spec);
    const auto start = decision_after(spec, 3, 11);
    for (int max_moves : {1, 2, 5}) {
      RandomRolloutEvaluator random(RolloutLimit{max_moves, false});
      AgentRolloutEvaluator heuristic("random", load_game(spec), 5, RolloutLimit{max_moves, false});
      for (Evaluator* evaluator : std::vector<Evaluator*>{&random, &heuristic}) {
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
          const auto world = evaluated(*evaluator, *start, seed);
          if (world->is_terminal()) {
            EXPECT_LE(seat_moves_between(*start, *world), max_moves);
          } else {
            EXPECT_EQ(seat_moves_between(*start, *world), max_moves);
            // It stops right after that seat's move, before any chance move.
            EXPECT_TRUE(last_move_by_a_seat(*start, *world));
          }
        }
      }
    }
  }
}

// A tea game, and a Spies round, is one of the episode's games: a rollout
// stopped there has the next game's number and the returns paid so far.
TEST(RolloutLimit, GameStopEndsTheCurrentGameOfAnEpisode) {
  for (const std::string spec : {"tea_game(days=3)", "loyalist_spies(rounds=3,reward=score)"}) {
    SCOPED_TRACE(spec);
    const auto start = decision_after(spec, 5, 21);
    ASSERT_EQ(start->games_finished(), 0);
    RandomRolloutEvaluator evaluator(RolloutLimit{0, true});
    int nonzero = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const auto world = evaluated(evaluator, *start, seed);
      EXPECT_FALSE(world->is_terminal());
      EXPECT_EQ(world->games_finished(), 1);
      // It stopped at the move that ended the game, not later.
      auto before = start->clone();
      for (std::size_t i = start->history().size(); i + 1 < world->history().size(); ++i) {
        before->apply_action(world->history()[i]);
      }
      EXPECT_EQ(before->games_finished(), 0);
      for (double v : returns_of(*world)) nonzero += v != 0.0 ? 1 : 0;
    }
    // What one game paid reaches the values (a game that scored nothing in
    // twenty rollouts would make this test blind to the cut's score).
    EXPECT_GT(nonzero, 0);
  }
}

TEST(RolloutLimit, GameStopInAOneGameEpisodePlaysToTheEnd) {
  const auto start = decision_after("leduc_poker", 2, 3);
  RandomRolloutEvaluator evaluator(RolloutLimit{0, true});
  for (std::uint64_t seed = 1; seed <= 10; ++seed) EXPECT_TRUE(evaluated(evaluator, *start, seed)->is_terminal());
}

// No limit is the rollout of before: the same world and values, seed for
// seed, as an evaluator built without one.
TEST(RolloutLimit, NoLimitPlaysToTheEndAsBefore) {
  const auto start = decision_after("tea_game(days=2)", 4, 8);
  RandomRolloutEvaluator unlimited(RolloutLimit{0, false});
  RandomRolloutEvaluator plain;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const auto a = evaluated(unlimited, *start, seed);
    const auto b = evaluated(plain, *start, seed);
    EXPECT_TRUE(a->is_terminal());
    EXPECT_EQ(a->history(), b->history());
  }
}

TEST(RolloutLimit, SearchAgentsTakeTheParameters) {
  const auto game = load_game("tea_game(days=2)");
  for (const std::string name : {"ismcts", "mo_ismcts", "pimc"}) {
    SCOPED_TRACE(name);
    const auto agent = make_agent(name + "(sims=20,rollout_moves=7,rollout_stop=game)", game, 1);
    EXPECT_NE(agent->spec().find("rollout_moves=7,rollout_stop=game"), std::string::npos) << agent->spec();
    const std::string bad_stop = error_of([&] { make_agent(name + "(rollout_stop=round)", game, 1); });
    EXPECT_NE(bad_stop.find("rollout_stop"), std::string::npos) << bad_stop;
    EXPECT_NE(bad_stop.find("round"), std::string::npos) << bad_stop;
    const std::string negative = error_of([&] { make_agent(name + "(rollout_moves=-1)", game, 1); });
    EXPECT_NE(negative.find("rollout_moves"), std::string::npos) << negative;
  }
}

// A search whose rollouts stop plays legal moves to the end of the episode,
// and deterministically by seed.
TEST(RolloutLimit, CutRolloutSearchPlaysWholeEpisodes) {
  const auto game = load_game("tea_game(days=1)");
  std::vector<std::vector<Action>> histories;
  for (int run = 0; run < 2; ++run) {
    std::vector<std::unique_ptr<Agent>> agents;
    agents.push_back(make_agent("ismcts(sims=30,rollout_stop=game)", game, 4));
    for (int s = 1; s < game->num_players(); ++s) agents.push_back(make_agent("random", game, 10 + s));
    std::vector<Agent*> seats;
    for (auto& agent : agents) seats.push_back(agent.get());
    Rng rng(9);
    const auto end = play_game(*game, seats, rng);  // checks each move is legal
    EXPECT_TRUE(end->is_terminal());
    histories.push_back(end->history());
  }
  EXPECT_EQ(histories[0], histories[1]);
}

}  // namespace
}  // namespace kibitz
