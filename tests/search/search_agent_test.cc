// The search agents through their public face (make_agent and Agent), plus
// the engine driven by a mock evaluator.
#include "agents/search/search_agent.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/search/mock_evaluator.h"
#include "agents/search/search_engine.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

// Cheap specs of the three variants, for tests that run many games.
const std::vector<std::string> kQuickSpecs = {
    "ismcts(sims=100)",
    "mo_ismcts(sims=100)",
    "pimc(worlds=4,sims=25)",
};

// An ismcts agent with a belief pool of 8 worlds (floor 0), whose mock
// policy reads the acting seat's own information state in each sampled world
// (weights from a hash of it), so the pool's weights depend on every other
// seat's sampled cards and moves: the belief pool's part of the no-leak test.
std::unique_ptr<SearchAgent> belief_agent(std::shared_ptr<const Game> game) {
  SearchSettings settings;
  settings.belief_worlds = 8;
  settings.belief_floor = 0.0;
  SearchAgent::Budget budget;
  budget.simulations = 100;
  const EvaluatorFactory factory = [](std::uint64_t) {
    // Values from a hash of the whole sampled world.
    auto mock = std::make_unique<MockEvaluator>([](const State& world, std::span<double> v) {
      const std::string text = world.to_string();
      for (std::size_t i = 0; i < v.size(); ++i) {
        v[i] = static_cast<double>(derive_seed(0, text, i) % 2001) / 1000.0 - 1.0;
      }
    });
    mock->set_policy_fn([](const State& world, std::vector<double>& weights) {
      const std::uint64_t key =
          derive_seed(0, world.information_state_string(world.current_player()), 0);
      const ActionList legal = world.legal_actions();
      weights.clear();
      for (Action a : legal) {
        weights.push_back(1.0 + static_cast<double>(derive_seed(key, "w", a) % 1000));
      }
    });
    return mock;
  };
  return std::make_unique<SearchAgent>("ismcts(belief mock)", settings, budget, std::move(game),
                                       factory, 99);
}

// Applies chance outcomes drawn by their probabilities until a seat must act
// (or the game ends).
void play_chance(State& state, Rng& rng) {
  while (state.is_chance_node()) {
    state.apply_action(sample_chance_outcome(state.chance_outcomes(), rng));
  }
}

// Plays one game with one agent per seat; checks every choice is legal and
// returns the final returns.
std::vector<double> play_game(const Game& game, std::vector<std::unique_ptr<Agent>>& agents,
                              Rng& rng) {
  std::unique_ptr<State> state = game.new_initial_state();
  for (Player p = 0; p < game.num_players(); ++p) agents[static_cast<std::size_t>(p)]->new_game(p);
  play_chance(*state, rng);
  while (!state->is_terminal()) {
    const Player seat = state->current_player();
    const Action action = agents[static_cast<std::size_t>(seat)]->act(SeatView(*state, seat));
    const ActionList legal = state->legal_actions();
    EXPECT_TRUE(std::find(legal.begin(), legal.end(), action) != legal.end())
        << agents[static_cast<std::size_t>(seat)]->spec() << " chose illegal " << action << " in "
        << game.spec();
    state->apply_action(action);
    play_chance(*state, rng);
  }
  return state->returns();
}

// A state where seat 0 acts after the deal, for the given game spec.
std::unique_ptr<State> first_decision(const Game& game, std::uint64_t seed) {
  std::unique_ptr<State> state = game.new_initial_state();
  Rng rng(seed);
  play_chance(*state, rng);
  return state;
}

double stat(const DecisionInfo& info, const std::string& name) {
  for (const auto& [key, value] : info.stats) {
    if (key == name) return value;
  }
  ADD_FAILURE() << "no stat " << name;
  return -1;
}

TEST(SearchAgent, RegisteredWithEveryParameterDeclared) {
  auto game = load_game("kuhn_poker");
  auto agent = make_agent("ismcts", game, 1);
  EXPECT_EQ(agent->spec(),
            "ismcts(sims=1000,c=0.7,rollout=random,max_nodes=1000000,time_ms=0,threads=1,rollout_moves=0,rollout_stop=end"
            ",belief=0,belief_model=random,belief_floor=0.2,belief_power=1,belief_min_ess=0,belief_rounds=1"
            ",opponents=tree,values=mean)");
  EXPECT_EQ(make_agent("pimc(sims=5)", game, 1)->spec(),
            "pimc(worlds=20,sims=5,c=0.7,rollout=random,max_nodes=1000000,time_ms=0,threads=1,rollout_moves=0,rollout_stop=end"
            ",belief=0,belief_model=random,belief_floor=0.2,belief_power=1,belief_min_ess=0,belief_rounds=1)");
  EXPECT_NE(make_agent("mo_ismcts", game, 1), nullptr);
}

TEST(SearchAgent, BadSpecsAreClearErrors) {
  auto game = load_game("kuhn_poker");
  EXPECT_THROW(make_agent("ismcts(sims=0)", game, 1), KibitzError);
  EXPECT_THROW(make_agent("ismcts(simz=10)", game, 1), KibitzError);
  EXPECT_THROW(make_agent("pimc(worlds=-1)", game, 1), KibitzError);
  const std::string message = error_of([&] { make_agent("ismcts(rollout=nosuch)", game, 1); });
  EXPECT_NE(message.find("rollout"), std::string::npos) << message;
  EXPECT_NE(message.find("nosuch"), std::string::npos) << message;
  EXPECT_THROW(make_agent("ismcts(rollout=ismcts(bad=1))", game, 1), KibitzError);
}

TEST(SearchAgent, RolloutByAnotherAgentNestedSpec) {
  auto game = load_game("kuhn_poker");
  auto agent = make_agent("ismcts(sims=30,rollout=pimc(worlds=1,sims=2))", game, 3);
  EXPECT_EQ(agent->spec(),
            "ismcts(sims=30,c=0.7,rollout=pimc(worlds=1,sims=2),max_nodes=1000000,time_ms=0,"
            "threads=1,rollout_moves=0,rollout_stop=end,belief=0,belief_model=random,belief_floor=0.2,belief_power=1,belief_min_ess=0,belief_rounds=1,"
            "opponents=tree,values=mean)");
  std::vector<std::unique_ptr<Agent>> agents;
  agents.push_back(std::move(agent));
  agents.push_back(make_agent("random", game, 4));
  Rng rng(5);
  for (int g = 0; g < 5; ++g) play_game(*game, agents, rng);
}

TEST(SearchAgent, DeterministicForASeed) {
  for (const char* game_spec : {"kuhn_poker", "kuhn_poker(players=3)"}) {
    auto game = load_game(game_spec);
    for (const std::string& spec : kQuickSpecs) {
      for (const char* threads : {"1", "3"}) {
        const std::string full =
            spec.substr(0, spec.size() - 1) + ",threads=" + std::string(threads) + ")";
        auto state = first_decision(*game, 9);
        auto a = make_agent(full, game, 42);
        auto b = make_agent(full, game, 42);
        for (int decision = 0; decision < 3; ++decision) {
          const Action x = a->act(SeatView(*state, 0));
          const Action y = b->act(SeatView(*state, 0));
          EXPECT_EQ(x, y) << full;
          EXPECT_EQ(a->last_decision()->policy, b->last_decision()->policy) << full;
          EXPECT_EQ(a->last_decision()->stats, b->last_decision()->stats) << full;
        }
      }
    }
  }
}

TEST(SearchAgent, ThreadsSplitTheSimulations) {
  auto game = load_game("kuhn_poker");
  auto state = first_decision(*game, 1);
  auto agent = make_agent("ismcts(sims=1001,threads=4)", game, 1);
  agent->act(SeatView(*state, 0));
  EXPECT_EQ(stat(*agent->last_decision(), "simulations"), 1001);
  auto pimc = make_agent("pimc(worlds=5,sims=10,threads=2)", game, 1);
  pimc->act(SeatView(*state, 0));
  EXPECT_EQ(stat(*pimc->last_decision(), "simulations"), 50);
  EXPECT_EQ(stat(*pimc->last_decision(), "worlds"), 5);
}

// The heart of the no-leak guarantee: two true states that the acting seat
// cannot tell apart, but whose hidden cards differ, must give the same
// decision, policy and statistics for the same seed. Run on every
// registered game and every variant.
TEST(SearchAgent, NoInformationLeak) {
  for (const GameInfo& info : registered_games()) {
    for (const std::string& game_spec : info.test_specs) {
      auto game = load_game(game_spec);
      Rng rng(derive_seed(17, game_spec, 0));
      int compared = 0;
      for (int attempt = 0; attempt < 40 && compared < 3; ++attempt) {
        // A random decision point a few moves in, deeper with each attempt:
        // some games hide nothing early (Spoon Nomic deals its first cards
        // only after a whole round of votes).
        std::unique_ptr<State> truth = game->new_initial_state();
        const auto stop_at = static_cast<int>(rng.uniform_int(6 + 4 * static_cast<std::uint64_t>(attempt)));
        for (int moves = 0; !truth->is_terminal(); ++moves) {
          play_chance(*truth, rng);
          if (truth->is_terminal() || moves >= stop_at) break;
          const ActionList legal = truth->legal_actions();
          truth->apply_action(legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))]);
        }
        // A forced move is played without search: nothing to compare.
        if (truth->is_terminal() || truth->legal_actions().size() < 2) continue;
        const Player seat = truth->current_player();
        // Another true state from the seat's information set, with different hidden cards.
        std::unique_ptr<State> other;
        for (int k = 0; k < 30 && !other; ++k) {
          auto candidate = truth->resample_from_infostate(seat, rng);
          if (!states_equal(*candidate, *truth)) other = std::move(candidate);
        }
        if (!other) continue;
        ASSERT_EQ(truth->information_state_string(seat), other->information_state_string(seat));
        for (const std::string& spec : kQuickSpecs) {
          auto a = make_agent(spec, game, 99);
          auto b = make_agent(spec, game, 99);
          EXPECT_EQ(a->act(SeatView(*truth, seat)), b->act(SeatView(*other, seat)))
              << spec << " in " << game_spec << "\n"
              << truth->to_string() << "\nvs\n"
              << other->to_string();
          EXPECT_EQ(a->last_decision()->policy, b->last_decision()->policy) << spec;
          EXPECT_EQ(a->last_decision()->value, b->last_decision()->value) << spec;
          EXPECT_EQ(a->last_decision()->stats, b->last_decision()->stats) << spec;
        }
        auto a = belief_agent(game);
        auto b = belief_agent(game);
        EXPECT_EQ(a->act(SeatView(*truth, seat)), b->act(SeatView(*other, seat))) << game_spec;
        EXPECT_EQ(a->last_decision()->policy, b->last_decision()->policy) << game_spec;
        EXPECT_EQ(a->last_decision()->stats, b->last_decision()->stats) << game_spec;
        ++compared;
      }
      EXPECT_GT(compared, 0) << "no decision point with hidden information in " << game_spec;
    }
  }
}

TEST(SearchAgent, MemoryBoundRespected) {
  auto game = load_game("kuhn_poker(players=3)");
  auto state = first_decision(*game, 3);
  // The whole betting tree of three-seat Kuhn poker seen from seat 0 has 25
  // nodes; a bound of 10 must bind.
  for (const char* spec :
       {"ismcts(sims=2000,max_nodes=10)", "mo_ismcts(sims=2000,max_nodes=10)",
        "pimc(worlds=3,sims=500,max_nodes=10)", "ismcts(sims=300,max_nodes=2)"}) {
    auto agent = make_agent(spec, game, 5);
    const Action action = agent->act(SeatView(*state, 0));
    EXPECT_TRUE(action == 0 || action == 1);
    const DecisionInfo& info = *agent->last_decision();
    const double trees = std::string(spec).starts_with("mo_") ? 3 : 1;
    const double bound = std::string(spec).find("max_nodes=2)") != std::string::npos ? 2 : 10;
    EXPECT_LE(stat(info, "tree_nodes"), bound * trees) << spec;
    EXPECT_GE(stat(info, "tree_nodes"), 2) << spec;
    EXPECT_GT(stat(info, "tree_bytes"), 0) << spec;
    // Full trees keep evaluating: every simulation still runs.
    const double expected = std::string(spec).starts_with("pimc")                     ? 1500
                            : std::string(spec).find("sims=300") != std::string::npos ? 300
                                                                                      : 2000;
    EXPECT_EQ(stat(info, "simulations"), expected) << spec;
  }
  // Unbounded, the same search grows well past the bound.
  auto big = make_agent("ismcts(sims=2000)", game, 5);
  big->act(SeatView(*state, 0));
  EXPECT_GT(stat(*big->last_decision(), "tree_nodes"), 20);
}

TEST(SearchAgent, TimeBudget) {
  auto game = load_game("kuhn_poker");
  auto state = first_decision(*game, 2);
  for (const char* spec : {"ismcts(time_ms=20)", "pimc(worlds=4,time_ms=20,threads=2)"}) {
    auto agent = make_agent(spec, game, 1);
    const Action action = agent->act(SeatView(*state, 0));
    EXPECT_TRUE(action == 0 || action == 1);
    EXPECT_GT(stat(*agent->last_decision(), "simulations"), 16) << spec;
  }
}

TEST(SearchAgent, ReportsPolicyValueAndStats) {
  auto game = load_game("kuhn_poker");
  auto state = first_decision(*game, 4);
  auto agent = make_agent("ismcts(sims=500)", game, 1);
  const Action action = agent->act(SeatView(*state, 0));
  const DecisionInfo& info = *agent->last_decision();
  ASSERT_EQ(info.policy.size(), 2u);
  double total = 0;
  double chosen_share = 0;
  for (const auto& [a, share] : info.policy) {
    total += share;
    if (a == action) chosen_share = share;
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_GE(chosen_share, 0.5);
  EXPECT_TRUE(info.has_value);
  EXPECT_GE(info.value, game->min_return());
  EXPECT_LE(info.value, game->max_return());
  EXPECT_EQ(stat(info, "simulations"), 500);
  EXPECT_GE(stat(info, "max_depth"), 2);
}

// What an engine-level search found, and how often it called the mock.
struct MockSearch {
  RootSummary summary;
  std::int64_t evaluator_calls;
};

// Engine-level search of Kuhn poker's first decision driven by `evaluator`.
// An engine with `settings` and the mock, after searching Kuhn poker's
// first decision for seat 0 (its trees stay readable).
std::unique_ptr<SearchEngine> kuhn_search(const SearchSettings& settings,
                                          std::unique_ptr<MockEvaluator> evaluator,
                                          std::int64_t simulations, RootSummary& summary) {
  auto game = load_game("kuhn_poker");
  auto state = first_decision(*game, 6);
  auto engine = std::make_unique<SearchEngine>(game, settings, std::move(evaluator));
  summary.clear(game->num_distinct_actions());
  SearchBudget budget;
  budget.simulations = simulations;
  Rng rng(8);
  engine->search(SeatView(*state, 0), rng, budget, summary);
  return engine;
}

MockSearch search_with(std::unique_ptr<MockEvaluator> evaluator, std::int64_t max_nodes,
                       std::int64_t simulations) {
  SearchSettings settings;
  settings.max_nodes = max_nodes;
  const MockEvaluator* mock = evaluator.get();
  RootSummary summary;
  const auto engine = kuhn_search(settings, std::move(evaluator), simulations, summary);
  return {summary, mock->calls()};
}

TEST(SearchEngine, MockPriorDrivesTheChoice) {
  // Flat values, prior 9:1, room for the root and one child: the first
  // simulation fetches the root's prior, the second expands the child PUCT
  // ranks first, and that is the prior's favourite.
  for (Action favoured : {0, 1}) {
    std::vector<double> weights = {1.0, 1.0};
    weights[static_cast<std::size_t>(favoured)] = 9.0;
    auto evaluator = std::make_unique<MockEvaluator>(std::vector<double>{0.0, 0.0}, weights);
    const auto [s, calls] = search_with(std::move(evaluator), 2, 50);
    EXPECT_EQ(s.visits[static_cast<std::size_t>(favoured)], 49u);
    EXPECT_EQ(s.visits[static_cast<std::size_t>(1 - favoured)], 0u);
    EXPECT_EQ(calls, 50);
  }
}

TEST(SearchEngine, MockValueDrivesTheChoice) {
  // Three nodes: the root and its two children, so every simulation ends at
  // a child and is valued by the mock: betting is worth +1 to seat 0.
  for (Action good : {0, 1}) {
    auto evaluator =
        std::make_unique<MockEvaluator>([good](const State& world, std::span<double> v) {
          const bool bet = world.history().back() == good;
          v[0] = bet ? 1.0 : -1.0;
          v[1] = -v[0];
        });
    const auto [s, calls] = search_with(std::move(evaluator), 3, 300);
    EXPECT_EQ(calls, 300);
    EXPECT_GT(s.visits[static_cast<std::size_t>(good)], 250u);
    EXPECT_EQ(s.tree_nodes, 3u);
  }
}

// The actions of the edges out of `node` that lead to a child.
std::vector<Action> tried_actions(const SearchTree& tree, std::int32_t node) {
  std::vector<Action> actions;
  for (const SearchEdge& edge : tree.edges(node)) {
    if (edge.child != SearchTree::kNoNode) actions.push_back(edge.action);
  }
  return actions;
}

TEST(SearchEngine, ModelledOpponentsActByThePolicyNotTheTree) {
  // Kuhn poker, seat 0 to act; below each root child seat 1 decides. The
  // mock's prior is uniform, its policy always passes (weight 0 on bet).
  // Modelled, seat 1 is drawn from that policy, so only its pass is ever
  // tried; selected in the tree under the uniform prior, it tries both.
  for (bool modelled : {true, false}) {
    SearchSettings settings;
    settings.model_opponents = modelled;
    auto evaluator =
        std::make_unique<MockEvaluator>(std::vector<double>{0.0, 0.0}, std::vector{1.0, 1.0});
    evaluator->set_policy_weights({1.0, 0.0});
    const MockEvaluator* mock = evaluator.get();
    RootSummary summary;
    const auto engine = kuhn_search(settings, std::move(evaluator), 200, summary);
    const SearchTree& tree = engine->tree(0);
    const std::vector<Action> root_moves = tried_actions(tree, SearchTree::kRoot);
    ASSERT_FALSE(root_moves.empty());
    std::vector<Action> seat1_moves;
    for (const SearchEdge& edge : tree.edges(SearchTree::kRoot)) {
      if (edge.child == SearchTree::kNoNode) continue;
      for (Action a : tried_actions(tree, edge.child)) seat1_moves.push_back(a);
    }
    ASSERT_FALSE(seat1_moves.empty());
    const bool bet_tried =
        std::find(seat1_moves.begin(), seat1_moves.end(), 1) != seat1_moves.end();
    EXPECT_EQ(bet_tried, !modelled) << (modelled ? "modelled" : "tree") << " opponents";
    EXPECT_EQ(mock->policy_calls() > 0, modelled);
  }
}

TEST(SearchEngine, SearcherValuesEveryLeafFromItsOwnView) {
  // Kuhn poker from seat 0's first decision, opponents modelled. With
  // searcher_values every leaf but those fetching seat 0's prior asks the
  // evaluator for seat 0's view; without, none does.
  for (bool searcher : {true, false}) {
    SearchSettings settings;
    settings.model_opponents = true;
    settings.searcher_values = searcher;
    auto evaluator =
        std::make_unique<MockEvaluator>(std::vector<double>{0.0, 0.0}, std::vector{1.0, 1.0});
    const MockEvaluator* mock = evaluator.get();
    RootSummary summary;
    const auto engine = kuhn_search(settings, std::move(evaluator), 100, summary);
    if (searcher) {
      ASSERT_FALSE(mock->seats_asked().empty());
      for (Player seat : mock->seats_asked()) EXPECT_EQ(seat, 0);
    } else {
      EXPECT_TRUE(mock->seats_asked().empty());
    }
  }
}

TEST(SearchEngine, ModelledOpponentsNeedAPolicy) {
  // A settings bug, not user input (ismcts_nn sets it only with a network),
  // so the engine stops at once.
  auto game = load_game("kuhn_poker");
  SearchSettings settings;
  settings.model_opponents = true;
  EXPECT_DEATH(SearchEngine(game, settings, std::make_unique<RandomRolloutEvaluator>()),
               "model_opponents");
  settings.variant = SearchVariant::kMultipleObserver;
  EXPECT_DEATH(SearchEngine(game, settings,
                            std::make_unique<MockEvaluator>(std::vector<double>{0.0, 0.0},
                                                            std::vector{1.0, 1.0})),
               "model_opponents");
  settings.variant = SearchVariant::kSingleObserver;
  settings.model_opponents = false;
  settings.searcher_values = true;
  EXPECT_DEATH(SearchEngine(game, settings,
                            std::make_unique<MockEvaluator>(std::vector<double>{0.0, 0.0},
                                                            std::vector{1.0, 1.0})),
               "searcher_values");
}

// ISMCTS must beat uniform random play at Kuhn poker clearly. The returns
// have a standard deviation near 1.4, so over 2,000 games the standard
// error of the mean is about 0.03; good play earns well over 0.1 a game.
TEST(SearchAgent, IsmctsBeatsRandomAtKuhn) {
  auto game = load_game("kuhn_poker");
  constexpr int kGames = 2000;
  Rng rng(2024);
  double total = 0;
  for (int g = 0; g < kGames; ++g) {
    const int seat = g % 2;
    std::vector<std::unique_ptr<Agent>> agents(2);
    agents[static_cast<std::size_t>(seat)] = make_agent("ismcts(sims=1000)", game, 100 + g);
    agents[static_cast<std::size_t>(1 - seat)] = make_agent("random", game, 200 + g);
    total += play_game(*game, agents, rng)[static_cast<std::size_t>(seat)];
  }
  const double mean = total / kGames;
  EXPECT_GT(mean, 0.15) << "mean return per game " << mean;
}

TEST(SearchAgent, LegalActionsInEveryRegisteredGame) {
  // Tiny budgets and one game per spec: legality does not depend on how
  // long the search runs, and some registered specs are long multi-round
  // games (the test must pass on a busy machine well within its timeout).
  const std::vector<std::string> tiny = {"ismcts(sims=8)", "mo_ismcts(sims=8)",
                                         "pimc(worlds=2,sims=4)"};
  for (const GameInfo& info : registered_games()) {
    for (const std::string& game_spec : info.test_specs) {
      auto game = load_game(game_spec);
      for (const std::string& spec : tiny) {
        std::vector<std::unique_ptr<Agent>> agents;
        for (Player p = 0; p < game->num_players(); ++p) {
          agents.push_back(make_agent(spec, game, static_cast<std::uint64_t>(p)));
        }
        Rng rng(derive_seed(3, game_spec + spec, 0));
        const std::vector<double> returns = play_game(*game, agents, rng);
        ASSERT_EQ(returns.size(), static_cast<std::size_t>(game->num_players()));
      }
    }
  }
}

TEST(RandomRollout, PlaysItsWorldQuietlyAndAsALoggingWorldWould) {
  // The rollout stops its world's log (nobody reads a rollout's streams);
  // its moves and values are those of the same draws on a logging world.
  for (const GameInfo& info : registered_games()) {
    auto game = load_game(info.test_specs.front());
    const std::unique_ptr<State> world = first_decision(*game, 5);
    const std::unique_ptr<State> twin = world->clone();
    Rng rollout_rng(11);
    Rng twin_rng(11);
    std::vector<double> values(static_cast<std::size_t>(game->num_players()));
    RandomRolloutEvaluator evaluator;
    evaluator.evaluate(*world, rollout_rng, values, nullptr);
    EXPECT_FALSE(world->logging()) << info.name << ": a random rollout wrote its world's log";
    while (!twin->is_terminal()) {
      if (twin->is_chance_node()) {
        twin->apply_action(twin->sample_chance_outcome(twin_rng));
      } else {
        const ActionList legal = twin->legal_actions();
        twin->apply_action(legal[static_cast<std::size_t>(twin_rng.uniform_int(legal.size()))]);
      }
    }
    EXPECT_EQ(world->history(), twin->history()) << info.name;
    EXPECT_EQ(values, twin->returns()) << info.name;
  }
}

}  // namespace
}  // namespace kibitz
