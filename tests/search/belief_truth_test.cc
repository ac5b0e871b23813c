// Issue 32, item 4: in every game, weighting the sampled worlds by how
// likely the other seats' moves were under a model of them puts more of the
// belief near the true hidden state than drawing them uniformly does.
//
// Games are played out by the model itself at every seat (recorded games
// whose players the model describes): the heuristic, or for the pokers,
// which have none, a CFR policy. At decisions of one seat, a pool of
// worlds is drawn from that seat's view and weighted by the model
// (AgentBeliefModel). Each world is scored by how far every other seat's
// information state in it lies from that seat's true one (the L1 distance
// between their information-state tensors: zero when the world gives the
// other seats exactly their true cards and knowledge). The same pool gives
// both figures, so they differ only by the weights: the weighted mean
// distance must be below the plain mean, summed over all the decisions.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <iostream>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/search/belief_model.h"
#include "agents/search/belief_sampler.h"
#include "env/core/registry.h"
#include "env/core/seat_feed.h"
#include "env/core/seat_view.h"

namespace kibitz {
namespace {

struct TruthCase {
  std::string game_spec;
  std::string model;  // the agent spec that plays and models every seat
  int games;          // recorded games
  int worlds;         // pool size per decision
  int every;          // measure at every `every`-th decision of the observer
  int measures;       // decisions measured per game
  // Whether the other seats' moves say anything of their hidden cards under
  // the model. When they do, the weighted worlds must lie nearer the truth;
  // when not, no nearer nor farther.
  bool informative;
};

void PrintTo(const TruthCase& c, std::ostream* os) { *os << c.game_spec; }

// Sum over the other seats of the L1 distance between their information
// states in `world` and in `truth`.
double distance_to_truth(const State& world, const State& truth, Player observer,
                         std::vector<float>& a, std::vector<float>& b) {
  double distance = 0.0;
  for (Player seat = 0; seat < truth.num_players(); ++seat) {
    if (seat == observer) continue;
    world.information_state_tensor(seat, a);
    truth.information_state_tensor(seat, b);
    for (std::size_t i = 0; i < a.size(); ++i) distance += std::fabs(a[i] - b[i]);
  }
  return distance;
}

struct Totals {
  double weighted = 0.0;  // sum over decisions of the weighted mean distance
  double plain = 0.0;     // sum over decisions of the plain mean distance
  int decisions = 0;
  double effective_worlds = 0.0;
};

// Plays one game with `c.model` at every seat, measuring the pools of
// `observer` as it goes; stops once it has measured enough.
void play_and_measure(const TruthCase& c, std::shared_ptr<const Game> game, Player observer,
                      std::uint64_t seed, Totals& totals) {
  Rng rng(seed);
  auto truth = game->new_initial_state();
  std::vector<std::unique_ptr<Agent>> players;
  std::vector<SeatFeed> feeds;
  for (Player seat = 0; seat < game->num_players(); ++seat) {
    players.push_back(make_agent(c.model, game, rng.child("player", seat).seed()));
    players.back()->new_game(seat);
    feeds.emplace_back(seat);
  }
  BeliefSampler sampler(game, c.worlds, /*floor=*/0.2, /*power=*/1.0);
  AgentBeliefModel model(c.model, game, rng.child("model", 0).seed());
  const auto size = static_cast<std::size_t>(game->information_state_tensor_size());
  std::vector<float> a(size), b(size);
  int decisions = 0;
  int measured = 0;
  while (!truth->is_terminal() && measured < c.measures) {
    if (truth->is_chance_node()) {
      truth->apply_action(truth->sample_chance_outcome(rng));
      continue;
    }
    const Player seat = truth->current_player();
    const SeatView view(*truth, feeds[static_cast<std::size_t>(seat)]);
    if (seat == observer && ++decisions % c.every == 0) {
      sampler.refill(view, model, rng);
      double weighted = 0.0;
      double plain = 0.0;
      for (int i = 0; i < sampler.size(); ++i) {
        const double d = distance_to_truth(sampler.world(i), *truth, observer, a, b);
        weighted += sampler.weight(i) * d;
        plain += d / sampler.size();
      }
      totals.weighted += weighted;
      totals.plain += plain;
      totals.effective_worlds += sampler.effective_size();
      ++totals.decisions;
      ++measured;
    }
    truth->apply_action(players[static_cast<std::size_t>(seat)]->act(view));
  }
}

class BeliefTruthTest : public ::testing::TestWithParam<TruthCase> {};

TEST_P(BeliefTruthTest, WeightedWorldsLieNearerTheTruth) {
  const TruthCase& c = GetParam();
  auto game = load_game(c.game_spec);
  Totals totals;
  for (int g = 0; g < c.games; ++g) {
    const Player observer = g % game->num_players();
    play_and_measure(c, game, observer, 1000 + static_cast<std::uint64_t>(g), totals);
  }
  ASSERT_GT(totals.decisions, 0);
  ASSERT_GT(totals.plain, 0.0) << "every world drawn was the truth: nothing to measure";
  const double weighted = totals.weighted / totals.decisions;
  const double plain = totals.plain / totals.decisions;
  // Printed so that a run shows how much nearer (docs/search.md quotes them).
  std::cout << c.game_spec << ": mean distance to the truth, weighted " << weighted
            << ", uniform " << plain << " (" << 100.0 * (1.0 - weighted / plain)
            << "% nearer), over " << totals.decisions << " decisions; mean effective worlds "
            << totals.effective_worlds / totals.decisions << " of " << c.worlds << "\n";
  if (c.informative) {
    EXPECT_LT(weighted, plain);
  } else {
    EXPECT_NEAR(weighted, plain, 1e-9 * plain);
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryGame, BeliefTruthTest,
    ::testing::Values(TruthCase{"loyalist_spies", "heuristic", 40, 32, 3, 6, true},
                      TruthCase{"adulting", "heuristic", 6, 32, 3, 4, true},
                      TruthCase{"adulting(variant=bidding)", "heuristic", 6, 32, 3, 4, true},
                      TruthCase{"laws_and_disorder", "heuristic", 30, 32, 3, 4, true},
                      TruthCase{"tea_game", "heuristic", 6, 32, 3, 4, true},
                      // The heuristic votes on the public point changes; its
                      // own cards almost never turn a vote (spoon_vote.h), so
                      // its votes tell nothing of them: no world is nearer.
                      TruthCase{"spoon_nomic", "heuristic", 10, 32, 1, 100, false},
                      TruthCase{"liars_dice", "heuristic", 6, 32, 1, 2, true},
                      // The pokers have no heuristic: a CFR policy plays and models.
                      TruthCase{"kuhn_poker", "cfr(iters=300)", 40, 32, 1, 1, true},
                      TruthCase{"leduc_poker", "cfr(iters=300)", 40, 32, 1, 2, true}),
    [](const ::testing::TestParamInfo<TruthCase>& param_info) {
      std::string name;
      for (char ch : param_info.param.game_spec) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
      while (!name.empty() && name.back() == '_') name.pop_back();
      return name;
    });

}  // namespace
}  // namespace kibitz
