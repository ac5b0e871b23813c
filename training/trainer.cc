// The training loop: network and optimizer set-up, resume, iterations,
// evaluation, metrics, the learning curve and checkpoints. The algorithms
// themselves are in ppo.cc and expert_iteration.cc (learner.h).
#include "training/trainer.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

#include "agents/neural/checkpoint.h"
#include "agents/neural/encoders.h"
#include "agents/neural/neural_agents.h"
#include "agents/neural/torch_model.h"
#include "agents/tabular/exploitability.h"
#include "agents/tabular/game_tree.h"
#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/input_file.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "training/distributed/dist_config.h"
#include "training/distributed/fault.h"
#include "training/distributed/group.h"
#include "training/distributed/model_sync.h"
#include "training/evaluation.h"
#include "training/learner.h"
#include "training/learning_curve.h"
#include "training/policy_extraction.h"
#include "training/run_dir.h"
#include "training/train_options.h"

namespace kibitz::training {

int for_each_minibatch(std::int64_t rows, int epochs, std::int64_t minibatch, Rng& rng,
                       torch::Device device,
                       const std::function<void(const torch::Tensor&)>& step) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(rows));
  int minibatches = 0;
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (std::int64_t i = 0; i < rows; ++i) order[static_cast<std::size_t>(i)] = i;
    rng.shuffle(std::span<std::int64_t>(order));
    for (std::int64_t start = 0; start < rows; start += minibatch) {
      const std::int64_t end = std::min<std::int64_t>(start + minibatch, rows);
      step(torch::from_blob(order.data() + start, {end - start}, torch::kInt64).clone().to(device));
      ++minibatches;
    }
  }
  return minibatches;
}

int for_each_split(std::int64_t rows, int epochs, std::int64_t splits, Rng& rng,
                   torch::Device device, const std::function<void(const torch::Tensor&)>& step) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(rows));
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (std::int64_t i = 0; i < rows; ++i) order[static_cast<std::size_t>(i)] = i;
    rng.shuffle(std::span<std::int64_t>(order));
    for (std::int64_t split = 0; split < splits; ++split) {
      // Split k takes rows [k * rows / splits, (k + 1) * rows / splits).
      const std::int64_t start = split * rows / splits;
      const std::int64_t end = (split + 1) * rows / splits;
      step(torch::from_blob(order.data() + start, {end - start}, torch::kInt64).clone().to(device));
    }
  }
  return epochs * static_cast<int>(splits);
}

torch::Tensor to_tensor(const std::vector<float>& values, std::int64_t width) {
  const auto rows = static_cast<std::int64_t>(values.size()) / width;
  return torch::from_blob(const_cast<float*>(values.data()), {rows, width}, torch::kFloat32)
      .clone();
}

namespace {

// With --average, the raw trained weights of checkpoint N, for --resume
// (ckpt-N.pt holds the average).
constexpr const char* kLiveSuffix = ".live.pt";

// Games with at most this many nodes get NashConv in their metrics and a
// policy file at the end (Kuhn, Leduc); larger ones are only played.
constexpr std::size_t kTabularNodeLimit = 200'000;

// A checkpoint's .state file is a dozen short key=value lines.
constexpr std::uintmax_t kMaxStateBytes = 1 << 20;

// The metrics the learning curve draws, in panel order, with their y axes.
const std::vector<CurvePanel>& plotted_metrics() {
  static const std::vector<CurvePanel> panels = {{"nash_conv", "NashConv"},
                                                 {"vs_heuristic_mean_return", "mean return"},
                                                 {"vs_random_mean_return", "mean return"},
                                                 {"vs_heuristic_win_rate", "win rate"},
                                                 {"vs_random_win_rate", "win rate"},
                                                 {"loss", "loss"},
                                                 {"policy_loss", "policy loss"},
                                                 {"value_loss", "value loss"},
                                                 {"entropy", "entropy (nats)"}};
  return panels;
}

// A value on a linear schedule from `start` to `final` (unset: constant) at
// `progress` in [0, 1] of the budget.
double scheduled(double start, const std::optional<double>& final, double progress) {
  return final ? start + (*final - start) * std::clamp(progress, 0.0, 1.0) : start;
}

std::map<std::string, std::string> read_key_values(const std::string& path) {
  std::istringstream in(read_file_limited(path, kMaxStateBytes, "run state"));
  std::map<std::string, std::string> values;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t equals = line.find('=');
    if (equals == std::string::npos) continue;
    values[line.substr(0, equals)] = line.substr(equals + 1);
  }
  return values;
}

const std::string& required_key(const std::map<std::string, std::string>& values,
                                const std::string& key, const std::string& path) {
  const auto found = values.find(key);
  if (found == values.end()) throw error(path, ": missing '", key, "'");
  return found->second;
}

// A count the run state holds (iteration, steps): digits only, in range.
std::int64_t required_count(const std::map<std::string, std::string>& values,
                            const std::string& key, const std::string& path) {
  const std::string& text = required_key(values, key, path);
  std::int64_t value = -1;
  const auto [end, code] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (code != std::errc() || end != text.data() + text.size() || value < 0) {
    throw error(path, ": '", key, "' is not a count");
  }
  return value;
}

// A metric as the console shows it: three significant digits, whatever its
// size ("-0.0625", "0.136", "12.5"), so the numbers of one line line up.
std::string console_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

// The run: everything the loop keeps between iterations.
class Trainer {
 public:
  Trainer(const TrainConfig& config, const TrainCallbacks& callbacks)
      : config_(config),
        callbacks_(callbacks),
        game_(load_game(config.game_spec)),
        shape_(neural::network_shape_for(*game_, config.hidden)),
        device_(neural::parse_device(config.device)),
        dir_(config.out_dir) {
    neural::encoder_version(game_->name());  // a game without an encoder fails here
    try {
      tree_.emplace(GameTree::build(*game_, kTabularNodeLimit));
    } catch (const KibitzError&) {
      tree_.reset();  // too large for exact NashConv: evaluated by play only
    }
  }

  // `group`: the other ranks of a distributed run, or null.
  TrainSummary run(const std::atomic<bool>* stop, distributed::Group* group);
  const std::string& last_checkpoint() const { return last_checkpoint_; }

 private:
  // Rank 0 (or the only rank) writes the run's files; the others only train.
  bool writer() const { return group_ == nullptr || group_->rank() == 0; }
  void start_or_resume();
  // The networks of a new run (from --init or the seed) or, with `resume`,
  // of the run in --out: then returns the checkpoint's state, its stem in
  // `stem`.
  std::optional<std::map<std::string, std::string>> open_networks(bool resume, std::string& stem);
  // A distributed run: the state rank 0 started or resumed with, on every rank.
  void sync_from_rank0();
  // A distributed run: every rank checks that the others hold its state
  // (weights_hash_, just computed).
  void check_ranks_agree(MetricsRecord& record);
  // Whether to stop before the next iteration: `stop` raised here or, in a
  // distributed run, on any rank.
  bool should_stop(const std::atomic<bool>* stop);
  std::int64_t total_iterations_hint() const;
  // The network that is evaluated, saved as ckpt-N.pt and played: the
  // weight average when --average is on, else the trained network.
  neural::PolicyValueNet& model() { return averaged_ ? averaged_ : net_; }
  void update_average();
  // Sets this iteration's learning rate and entropy weight from the
  // schedules and records them.
  void apply_schedules(MetricsRecord& record);
  bool budget_spent() const {
    return config_.steps > 0 ? steps_ >= config_.steps : iteration_ >= config_.iterations;
  }
  void evaluate(MetricsRecord& record);
  std::string stem(std::int64_t iteration) const;
  void checkpoint();
  void write_outputs_of_run();
  void log(const std::string& line) const {
    if (callbacks_.log && writer()) callbacks_.log(line);
  }

  const TrainConfig& config_;
  const TrainCallbacks& callbacks_;
  std::shared_ptr<const Game> game_;
  neural::NetworkShape shape_;
  torch::Device device_;
  std::filesystem::path dir_;
  std::optional<GameTree> tree_;
  distributed::Group* group_ = nullptr;

  neural::PolicyValueNet net_{nullptr};
  // The moving average of net_'s weights (--average), or null.
  neural::PolicyValueNet averaged_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::unique_ptr<TrainingContext> context_;
  std::unique_ptr<Learner> learner_;
  std::unique_ptr<MetricsLog> metrics_;
  std::int64_t iteration_ = 0;
  std::int64_t steps_ = 0;
  std::string last_checkpoint_;
  std::int64_t last_checkpoint_iteration_ = -1;
  std::uint64_t weights_hash_ = 0;
};

std::string Trainer::stem(std::int64_t iteration) const {
  char name[32];
  std::snprintf(name, sizeof name, "ckpt-%06lld", static_cast<long long>(iteration));
  return (dir_ / name).string();
}

std::optional<std::map<std::string, std::string>> Trainer::open_networks(bool resume,
                                                                         std::string& stem) {
  std::optional<std::map<std::string, std::string>> state;
  if (resume) {
    const std::string latest_path = (dir_ / kLatestFile).string();
    if (!std::filesystem::exists(latest_path)) {
      throw error("--resume: no run to resume in ", dir_.string(), " (", latest_path,
                  " is missing)");
    }
    stem = read_latest_checkpoint(dir_.string());
    state = read_key_values(stem + ".state");
    const std::string& algo = required_key(*state, "algo", stem + ".state");
    if (algo != algorithm_name(config_.algorithm)) {
      throw error("--resume: the run in ", dir_.string(), " was trained with --algo ", algo);
    }
    neural::LoadOptions options;
    options.hidden = config_.hidden;
    // With --average, ckpt-N.pt is the average and the trained weights are
    // in ckpt-N.live.pt.
    const bool averaging = config_.average > 0.0;
    net_ = neural::load_network(stem + (averaging ? kLiveSuffix : ".pt"), *game_, options, device_)
               .net;
    if (averaging) averaged_ = neural::load_network(stem + ".pt", *game_, options, device_).net;
    iteration_ = required_count(*state, "iteration", stem + ".state");
    steps_ = required_count(*state, "steps", stem + ".state");
    return state;
  }
  auto initial_network = [&] {
    if (!config_.init.empty() && writer()) {
      neural::LoadOptions options;
      options.hidden = config_.hidden;
      try {
        return neural::load_network(config_.init, *game_, options, device_).net;
      } catch (const KibitzError& e) {
        throw error("--init: ", e.what());
      }
    }
    // The other ranks of a distributed run start from the seed too, and
    // then receive rank 0's weights.
    neural::PolicyValueNet net(shape_, derive_seed(config_.seed, "network", 0));
    net->to(device_);
    return net;
  };
  net_ = initial_network();
  // The same seed (or --init) gives the same initial weights: the average
  // starts there.
  if (config_.average > 0.0) averaged_ = initial_network();
  // Only now, with every input checked, may --force delete an old run.
  if (writer()) prepare_new_run_dir(dir_.string(), config_.force);
  return state;
}

void Trainer::start_or_resume() {
  std::string resumed_stem;
  // Only rank 0 reads --out; the other ranks start from the seed and are
  // given rank 0's state below.
  const std::optional<std::map<std::string, std::string>> state =
      open_networks(config_.resume && writer(), resumed_stem);
  optimizer_ = std::make_unique<torch::optim::Adam>(net_->parameters(),
                                                    torch::optim::AdamOptions(config_.lr));
  if (state) {
    const std::string optimizer_path = resumed_stem + ".optim";
    check_regular_file(optimizer_path, "optimizer state");
    torch::load(*optimizer_, optimizer_path, device_);
  }
  context_ = std::unique_ptr<TrainingContext>(new TrainingContext{
      config_, game_, shape_, device_, net_, *optimizer_, config_.entropy_coef, group_});
  switch (config_.algorithm) {
    case Algorithm::kPpo: learner_ = make_ppo_learner(*context_); break;
    case Algorithm::kExpertIteration: learner_ = make_expert_iteration_learner(*context_); break;
    case Algorithm::kBehaviorCloning: learner_ = make_behavior_cloning_learner(*context_); break;
  }
  if (state) {
    learner_->load(resumed_stem, *state);
    last_checkpoint_ = resumed_stem + ".pt";
    last_checkpoint_iteration_ = iteration_;
    std::string line = "resumed from " + last_checkpoint_ + " at iteration " +
                       std::to_string(iteration_) + ", step " + std::to_string(steps_);
    if (const auto ranks = state->find("world_size"); ranks != state->end()) {
      line += " (a run of " + ranks->second + " ranks, continued by " +
              std::to_string(group_ != nullptr ? group_->size() : 1) + ")";
    }
    log(line);
  }
  if (group_ != nullptr) sync_from_rank0();
  if (writer()) {
    metrics_ =
        std::make_unique<MetricsLog>((dir_ / kMetricsFile).string(), state ? iteration_ : -1);
  }
}

void Trainer::sync_from_rank0() {
  // Rank 0 may take a while to read a large checkpoint: meet first.
  group_->arrive(false);
  iteration_ = group_->broadcast_count(iteration_);
  steps_ = group_->broadcast_count(steps_);
  last_checkpoint_iteration_ = group_->broadcast_count(last_checkpoint_iteration_);
  group_->broadcast_bytes(last_checkpoint_);
  if (!writer()) last_checkpoint_ = std::filesystem::path(last_checkpoint_).filename().string();
  distributed::broadcast_network(*group_, net_);
  if (averaged_) distributed::broadcast_network(*group_, averaged_);
  distributed::broadcast_optimizer(*group_, *optimizer_, device_);
  learner_->sync(*group_);
}

void Trainer::check_ranks_agree(MetricsRecord& record) {
  distributed::check_identical(*group_, weights_hash_, iteration_);
  // The low 48 bits: metrics.jsonl writes them as an exact integer.
  record.add("weights_hash", static_cast<double>(weights_hash_ & ((std::uint64_t{1} << 48) - 1)));
}

bool Trainer::should_stop(const std::atomic<bool>* stop) {
  const bool here = stop != nullptr && stop->load();
  // Every rank meets here before an iteration, however long rank 0's
  // evaluation and checkpoint took, and they stop together.
  return group_ != nullptr ? group_->arrive(here) : here;
}

void Trainer::evaluate(MetricsRecord& record) {
  auto model = std::make_shared<neural::TorchModel>(this->model().ptr(), config_.device);
  if (tree_) {
    const TabularPolicy policy = policy_from_network(*game_, *model);
    const ExploitabilityReport report = exploitability(*tree_, policy);
    record.add("nash_conv", report.nash_conv);
  }
  const AgentFactory learner = [&](std::uint64_t seed) -> std::unique_ptr<Agent> {
    return std::make_unique<neural::NeuralAgent>("nn(training)", model, game_, false, seed);
  };
  std::vector<std::string> opponents;
  if (has_heuristic(*game_)) opponents.push_back("heuristic");
  opponents.push_back("random");
  std::ostringstream line;
  line << "iteration " << iteration_ << ":";
  for (const std::string& opponent : opponents) {
    const std::uint64_t seed =
        derive_seed(config_.seed, "eval", static_cast<std::uint64_t>(iteration_));
    const MatchResult result = play_match(game_, learner, opponent, config_.eval_games, seed);
    record.add("vs_" + opponent + "_mean_return", result.mean_return);
    record.add("vs_" + opponent + "_ci95", result.ci95);
    record.add("vs_" + opponent + "_win_rate", result.win_rate);
    line << " vs " << opponent << " " << console_number(result.mean_return) << " +- "
         << console_number(result.ci95) << " (win rate " << console_number(result.win_rate) << ")";
  }
  if (const double* nash_conv = record.find("nash_conv")) {
    line << ", NashConv " << console_number(*nash_conv);
  }
  log(line.str());
}

void Trainer::checkpoint() {
  const std::string base = stem(iteration_);
  // Only checkpoints on the --checkpoint-every schedule join PPO's opponent
  // pool: the extra ones (Ctrl-C, end of budget) would make the iterations
  // after a resume differ from those of a run that never stopped there.
  const bool scheduled = iteration_ > 0 && iteration_ % config_.checkpoint_every == 0;
  // The other ranks know it by name only: it is in rank 0's --out.
  last_checkpoint_ =
      writer() ? base + ".pt" : std::filesystem::path(base + ".pt").filename().string();
  last_checkpoint_iteration_ = iteration_;
  if (!writer()) {
    // Rank 0 writes the files; this rank keeps its learner in step.
    if (scheduled) learner_->on_checkpoint(base + ".pt", model());
    return;
  }
  const neural::CheckpointInfo info = neural::make_checkpoint_info(*game_, shape_, steps_);
  if (averaged_) neural::save_network(base + kLiveSuffix, net_, info);
  neural::save_network(base + ".pt", model(), info);
  write_file_atomically(
      base + ".optim", [&](std::ostream& out) { torch::save(*optimizer_, out); },
      "optimizer state");
  if (scheduled) learner_->on_checkpoint(base + ".pt", model());
  std::ostringstream state;
  state << "algo=" << algorithm_name(config_.algorithm) << "\n"
        << "game=" << game_->spec() << "\n"
        << "iteration=" << iteration_ << "\n"
        << "steps=" << steps_ << "\n"
        << "seed=" << config_.seed << "\n";
  if (group_ != nullptr) state << "world_size=" << group_->size() << "\n";
  learner_->save(base, state);
  write_file_atomically(base + ".state", state.str());
  // Last, so `latest` never names a checkpoint that is not whole.
  write_file_atomically((dir_ / kLatestFile).string(),
                        std::filesystem::path(base).filename().string() + "\n");
}

void Trainer::write_outputs_of_run() {
  write_learning_curve_svg((dir_ / kLearningCurveFile).string(), metrics_->records(),
                           plotted_metrics(),
                           "kibitz train --algo " + std::string(algorithm_name(config_.algorithm)) +
                               " on " + game_->spec());
}

void Trainer::apply_schedules(MetricsRecord& record) {
  // Progress before this iteration: 0 at the first, near 1 at the last.
  const double progress =
      config_.steps > 0
          ? static_cast<double>(steps_) / static_cast<double>(config_.steps)
          : static_cast<double>(iteration_ - 1) / static_cast<double>(config_.iterations);
  const double lr = scheduled(config_.lr, config_.lr_final, progress);
  for (auto& group : optimizer_->param_groups()) {
    static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
  }
  context_->entropy_coef = scheduled(config_.entropy_coef, config_.entropy_coef_final, progress);
  record.add("lr", lr);
  if (config_.algorithm == Algorithm::kPpo) record.add("entropy_coef", context_->entropy_coef);
}

void Trainer::update_average() {
  if (!averaged_) return;
  torch::NoGradGuard no_grad;
  const auto live = net_->parameters();
  auto average = averaged_->parameters();
  for (std::size_t i = 0; i < live.size(); ++i) {
    average[i].mul_(config_.average).add_(live[i], 1.0 - config_.average);
  }
}

std::int64_t Trainer::total_iterations_hint() const {
  return config_.steps > 0 ? config_.steps : config_.iterations;
}

TrainSummary Trainer::run(const std::atomic<bool>* stop, distributed::Group* group) {
  group_ = group;
  // Every option of the run as flags (train_options.h), so a log says how
  // to run it again.
  log("options: " + describe_options(config_));
  start_or_resume();
  TrainSummary summary;
  auto done = [&] { return config_.steps > 0 ? steps_ : iteration_; };
  auto report_progress = [&] {
    if (callbacks_.progress) callbacks_.progress(done(), total_iterations_hint());
  };
  if (callbacks_.started) callbacks_.started(done());
  report_progress();
  while (!budget_spent()) {
    if (should_stop(stop)) {
      summary.stopped = true;
      break;
    }
    ++iteration_;
    MetricsRecord record;
    record.add("iteration", static_cast<double>(iteration_));
    apply_schedules(record);
    MetricsRecord learned;
    steps_ += learner_->run_iteration(iteration_, learned);
    update_average();
    record.add("step", static_cast<double>(steps_));
    record.values.insert(record.values.end(), learned.values.begin(), learned.values.end());
    if (group_ != nullptr || callbacks_.trained) {
      weights_hash_ = distributed::state_hash(net_, *optimizer_, averaged_ ? &averaged_ : nullptr);
    }
    if (group_ != nullptr) check_ranks_agree(record);
    if (callbacks_.trained) callbacks_.trained(iteration_, weights_hash_);
    const bool last = budget_spent();
    if (writer() && config_.eval_every > 0 && (iteration_ % config_.eval_every == 0 || last)) {
      evaluate(record);
    }
    if (writer()) metrics_->append(record);
    if (iteration_ % config_.checkpoint_every == 0 || last) {
      checkpoint();
      if (writer()) write_outputs_of_run();
    }
    report_progress();
  }
  if (last_checkpoint_iteration_ != iteration_) checkpoint();
  if (writer()) write_outputs_of_run();
  if (tree_ && writer()) {
    neural::TorchModel played(model().ptr(), config_.device);
    save_policy((dir_ / kPolicyFile).string(), policy_from_network(*game_, played),
                "policy head of " + last_checkpoint_ + " at every information state of " +
                    game_->spec() + "\nwritten by kibitz train");
  }
  if (group_ != nullptr) group_->finish();
  summary.iterations = iteration_;
  summary.steps = steps_;
  summary.checkpoint = last_checkpoint_;
  summary.weights_hash = weights_hash_;
  return summary;
}

}  // namespace

TrainSummary train(const TrainConfig& config, const TrainCallbacks& callbacks,
                   const std::atomic<bool>* stop) {
  validate(config);
  distributed::validate_distributed(config);
  // Before any work: a port held by another process fails rank 0 at once.
  distributed::check_master_port(config);
  torch::manual_seed(config.seed);
  torch::set_num_threads(config.threads);
  Trainer trainer(config, callbacks);
  std::unique_ptr<distributed::Group> group;
  if (config.world_size > 1) group = distributed::Group::join(config, callbacks.log);
  try {
    return trainer.run(stop, group.get());
  } catch (const distributed::DistributedFault& fault) {
    // Rank 0 says where the run can resume from (the files are its own).
    if (config.rank != 0 || trainer.last_checkpoint().empty()) throw;
    throw distributed::DistributedFault(std::string(fault.what()) + "; the run stopped, and " +
                                        trainer.last_checkpoint() +
                                        " is its last checkpoint (--resume continues from it)");
  } catch (const std::exception& e) {
    // The other ranks learn why this one stopped, and report it.
    if (group) group->announce_stop(e.what());
    throw;
  }
}

}  // namespace kibitz::training
