// NetworkAgent (network_agent.h): `nn` without LibTorch.
#include "python/src/network_agent.h"

#include <filesystem>
#include <map>
#include <mutex>
#include <tuple>
#include <utility>

#include "agents/neural/policy_choice.h"
#include "env/core/error.h"

namespace kibitz::python {

NetworkAgent::NetworkAgent(std::string spec, std::unique_ptr<neural::CpuMlp> network, bool greedy,
                           std::uint64_t seed)
    : spec_(std::move(spec)), network_(std::move(network)), greedy_(greedy), rng_(seed) {
  const neural::NetworkShape& shape = network_->shape();
  input_.resize(static_cast<std::size_t>(shape.input_size));
  mask_.resize(static_cast<std::size_t>(shape.num_actions));
  policy_.resize(static_cast<std::size_t>(shape.num_actions));
  values_.resize(static_cast<std::size_t>(shape.num_players));
}

Action NetworkAgent::act(const SeatView& view) {
  view.legal_actions(legal_);
  if (legal_.empty()) throw error("nn: asked to act with no legal action");
  view.information_state_tensor(input_);
  view.legal_action_mask(mask_);
  network_->evaluate(1, input_, mask_, policy_, values_);
  Rng rng = rng_.child("decision", decisions_++);
  // values_[0]: relative order, entry 0 is this seat.
  return neural::choose_from_policy(legal_, policy_, values_[0], greedy_, rng, weights_, last_);
}

namespace {

// One read of each checkpoint per process and game (read again once the
// file changes, as a training run rewrites it); every agent evaluates with
// its own scratch over the shared weights (CpuMlp::share).
std::unique_ptr<neural::CpuMlp> shared_network(const std::string& path, const Game& game) {
  static std::mutex mutex;
  using Key = std::tuple<std::string, std::string, std::filesystem::file_time_type>;
  static std::map<Key, std::unique_ptr<neural::CpuMlp>> loaded;
  std::error_code ignored;  // a missing file: the loader names it
  const auto written = std::filesystem::last_write_time(path, ignored);
  std::lock_guard lock(mutex);
  auto& entry = loaded[{path, game.spec(), written}];
  if (!entry) entry = neural::CpuMlp::load(path, game);
  return entry->share();
}

}  // namespace

AgentInfo NetworkAgent::info() {
  AgentInfo info;
  info.name = "nn";
  info.summary = "a policy-value network acting from its policy head alone (no search); CPU, no LibTorch";
  info.params = {
      ParamSpec::text("model", "", "checkpoint file of a policy-value network (required)").as_file(FileKind::kModel),
      ParamSpec::text("device", "cpu", "where the network runs: only cpu in the Python module"),
      ParamSpec::boolean("greedy", false, "play the most likely action instead of sampling from the policy"),
  };
  info.factory = [](const Params& p, std::shared_ptr<const Game> game, std::uint64_t seed) -> std::unique_ptr<Agent> {
    const std::string& path = p.get_string("model");
    if (path.empty()) throw error("agent nn: model= is required (the path of a checkpoint)");
    if (p.get_string("device") != "cpu") {
      throw error("agent nn: device=", p.get_string("device"),
                  " needs LibTorch, which the Python module does not link; use device=cpu");
    }
    std::unique_ptr<neural::CpuMlp> network;
    try {
      network = shared_network(path, *game);
    } catch (const KibitzError& e) {
      throw error("agent nn: ", e.what());
    }
    return std::make_unique<NetworkAgent>(p.to_spec("nn"), std::move(network), p.get_bool("greedy"), seed);
  };
  return info;
}

}  // namespace kibitz::python
