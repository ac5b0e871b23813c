#include "training/train_options.h"

#include <sstream>
#include <type_traits>

#include "agents/neural/policy_value.h"

namespace kibitz::training {
namespace {

constexpr Bound closed(double value) { return Bound{value, false}; }

// Upper bounds of the counts (issue 30: every count has one, and a clear
// error above it; --steps's, kMaxTrainSteps, is checked with the budget). Each is far beyond any run this machine class can do;
// they keep a typo (an extra digit or three) from starting a run that
// could never end or would exhaust the memory.
constexpr double kMaxIterations = 1e9;
constexpr double kMaxGamesPerIteration = 1e6;
constexpr double kMaxDecisionsPerIteration = 1e7;
constexpr double kMaxSims = 1e6;
constexpr Bound open(double value) { return Bound{value, true}; }

const TextField kAlgo{
    [](std::string_view text, TrainConfig& config) { config.algorithm = parse_algorithm(text); },
    [](const TrainConfig& config) { return std::string(algorithm_name(config.algorithm)); }};
const TextField kSeed{
    [](std::string_view text, TrainConfig& config) { config.seed = parse_seed(text); },
    [](const TrainConfig& config) { return std::to_string(config.seed); }};
const TextField kHidden{
    [](std::string_view text, TrainConfig& config) {
      config.hidden = neural::parse_hidden_sizes(text);
    },
    [](const TrainConfig& config) { return neural::hidden_sizes_to_string(config.hidden); }};
const TextField kExitExpert{
    [](std::string_view text, TrainConfig& config) {
      config.exit_expert = parse_exit_expert(text);
    },
    [](const TrainConfig& config) { return std::string(exit_expert_name(config.exit_expert)); }};

std::vector<TrainOption> make_table() {
  using C = TrainConfig;
  // clang-format off
  return {
    {"game", "SPEC", "the game, e.g. leduc_poker or 'loyalist_spies(rounds=1)'",
     &C::game_spec, {}, {}, true, false},
    {"algo", "ppo|exit|bc", "PPO self-play, expert iteration, or behavior cloning of "
     "--demonstrator", kAlgo},
    {"out", "DIR", "folder for checkpoints, metrics and the learning curve (created; one run per "
     "folder)", &C::out_dir, {}, {}, true, false},
    {"steps", "N", "budget: decisions trained on (give this or --iterations)",
     &C::steps, {}, {}, false, false},
    {"iterations", "N", "budget: iterations (give this or --steps)",
     &C::iterations, {}, closed(kMaxIterations), false, false},
    {"seed", "S", "seed of everything random in the run (a fixed default, so runs repeat)", kSeed},
    {"threads", "T", "torch and environment threads (1: bit-for-bit reproducible)",
     &C::threads, closed(1), closed(256)},
    {"device", "cpu|cuda", "where the network trains", &C::device},
    {"hidden", "W,W,...", "widths of the network's hidden layers", kHidden},
    {"lr", "X", "Adam learning rate (at the start, with --lr-final)", &C::lr, open(0), open(1)},
    {"lr-final", "X", "learning rate at the end of the budget, reached linearly (default: "
     "constant --lr)", &C::lr_final, closed(0), open(1), false, false},
    {"average", "D", "0: off; else play, evaluate and save an exponential moving average of the "
     "weights (decay D per iteration; ckpt-N.live.pt keeps the raw weights for --resume)",
     &C::average, closed(0), open(1)},
    {"envs", "N", "PPO: environments stepped as one batch", &C::envs, closed(1), closed(65536)},
    {"eval-every", "K", "evaluate every K iterations and at the end (0: never)",
     &C::eval_every, closed(0)},
    {"eval-games", "G", "games per opponent in each evaluation", &C::eval_games, closed(1),
     closed(kMaxGamesPerIteration)},
    {"checkpoint-every", "K", "checkpoint every K iterations and at the end",
     &C::checkpoint_every, closed(1)},
    {"resume", "", "continue the run in --out from its latest checkpoint", &C::resume},
    {"force", "", "replace the run already in --out: delete its files (checkpoints, metrics, "
     "latest, learning curve, policy) before starting; without it such a folder is refused",
     &C::force},
    {"init", "PATH", "start from the weights of this checkpoint (same game and --hidden) instead "
     "of random ones, e.g. expert iteration from a PPO model; the optimizer starts fresh",
     &C::init, {}, {}, false, false},
    {"batch", "N", "PPO: decisions collected per iteration", &C::batch, closed(1),
     closed(kMaxDecisionsPerIteration)},
    {"epochs", "N", "passes over each iteration's data", &C::epochs, closed(1), closed(1000)},
    {"minibatch", "N", "minibatch size", &C::minibatch, closed(1),
     closed(kMaxDecisionsPerIteration)},
    {"clip", "X", "PPO: clip range of the probability ratio", &C::clip, open(0), open(1)},
    {"gae-lambda", "X", "PPO: GAE lambda", &C::gae_lambda, closed(0), closed(1)},
    {"value-coef", "X", "weight of the value loss", &C::value_coef, closed(0)},
    {"entropy-coef", "X", "PPO: weight of the entropy bonus (at the start, with "
     "--entropy-coef-final)", &C::entropy_coef, closed(0)},
    {"entropy-coef-final", "X", "PPO: entropy weight at the end of the budget, reached linearly "
     "(default: constant)", &C::entropy_coef_final, closed(0), {}, false, false},
    {"pool-prob", "P", "PPO: share of episodes against a past checkpoint",
     &C::pool_probability, closed(0), closed(1)},
    {"pool-size", "N", "PPO: past checkpoints kept in the opponent pool", &C::pool_size, closed(0),
     closed(1000)},
    {"pool-pfsp", "P", "PPO: draw pool members by the learner's loss rate against each, raised to "
     "P (prioritised fictitious self-play; 2 favours those it still loses to; default: uniformly)",
     &C::pool_pfsp, closed(0), closed(16), false, false},
    {"opponent", "SPEC", "PPO: an agent (e.g. heuristic) that plays every seat but the learner's in "
     "--opponent-prob of the episodes; only the learner's decisions are trained on (default: none)",
     &C::opponent, {}, {}, false, false},
    {"opponent-prob", "P", "PPO: share of episodes against --opponent (drawn before the pool's)",
     &C::opponent_probability, closed(0), closed(1)},
    {"exit-games", "N", "exit, bc: games per iteration", &C::exit_games, closed(1),
     closed(kMaxGamesPerIteration)},
    {"sims", "N", "exit: ISMCTS simulations per decision", &C::sims, closed(1),
     closed(kMaxSims)},
    {"exit-expert", "net|rollout", "exit: the searching expert: net = ismcts_nn with the current "
     "net (prior and values), rollout = ismcts(sims=N) with random rollouts, not using the net",
     kExitExpert},
    {"exit-target-power", "P", "exit: raise the root visit shares to P and renormalize before "
     "learning them (1: as they are; above 1: sharper)", &C::exit_target_power, open(0),
     closed(100)},
    {"exit-window", "N", "exit, bc: iterations of samples trained on", &C::exit_window, closed(1),
     closed(1000)},
    {"demonstrator", "SPEC", "bc: the agent that plays every seat and whose moves the net learns, "
     "e.g. heuristic (required with --algo bc)", &C::demonstrator, {}, {}, false, false},
    {"world-size", "N", "processes training one network together (1: this one alone); --batch, "
     "--exit-games and --minibatch are totals across them", &C::world_size, closed(1),
     closed(4096), false, true, true},
    {"rank", "R", "this process's rank, 0 to --world-size minus 1; rank 0 hosts the rendezvous "
     "and alone writes checkpoints and metrics", &C::rank, closed(0), {}, false, true, true},
    {"master", "ADDR:PORT", "rank 0's address and the rendezvous port it listens on (required "
     "with --world-size above 1), e.g. 127.0.0.1:29500", &C::master, {}, {}, false, false, true},
    {"dist-timeout", "S", "seconds to wait for another rank: the master at start, a rank that "
     "stopped answering, a collective", &C::dist_timeout, closed(1), closed(86400), false, true,
     true},
  };
  // clang-format on
}

// The numeric value of the option in `config`, or nullopt (not a number, or
// an unset optional).
std::optional<double> number(const TrainOption& option, const TrainConfig& config) {
  return std::visit(
      [&](const auto& field) -> std::optional<double> {
        using F = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<F, int TrainConfig::*> ||
                      std::is_same_v<F, std::int64_t TrainConfig::*> ||
                      std::is_same_v<F, double TrainConfig::*>) {
          return static_cast<double>(config.*field);
        } else if constexpr (std::is_same_v<F, std::optional<double> TrainConfig::*>) {
          return config.*field;
        } else {
          return std::nullopt;
        }
      },
      option.field);
}

}  // namespace

const std::vector<TrainOption>& train_options() {
  static const std::vector<TrainOption> table = make_table();
  return table;
}

std::string shortest(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

std::string range_text(const TrainOption& option) {
  const auto& low = option.low;
  const auto& high = option.high;
  if (low && high) {
    return std::string("must be in ") + (low->open ? "(" : "[") + shortest(low->value) + ", " +
           shortest(high->value) + (high->open ? ")" : "]");
  }
  if (low) return std::string("must be ") + (low->open ? "> " : ">= ") + shortest(low->value);
  if (high) return std::string("must be ") + (high->open ? "< " : "<= ") + shortest(high->value);
  return "";
}

bool in_range(const TrainOption& option, const TrainConfig& config) {
  const std::optional<double> value = number(option, config);
  if (!value) return true;
  // Written so that NaN is out of every range.
  const double v = *value;
  const bool above =
      !option.low || (option.low->open ? v > option.low->value : v >= option.low->value);
  const bool below =
      !option.high || (option.high->open ? v < option.high->value : v <= option.high->value);
  return above && below;
}

std::optional<std::string> option_value(const TrainOption& option, const TrainConfig& config) {
  return std::visit(
      [&](const auto& field) -> std::optional<std::string> {
        using F = std::decay_t<decltype(field)>;
        if constexpr (std::is_same_v<F, TextField>) {
          return field.format(config);
        } else if constexpr (std::is_same_v<F, std::string TrainConfig::*>) {
          if ((config.*field).empty()) return std::nullopt;
          return config.*field;
        } else if constexpr (std::is_same_v<F, bool TrainConfig::*>) {
          if (!(config.*field)) return std::nullopt;
          return std::string();
        } else if constexpr (std::is_same_v<F, std::optional<double> TrainConfig::*>) {
          if (!(config.*field)) return std::nullopt;
          return shortest(*(config.*field));
        } else if constexpr (std::is_same_v<F, double TrainConfig::*>) {
          return shortest(config.*field);
        } else if constexpr (std::is_same_v<F, std::int64_t TrainConfig::*>) {
          // The budgets: zero is "not given".
          if (config.*field == 0) return std::nullopt;
          return std::to_string(config.*field);
        } else {
          return std::to_string(config.*field);
        }
      },
      option.field);
}

std::string describe_options(const TrainConfig& config) {
  std::string line;
  for (const TrainOption& option : train_options()) {
    if (option.distributed && config.world_size == 1) continue;
    const std::optional<std::string> value = option_value(option, config);
    if (!value) continue;
    if (!line.empty()) line += ' ';
    line += "--" + std::string(option.flag);
    if (!value->empty()) {
      // Quoted when a shell would split it.
      const bool quote = value->find_first_of(" ()\"") != std::string::npos &&
                         value->find('\'') == std::string::npos;
      line += quote ? " '" + *value + "'" : " " + *value;
    }
  }
  return line;
}

}  // namespace kibitz::training
