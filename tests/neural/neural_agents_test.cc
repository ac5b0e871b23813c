// The nn and ismcts_nn agents through the registry: legal moves in every
// game, determinism by seed, decision reports, and clear errors for a
// missing model or an unavailable device.
#include "agents/neural/neural_agents.h"

#include <gtest/gtest.h>
#include <torch/cuda.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "agents/neural/mock_network.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "tests/neural/test_util.h"

namespace kibitz::neural {
namespace {

// Games the agents play here; Loyalist Spies for one round, to stay fast.
const std::vector<std::string> kGames = {"kuhn_poker", "leduc_poker", "loyalist_spies(rounds=1)",
                                         "loyalist_spies(players=3,rounds=1)"};

class NeuralAgents : public ::testing::Test {
 protected:
  void SetUp() override { register_neural_agents(); }

  // A tiny untrained network for `game`, saved once per test.
  std::string checkpoint_for(const Game& game) {
    const std::string path = testing::temp_dir() + "/net.ckpt";
    testing::save_fresh_network(path, game, {16}, 3);
    return path;
  }
};

// Plays one game with `agents` (one per seat), checking every action is
// legal and every report well formed; returns the actions the agents chose.
std::vector<Action> play(const Game& game, std::vector<std::unique_ptr<Agent>>& agents,
                         std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Action> chosen;
  std::unique_ptr<State> state = game.new_initial_state();
  for (Player p = 0; p < game.num_players(); ++p) agents[static_cast<std::size_t>(p)]->new_game(p);
  while (!state->is_terminal()) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
      continue;
    }
    const Player seat = state->current_player();
    Agent& agent = *agents[static_cast<std::size_t>(seat)];
    const Action action = agent.act(SeatView(*state, seat));
    const ActionList legal = state->legal_actions();
    EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end())
        << agent.spec() << " chose illegal action " << action << " in " << game.spec();
    const DecisionInfo* info = agent.last_decision();
    EXPECT_NE(info, nullptr);
    if (info != nullptr) {
      double total = 0;
      for (const auto& [a, p] : info->policy) {
        EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
        total += p;
      }
      EXPECT_NEAR(total, 1.0, 1e-5);
      if (legal.size() > 1) {
        EXPECT_TRUE(info->has_value);
        EXPECT_GE(info->value, game.min_return() - 1e-6);
        EXPECT_LE(info->value, game.max_return() + 1e-6);
      }
    }
    chosen.push_back(action);
    state->apply_action(action);
  }
  return chosen;
}

std::vector<std::unique_ptr<Agent>> make_agents(const std::string& spec, const Game& game,
                                                std::uint64_t seed) {
  std::vector<std::unique_ptr<Agent>> agents;
  for (Player p = 0; p < game.num_players(); ++p) {
    agents.push_back(make_agent(spec, game.shared(), seed + static_cast<std::uint64_t>(p)));
  }
  return agents;
}

TEST_F(NeuralAgents, AreRegisteredOnce) {
  register_neural_agents();  // a second call adds nothing
  int nn = 0, ismcts_nn = 0;
  for (const AgentInfo& info : registered_agents()) {
    nn += info.name == "nn";
    ismcts_nn += info.name == "ismcts_nn";
  }
  EXPECT_EQ(nn, 1);
  EXPECT_EQ(ismcts_nn, 1);
  EXPECT_TRUE(
      std::is_sorted(registered_agents().begin(), registered_agents().end(),
                     [](const AgentInfo& a, const AgentInfo& b) { return a.name < b.name; }));
}

TEST_F(NeuralAgents, NnPlaysLegallyAndIsDeterministicBySeed) {
  for (const std::string& spec : kGames) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    const std::string agent = "nn(model=" + checkpoint_for(*game) + ")";
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      auto first = make_agents(agent, *game, 100 + seed);
      auto second = make_agents(agent, *game, 100 + seed);
      EXPECT_EQ(play(*game, first, seed), play(*game, second, seed));
    }
  }
}

TEST_F(NeuralAgents, NnSamplesByItsSeedAndGreedyTakesTheArgmax) {
  const auto game = load_game("leduc_poker");
  const std::string path = checkpoint_for(*game);
  // The first decision of one deal, for many agent seeds.
  std::unique_ptr<State> state = testing::random_decision(*game, 4, 0);
  const SeatView view(*state, state->current_player());
  std::vector<int> counts(static_cast<std::size_t>(game->num_distinct_actions()));
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    auto agent = make_agent("nn(model=" + path + ")", game, seed);
    ++counts[static_cast<std::size_t>(agent->act(view))];
  }
  auto greedy = make_agent("nn(model=" + path + ",greedy=true)", game, 0);
  const Action best = greedy->act(view);
  const DecisionInfo& info = *greedy->last_decision();
  for (const auto& [a, p] : info.policy) {
    EXPECT_LE(p, std::find_if(info.policy.begin(), info.policy.end(), [&](const auto& e) {
                   return e.first == best;
                 })->second);
    // Sampling follows the policy: every action with real weight shows up.
    if (p > 0.1) {
      EXPECT_GT(counts[static_cast<std::size_t>(a)], 0) << "action " << a;
    }
  }
  EXPECT_EQ(greedy->spec(), "nn(model=" + path + ",device=cpu,greedy=true)");
}

TEST_F(NeuralAgents, IsmctsNnPlaysLegallyWithAnUntrainedNet) {
  for (const std::string& spec : kGames) {
    SCOPED_TRACE(spec);
    const auto game = load_game(spec);
    const std::string path = checkpoint_for(*game);
    for (const std::string options :
         {"opponents=tree", "opponents=policy", "opponents=policy,leaf_value=searcher",
          "leaf_value=rollout", "leaf_value=rollout,rollout_moves=3", "leaf_value=rollout,rollout_stop=game",
          "belief=8", "opponents=policy,belief=8,belief_floor=0.5,belief_power=0.3"}) {
      SCOPED_TRACE(options);
      const std::string agent = "ismcts_nn(model=" + path + ",sims=24," + options + ")";
      auto agents = make_agents(agent, *game, 7);
      const std::vector<Action> actions = play(*game, agents, 1);
      EXPECT_FALSE(actions.empty());
      // The same seeds repeat the same game (one search thread).
      auto again = make_agents(agent, *game, 7);
      EXPECT_EQ(play(*game, again, 1), actions);
    }
  }
}

TEST_F(NeuralAgents, IsmctsNnModelsOpponentsWithThePolicyHead) {
  // Kuhn poker: seat 0 searches; with opponents=policy every seat-1 move in
  // a simulation costs one more network call (the policy of seat 1's own
  // information state), so the same simulations need more calls.
  const auto game = load_game("kuhn_poker");
  std::unique_ptr<State> state = testing::random_decision(*game, 1, 0);
  std::vector<std::int64_t> calls;
  for (bool modelled : {false, true}) {
    auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 1);
    SearchSettings settings;
    settings.model_opponents = modelled;
    SearchAgent::Budget budget;
    budget.simulations = 50;
    auto agent = make_ismcts_nn_agent("ismcts_nn(mock)", settings, budget, game, net, 3);
    agent->act(SeatView(*state, state->current_player()));
    calls.push_back(net->calls());
  }
  EXPECT_LE(calls[0], 50);
  EXPECT_GT(calls[1], calls[0] + 10);
}

TEST_F(NeuralAgents, IsmctsNnReportsItsBeliefPool) {
  // Leduc: by seat 0's second decision seat 1 has moved, so the pool of 16
  // worlds is weighted by the untrained policy; its effective size is
  // reported with the decision and lies in [1, 16].
  const auto game = load_game("leduc_poker");
  auto agents = make_agents(
      "ismcts_nn(model=" + checkpoint_for(*game) + ",sims=32,belief=16,belief_floor=0)", *game, 7);
  play(*game, agents, 3);
  const DecisionInfo* info = agents[0]->last_decision();
  ASSERT_NE(info, nullptr);
  const auto size = std::find_if(info->stats.begin(), info->stats.end(), [](const auto& s) {
    return s.first == "belief_effective_worlds";
  });
  ASSERT_NE(size, info->stats.end());
  EXPECT_GE(size->second, 1.0);
  EXPECT_LE(size->second, 16.0 + 1e-9);
}

TEST_F(NeuralAgents, IsmctsNnWithThreadsSharesOneBatchedNetwork) {
  const auto game = load_game("leduc_poker");
  auto agents =
      make_agents("ismcts_nn(model=" + checkpoint_for(*game) + ",sims=64,threads=3)", *game, 7);
  play(*game, agents, 2);
  const DecisionInfo* info = agents[0]->last_decision();
  ASSERT_NE(info, nullptr);
  const auto sims = std::find_if(info->stats.begin(), info->stats.end(),
                                 [](const auto& s) { return s.first == "simulations"; });
  ASSERT_NE(sims, info->stats.end());
  EXPECT_EQ(sims->second, 64);
}

TEST_F(NeuralAgents, IsmctsNnFollowsThePrior) {
  // With a mock whose prior is fixed by the input, the search's visits agree
  // with the network's favourite at a Kuhn decision (all values equal would
  // make PUCT visit in prior order; here the mock's values vary, so only
  // check that the search runs through the network).
  const auto game = load_game("kuhn_poker");
  auto net = std::make_shared<MockNetwork>(network_shape_for(*game, {}), 1);
  SearchSettings settings;
  settings.c = 1.0;
  SearchAgent::Budget budget;
  budget.simulations = 50;
  auto agent = make_ismcts_nn_agent("ismcts_nn(mock)", settings, budget, game, net, 3);
  std::unique_ptr<State> state = testing::random_decision(*game, 1, 0);
  agent->act(SeatView(*state, state->current_player()));
  EXPECT_GT(net->calls(), 0);
  EXPECT_LE(net->calls(), 50);
}

TEST_F(NeuralAgents, ClearErrors) {
  const auto game = load_game("kuhn_poker");
  EXPECT_THROW(make_agent("nn", game, 0), KibitzError);  // no model=
  try {
    make_agent("nn(model=/nonexistent/net.ckpt)", game, 0);
    ADD_FAILURE() << "no error";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("agent nn"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("/nonexistent/net.ckpt"), std::string::npos) << e.what();
  }
  const std::string path = checkpoint_for(*game);
  EXPECT_THROW(make_agent("nn(model=" + path + ",device=tpu)", game, 0), KibitzError);
  // A Kuhn network is refused by Leduc.
  EXPECT_THROW(make_agent("ismcts_nn(model=" + path + ")", load_game("leduc_poker"), 0),
               KibitzError);
  // Searcher values only make sense when the other seats are modelled.
  try {
    make_agent("ismcts_nn(model=" + path + ",leaf_value=searcher)", game, 0);
    ADD_FAILURE() << "no error";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("opponents=policy"), std::string::npos) << e.what();
  }
  // A rollout limit without rollouts would be silently ignored.
  for (const std::string limit : {"rollout_moves=4", "rollout_stop=game"}) {
    try {
      make_agent("ismcts_nn(model=" + path + "," + limit + ")", game, 0);
      ADD_FAILURE() << "no error for " << limit;
    } catch (const KibitzError& e) {
      EXPECT_NE(std::string(e.what()).find("leaf_value=rollout"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(make_agent("ismcts_nn(model=" + path + ",belief=-1)", game, 0), KibitzError);
  EXPECT_THROW(make_agent("ismcts_nn(model=" + path + ",belief_floor=2)", game, 0), KibitzError);
  EXPECT_THROW(make_agent("ismcts_nn(model=" + path + ",belief_power=1.5)", game, 0), KibitzError);
}

TEST_F(NeuralAgents, CudaIsRefusedCleanlyWithoutCuda) {
  const auto game = load_game("kuhn_poker");
  const std::string path = checkpoint_for(*game);
  for (const std::string agent : {"nn", "ismcts_nn"}) {
    const std::string spec = agent + "(model=" + path + ",device=cuda)";
    if (torch::cuda::is_available()) {
      // A CUDA build with a GPU: the agent runs there.
      auto agents = make_agents(spec, *game, 1);
      play(*game, agents, 1);
      continue;
    }
    try {
      make_agent(spec, game, 0);
      ADD_FAILURE() << spec << ": no error";
    } catch (const KibitzError& e) {
      EXPECT_NE(std::string(e.what()).find("no CUDA support"), std::string::npos) << e.what();
    }
  }
}

// What a server lets a client ask of these agents depends on the roles
// their declarations give (web/spec_policy.h): the model is a file from the
// --models catalogue, the search's budgets are costs.
TEST_F(NeuralAgents, DeclarationsSayWhatEachParameterIs) {
  for (const char* name : {"nn", "ismcts_nn"}) {
    for (const ParamSpec& p : find_agent(name).params) {
      SCOPED_TRACE(std::string(name) + " " + p.name);
      if (p.name == "model") {
        EXPECT_EQ(p.role, ParamRole::kFile);
        EXPECT_EQ(p.file_kind, FileKind::kModel);
      } else if (p.name == "sims") {
        EXPECT_EQ(p.cost_kind, CostKind::kSimulations);
      } else if (p.name == "belief" || p.name == "belief_rounds") {
        EXPECT_EQ(p.cost_kind, CostKind::kSamples);
      } else if (p.name == "belief_model") {
        EXPECT_EQ(p.role, ParamRole::kAgentSpec);  // charged as a nested agent
      } else if (p.name == "max_nodes" || p.name == "time_ms" || p.name == "threads") {
        EXPECT_EQ(p.role, ParamRole::kCost);
      } else {
        EXPECT_EQ(p.role, ParamRole::kPlain);
      }
    }
  }
}

}  // namespace
}  // namespace kibitz::neural
