#include "training/train_config.h"


#include "env/core/error.h"
#include "env/core/parse_number.h"
#include "training/train_options.h"

namespace kibitz::training {

Algorithm parse_algorithm(std::string_view text) {
  if (text == "ppo") return Algorithm::kPpo;
  if (text == "exit") return Algorithm::kExpertIteration;
  if (text == "bc") return Algorithm::kBehaviorCloning;
  throw error("--algo: '", text, "' is not an algorithm; use ppo, exit or bc");
}

std::string_view algorithm_name(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::kPpo: return "ppo";
    case Algorithm::kExpertIteration: return "exit";
    case Algorithm::kBehaviorCloning: return "bc";
  }
  return "?";
}

ExitExpert parse_exit_expert(std::string_view text) {
  if (text == "net") return ExitExpert::kNet;
  if (text == "rollout") return ExitExpert::kRollout;
  throw error("--exit-expert: '", text, "' is not an expert; use net or rollout");
}

std::string_view exit_expert_name(ExitExpert expert) {
  return expert == ExitExpert::kNet ? "net" : "rollout";
}

std::uint64_t parse_seed(std::string_view text) { return parse_uint64(text, "--seed"); }

namespace {

void require(bool ok, const std::string& flag, const std::string& what) {
  if (!ok) throw error(flag, ": ", what);
}

}  // namespace

void validate(const TrainConfig& config) {
  require(!config.game_spec.empty(), "--game", "is required");
  require(!config.out_dir.empty(), "--out", "is required");
  require((config.steps > 0) != (config.iterations > 0), "--steps/--iterations",
          "give exactly one of them, positive");
  require(config.steps <= kMaxTrainSteps, "--steps", "must be <= 1e+12");
  require(config.init.empty() || !config.resume, "--init",
          "cannot be combined with --resume (a resumed run continues from its own checkpoint)");
  require(!config.force || !config.resume, "--force",
          "cannot be combined with --resume (--force replaces the run in --out, --resume "
          "continues it)");
  const bool cloning = config.algorithm == Algorithm::kBehaviorCloning;
  require(!cloning || !config.demonstrator.empty(), "--demonstrator",
          "is required with --algo bc: the agent whose moves the net learns, e.g. heuristic");
  require(cloning || config.demonstrator.empty(), "--demonstrator", "is only for --algo bc");
  for (const TrainOption& option : train_options()) {
    require(in_range(option, config), "--" + std::string(option.flag), range_text(option));
  }
}

}  // namespace kibitz::training
