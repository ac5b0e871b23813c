// kibitz_neural_bench: inference speed of the policy-value network on the
// CPU, for the Loyalist Spies encoder (818 floats) with the default MLP
// (256,256), through TorchModel::evaluate: rows copied in, one forward pass,
// masked softmax, results copied out (what an agent or the batcher pays).
//
//   forward/batch:B/threads:T   one evaluate() of B rows, LibTorch running
//                               on T intra-op threads (torch::set_num_threads).
//                               items_per_second is rows per second.
//   ismcts_nn/threads:1         one ismcts_nn(sims=200) decision at the first
//                               decision of seeded single-round deals;
//                               items_per_second is simulations per second.
//
// Times are wall clock (UseRealTime): LibTorch's worker threads are not in
// the main thread's CPU time. cpu_items_per_second divides the same count by
// the process CPU time (all threads) of the timed loop: on a shared machine,
// where the wall clock includes waiting for a core, it says what the work
// costs. The inputs are real information states of seeded random play, so
// the work matches what search feeds the net.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <cstdint>
#include <ctime>
#include <memory>
#include <vector>

#include "agents/neural/network.h"
#include "agents/neural/neural_agents.h"
#include "agents/neural/policy_value.h"
#include "agents/neural/torch_model.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"

namespace {

using kibitz::neural::NetworkShape;
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

std::shared_ptr<TorchModel> default_model(const kibitz::Game& game) {
  const NetworkShape shape = kibitz::neural::network_shape_for(
      game, kibitz::neural::parse_hidden_sizes(kibitz::neural::kDefaultHidden));
  return std::make_shared<TorchModel>(
      std::make_shared<kibitz::neural::PolicyValueNetImpl>(shape, /*seed=*/1));
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

void BM_IsmctsNn(benchmark::State& bench) {
  torch::set_num_threads(1);
  const auto game = kibitz::load_game("loyalist_spies(rounds=1)");
  constexpr std::int64_t kSims = 200;
  kibitz::SearchSettings settings;
  settings.c = 1.0;
  kibitz::SearchAgent::Budget budget;
  budget.simulations = kSims;
  auto agent = kibitz::neural::make_ismcts_nn_agent("ismcts_nn", settings, budget, game,
                                                    default_model(*game), 1);
  std::vector<std::unique_ptr<kibitz::State>> deals;
  for (std::uint64_t seed = 0; seed < 16; ++seed) deals.push_back(random_decision(*game, seed, 0));
  std::size_t next = 0;
  const double cpu_start = process_cpu_seconds();
  for (auto _ : bench) {
    const kibitz::State& state = *deals[next++ % deals.size()];
    benchmark::DoNotOptimize(agent->act(kibitz::SeatView(state, state.current_player())));
  }
  report(bench, bench.iterations() * kSims, cpu_start);
}
BENCHMARK(BM_IsmctsNn)->Name("ismcts_nn/threads:1")->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
