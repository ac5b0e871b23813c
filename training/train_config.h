// TrainConfig: everything one `kibitz train` run is made of, with its
// defaults, validated before any work starts, so a typo fails at once rather
// than an hour into a run. Each field's flag, help and range are declared
// once, in train_options.h, which drives the command's flags, validate() and
// the options line a run logs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::training {

// The learning algorithm of a run.
enum class Algorithm {
  kPpo,              // PPO self-play on a VectorEnv (ppo.cc)
  kExpertIteration,  // ISMCTS guided by the net, net learns the search (expert_iteration.cc)
  kBehaviorCloning,  // the net learns a demonstrator agent's moves and their returns (expert_iteration.cc)
};

// "ppo", "exit" or "bc"; throws KibitzError naming the flag otherwise.
Algorithm parse_algorithm(std::string_view text);
std::string_view algorithm_name(Algorithm algorithm);

// Expert iteration's expert: the search whose root visit shares the net
// learns.
enum class ExitExpert {
  kNet,      // ismcts_nn with the current net: PUCT prior and value head
  kRollout,  // plain ismcts with random rollouts; the net is not consulted
};

// "net" or "rollout"; throws KibitzError naming --exit-expert otherwise.
ExitExpert parse_exit_expert(std::string_view text);
std::string_view exit_expert_name(ExitExpert expert);

// A --seed: digits only, below 2^64; throws KibitzError naming --seed (the
// message of the other commands' --seed, tools/options.h parse_uint64).
std::uint64_t parse_seed(std::string_view text);

// One training run. Defaults are the command's defaults.
// The most decisions a run may train on (--steps): far beyond any run, it
// keeps a mistyped budget from starting a run that could never end.
inline constexpr std::int64_t kMaxTrainSteps = 1'000'000'000'000;

struct TrainConfig {
  std::string game_spec;
  Algorithm algorithm = Algorithm::kPpo;
  std::string out_dir;
  // Exactly one budget is positive: decisions trained on (at most
  // kMaxTrainSteps), or iterations.
  std::int64_t steps = 0;
  std::int64_t iterations = 0;
  std::uint64_t seed = 0;
  // Torch intra-op threads and VectorEnv threads. 1: bit-for-bit reproducible.
  int threads = 1;
  std::string device = "cpu";
  std::vector<int> hidden{256, 256};
  double lr = 3e-4;
  // Linear schedules over the budget: the learning rate and PPO's entropy
  // weight move from their start values to these by the last iteration
  // (unset: constant). In Leduc, lowering the entropy weight made NashConv
  // worse, not better (training/models/leduc_poker/README.md).
  std::optional<double> lr_final;
  std::optional<double> entropy_coef_final;
  // Weight averaging: 0 turns it off; d in (0, 1) keeps an exponential
  // moving average of the weights, avg = d * avg + (1 - d) * weights after
  // every iteration, and the average is the model that is evaluated, saved
  // as ckpt-N.pt and played. Self-play in a zero-sum game circles around the
  // equilibrium; the average of the circling iterates lies near its centre.
  double average = 0.0;
  // PPO: environments stepped as one batch.
  int envs = 16;
  // Evaluate every K iterations (0: never) with G games per opponent.
  int eval_every = 10;
  int eval_games = 200;
  // Checkpoint every K iterations (the last iteration always checkpoints).
  int checkpoint_every = 10;
  bool resume = false;
  // Replace a run already in out_dir: its files are deleted before this run
  // writes any (training/run_dir.h). Without it such a folder is refused.
  // Not with resume.
  bool force = false;
  // Start from this checkpoint's weights instead of random ones (same game,
  // encoder and hidden layers): e.g. expert iteration from a PPO model. Only
  // the weights are taken; the optimizer starts fresh. Not with resume.
  std::string init;

  // PPO: decisions collected per iteration, passes over them, minibatch
  // size, clip range, GAE lambda, loss weights, opponent pool.
  int batch = 2048;
  int epochs = 4;
  int minibatch = 256;
  double clip = 0.2;
  double gae_lambda = 0.95;
  double value_coef = 0.5;
  double entropy_coef = 0.01;
  double pool_probability = 0.25;
  int pool_size = 5;
  // PPO: how a pool member is drawn. Unset: uniformly. P: prioritised
  // fictitious self-play, each member weighted by the learner's smoothed
  // loss rate against it raised to P (training/league.h; 2 is AlphaStar's
  // "hard" weighting), so the opponents it still loses to come most often.
  std::optional<double> pool_pfsp;
  // PPO: a fixed agent (a spec such as "heuristic") that plays every seat
  // but the learner's in `opponent_probability` of the episodes; empty:
  // none. Beating a strong hand-written bot can need games against it, not
  // only against oneself.
  std::string opponent;
  double opponent_probability = 0.25;

  // Expert iteration: self-play games per iteration, ISMCTS simulations per
  // decision, how many iterations of samples the replay window keeps, and
  // which search is the expert. A rollout expert is worth trying where plain
  // ISMCTS at `sims` is stronger than the net's own search (its visit shares
  // then carry more than the net's prior).
  int exit_games = 32;
  int sims = 64;
  int exit_window = 4;
  ExitExpert exit_expert = ExitExpert::kNet;
  // Behavior cloning: the agent spec (e.g. "heuristic") that plays every
  // seat of the --exit-games games of each iteration; the net learns its
  // moves (cross-entropy to the move played) and the games' returns. The
  // window, epochs and minibatches are expert iteration's. Required with
  // --algo bc, refused otherwise.
  std::string demonstrator;
  // The visit shares are raised to this power and renormalized before the
  // net learns them (1: as they are). UCB at many simulations spreads its
  // visits widely; a power above 1 teaches the move the search favours.
  double exit_target_power = 1.0;

  // Distributed training (training/distributed/, docs/training.md
  // "Distributed training"): world_size processes train one network
  // together, each with its own rank in [0, world_size); rank 0 hosts the
  // rendezvous at `master` (ADDR:PORT) and alone writes checkpoints and
  // metrics. --batch, --exit-games and --minibatch are totals across the
  // ranks. `dist_timeout` (seconds) bounds every wait on another rank: the
  // master at start, a collective, a rank whose heartbeat stopped.
  int world_size = 1;
  int rank = 0;
  std::string master;
  double dist_timeout = 30.0;
};

// Throws KibitzError naming the first bad field (as its flag): first the
// rules that tie fields together (a game, an output folder, one budget,
// --init and --force without --resume), then every option's range in the
// order of train_options().
void validate(const TrainConfig& config);

}  // namespace kibitz::training
