// The `heuristic` agent on Liar's Dice (agents/heuristic/liars_dice/): built
// by name through the game's manifest, its decisions those of a decider that
// read the seat's whole stream (while it reads only the new observations),
// and whole games against random that it wins more often than not.
#include "agents/heuristic/heuristic_agent.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "agents/heuristic/liars_dice/liars_dice_decider.h"
#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/games/liars_dice/liars_dice.h"
#include "tests/agents/heuristic_test_support.h"

namespace kibitz::liars_dice {
namespace {

TEST(LiarsDiceHeuristicAgent, IsBuiltByNameFromTheManifest) {
  const std::vector<std::string> games = HeuristicAgent::supported_games();
  EXPECT_NE(std::find(games.begin(), games.end(), "liars_dice"), games.end());
  EXPECT_EQ(make_agent("heuristic", load_game("liars_dice"), 1)->spec(),
            "heuristic(challenge_margin=0)");
  EXPECT_EQ(
      make_agent("heuristic(challenge_margin=0.25)", load_game("liars_dice(players=3)"), 1)->spec(),
      "heuristic(challenge_margin=0.25)");
  EXPECT_THROW(make_agent("heuristic(challenge_margin=2)", load_game("liars_dice"), 1),
               KibitzError);
}

// Every test spec, heuristic against random in both seatings: each of the
// heuristic's choices is legal and equals the choice of a decider that
// read the seat's whole stream at once.
TEST(LiarsDiceHeuristicAgent, DecidesAsAFreshDeciderOnTheWholeStream) {
  int decisions = 0, liars = 0;
  for (const std::string& spec : find_game("liars_dice").test_specs) {
    const auto game = load_game(spec);
    const auto liars_game = std::static_pointer_cast<const LiarsDiceGame>(game);
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
      const std::vector<std::string> specs = seed % 2 == 0
                                                 ? std::vector<std::string>{"heuristic", "random"}
                                                 : std::vector<std::string>{"random", "heuristic"};
      heuristic_testing::play_checked(
          game, specs, seed, [&](int seat, Agent& agent, Action action, const State& state) {
            if (!agent.spec().starts_with("heuristic")) return;
            ++decisions;
            bot::LiarsDiceDecider fresh(liars_game, seat);
            for (const Observation& o : state.seat_stream(seat)) fresh.read(o);
            EXPECT_EQ(action, fresh.decide()) << spec << " seed " << seed << "\n"
                                              << state.to_string();
            liars += action == liars_game->liar_action() ? 1 : 0;
          });
    }
  }
  EXPECT_GT(decisions, 300);
  EXPECT_GT(liars, 20) << "the heuristic calls liar at times";
}

// One agent shown a view of one seat, then of another mid-game, then the
// first again (as a search's rollouts do): each stream that does not go on
// from the last is read afresh, and its choice matches a fresh agent's.
TEST(LiarsDiceHeuristicAgent, ReadsAfreshAStreamThatDoesNotContinue) {
  const auto game = load_game("liars_dice(players=3,dice=2)");
  Rng rng(5);
  auto state = game->new_initial_state();
  while (state->is_chance_node()) state->apply_action(state->sample_chance_outcome(rng));
  const std::unique_ptr<Agent> reused = make_agent("heuristic", game, 1);
  reused->new_game(0);
  for (int move = 0; move < 6 && !state->is_terminal(); ++move) {
    const Player seat = state->current_player();
    const std::unique_ptr<Agent> fresh = make_agent("heuristic", game, 1);
    fresh->new_game(seat);
    const Action a = reused->act(SeatView(*state, seat));
    EXPECT_EQ(a, fresh->act(SeatView(*state, seat))) << "move " << move << "\n"
                                                     << state->to_string();
    state->apply_action(a);
  }
}

// Heuristic against random over fixed deals, each deal in both seatings
// (seat order favours neither): its mean return is above 0 by more than
// three standard errors. Returns are +1 / -1 with two players.
double heuristic_mean_against_random(const std::string& spec, int deals, double& standard_error) {
  const auto game = load_game(spec);
  std::vector<double> results;
  for (int deal = 0; deal < deals; ++deal) {
    for (Player h = 0; h < 2; ++h) {
      std::vector<std::unique_ptr<Agent>> agents;
      agents.push_back(make_agent(h == 0 ? "heuristic" : "random", game, 2 * deal + 1));
      agents.push_back(make_agent(h == 1 ? "heuristic" : "random", game, 2 * deal + 2));
      std::vector<Agent*> seats = {agents[0].get(), agents[1].get()};
      Rng chance(900 + static_cast<std::uint64_t>(deal));
      results.push_back(play_game(*game, seats, chance)->returns()[static_cast<std::size_t>(h)]);
    }
  }
  double mean = 0.0;
  for (double r : results) mean += r;
  mean /= static_cast<double>(results.size());
  double var = 0.0;
  for (double r : results) var += (r - mean) * (r - mean);
  var /= static_cast<double>(results.size() - 1);
  standard_error = std::sqrt(var / static_cast<double>(results.size()));
  return mean;
}

TEST(LiarsDiceHeuristicAgent, BeatsRandom) {
  for (const std::string spec : {"liars_dice", "liars_dice(dice=2)"}) {
    double se = 0.0;
    const double mean = heuristic_mean_against_random(spec, 200, se);
    EXPECT_GT(mean - 3 * se, 0.0) << spec << ": mean " << mean << " +- " << se;
  }
}

}  // namespace
}  // namespace kibitz::liars_dice
