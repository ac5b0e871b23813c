// Expert iteration (docs/training.md, "Expert iteration"): the current net
// guides SO-ISMCTS (ismcts_nn through the Evaluator seam) in self-play, and
// the net learns the search: cross-entropy to the root visit distribution,
// MSE of the value head to the game's returns. With --exit-expert rollout
// the expert is plain ismcts(sims=N) with random rollouts instead, and the
// net only learns (distillation of a search stronger than its own). Each
// iteration plays exit_games games (every seat the same search, actions
// sampled from the visit shares so play explores) and trains on the samples
// of the last exit_window iterations.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "agents/match/match_runner.h"
#include "agents/match/seat_agents.h"
#include "agents/match/worker_pool.h"
#include "agents/neural/cpu_mlp.h"
#include "agents/neural/network.h"
#include "agents/neural/neural_agents.h"
#include "agents/neural/torch_model.h"
#include "agents/registry.h"
#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/input_file.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "training/distributed/dist_config.h"
#include "training/distributed/model_sync.h"
#include "training/learner.h"

namespace kibitz::training {
namespace {

// The samples of one iteration: per decision the input, mask, visit
// distribution and every seat's return (relative order).
struct SampleSet {
  std::vector<float> inputs, masks, policies, values;
  std::int64_t size = 0;
};

// Appends the samples of `from` to `to`.
void append(const SampleSet& from, SampleSet& to) {
  to.inputs.insert(to.inputs.end(), from.inputs.begin(), from.inputs.end());
  to.masks.insert(to.masks.end(), from.masks.begin(), from.masks.end());
  to.policies.insert(to.policies.end(), from.policies.begin(), from.policies.end());
  to.values.insert(to.values.end(), from.values.begin(), from.values.end());
  to.size += from.size;
}

// The samples of one game's decisions as a collector notes them: the
// deciding seat's information-state tensor, the legal mask and the policy
// target, and the seat, for add_returns once the game is over.
class DecisionNotes : public MatchObserver {
 public:
  DecisionNotes(int input_size, int actions, SampleSet& samples)
      : samples_(samples),
        tensor_(static_cast<std::size_t>(input_size)),
        mask_(static_cast<std::size_t>(actions)),
        target_(static_cast<std::size_t>(actions)) {}

  // The seat of each decision, in order.
  const std::vector<Player>& seats() const { return seats_; }

 protected:
  // A zeroed target of one entry per action, for the collector to fill
  // before note().
  std::vector<float>& fresh_target() {
    std::fill(target_.begin(), target_.end(), 0.0f);
    return target_;
  }
  void note(const State& state, Player seat) {
    state.information_state_tensor(seat, tensor_);
    state.legal_action_mask(mask_);
    samples_.inputs.insert(samples_.inputs.end(), tensor_.begin(), tensor_.end());
    samples_.masks.insert(samples_.masks.end(), mask_.begin(), mask_.end());
    samples_.policies.insert(samples_.policies.end(), target_.begin(), target_.end());
    seats_.push_back(seat);
  }

 private:
  SampleSet& samples_;
  std::vector<float> tensor_, mask_, target_;
  std::vector<Player> seats_;
};

// Watches one self-play game: notes each decision's input, mask and sharpened
// visit shares, and plays a move drawn from the visit shares (exploration)
// instead of the most visited one. The draws come from the game's generator,
// the one chance is drawn from, in the order of the moves.
class SampleCollector : public DecisionNotes {
 public:
  SampleCollector(const TrainConfig& config, int input_size, int actions, Rng& rng,
                  SampleSet& samples)
      : DecisionNotes(input_size, actions, samples), config_(config), rng_(rng) {}

  Action choose(const State& state, Player seat, Action, const DecisionInfo* info) override {
    KIBITZ_CHECK(info != nullptr && !info->policy.empty(), "search reported no root policy");
    std::vector<float>& target = fresh_target();
    weights_.clear();
    for (const auto& [action, share] : info->policy) {
      target[static_cast<std::size_t>(action)] = static_cast<float>(share);
      weights_.push_back(share);
    }
    if (config_.exit_target_power != 1.0) sharpen_shares(target, config_.exit_target_power);
    note(state, seat);
    // Sampled from the visit shares, not the most visited: exploration.
    return info->policy[rng_.sample_index(weights_)].first;
  }

 private:
  const TrainConfig& config_;
  Rng& rng_;
  std::vector<double> weights_;
};

// Completes the samples of one finished game: per decision every seat's
// return, from the deciding seat's point of view (relative order). Returns
// the game's decisions.
int add_returns(const State& final_state, const std::vector<Player>& seats, SampleSet& samples) {
  const std::vector<double> returns = final_state.returns();
  const auto players = static_cast<int>(returns.size());
  for (const Player seat : seats) {
    for (int r = 0; r < players; ++r) {
      samples.values.push_back(static_cast<float>(returns[static_cast<std::size_t>((seat + r) % players)]));
    }
  }
  const auto length = static_cast<int>(seats.size());
  samples.size += length;
  return length;
}

// Watches one game of the demonstrator: notes each decision with the
// demonstrator's reported distribution as the target where it reports one
// (a search's visit shares; a heuristic's exact ties, uniform over the tied
// moves, or its own odds where it chooses at random), else the move it chose
// as a one-hot target, and lets the chosen move be played.
class DemonstrationCollector : public DecisionNotes {
 public:
  using DecisionNotes::DecisionNotes;

  Action choose(const State& state, Player seat, Action chosen, const DecisionInfo* info) override {
    std::vector<float>& target = fresh_target();
    if (info != nullptr && !info->policy.empty()) {
      for (const auto& [action, p] : info->policy) target[static_cast<std::size_t>(action)] = static_cast<float>(p);
    } else {
      target[static_cast<std::size_t>(chosen)] = 1.0f;
    }
    note(state, seat);
    return chosen;
  }
};

class ExpertIterationLearner : public Learner {
 public:
  explicit ExpertIterationLearner(TrainingContext& context)
      : context_(context),
        config_(context.config),
        players_(context.game->num_players()),
        actions_(context.game->num_distinct_actions()),
        input_size_(context.shape.input_size),
        cloning_(context.config.algorithm == Algorithm::kBehaviorCloning) {
    // A demonstrator spec that cannot play this game fails here, before
    // any game is played.
    if (cloning_) make_agent(config_.demonstrator, context.game, 0);
  }

  std::int64_t run_iteration(std::int64_t iteration, MetricsRecord& record) override;
  void on_checkpoint(const std::string&, neural::PolicyValueNet&) override {}
  void save(const std::string& stem, std::ostream& state) override;
  void load(const std::string& stem, const std::map<std::string, std::string>& state) override;
  void sync(distributed::Group& group) override;

 private:
  // Plays one self-play game with the expert in every seat (from `agents`,
  // reseeded for the game), appending its samples; returns its length.
  int play_game(SeatAgents& agents, const std::shared_ptr<neural::PolicyValueFunction>& model,
                Rng rng, SampleSet& samples);
  // Plays this rank's share of the iteration's games; returns their samples
  // in game order.
  SampleSet play_games(const Rng& rng);
  // A distributed run: every rank's samples, in rank order, which is game
  // order.
  SampleSet gather(const SampleSet& mine);
  void update(MetricsRecord& record, Rng& rng);
  // The share of `samples` where the move the net's policy ranks first
  // among the legal ones has the target's largest entry (one of them, when
  // the demonstrator's best moves tie).
  double agreement(const SampleSet& samples);
  // The window as save() writes it, and back: `sets` sample sets from
  // `in`, whose bytes are `bytes` (a bound on what a damaged file can ask
  // for); `where` names it in errors.
  void write_window(std::ostream& out) const;
  void read_window(std::istream& in, std::int64_t sets, std::int64_t bytes,
                   const std::string& where);

  TrainingContext& context_;
  const TrainConfig& config_;
  int players_;
  int actions_;
  int input_size_;
  bool cloning_;  // --algo bc: the demonstrator plays, not the search
  std::deque<SampleSet> window_;
};

int ExpertIterationLearner::play_game(SeatAgents& agents,
                                      const std::shared_ptr<neural::PolicyValueFunction>& model,
                                      Rng rng, SampleSet& samples) {
  const auto& game = context_.game;
  if (cloning_) {
    std::vector<Agent*> seats;
    for (Player seat = 0; seat < players_; ++seat) {
      seats.push_back(&agents.get(config_.demonstrator, seat, rng.child("seat", seat).seed()));
    }
    DemonstrationCollector collector(input_size_, actions_, samples);
    const std::unique_ptr<State> state = kibitz::play_game(*game, seats, rng, &collector);
    return add_returns(*state, collector.seats(), samples);
  }
  const std::string rollout_spec = "ismcts(sims=" + std::to_string(config_.sims) + ")";
  const SeatAgents::Builder expert = [&](std::uint64_t seed) -> std::unique_ptr<Agent> {
    SearchSettings settings;
    settings.c = 1.0;
    SearchAgent::Budget budget;
    budget.simulations = config_.sims;
    return neural::make_ismcts_nn_agent("ismcts_nn(training)", settings, budget, game, model, seed);
  };
  std::vector<Agent*> seats;
  for (Player seat = 0; seat < players_; ++seat) {
    const std::uint64_t seed = rng.child("seat", seat).seed();
    seats.push_back(config_.exit_expert == ExitExpert::kRollout
                        ? &agents.get(rollout_spec, seat, seed)
                        : &agents.get("ismcts_nn(training)", seat, seed, expert));
  }
  SampleCollector collector(config_, input_size_, actions_, rng, samples);
  const std::unique_ptr<State> state = kibitz::play_game(*game, seats, rng, &collector);
  return add_returns(*state, collector.seats(), samples);
}

std::int64_t ExpertIterationLearner::run_iteration(std::int64_t iteration, MetricsRecord& record) {
  // Not a rank's own stream: game g of an iteration is seeded from (seed,
  // iteration, g) whichever rank plays it, so the ranks together play the
  // games a run of one process would, and the window is the same.
  Rng rng = Rng(config_.seed).child("exit", static_cast<std::uint64_t>(iteration));
  SampleSet samples = play_games(rng);
  if (context_.group != nullptr) samples = gather(samples);
  const std::int64_t collected = samples.size;
  // Before the net trains on them, the new games are held out.
  if (cloning_) record.add("agreement", agreement(samples));
  record.add("games", config_.exit_games);
  record.add("mean_length", static_cast<double>(collected) / config_.exit_games);
  window_.push_back(std::move(samples));
  while (static_cast<int>(window_.size()) > config_.exit_window) window_.pop_front();
  update(record, rng);
  return collected;
}

SampleSet ExpertIterationLearner::play_games(const Rng& rng) {
  // This rank's games, by their numbers in the iteration.
  const distributed::Share share =
      distributed::share_of(config_.exit_games, context_.rank(), context_.world_size());
  const auto count = static_cast<int>(share.size());
  // Self-play games run on --threads workers of the match runner's pool.
  // Each game has its own seed and sample set, joined in game order, so the
  // result does not depend on how many workers there are or which game
  // finishes first.
  std::vector<SampleSet> games(static_cast<std::size_t>(count));
  const bool on_cpu = context_.device.is_cpu();
  // On the CPU each worker plays with a CpuMlp copy of the weights: search
  // asks for one row at a time, where it is many times faster than the torch
  // module (docs/neural.md). A GPU run plays on the module, on one worker.
  const std::vector<neural::NamedTensor> weights =
      on_cpu ? neural::network_tensors(context_.net) : std::vector<neural::NamedTensor>();
  WorkerPoolOptions pool;
  pool.threads = on_cpu ? std::min(config_.threads, count) : 1;
  run_jobs(count, pool, [&](int) -> Job {
    std::shared_ptr<neural::PolicyValueFunction> model;
    if (cloning_) {
      // The demonstrator plays: no copy of the net is consulted.
    } else if (on_cpu) {
      model = std::make_shared<neural::CpuMlp>(context_.shape, weights);
    } else {
      model = std::make_shared<neural::TorchModel>(context_.net.ptr(), config_.device);
    }
    // The worker's experts are built once, around its model, and reseeded
    // for every game.
    auto agents = std::make_shared<SeatAgents>(context_.game);
    return [&, model, agents](std::int64_t g) {
      play_game(*agents, model, rng.child("game", static_cast<std::uint64_t>(share.begin + g)),
                games[static_cast<std::size_t>(g)]);
    };
  });
  SampleSet samples;
  for (const SampleSet& game : games) append(game, samples);
  return samples;
}

SampleSet ExpertIterationLearner::gather(const SampleSet& mine) {
  std::vector<float> packed;
  for (const auto* part : {&mine.inputs, &mine.masks, &mine.policies, &mine.values}) {
    packed.insert(packed.end(), part->begin(), part->end());
  }
  // Self-play takes each rank its own time: meet first, with no time limit
  // while every rank lives.
  context_.group->arrive(false);
  std::vector<std::int64_t> counts;
  const std::vector<float> all = context_.group->allgather_varying(packed, counts);
  const std::int64_t row = input_size_ + 2 * actions_ + players_;
  SampleSet samples;
  auto at = all.begin();
  for (const std::int64_t count : counts) {
    const std::int64_t rows = count / row;
    for (auto [part, width] : {std::pair{&samples.inputs, std::int64_t{input_size_}},
                               std::pair{&samples.masks, std::int64_t{actions_}},
                               std::pair{&samples.policies, std::int64_t{actions_}},
                               std::pair{&samples.values, std::int64_t{players_}}}) {
      part->insert(part->end(), at, at + rows * width);
      at += rows * width;
    }
    samples.size += rows;
  }
  return samples;
}

void ExpertIterationLearner::update(MetricsRecord& record, Rng& rng) {
  SampleSet all;
  for (const SampleSet& set : window_) append(set, all);
  const torch::Device device = context_.device;
  distributed::Group* const group = context_.group;
  const torch::Tensor inputs = to_tensor(all.inputs, input_size_).to(device);
  const torch::Tensor masks = to_tensor(all.masks, actions_).to(device);
  const torch::Tensor policies = to_tensor(all.policies, actions_).to(device);
  const torch::Tensor values =
      neural::normalize_values(context_.shape, to_tensor(all.values, players_).to(device));
  double policy_sum = 0, value_sum = 0, entropy_sum = 0;
  // Every rank holds the whole window and draws the same minibatches; in a
  // distributed run each takes every size()-th row of a minibatch (its
  // shard), and the gradients weighted by the shards' rows add up to the
  // minibatch's own: the update of a run of one process, up to rounding.
  const int minibatches = for_each_minibatch(
      all.size, config_.epochs, config_.minibatch, rng, device, [&](const torch::Tensor& batch) {
        const torch::Tensor index =
            group != nullptr ? batch.slice(0, group->rank(), batch.numel(), group->size()) : batch;
        const std::int64_t rows = index.numel();
        // This shard's part of the minibatch's mean losses (1 alone).
        const double share =
            group != nullptr ? static_cast<double>(rows) / static_cast<double>(batch.numel()) : 1.0;
        context_.optimizer.zero_grad();
        if (rows > 0) {
          const torch::Tensor mask = masks.index_select(0, index);
          const auto output = context_.net->forward(inputs.index_select(0, index));
          const torch::Tensor log_policy = neural::masked_log_softmax(output.logits, mask);
          const torch::Tensor policy_loss =
              -(policies.index_select(0, index) * log_policy).sum(1).mean();
          const torch::Tensor value_loss =
              torch::mse_loss(output.normalized_values, values.index_select(0, index));
          const torch::Tensor loss = policy_loss + config_.value_coef * value_loss;
          loss.backward();
          policy_sum += policy_loss.item<double>() * share;
          value_sum += value_loss.item<double>() * share;
          entropy_sum += -(neural::masked_softmax(output.logits, mask) * log_policy)
                              .sum(1)
                              .mean()
                              .item<double>() *
                         share;
        }
        if (group != nullptr) distributed::average_gradients(*group, context_.net, rows);
        context_.optimizer.step();
      });
  std::vector<double> sums = {policy_sum, value_sum, entropy_sum};
  if (group != nullptr) group->sum(sums);
  const double n = std::max(1, minibatches);
  record.add("loss", (sums[0] + config_.value_coef * sums[1]) / n);
  record.add("policy_loss", sums[0] / n);
  record.add("value_loss", sums[1] / n);
  record.add("entropy", sums[2] / n);
  record.add("samples", static_cast<double>(all.size));
}

double ExpertIterationLearner::agreement(const SampleSet& samples) {
  if (samples.size == 0) return 0.0;
  torch::NoGradGuard no_grad;
  const torch::Device device = context_.device;
  const torch::Tensor masks = to_tensor(samples.masks, actions_).to(device);
  const auto output = context_.net->forward(to_tensor(samples.inputs, input_size_).to(device));
  const torch::Tensor picked = neural::masked_log_softmax(output.logits, masks).argmax(1);
  // A top move of the demonstrator: its move, or one of its exactly tied
  // best moves (a heuristic that breaks ties at random could have made any).
  const torch::Tensor targets = to_tensor(samples.policies, actions_).to(device);
  const torch::Tensor best = std::get<0>(targets.max(1));
  const torch::Tensor at_pick = targets.gather(1, picked.unsqueeze(1)).squeeze(1);
  return at_pick.ge(best - 1e-6).to(torch::kFloat64).mean().item<double>();
}

// The window file: per sample set its size, then its four float arrays.
void ExpertIterationLearner::write_window(std::ostream& out) const {
  const auto write = [&](const std::vector<float>& values) {
    out.write(reinterpret_cast<const char*>(values.data()),
              static_cast<std::streamsize>(values.size() * sizeof(float)));
  };
  for (const SampleSet& set : window_) {
    out.write(reinterpret_cast<const char*>(&set.size), sizeof set.size);
    write(set.inputs);
    write(set.masks);
    write(set.policies);
    write(set.values);
  }
}

void ExpertIterationLearner::read_window(std::istream& in, std::int64_t sets, std::int64_t bytes,
                                         const std::string& where) {
  window_.clear();
  // Every size read is checked against the bytes left, so a damaged file
  // cannot ask for more memory than the file itself holds.
  std::int64_t left = bytes;
  const std::int64_t row_bytes =
      static_cast<std::int64_t>(sizeof(float)) * (input_size_ + 2 * actions_ + players_);
  const auto corrupt = [&] { return error(where, ": truncated or corrupt sample window"); };
  for (std::int64_t i = 0; i < sets; ++i) {
    SampleSet set;
    left -= static_cast<std::int64_t>(sizeof set.size);
    in.read(reinterpret_cast<char*>(&set.size), sizeof set.size);
    if (!in || left < 0 || set.size < 0 || set.size > left / row_bytes) throw corrupt();
    left -= set.size * row_bytes;
    const auto read = [&](std::vector<float>& values, std::int64_t width) {
      values.resize(static_cast<std::size_t>(set.size * width));
      in.read(reinterpret_cast<char*>(values.data()),
              static_cast<std::streamsize>(values.size() * sizeof(float)));
    };
    read(set.inputs, input_size_);
    read(set.masks, actions_);
    read(set.policies, actions_);
    read(set.values, players_);
    if (!in) throw corrupt();
    window_.push_back(std::move(set));
  }
}

void ExpertIterationLearner::save(const std::string& stem, std::ostream& state) {
  write_file_atomically(
      stem + ".samples", [&](std::ostream& out) { write_window(out); }, "sample window");
  state << "window=" << window_.size() << "\n";
}

void ExpertIterationLearner::load(const std::string& stem,
                                  const std::map<std::string, std::string>& state) {
  window_.clear();
  const std::string path = stem + ".samples";
  std::int64_t sets = 0;
  if (const auto found = state.find("window"); found != state.end()) {
    const std::string& text = found->second;
    const auto [end, code] = std::from_chars(text.data(), text.data() + text.size(), sets);
    if (code != std::errc() || end != text.data() + text.size() || sets < 0) {
      throw error(stem, ".state: 'window' is not a count");
    }
  }
  if (sets == 0) return;
  std::ifstream in = open_regular_file(path, "sample window");
  std::error_code size_error;
  const auto bytes = static_cast<std::int64_t>(std::filesystem::file_size(path, size_error));
  if (size_error) throw error("cannot read sample window '", path, "': ", size_error.message());
  read_window(in, sets, bytes, path);
}

void ExpertIterationLearner::sync(distributed::Group& group) {
  std::string bytes;
  if (group.rank() == 0) {
    std::ostringstream out;
    write_window(out);
    bytes = out.str();
  }
  const std::int64_t sets = group.broadcast_count(static_cast<std::int64_t>(window_.size()));
  group.broadcast_bytes(bytes);
  if (group.rank() == 0) return;
  std::istringstream in(bytes);
  read_window(in, sets, static_cast<std::int64_t>(bytes.size()), "rank 0's sample window");
}

}  // namespace

void sharpen_shares(std::vector<float>& shares, double power) {
  // Relative to the largest share, so a high power cannot underflow them all.
  const float largest = *std::max_element(shares.begin(), shares.end());
  KIBITZ_CHECK(largest > 0.0f, "sharpen_shares needs a positive share");
  double total = 0.0;
  for (float& share : shares) {
    share = static_cast<float>(std::pow(static_cast<double>(share / largest), power));
    total += share;
  }
  for (float& share : shares) share = static_cast<float>(share / total);
}

std::unique_ptr<Learner> make_expert_iteration_learner(TrainingContext& context) {
  return std::make_unique<ExpertIterationLearner>(context);
}

std::unique_ptr<Learner> make_behavior_cloning_learner(TrainingContext& context) {
  return std::make_unique<ExpertIterationLearner>(context);
}

}  // namespace kibitz::training
