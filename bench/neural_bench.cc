// kibitz_neural_bench: inference speed of the policy-value network on the
// CPU, for the Loyalist Spies encoder (818 floats) with the default MLP
// (256,256), through PolicyValueFunction::evaluate: rows copied in, one
// forward pass, masked softmax, results copied out (what an agent or the
// batcher pays).
//
//   forward/batch:B/threads:T   one TorchModel evaluate() of B rows, LibTorch
//                               running on T intra-op threads
//                               (torch::set_num_threads). items_per_second is
//                               rows per second.
//   batch1/model:M              one evaluate() of one row, cycling through 64
//                               information states, with M = torch
//                               (TorchModel, 1 thread) or cpu_mlp (CpuMlp,
//                               what agents use on the CPU), same weights: the
//                               ratio of the two is the point.
//   ismcts_nn/threads:1/model:M one ismcts_nn(sims=200) decision at the first
//                               decision of seeded single-round deals;
//                               items_per_second is simulations per second.
//
// Times are wall clock (UseRealTime): LibTorch's worker threads are not in
// the main thread's CPU time. cpu_items_per_second divides the same count by
// the process CPU time (all threads) of the timed loop: on a shared machine,
// where the wall clock includes waiting for a core, it says what the work
// costs. The inputs are real information states of seeded random play, so
// the work matches what search feeds the net (CpuMlp's cost depends on how
// many inputs are nonzero).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <cstdint>
#include <ctime>
#include <memory>
#include <vector>

#include "agents/neural/cpu_mlp.h"
#include "agents/neural/network.h"
#include "agents/neural/neural_agents.h"
#include "agents/neural/policy_value.h"
#include "agents/neural/torch_model.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"

namespace {

using kibitz::neural::CpuMlp;
using kibitz::neural::NetworkShape;
using kibitz::neural::PolicyValueFunction;
using kibitz::neural::TorchModel;

// A state after `moves` seeded random decisions (chance by its
// probabilities), stopped at a player node.
std::unique_ptr<kibitz::State> random_decision(const kibitz::Game& game, std::uint64_t seed,
                                               int moves) {
  kibitz::Rng rng(seed);
  std::unique_ptr<kibitz::State> state = game.new_initial_state();
  for (int m = 0; !state->is_terminal(); ++m) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
      continue;
    }
    if (m >= moves) break;
    const kibitz::ActionList legal = state->legal_actions();
    state->apply_action(legal[rng.uniform_int(legal.size())]);
  }
  return state;
}

// CPU seconds used by the whole process so far (every thread).
double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Sets items_per_second and cpu_items_per_second for `items` work items done
// since `cpu_start`.
void report(benchmark::State& bench, std::int64_t items, double cpu_start) {
  bench.SetItemsProcessed(items);
  bench.counters["cpu_items_per_second"] =
      static_cast<double>(items) / (process_cpu_seconds() - cpu_start);
}

// The two implementations of the same network.
enum class ModelKind { kTorch, kCpuMlp };

// The default MLP for `game` with weights from seed 1, as `kind`.
std::shared_ptr<PolicyValueFunction> default_model(const kibitz::Game& game,
                                                   ModelKind kind = ModelKind::kTorch) {
  const NetworkShape shape = kibitz::neural::network_shape_for(
      game, kibitz::neural::parse_hidden_sizes(kibitz::neural::kDefaultHidden));
  kibitz::neural::PolicyValueNet net(shape, /*seed=*/1);
  if (kind == ModelKind::kCpuMlp) {
    return std::make_shared<CpuMlp>(shape, kibitz::neural::network_tensors(net));
  }
  return std::make_shared<TorchModel>(net.ptr());
}

void BM_Forward(benchmark::State& bench) {
  const int batch = static_cast<int>(bench.range(0));
  torch::set_num_threads(static_cast<int>(bench.range(1)));
  const auto game = kibitz::load_game("loyalist_spies");
  auto model = default_model(*game);
  const NetworkShape& s = model->shape();
  const auto in = static_cast<std::size_t>(s.input_size);
  const auto na = static_cast<std::size_t>(s.num_actions);
  std::vector<float> inputs(batch * in), masks(batch * na), policy(batch * na),
      values(batch * static_cast<std::size_t>(s.num_players));
  for (int r = 0; r < batch; ++r) {
    auto state = random_decision(*game, static_cast<std::uint64_t>(r), r % 40);
    if (state->is_terminal()) state = random_decision(*game, static_cast<std::uint64_t>(r), 0);
    const auto row = static_cast<std::size_t>(r);
    state->information_state_tensor(state->current_player(),
                                    std::span(inputs).subspan(row * in, in));
    state->legal_action_mask(std::span(masks).subspan(row * na, na));
  }
  const double cpu_start = process_cpu_seconds();
  for (auto _ : bench) {
    model->evaluate(batch, inputs, masks, policy, values);
    benchmark::DoNotOptimize(policy.data());
  }
  report(bench, bench.iterations() * batch, cpu_start);
}
BENCHMARK(BM_Forward)
    ->Name("forward")
    ->ArgNames({"batch", "threads"})
    ->ArgsProduct({{1, 256}, {1, 2}})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// One row per call through `kind`: the ratio of the two kinds is the gain of
// CpuMlp where agents need it.
void BM_Batch1(benchmark::State& bench, ModelKind kind) {
  torch::set_num_threads(1);
  const auto game = kibitz::load_game("loyalist_spies");
  auto model = default_model(*game, kind);
  const NetworkShape& s = model->shape();
  const auto in = static_cast<std::size_t>(s.input_size);
  const auto na = static_cast<std::size_t>(s.num_actions);
  // Rows from the start of a deal to late in it, as search meets them: how
  // many inputs are nonzero sets CpuMlp's cost.
  constexpr std::size_t kRows = 64;
  std::vector<float> inputs(kRows * in), masks(kRows * na), policy(na),
      values(static_cast<std::size_t>(s.num_players));
  for (std::size_t r = 0; r < kRows; ++r) {
    auto state = random_decision(*game, r, static_cast<int>(r % 40));
    if (state->is_terminal()) state = random_decision(*game, r, 0);
    state->information_state_tensor(state->current_player(), std::span(inputs).subspan(r * in, in));
    state->legal_action_mask(std::span(masks).subspan(r * na, na));
  }
  std::size_t next = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : bench) {
    const std::size_t r = next++ % kRows;
    model->evaluate(1, std::span(inputs).subspan(r * in, in), std::span(masks).subspan(r * na, na),
                    policy, values);
    benchmark::DoNotOptimize(policy.data());
  }
  report(bench, bench.iterations(), cpu_start);
}
BENCHMARK_CAPTURE(BM_Batch1, torch, ModelKind::kTorch)
    ->Name("batch1/model:torch")
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Batch1, cpu_mlp, ModelKind::kCpuMlp)
    ->Name("batch1/model:cpu_mlp")
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// Times one act() per iteration, cycling through `decisions`; counts
// `sims` simulations per decision.
void time_decisions(benchmark::State& bench, kibitz::Agent& agent,
                    const std::vector<std::unique_ptr<kibitz::State>>& decisions,
                    std::int64_t sims) {
  std::size_t next = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : bench) {
    const kibitz::State& state = *decisions[next++ % decisions.size()];
    benchmark::DoNotOptimize(agent.act(kibitz::SeatView(state, state.current_player())));
  }
  report(bench, bench.iterations() * sims, cpu_start);
}

void BM_IsmctsNn(benchmark::State& bench, ModelKind kind) {
  torch::set_num_threads(1);
  const auto game = kibitz::load_game("loyalist_spies(rounds=1)");
  constexpr std::int64_t kSims = 200;
  kibitz::SearchSettings settings;
  settings.c = 1.0;
  kibitz::SearchAgent::Budget budget;
  budget.simulations = kSims;
  auto agent = kibitz::neural::make_ismcts_nn_agent("ismcts_nn", settings, budget, game,
                                                    default_model(*game, kind), 1);
  std::vector<std::unique_ptr<kibitz::State>> deals;
  for (std::uint64_t seed = 0; seed < 16; ++seed) deals.push_back(random_decision(*game, seed, 0));
  time_decisions(bench, *agent, deals, kSims);
}
BENCHMARK_CAPTURE(BM_IsmctsNn, torch, ModelKind::kTorch)
    ->Name("ismcts_nn/threads:1/model:torch")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IsmctsNn, cpu_mlp, ModelKind::kCpuMlp)
    ->Name("ismcts_nn/threads:1/model:cpu_mlp")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// What the ismcts_nn options cost per decision, on CpuMlp at decisions
// after the deal (where the other seats have moved, so a belief pool has
// moves to weigh): the default, modelled opponents with searcher values, the
// same with a belief pool of 64 worlds, and policy-rollout leaves.
enum class SearchOptions { kDefault, kSearcher, kSearcherBelief64, kRollout };

void BM_IsmctsNnOptions(benchmark::State& bench, SearchOptions options) {
  const auto game = kibitz::load_game("loyalist_spies(rounds=1)");
  constexpr std::int64_t kSims = 200;
  kibitz::SearchSettings settings;
  settings.c = 1.0;
  settings.model_opponents =
      options == SearchOptions::kSearcher || options == SearchOptions::kSearcherBelief64;
  settings.searcher_values = settings.model_opponents;
  // The pool as measured in docs/PERFORMANCE.md: default floor and power.
  if (options == SearchOptions::kSearcherBelief64) settings.belief_worlds = 64;
  const auto leaf = options == SearchOptions::kRollout
                        ? kibitz::neural::NetworkEvaluator::LeafValue::kPolicyRollout
                        : kibitz::neural::NetworkEvaluator::LeafValue::kValueHead;
  kibitz::SearchAgent::Budget budget;
  budget.simulations = kSims;
  auto agent = kibitz::neural::make_ismcts_nn_agent(
      "ismcts_nn", settings, budget, game, default_model(*game, ModelKind::kCpuMlp), 1, leaf);
  std::vector<std::unique_ptr<kibitz::State>> decisions;
  for (std::uint64_t seed = 0; decisions.size() < 16; ++seed) {
    auto state = random_decision(*game, seed, 75 + static_cast<int>(seed % 20));
    if (!state->is_terminal()) decisions.push_back(std::move(state));
  }
  time_decisions(bench, *agent, decisions, kSims);
}
BENCHMARK_CAPTURE(BM_IsmctsNnOptions, default, SearchOptions::kDefault)
    ->Name("ismcts_nn/after_deal/default")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IsmctsNnOptions, searcher, SearchOptions::kSearcher)
    ->Name("ismcts_nn/after_deal/opponents:policy,leaf_value:searcher")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IsmctsNnOptions, belief, SearchOptions::kSearcherBelief64)
    ->Name("ismcts_nn/after_deal/opponents:policy,leaf_value:searcher,belief:64")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_IsmctsNnOptions, rollout, SearchOptions::kRollout)
    ->Name("ismcts_nn/after_deal/leaf_value:rollout")
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
