#include "agents/search/search_agent.h"

#include <chrono>
#include <exception>
#include <limits>
#include <thread>

#include "agents/search/belief_params.h"
#include "agents/search/rollout_limit.h"
#include "env/core/error.h"

namespace kibitz {

SearchAgent::SearchAgent(std::string spec, const SearchSettings& settings, const Budget& budget,
                         std::shared_ptr<const Game> game, const EvaluatorFactory& factory,
                         std::uint64_t seed)
    : spec_(std::move(spec)),
      settings_(settings),
      budget_(budget),
      spec_budget_(budget),
      game_(std::move(game)),
      factory_(factory),
      rng_(seed) {
  KIBITZ_CHECK(budget_.threads >= 1, "threads must be at least 1");
  build_engines();
  partial_.resize(engines_.size());
}

void SearchAgent::build_engines() {
  engines_.clear();
  for (int t = 0; t < budget_.threads; ++t) {
    const auto thread = static_cast<std::uint64_t>(t);
    std::unique_ptr<BeliefModel> belief_model;
    if (settings_.belief_worlds > 0 && !settings_.belief_model.empty()) {
      belief_model = make_belief_model("agent " + spec_, settings_.belief_model, game_,
                                       rng_.child("belief_model", thread).seed());
    }
    std::unique_ptr<BeliefModel> opponent_model;
    if (settings_.model_opponents && !settings_.opponent_model.empty()) {
      opponent_model = make_belief_model("agent " + spec_, settings_.opponent_model, game_,
                                         rng_.child("opponent_model", thread).seed(), "opponents");
    }
    engines_.push_back(std::make_unique<SearchEngine>(
        game_, settings_, factory_(rng_.child("evaluator", thread).seed()),
        std::move(belief_model), std::move(opponent_model)));
  }
}

bool SearchAgent::reseed(std::uint64_t seed) {
  rng_ = Rng(seed);
  decisions_ = 0;
  // The evaluators are seeded from the agent's seed (agent rollouts keep
  // their own agents' generators), so they are built again, as a fresh
  // agent would build them.
  build_engines();
  return true;
}

Action SearchAgent::act(const SeatView& view) {
  view.legal_actions(legal_);
  KIBITZ_CHECK(!legal_.empty(), "act() with no legal action");
  // Each decision draws from its own child stream, so a decision depends on
  // the seed and the decision's number only.
  const Rng decision_rng = rng_.child("decision", decisions_++);
  summary_.clear(game_->num_distinct_actions());
  if (legal_.size() > 1) run_engines(view, decision_rng);
  // Most visits wins; ties go to the lower action, so the choice is
  // deterministic. With no visits at all (a forced move, or a budget spent
  // before any root child was tried) the first legal action is played.
  // With backed-up values the root's visits are shared evenly, so the
  // highest value wins instead (ties again to the lower action).
  Action chosen = legal_[0];
  std::uint64_t most = 0;
  double highest = -std::numeric_limits<double>::infinity();
  for (Action a : legal_) {
    const auto i = static_cast<std::size_t>(a);
    if (settings_.best_values) {
      if (summary_.visits[i] == 0) continue;
      const double value = summary_.action_value_sums[i] / static_cast<double>(summary_.visits[i]);
      if (value > highest) {
        highest = value;
        chosen = a;
      }
    } else if (summary_.visits[i] > most) {
      most = summary_.visits[i];
      chosen = a;
    }
  }
  record_decision(chosen);
  return chosen;
}

void SearchAgent::set_budget(const ActBudget& budget) {
  KIBITZ_CHECK(budget.simulations >= 0 && budget.time_ms >= 0, "negative budget");
  budget_ = spec_budget_;
  if (budget.simulations > 0) {
    budget_.simulations = budget.simulations;
    budget_.time_ms = 0;
  }
  if (budget.time_ms > 0) budget_.time_ms = budget.time_ms;
  stop_ = budget.stop;
}

void SearchAgent::run_engines(const SeatView& view, const Rng& decision_rng) {
  const auto threads = static_cast<std::int64_t>(engines_.size());
  const bool pimc = settings_.variant == SearchVariant::kDeterminized;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (budget_.time_ms > 0) {
    deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(budget_.time_ms);
  }
  // Thread t gets an equal share: of the simulations (ISMCTS) or of the
  // worlds (PIMC, each world keeping the full per-world simulations).
  auto budget_of = [&](std::int64_t t) {
    SearchBudget b;
    b.deadline = deadline;
    b.stop = stop_;
    const std::int64_t total = pimc ? budget_.worlds : budget_.simulations;
    const std::int64_t share = total / threads + (t < total % threads ? 1 : 0);
    b.simulations = pimc ? budget_.simulations : share;
    b.worlds = pimc ? share : 1;
    return b;
  };
  auto run_one = [&](std::int64_t t) {
    const auto i = static_cast<std::size_t>(t);
    partial_[i].clear(game_->num_distinct_actions());
    const SearchBudget b = budget_of(t);
    if ((pimc ? b.worlds : b.simulations) == 0 && !deadline) return;
    Rng rng = decision_rng.child("thread", static_cast<std::uint64_t>(t));
    engines_[i]->search(view, rng, b, partial_[i]);
  };
  if (threads == 1) {
    run_one(0);
  } else {
    // Root parallelism: independent searches, visits summed afterwards.
    std::vector<std::exception_ptr> errors(engines_.size());
    std::vector<std::thread> pool;
    for (std::int64_t t = 1; t < threads; ++t) {
      pool.emplace_back([&, t] {
        try {
          run_one(t);
        } catch (...) {
          errors[static_cast<std::size_t>(t)] = std::current_exception();
        }
      });
    }
    try {
      run_one(0);
    } catch (...) {
      errors[0] = std::current_exception();
    }
    for (std::thread& thread : pool) thread.join();
    for (const std::exception_ptr& e : errors) {
      if (e) std::rethrow_exception(e);
    }
  }
  for (const RootSummary& p : partial_) summary_.add(p);
}

void SearchAgent::record_decision(Action chosen) {
  last_ = DecisionInfo();
  std::uint64_t total = 0;
  for (Action a : legal_) total += summary_.visits[static_cast<std::size_t>(a)];
  for (Action a : legal_) {
    // Evenly shared visits say nothing of a preference: the choice does.
    const double share =
        total > 0 && !settings_.best_values
            ? static_cast<double>(summary_.visits[static_cast<std::size_t>(a)]) / total
            : (a == chosen ? 1.0 : 0.0);
    last_.policy.emplace_back(a, share);
  }
  if (summary_.value_visits > 0) {
    last_.has_value = true;
    last_.value = summary_.value_sum / static_cast<double>(summary_.value_visits);
  }
  for (Action a : legal_) {
    const auto i = static_cast<std::size_t>(a);
    if (i < summary_.action_value_sums.size() && summary_.visits[i] > 0) {
      last_.action_values.emplace_back(a, summary_.action_value_sums[i] / static_cast<double>(summary_.visits[i]));
    }
  }
  last_.stats = {
      {"simulations", static_cast<double>(summary_.simulations)},
      {"tree_nodes", static_cast<double>(summary_.tree_nodes)},
      {"tree_bytes", static_cast<double>(summary_.tree_bytes)},
      {"max_depth", static_cast<double>(summary_.max_depth)},
  };
  if (settings_.variant == SearchVariant::kDeterminized) {
    last_.stats.emplace_back("worlds", static_cast<double>(summary_.worlds));
  }
  if (settings_.belief_worlds > 0 && summary_.simulations > 0) {
    // Each engine weighs its own pool: report the mean effective size.
    last_.stats.emplace_back("belief_effective_worlds", summary_.belief_effective_worlds /
                                                            static_cast<double>(engines_.size()));
  }
}

namespace {

// The parameters every search agent shares, declared once.
std::vector<ParamSpec> common_params() {
  return {
      ParamSpec::real("c", 0.7, 0.0, 100.0,
                      "exploration constant (returns are scaled to [0, 1] by the game's bounds)"),
      ParamSpec::text("rollout", "random",
                      "leaf evaluation: random (uniform playouts) or an agent spec that plays "
                      "the playout for every seat, e.g. heuristic")
          .as_agent_spec(),
      ParamSpec::integer("max_nodes", 1'000'000, 2, 100'000'000,
                         "node bound per tree (MO: per seat's tree; threads: per thread); when "
                         "full, search stops expanding and evaluates from the leaf")
          .as_cost(CostKind::kNodes),
      ParamSpec::integer("time_ms", 0, 0, 3'600'000,
                         "search time per decision in milliseconds; 0 counts simulations "
                         "instead (only that is deterministic)")
          .as_cost(CostKind::kMilliseconds),
      ParamSpec::integer("threads", 1, 1, 256,
                         "root-parallel threads, each with its own tree; visits are summed")
          .as_cost(CostKind::kThreads),
  };
}

// Builds a search agent from validated parameters.
std::unique_ptr<Agent> make_search_agent(const std::string& name, SearchVariant variant,
                                         const Params& params, std::shared_ptr<const Game> game,
                                         std::uint64_t seed) {
  SearchSettings settings;
  settings.variant = variant;
  settings.c = params.get_double("c");
  settings.max_nodes = params.get_int("max_nodes");
  read_belief_params(params, /*has_policy=*/false, settings);
  if (variant == SearchVariant::kSingleObserver && params.get_string("opponents") != "tree") {
    settings.model_opponents = true;
    settings.opponent_model = params.get_string("opponents");
    settings.best_values = params.get_string("values") == "best";
  } else if (variant == SearchVariant::kSingleObserver && params.get_string("values") == "best") {
    throw error("agent " + name + ": values=best needs opponents=<an agent spec>: with the "
                "other seats searched in the tree, their nodes hold their own values");
  }
  SearchAgent::Budget budget;
  budget.simulations = params.get_int("sims");
  budget.worlds = variant == SearchVariant::kDeterminized ? params.get_int("worlds") : 1;
  budget.time_ms = params.get_int("time_ms");
  budget.threads = static_cast<int>(params.get_int("threads"));
  const EvaluatorFactory factory = make_rollout_factory(
      "agent " + name, params.get_string("rollout"), game, read_rollout_limit(params));
  return std::make_unique<SearchAgent>(params.to_spec(name), settings, budget, std::move(game),
                                       factory, seed);
}

// `params` come first and `last` after the shared ones: parameters added
// later go last, so the specs written before them keep their order.
AgentInfo ismcts_family_info(const std::string& name, const std::string& summary,
                             SearchVariant variant, std::vector<ParamSpec> params,
                             std::vector<ParamSpec> last = {}) {
  for (ParamSpec& p : common_params()) params.push_back(std::move(p));
  for (ParamSpec& p : rollout_limit_params("the returns paid so far")) params.push_back(std::move(p));
  for (ParamSpec& p : belief_params(/*has_policy=*/false)) params.push_back(std::move(p));
  for (ParamSpec& p : last) params.push_back(std::move(p));
  return {name, summary, std::move(params),
          [name, variant](const Params& p, std::shared_ptr<const Game> game, std::uint64_t seed) {
            return make_search_agent(name, variant, p, std::move(game), seed);
          }};
}

}  // namespace

AgentInfo SearchAgent::ismcts_info() {
  return ismcts_family_info(
      "ismcts",
      "single-observer information-set MCTS: one tree over sampled worlds, UCB with "
      "availability counts",
      SearchVariant::kSingleObserver,
      {ParamSpec::integer("sims", 1000, 1, 1'000'000'000, "simulations per decision")
           .as_cost(CostKind::kSimulations)},
      {ParamSpec::text("opponents", "tree",
                       "tree: the other seats' moves are searched in the tree like the "
                       "searching seat's; or an agent spec (e.g. cfr) whose reported "
                       "distribution, acting on each seat's own view of the sampled world, "
                       "draws their moves, so the values are what the searching seat earns "
                       "best-responding to that agent")
           .as_agent_spec(),
       ParamSpec::choice("values", "mean", {"mean", "best"},
                         "what each root action is worth: mean (the mean return of the "
                         "simulations through it) or best (needs opponents=SPEC: backed up "
                         "through the tree, the searching seat's best well-tried move at its "
                         "later decisions, a visit-weighted mean at chance and the opponents': "
                         "its value best-responding to them)")});
}

AgentInfo SearchAgent::mo_ismcts_info() {
  return ismcts_family_info(
      "mo_ismcts",
      "multiple-observer information-set MCTS: one tree per seat, each following what its "
      "seat observes of the others' moves",
      SearchVariant::kMultipleObserver,
      {ParamSpec::integer("sims", 1000, 1, 1'000'000'000, "simulations per decision")
           .as_cost(CostKind::kSimulations)});
}

AgentInfo SearchAgent::pimc_info() {
  return ismcts_family_info(
      "pimc",
      "determinized MCTS (perfect-information Monte Carlo): UCT on each sampled world, root "
      "visits summed",
      SearchVariant::kDeterminized,
      {ParamSpec::integer("worlds", 20, 1, 1'000'000, "sampled worlds (determinizations)")
           .as_cost(CostKind::kSimulations),
       ParamSpec::integer("sims", 200, 1, 1'000'000'000, "simulations per world")
           .as_cost(CostKind::kSimulations)});
}

}  // namespace kibitz
