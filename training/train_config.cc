#include "training/train_config.h"

#include "env/core/error.h"

namespace kibitz::training {

Algorithm parse_algorithm(std::string_view text) {
  if (text == "ppo") return Algorithm::kPpo;
  if (text == "exit") return Algorithm::kExpertIteration;
  throw error("--algo: '", text, "' is not an algorithm; use ppo or exit");
}

std::string_view algorithm_name(Algorithm algorithm) {
  return algorithm == Algorithm::kPpo ? "ppo" : "exit";
}

ExitExpert parse_exit_expert(std::string_view text) {
  if (text == "net") return ExitExpert::kNet;
  if (text == "rollout") return ExitExpert::kRollout;
  throw error("--exit-expert: '", text, "' is not an expert; use net or rollout");
}

namespace {

void require(bool ok, std::string_view flag, std::string_view what) {
  if (!ok) throw error(flag, ": ", what);
}

}  // namespace

void validate(const TrainConfig& config) {
  require(!config.game_spec.empty(), "--game", "is required");
  require(!config.out_dir.empty(), "--out", "is required");
  require((config.steps > 0) != (config.iterations > 0), "--steps/--iterations",
          "give exactly one of them, positive");
  require(config.init.empty() || !config.resume, "--init",
          "cannot be combined with --resume (a resumed run continues from its own checkpoint)");
  require(!config.force || !config.resume, "--force",
          "cannot be combined with --resume (--force replaces the run in --out, --resume "
          "continues it)");
  require(config.threads >= 1 && config.threads <= 256, "--threads", "must be in [1, 256]");
  require(config.lr > 0.0 && config.lr < 1.0, "--lr", "must be in (0, 1)");
  require(!config.lr_final || (*config.lr_final >= 0.0 && *config.lr_final < 1.0), "--lr-final",
          "must be in [0, 1)");
  require(config.average >= 0.0 && config.average < 1.0, "--average", "must be in [0, 1)");
  require(config.envs >= 1 && config.envs <= 65536, "--envs", "must be in [1, 65536]");
  require(config.eval_every >= 0, "--eval-every", "must be >= 0");
  require(config.eval_games >= 1, "--eval-games", "must be >= 1");
  require(config.checkpoint_every >= 1, "--checkpoint-every", "must be >= 1");
  require(config.batch >= 1, "--batch", "must be >= 1");
  require(config.epochs >= 1, "--epochs", "must be >= 1");
  require(config.minibatch >= 1, "--minibatch", "must be >= 1");
  require(config.clip > 0.0 && config.clip < 1.0, "--clip", "must be in (0, 1)");
  require(config.gae_lambda >= 0.0 && config.gae_lambda <= 1.0, "--gae-lambda",
          "must be in [0, 1]");
  require(config.value_coef >= 0.0, "--value-coef", "must be >= 0");
  require(config.entropy_coef >= 0.0, "--entropy-coef", "must be >= 0");
  require(!config.entropy_coef_final || *config.entropy_coef_final >= 0.0, "--entropy-coef-final",
          "must be >= 0");
  require(config.pool_probability >= 0.0 && config.pool_probability <= 1.0, "--pool-prob",
          "must be in [0, 1]");
  require(config.pool_size >= 0, "--pool-size", "must be >= 0");
  require(config.exit_games >= 1, "--exit-games", "must be >= 1");
  require(config.sims >= 1, "--sims", "must be >= 1");
  require(config.exit_window >= 1, "--exit-window", "must be >= 1");
  require(config.exit_target_power > 0.0 && config.exit_target_power <= 100.0,
          "--exit-target-power", "must be in (0, 100]");
}

}  // namespace kibitz::training
