// kibitz train: self-play training of a policy-value network with PPO or
// expert iteration (training/trainer.h; docs/training.md). Metrics go to
// DIR/metrics.jsonl, checkpoints and DIR/latest to DIR, the learning curve
// to DIR/learning_curve.svg; progress with ETA on stderr.
//
// This file is compiled into the kibitz executable only, never into
// kibitz_tools: that keeps LibTorch training out of the library the tool
// tests link. The command table (commands.cc) reaches it through the
// train_command hook, set below by a static initializer of this object file
// (an object named on the link line always runs its initializers).
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "agents/neural/neural_agents.h"
#include "agents/neural/policy_value.h"
#include "env/core/error.h"
#include "tools/command.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/progress_bar.h"
#include "training/trainer.h"

namespace kibitz::tools {

extern CommandFn train_command;

namespace {

// A default as --help shows it: 0.0003, not Boost's 0.00029999999999999997.
std::string shortest(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

int run_train(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "train",
      "kibitz train --game SPEC --algo ppo|exit --out DIR (--steps N | --iterations N) [options]",
      "Trains a policy-value network by self-play. --algo ppo: PPO on a batch of\n"
      "environments, every seat played by the current net except that some episodes put\n"
      "past checkpoints (the opponent pool) in the other seats. --algo exit: expert\n"
      "iteration, ISMCTS guided by the net plays itself and the net learns the search's\n"
      "visit distributions and the games' returns. Every --eval-every iterations the net\n"
      "plays --eval-games games against random and the game's heuristic (and small games\n"
      "get their exact NashConv). DIR receives metrics.jsonl, learning_curve.svg,\n"
      "checkpoints ckpt-NNNNNN.{pt,optim,state}, 'latest' naming the newest, and for\n"
      "small games policy.txt (the net's tabular policy). --resume continues the run in\n"
      "DIR up to the given budget; a DIR that already holds a run is refused unless\n"
      "--resume or --force (which deletes the old run's files first) is given. The seed\n"
      "defaults to 0, so a run is repeatable: with --threads 1 bit for bit. Ctrl-C\n"
      "finishes the iteration, checkpoints and exits with status 130; --resume then\n"
      "continues exactly as if the run had not stopped.",
      "kibitz train --game kuhn_poker --algo ppo --out runs/kuhn --iterations 50 --hidden 32\n"
      "kibitz train --game leduc_poker --algo exit --out runs/leduc --steps 200000\n"
      "kibitz train --game leduc_poker --algo ppo --out runs/leduc --steps 400000 --resume\n"
      "kibitz train --game kuhn_poker --algo ppo --out runs/kuhn --iterations 50 --force\n"
      "kibitz train --game leduc_poker --algo exit --out runs/leduc-exit --iterations 20 "
      "--init runs/leduc/ckpt-000100.pt"};
  training::TrainConfig config;
  std::string algo = "ppo";
  std::string exit_expert = "net";
  std::string seed_text = "0";
  std::string hidden_text(neural::kDefaultHidden);
  bool quiet = false;
  po::options_description options;
  // One flag per line reads better than the formatter's packing.
  // clang-format off
  options.add_options()
      ("game", po::value(&config.game_spec)->required()->value_name("SPEC"),
       "the game, e.g. leduc_poker or 'loyalist_spies(rounds=1)'")
      ("algo", po::value(&algo)->default_value(algo)->value_name("ppo|exit"),
       "PPO self-play or expert iteration")
      ("out", po::value(&config.out_dir)->required()->value_name("DIR"),
       "folder for checkpoints, metrics and the learning curve (created; one run per "
       "folder)")
      ("steps", po::value(&config.steps)->value_name("N"),
       "budget: decisions trained on (give this or --iterations)")
      ("iterations", po::value(&config.iterations)->value_name("N"),
       "budget: iterations (give this or --steps)")
      ("seed", po::value(&seed_text)->default_value(seed_text)->value_name("S"),
       "seed of everything random in the run (a fixed default, so runs repeat)")
      ("threads", po::value(&config.threads)->default_value(config.threads)->value_name("T"),
       "torch and environment threads (1: bit-for-bit reproducible)")
      ("device", po::value(&config.device)->default_value(config.device)->value_name("cpu|cuda"),
       "where the network trains")
      ("hidden", po::value(&hidden_text)->default_value(hidden_text)->value_name("W,W,..."),
       "widths of the network's hidden layers")
      ("lr", po::value(&config.lr)->default_value(config.lr, shortest(config.lr))->value_name("X"),
       "Adam learning rate (at the start, with --lr-final)")
      ("lr-final", po::value<double>()->value_name("X")
           ->notifier([&](double x) { config.lr_final = x; }),
       "learning rate at the end of the budget, reached linearly (default: constant --lr)")
      ("average", po::value(&config.average)->default_value(config.average)->value_name("D"),
       "0: off; else play, evaluate and save an exponential moving average of the weights "
       "(decay D per iteration; ckpt-N.live.pt keeps the raw weights for --resume)")
      ("envs", po::value(&config.envs)->default_value(config.envs)->value_name("N"),
       "PPO: environments stepped as one batch")
      ("eval-every", po::value(&config.eval_every)->default_value(config.eval_every)
           ->value_name("K"), "evaluate every K iterations and at the end (0: never)")
      ("eval-games", po::value(&config.eval_games)->default_value(config.eval_games)
           ->value_name("G"), "games per opponent in each evaluation")
      ("checkpoint-every", po::value(&config.checkpoint_every)
           ->default_value(config.checkpoint_every)->value_name("K"),
       "checkpoint every K iterations and at the end")
      ("resume", po::bool_switch(&config.resume),
       "continue the run in --out from its latest checkpoint")
      ("force", po::bool_switch(&config.force),
       "replace the run already in --out: delete its files (checkpoints, metrics, latest, "
       "learning curve, policy) before starting; without it such a folder is refused")
      ("init", po::value(&config.init)->value_name("PATH"),
       "start from the weights of this checkpoint (same game and --hidden) instead of "
       "random ones, e.g. expert iteration from a PPO model; the optimizer starts fresh")
      ("batch", po::value(&config.batch)->default_value(config.batch)->value_name("N"),
       "PPO: decisions collected per iteration")
      ("epochs", po::value(&config.epochs)->default_value(config.epochs)->value_name("N"),
       "passes over each iteration's data")
      ("minibatch", po::value(&config.minibatch)->default_value(config.minibatch)
           ->value_name("N"), "minibatch size")
      ("clip", po::value(&config.clip)->default_value(config.clip, shortest(config.clip))
           ->value_name("X"),
       "PPO: clip range of the probability ratio")
      ("gae-lambda", po::value(&config.gae_lambda)
           ->default_value(config.gae_lambda, shortest(config.gae_lambda))->value_name("X"),
       "PPO: GAE lambda")
      ("value-coef", po::value(&config.value_coef)
           ->default_value(config.value_coef, shortest(config.value_coef))->value_name("X"),
       "weight of the value loss")
      ("entropy-coef", po::value(&config.entropy_coef)
           ->default_value(config.entropy_coef, shortest(config.entropy_coef))->value_name("X"),
       "PPO: weight of the entropy bonus (at the start, with --entropy-coef-final)")
      ("entropy-coef-final", po::value<double>()->value_name("X")
           ->notifier([&](double x) { config.entropy_coef_final = x; }),
       "PPO: entropy weight at the end of the budget, reached linearly (default: constant)")
      ("pool-prob", po::value(&config.pool_probability)
           ->default_value(config.pool_probability, shortest(config.pool_probability))
           ->value_name("P"),
       "PPO: share of episodes against a past checkpoint")
      ("pool-size", po::value(&config.pool_size)->default_value(config.pool_size)
           ->value_name("N"), "PPO: past checkpoints kept in the opponent pool")
      ("exit-games", po::value(&config.exit_games)->default_value(config.exit_games)
           ->value_name("N"), "exit: self-play games per iteration")
      ("sims", po::value(&config.sims)->default_value(config.sims)->value_name("N"),
       "exit: ISMCTS simulations per decision")
      ("exit-expert", po::value(&exit_expert)->default_value(exit_expert)
           ->value_name("net|rollout"),
       "exit: the searching expert: net = ismcts_nn with the current net (prior and values), "
       "rollout = ismcts(sims=N) with random rollouts, not using the net")
      ("exit-target-power", po::value(&config.exit_target_power)
           ->default_value(config.exit_target_power, shortest(config.exit_target_power))
           ->value_name("P"),
       "exit: raise the root visit shares to P and renormalize before learning them "
       "(1: as they are; above 1: sharper)")
      ("exit-window", po::value(&config.exit_window)->default_value(config.exit_window)
           ->value_name("N"), "exit: iterations of samples trained on")
      ("quiet", po::bool_switch(&quiet), "no progress or log lines on stderr");
  // clang-format on
  if (!parse_command_options(usage, options, args)) return kExitOk;
  config.algorithm = training::parse_algorithm(algo);
  config.exit_expert = training::parse_exit_expert(exit_expert);
  config.seed = parse_uint64(seed_text, "--seed");
  config.hidden = neural::parse_hidden_sizes(hidden_text);
  neural::register_neural_agents();

  ProgressBar bar(std::cerr, "kibitz train", config.steps > 0 ? "steps" : "iterations",
                  config.steps > 0 ? config.steps : config.iterations, ::isatty(STDERR_FILENO) != 0,
                  !quiet);
  training::TrainCallbacks callbacks;
  callbacks.started = [&](std::int64_t done) { bar.resume_from(done); };
  callbacks.progress = [&](std::int64_t done, std::int64_t) { bar.update(done); };
  callbacks.log = [&](const std::string& line) {
    if (!quiet) std::cerr << "\nkibitz train: " << line << "\n";
  };
  InterruptGuard guard(
      "\nkibitz train: interrupted; finishing this iteration and checkpointing "
      "(Ctrl-C again to quit now)\n");
  const training::TrainSummary summary = training::train(config, callbacks, &guard.stop_flag());
  bar.finish(config.steps > 0 ? summary.steps : summary.iterations);
  std::cout << "iterations  " << summary.iterations << "\n"
            << "steps       " << summary.steps << "\n"
            << "checkpoint  " << summary.checkpoint << "\n";
  return summary.stopped ? kExitInterrupted : kExitOk;
}

// Registers run_train in the command table when this file is linked.
[[maybe_unused]] const bool registered = (train_command = &run_train, true);

}  // namespace
}  // namespace kibitz::tools
