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
#include <cstdio>
#include <iostream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "agents/neural/neural_agents.h"
#include "agents/neural/policy_value.h"
#include "env/core/error.h"
#include "tools/command.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "tools/progress_bar.h"
#include "training/distributed/fault.h"
#include "training/train_options.h"
#include "training/trainer.h"

namespace kibitz::tools {

extern CommandFn train_command;

namespace {

// Adds the flag of `option` (training/train_options.h) to `options`, bound
// to its field of `config`, or to `text` for a field read by its own parser.
// The default shown is TrainConfig{}'s, numbers as training::shortest writes
// them (0.0003, not Boost's 0.00029999999999999997).
void add_flag(boost::program_options::options_description& options,
              const training::TrainOption& option, training::TrainConfig& config,
              std::string& text) {
  namespace po = boost::program_options;
  const std::string flag(option.flag);
  const std::string value_name(option.value_name);
  const std::string help(option.help);
  const training::TrainConfig defaults;
  // Numbers and texts bound to their field, with the default and the flags.
  const auto typed = [&](auto* field, const auto& initial) {
    auto* value = po::value(field)->value_name(value_name);
    if (option.show_default) value->default_value(initial);
    if (option.required) value->required();
    options.add_options()(flag.c_str(), value, help.c_str());
  };
  std::visit(
      [&](const auto& field) {
        using F = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<F, training::TextField>) {
          text = field.format(defaults);
          typed(&text, text);
        } else if constexpr (std::is_same_v<F, bool training::TrainConfig::*>) {
          options.add_options()(flag.c_str(), po::bool_switch(&(config.*field)), help.c_str());
        } else if constexpr (std::is_same_v<F, std::optional<double> training::TrainConfig::*>) {
          options.add_options()(
              flag.c_str(),
              po::value<double>()->value_name(value_name)->notifier([&config, field](double x) {
                config.*field = x;
              }),
              help.c_str());
        } else if constexpr (std::is_same_v<F, double training::TrainConfig::*>) {
          auto* value = po::value(&(config.*field))->value_name(value_name);
          if (option.show_default) {
            value->default_value(defaults.*field, training::shortest(defaults.*field));
          }
          options.add_options()(flag.c_str(), value, help.c_str());
        } else {
          typed(&(config.*field), defaults.*field);
        }
      },
      option.field);
}

// What the run did, on standard output.
void print_summary(const training::TrainConfig& config, const training::TrainSummary& summary) {
  std::cout << "iterations  " << summary.iterations << "\n"
            << "steps       " << summary.steps << "\n"
            << "checkpoint  " << summary.checkpoint
            << (config.rank == 0 ? "" : " (in rank 0's --out)") << "\n";
  if (config.world_size == 1) return;
  // The same on every rank: they were checked equal after every iteration.
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(summary.weights_hash));
  std::cout << "rank        " << config.rank << " of " << config.world_size << "\n"
            << "weights     " << hash << "\n";
}

int run_train(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "train",
      "kibitz train --game SPEC --algo ppo|exit|bc --out DIR (--steps N | --iterations N) [options]",
      "Trains a policy-value network by self-play. --algo ppo: PPO on a batch of\n"
      "environments, every seat played by the current net except that some episodes put\n"
      "past checkpoints (the opponent pool) in the other seats. --algo exit: expert\n"
      "iteration, ISMCTS guided by the net plays itself and the net learns the search's\n"
      "visit distributions and the games' returns. --algo bc --demonstrator SPEC:\n"
      "behavior cloning, SPEC (e.g. heuristic) plays every seat and the net learns its\n"
      "moves and the games' returns; 'agreement' in metrics.jsonl is how often the net\n"
      "picks its move on games not yet trained on. Every --eval-every iterations the net\n"
      "plays --eval-games games against random and the game's heuristic (and small games\n"
      "get their exact NashConv). DIR receives metrics.jsonl, learning_curve.svg,\n"
      "checkpoints ckpt-NNNNNN.{pt,optim,state}, 'latest' naming the newest, and for\n"
      "small games policy.txt (the net's tabular policy). --resume continues the run in\n"
      "DIR up to the given budget; a DIR that already holds a run is refused unless\n"
      "--resume or --force (which deletes the old run's files first) is given. The seed\n"
      "defaults to 0, so a run is repeatable: with --threads 1 bit for bit. Ctrl-C (or,\n"
      "without --world-size, SIGTERM or SIGHUP) finishes the iteration, checkpoints and\n"
      "exits with status 128 + the signal (130 for Ctrl-C); more signals change nothing;\n"
      "--resume then continues exactly as if the run had not stopped. --world-size N --rank R --master\n"
      "ADDR:PORT makes this process one of N training one network together (rank 0\n"
      "listens at ADDR:PORT and alone writes DIR; docs/training.md, \"Distributed\n"
      "training\"); a rank stopped by another rank's failure exits with status 4.",
      "kibitz train --game kuhn_poker --algo ppo --out runs/kuhn --iterations 50 --hidden 32\n"
      "kibitz train --game leduc_poker --algo exit --out runs/leduc --steps 200000\n"
      "kibitz train --game leduc_poker --algo ppo --out runs/leduc --steps 400000 --resume\n"
      "kibitz train --game kuhn_poker --algo ppo --out runs/kuhn --iterations 50 --force\n"
      "kibitz train --game leduc_poker --algo exit --out runs/leduc-exit --iterations 20 "
      "--init runs/leduc/ckpt-000100.pt\n"
      "kibitz train --game laws_and_disorder --algo bc --demonstrator heuristic --out runs/ld-bc "
      "--iterations 12 --exit-games 16 --lr 0.001\n"
      "kibitz train --game leduc_poker --algo ppo --out runs/d --steps 400000 --world-size 2 "
      "--rank 0 --master 127.0.0.1:29500"};
  training::TrainConfig config;
  // One text per option read through its own parser (--algo, --seed, ...).
  const std::vector<training::TrainOption>& table = training::train_options();
  std::vector<std::string> texts(table.size());
  bool quiet = false;
  po::options_description options;
  for (std::size_t i = 0; i < table.size(); ++i) add_flag(options, table[i], config, texts[i]);
  options.add_options()("quiet", po::bool_switch(&quiet), "no progress or log lines on stderr");
  if (!parse_command_options(usage, options, args)) return kExitOk;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (const auto* text = std::get_if<training::TextField>(&table[i].field)) {
      text->parse(texts[i], config);
    }
  }
  neural::register_neural_agents();

  // The other ranks of a distributed run keep quiet but for their own lines,
  // prefixed with their rank; rank 0 shows the progress.
  const bool lead = config.rank == 0;
  const std::string prefix =
      lead ? "kibitz train: " : "kibitz train [rank " + std::to_string(config.rank) + "]: ";
  ProgressBar bar(std::cerr, "kibitz train", config.steps > 0 ? "steps" : "iterations",
                  config.steps > 0 ? config.steps : config.iterations, ::isatty(STDERR_FILENO) != 0,
                  !quiet && lead);
  training::TrainCallbacks callbacks;
  callbacks.started = [&](std::int64_t done) { bar.resume_from(done); };
  callbacks.progress = [&](std::int64_t done, std::int64_t) { bar.update(done); };
  callbacks.log = [&](const std::string& line) {
    if (!quiet) std::cerr << "\n" << prefix << line << "\n";
  };
  // SIGTERM and SIGHUP stop a lone run the same way; a rank of a
  // distributed run keeps their default, so its launcher can end it
  // (tools/local_ranks.h). Later signals never cut the checkpoint short.
  InterruptGuard::Options signals;
  signals.terminate_signals = config.world_size == 1;
  signals.hurry_message = "\nkibitz train: already stopping; finishing this iteration\n";
  InterruptGuard guard(
      "\nkibitz train: interrupted; finishing this iteration and checkpointing\n", signals);
  training::TrainSummary summary;
  try {
    summary = training::train(config, callbacks, &guard.stop_flag());
  } catch (const training::distributed::DistributedFault& fault) {
    std::cout.flush();
    std::cerr << "\n" << prefix << "error: " << fault.what() << "\n";
    return kExitRankFailed;
  }
  bar.finish(config.steps > 0 ? summary.steps : summary.iterations);
  print_summary(config, summary);
  return summary.stopped ? guard.exit_status() : kExitOk;
}

// Registers run_train in the command table when this file is linked.
[[maybe_unused]] const bool registered = (train_command = &run_train, true);

}  // namespace
}  // namespace kibitz::tools
