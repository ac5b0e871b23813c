// PPO self-play on a VectorEnv (docs/training.md, "PPO").
//
// Every episode is played by the current net in every seat, except that
// with probability opponent_probability (with --opponent) one seat, drawn
// at random, is the learner and every other seat is played by the opponent
// agent (a heuristic, say), and otherwise with probability pool_probability
// (once the pool has a member) the other seats are one past checkpoint
// from the pool: drawn uniformly, or with --pool-pfsp by how often the
// learner still loses to each (training/league.h). Only decisions of the
// current net are trained on. Each iteration resets the envs from the iteration's seed,
// starts episodes until `batch` decisions are collected and plays every
// started episode to its end, so no episode is cut (no bias towards short
// ones) and an iteration depends only on (seed, iteration, weights).
#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <limits>
#include <sstream>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/seat_view.h"
#include "env/gym/vector_env.h"
#include "training/distributed/dist_config.h"
#include "training/distributed/model_sync.h"
#include "training/league.h"
#include "training/learner.h"

namespace kibitz::training {
namespace {

// One decision of the current net, until its episode ends.
struct Decision {
  Player seat = 0;
  std::vector<float> input;
  std::vector<float> mask;
  Action action = 0;
  float log_prob = 0.0f;
  float value = 0.0f;         // value head for the acting seat, game units
  std::vector<float> before;  // every seat's rewards so far, before this decision
};

// An episode of one env row.
struct Episode {
  bool collect = false;   // false: started after the batch was full; ignored
  int pool = -1;          // pool member playing the non-learner seats, -1: none
  bool scripted = false;  // the opponent agent plays the non-learner seats
  Player learner = 0;
  std::vector<float> rewards;  // every seat's rewards so far
  std::vector<Decision> decisions;
};

// The decisions of an iteration, flat, ready for tensors.
struct Batch {
  std::vector<float> inputs, masks, value_targets;
  std::vector<std::int64_t> actions;
  std::vector<float> log_probs, advantages;
  std::int64_t size = 0;
};

// An iteration's counts: this rank's, or in a distributed run the sums over
// every rank (most_rows: the largest rank's batch).
struct Tally {
  double episodes = 0, pool_episodes = 0, pool_return_sum = 0;
  double opponent_episodes = 0, opponent_return_sum = 0;
  double rows = 0, advantage_sum = 0, advantage_squares = 0, most_rows = 0;
};

class PpoLearner : public Learner {
 public:
  explicit PpoLearner(TrainingContext& context)
      : context_(context),
        config_(context.config),
        players_(context.game->num_players()),
        actions_(context.game->num_distinct_actions()),
        input_size_(context.shape.input_size),
        // --batch is the total over the ranks: this rank collects its share.
        quota_(distributed::share_of(config_.batch, context.rank(), context.world_size()).size()),
        envs_(context.game, config_.envs, config_.threads) {
    // A bad --opponent spec fails here, before any game is played.
    if (!config_.opponent.empty()) make_agent(config_.opponent, context_.game, 0);
  }

  std::int64_t run_iteration(std::int64_t iteration, MetricsRecord& record) override;
  void on_checkpoint(const std::string& network_path, neural::PolicyValueNet& saved) override;
  void save(const std::string& stem, std::ostream& state) override;
  void load(const std::string& stem, const std::map<std::string, std::string>& state) override;
  void sync(distributed::Group& group) override;

 private:
  void start_episode(int row, Rng& rng, bool collect);
  // Acts for `rows` with `net`, writing their actions; records decisions
  // when `record` is set.
  void act(neural::PolicyValueNet& net, const std::vector<int>& rows, Rng& rng, bool record,
           std::vector<Action>& actions);
  void finish_episode(int row);
  // The iteration's counts, summed over the ranks in a distributed run.
  Tally tally();
  void record_episodes(const Tally& tally, MetricsRecord& record) const;
  // The batch's advantages less their mean, over their standard deviation
  // (every rank's together in a distributed run); records the mean.
  torch::Tensor normalized_advantages(MetricsRecord& record, const Tally& tally);
  void update(MetricsRecord& record, Rng& rng, const Tally& tally);
  void add_pool_member(neural::PolicyValueNet net, const std::string& path);

  TrainingContext& context_;
  const TrainConfig& config_;
  int players_;
  int actions_;
  int input_size_;
  std::int64_t quota_;  // decisions this rank collects per iteration
  gym::VectorEnv envs_;
  std::vector<Episode> episodes_;
  Batch batch_;
  double pool_return_sum_ = 0.0;
  std::int64_t pool_episodes_ = 0;
  std::int64_t episodes_done_ = 0;
  std::deque<std::string> pool_paths_;
  std::deque<neural::PolicyValueNet> pool_;
  PoolRecords records_;  // the learner's games and losses against each member
  // With --pool-pfsp, this iteration's drawing weights of the members: the
  // records change only between iterations, so they are weighed once.
  std::vector<double> pool_weights_;
  // The opponent agent, one per env row and seat (agents keep per-game
  // state), made at the first episode that needs them.
  std::vector<std::unique_ptr<Agent>> opponents_;
  // Each opponent seat's stream, fed from its row's log as the episode goes
  // (so an act reads only what is new); reset when the row starts an episode.
  std::vector<SeatFeed> opponent_feeds_;
  double opponent_return_sum_ = 0.0;
  std::int64_t opponent_episodes_ = 0;

  Agent& opponent(int row, Player seat);
  void act_opponents(const std::vector<int>& rows, std::vector<Action>& actions);
};

Agent& PpoLearner::opponent(int row, Player seat) {
  if (opponents_.empty()) {
    opponents_.resize(static_cast<std::size_t>(envs_.num_envs() * players_));
    for (int r = 0; r < envs_.num_envs(); ++r) {
      for (Player s = 0; s < players_; ++s) opponent_feeds_.emplace_back(s);
    }
  }
  auto& agent = opponents_[static_cast<std::size_t>(row * players_ + seat)];
  if (!agent) {
    agent = make_agent(
        config_.opponent, context_.game,
        context_.rank_seed(derive_seed(config_.seed, "ppo-opponent",
                                       static_cast<std::uint64_t>(row * players_ + seat))));
  }
  return *agent;
}

// The opponent's moves, read from each row's own state through the seat's
// view (the agent sees only its stream).
void PpoLearner::act_opponents(const std::vector<int>& rows, std::vector<Action>& actions) {
  for (const int row : rows) {
    const Player seat = envs_.players()[static_cast<std::size_t>(row)];
    Agent& agent = opponent(row, seat);
    SeatFeed& feed = opponent_feeds_[static_cast<std::size_t>(row * players_ + seat)];
    actions[static_cast<std::size_t>(row)] = agent.act(SeatView(envs_.env(row).state(), feed));
  }
}

void PpoLearner::start_episode(int row, Rng& rng, bool collect) {
  Episode& episode = episodes_[static_cast<std::size_t>(row)];
  episode = Episode{};
  episode.collect = collect;
  episode.rewards.assign(static_cast<std::size_t>(players_), 0.0f);
  for (Player s = 0; s < players_ && !opponent_feeds_.empty(); ++s) {
    // The row's seat plays the same game again: its fold restarts in place.
    opponent_feeds_[static_cast<std::size_t>(row * players_ + s)].restart();
  }
  // The opening chance steps' rewards (zero in the card games, but exact).
  const auto rewards = envs_.rewards().subspan(static_cast<std::size_t>(row * players_),
                                               static_cast<std::size_t>(players_));
  std::copy(rewards.begin(), rewards.end(), episode.rewards.begin());
  if (!config_.opponent.empty() && rng.uniform_double() < config_.opponent_probability) {
    episode.scripted = true;
    episode.learner = static_cast<Player>(rng.uniform_int(static_cast<std::uint64_t>(players_)));
    for (Player seat = 0; seat < players_; ++seat) {
      if (seat != episode.learner) opponent(row, seat).new_game(seat);
    }
  } else if (!pool_.empty() && rng.uniform_double() < config_.pool_probability) {
    episode.pool = config_.pool_pfsp ? static_cast<int>(rng.sample_index(pool_weights_))
                                     : static_cast<int>(rng.uniform_int(pool_.size()));
    episode.learner = static_cast<Player>(rng.uniform_int(static_cast<std::uint64_t>(players_)));
  }
}

void PpoLearner::act(neural::PolicyValueNet& net, const std::vector<int>& rows, Rng& rng,
                     bool record, std::vector<Action>& actions) {
  if (rows.empty()) return;
  std::vector<float> inputs, masks;
  for (const int row : rows) {
    const auto input = envs_.observations().subspan(static_cast<std::size_t>(row * input_size_),
                                                    static_cast<std::size_t>(input_size_));
    const auto mask = envs_.legal_masks().subspan(static_cast<std::size_t>(row * actions_),
                                                  static_cast<std::size_t>(actions_));
    inputs.insert(inputs.end(), input.begin(), input.end());
    masks.insert(masks.end(), mask.begin(), mask.end());
  }
  torch::Tensor policy, values;
  {
    torch::NoGradGuard no_grad;
    const torch::Tensor mask_tensor = to_tensor(masks, actions_).to(context_.device);
    const auto output = net->forward(to_tensor(inputs, input_size_).to(context_.device));
    policy = neural::masked_softmax(output.logits, mask_tensor).to(torch::kCPU).contiguous();
    values = output.values.to(torch::kCPU).contiguous();
  }
  const auto p = policy.accessor<float, 2>();
  const auto v = values.accessor<float, 2>();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const int row = rows[i];
    // Sample by the cumulative sum; rounding past the end falls to the last
    // legal action.
    const double u = rng.uniform_double();
    double sum = 0.0;
    Action chosen = -1;
    for (Action a = 0; a < actions_; ++a) {
      if (masks[i * static_cast<std::size_t>(actions_) + static_cast<std::size_t>(a)] <= 0.0f) {
        continue;
      }
      sum += p[static_cast<std::int64_t>(i)][a];
      chosen = a;
      if (u < sum && p[static_cast<std::int64_t>(i)][a] > 0.0f) break;
    }
    KIBITZ_CHECK(chosen >= 0, "a row with no legal action");
    actions[static_cast<std::size_t>(row)] = chosen;
    if (!record) continue;
    Episode& episode = episodes_[static_cast<std::size_t>(row)];
    Decision decision;
    decision.seat = envs_.players()[static_cast<std::size_t>(row)];
    decision.input.assign(inputs.begin() + static_cast<std::ptrdiff_t>(i) * input_size_,
                          inputs.begin() + static_cast<std::ptrdiff_t>(i + 1) * input_size_);
    decision.mask.assign(masks.begin() + static_cast<std::ptrdiff_t>(i) * actions_,
                         masks.begin() + static_cast<std::ptrdiff_t>(i + 1) * actions_);
    decision.action = chosen;
    decision.log_prob = std::log(std::max(p[static_cast<std::int64_t>(i)][chosen], 1e-30f));
    decision.value = v[static_cast<std::int64_t>(i)][0];
    decision.before = episode.rewards;
    episode.decisions.push_back(std::move(decision));
  }
}

void PpoLearner::finish_episode(int row) {
  Episode& episode = episodes_[static_cast<std::size_t>(row)];
  const auto returns = envs_.episode_returns().subspan(static_cast<std::size_t>(row * players_),
                                                       static_cast<std::size_t>(players_));
  ++episodes_done_;
  if (episode.pool >= 0) {
    pool_return_sum_ += returns[static_cast<std::size_t>(episode.learner)];
    ++pool_episodes_;
    records_.note(static_cast<std::size_t>(episode.pool), game_loss(returns, episode.learner));
  }
  if (episode.scripted) {
    opponent_return_sum_ += returns[static_cast<std::size_t>(episode.learner)];
    ++opponent_episodes_;
  }
  // GAE per seat over that seat's own decisions (gamma = 1: episodes end).
  for (Player seat = 0; seat < players_; ++seat) {
    std::vector<const Decision*> mine;
    for (const Decision& decision : episode.decisions) {
      if (decision.seat == seat) mine.push_back(&decision);
    }
    double advantage = 0.0;
    std::vector<float> advantages(mine.size());
    for (std::size_t t = mine.size(); t-- > 0;) {
      const double after = t + 1 < mine.size() ? mine[t + 1]->before[static_cast<std::size_t>(seat)]
                                               : returns[static_cast<std::size_t>(seat)];
      const double reward = after - mine[t]->before[static_cast<std::size_t>(seat)];
      const double next_value = t + 1 < mine.size() ? mine[t + 1]->value : 0.0;
      const double delta = reward + next_value - mine[t]->value;
      advantage = delta + config_.gae_lambda * advantage;
      advantages[t] = static_cast<float>(advantage);
    }
    for (std::size_t t = 0; t < mine.size(); ++t) {
      const Decision& d = *mine[t];
      batch_.inputs.insert(batch_.inputs.end(), d.input.begin(), d.input.end());
      batch_.masks.insert(batch_.masks.end(), d.mask.begin(), d.mask.end());
      batch_.actions.push_back(d.action);
      batch_.log_probs.push_back(d.log_prob);
      batch_.advantages.push_back(advantages[t]);
      // Every seat's return from here on, in the net's relative order.
      for (int r = 0; r < players_; ++r) {
        const auto other = static_cast<std::size_t>((seat + r) % players_);
        batch_.value_targets.push_back(returns[other] - d.before[other]);
      }
      ++batch_.size;
    }
  }
  episode.collect = false;
}

std::int64_t PpoLearner::run_iteration(std::int64_t iteration, MetricsRecord& record) {
  // Each rank of a distributed run plays its own games.
  Rng rng =
      context_.rank_stream(Rng(config_.seed).child("ppo", static_cast<std::uint64_t>(iteration)));
  batch_ = Batch{};
  pool_return_sum_ = 0.0;
  pool_episodes_ = 0;
  opponent_return_sum_ = 0.0;
  opponent_episodes_ = 0;
  episodes_done_ = 0;
  if (config_.pool_pfsp) pool_weights_ = records_.weights(*config_.pool_pfsp);
  envs_.reset(context_.rank_seed(
      derive_seed(config_.seed, "ppo-envs", static_cast<std::uint64_t>(iteration))));
  const int rows = envs_.num_envs();
  episodes_.assign(static_cast<std::size_t>(rows), Episode{});
  for (int row = 0; row < rows; ++row) start_episode(row, rng, true);
  std::vector<Action> actions(static_cast<std::size_t>(rows), 0);
  std::vector<int> current;
  std::vector<int> scripted;
  std::vector<std::vector<int>> pooled(pool_.size());
  for (;;) {
    current.clear();
    scripted.clear();
    for (auto& members : pooled) members.clear();
    bool active = false;
    for (int row = 0; row < rows; ++row) {
      const auto r = static_cast<std::size_t>(row);
      actions[r] = 0;
      if (envs_.terminated()[r] != 0 || envs_.truncated()[r] != 0) continue;  // auto-resets
      const Episode& episode = episodes_[r];
      if (!episode.collect) {
        // An episode begun after the batch filled: any legal move will do.
        const auto mask = envs_.legal_masks().subspan(r * static_cast<std::size_t>(actions_),
                                                      static_cast<std::size_t>(actions_));
        actions[r] = static_cast<Action>(std::find(mask.begin(), mask.end(), 1.0f) - mask.begin());
        continue;
      }
      active = true;
      const Player seat = envs_.players()[r];
      if (episode.scripted && seat != episode.learner) {
        scripted.push_back(row);
      } else if (episode.pool >= 0 && seat != episode.learner) {
        pooled[static_cast<std::size_t>(episode.pool)].push_back(row);
      } else {
        current.push_back(row);
      }
    }
    // Rows that just ended auto-reset on this step and start new episodes
    // while the batch is short, so only a full batch with nothing in play ends.
    if (!active && batch_.size >= quota_) break;
    act(context_.net, current, rng, true, actions);
    for (std::size_t k = 0; k < pool_.size(); ++k) act(pool_[k], pooled[k], rng, false, actions);
    act_opponents(scripted, actions);
    envs_.step(actions);
    for (int row = 0; row < rows; ++row) {
      const auto r = static_cast<std::size_t>(row);
      Episode& episode = episodes_[r];
      if (envs_.first()[r] != 0) {
        start_episode(row, rng, batch_.size < quota_);
        continue;
      }
      if (!episode.collect) continue;
      const auto rewards = envs_.rewards().subspan(r * static_cast<std::size_t>(players_),
                                                   static_cast<std::size_t>(players_));
      for (int s = 0; s < players_; ++s)
        episode.rewards[static_cast<std::size_t>(s)] += rewards[static_cast<std::size_t>(s)];
      if (envs_.terminated()[r] != 0 || envs_.truncated()[r] != 0) finish_episode(row);
    }
  }
  const Tally counts = tally();
  record_episodes(counts, record);
  update(record, rng, counts);
  return static_cast<std::int64_t>(counts.rows);
}

Tally PpoLearner::tally() {
  double advantage_sum = 0.0, advantage_squares = 0.0;
  for (const float advantage : batch_.advantages) {
    advantage_sum += advantage;
    advantage_squares += static_cast<double>(advantage) * advantage;
  }
  const std::vector<double> mine = {static_cast<double>(episodes_done_),
                                    static_cast<double>(pool_episodes_),
                                    pool_return_sum_,
                                    static_cast<double>(opponent_episodes_),
                                    opponent_return_sum_,
                                    static_cast<double>(batch_.size),
                                    advantage_sum,
                                    advantage_squares};
  std::vector<double> sums = mine;
  double most_rows = static_cast<double>(batch_.size);
  std::vector<double> record_deltas = records_.pending();
  if (context_.group != nullptr) {
    // Self-play takes each rank its own time: meet first, with no time
    // limit while every rank lives, then gather.
    context_.group->arrive(false);
    const std::vector<double> all = context_.group->allgather(mine);
    std::fill(sums.begin(), sums.end(), 0.0);
    for (std::size_t i = 0; i < all.size(); ++i) sums[i % mine.size()] += all[i];
    for (std::size_t i = 5; i < all.size(); i += mine.size())
      most_rows = std::max(most_rows, all[i]);
    // Every rank's games against the pool, so the records stay the same on all.
    if (!record_deltas.empty()) context_.group->sum(record_deltas);
  }
  records_.commit(record_deltas);
  return Tally{sums[0], sums[1], sums[2], sums[3], sums[4], sums[5], sums[6], sums[7], most_rows};
}

void PpoLearner::record_episodes(const Tally& tally, MetricsRecord& record) const {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  record.add("episodes", tally.episodes);
  record.add("pool_episodes", tally.pool_episodes);
  record.add("pool_mean_return",
             tally.pool_episodes > 0 ? tally.pool_return_sum / tally.pool_episodes : nan);
  if (config_.pool_pfsp) {
    // The mixture the next iteration draws from, oldest member first.
    const std::vector<double> weights = records_.weights(*config_.pool_pfsp);
    for (std::size_t k = 0; k < weights.size(); ++k) {
      record.add("pool_weight_" + std::to_string(k), weights[k]);
      record.add("pool_loss_rate_" + std::to_string(k), loss_rate(records_.records()[k]));
    }
  }
  if (!config_.opponent.empty()) {
    record.add("opponent_episodes", tally.opponent_episodes);
    record.add("opponent_mean_return", tally.opponent_episodes > 0
                                           ? tally.opponent_return_sum / tally.opponent_episodes
                                           : nan);
  }
}

torch::Tensor PpoLearner::normalized_advantages(MetricsRecord& record, const Tally& tally) {
  const torch::Tensor advantages = to_tensor(batch_.advantages, 1).squeeze(1).to(context_.device);
  if (context_.group == nullptr) {
    record.add("mean_advantage", advantages.mean().item<double>());
    return (advantages - advantages.mean()) / (advantages.std(false) + 1e-8);
  }
  // By the moments of every rank's advantages together.
  const double mean = tally.advantage_sum / tally.rows;
  const double spread =
      std::sqrt(std::max(0.0, tally.advantage_squares / tally.rows - mean * mean));
  record.add("mean_advantage", mean);
  return (advantages - mean) / (spread + 1e-8);
}

void PpoLearner::update(MetricsRecord& record, Rng& rng, const Tally& tally) {
  const torch::Device device = context_.device;
  distributed::Group* const group = context_.group;
  const torch::Tensor inputs = to_tensor(batch_.inputs, input_size_).to(device);
  const torch::Tensor masks = to_tensor(batch_.masks, actions_).to(device);
  const torch::Tensor targets = neural::normalize_values(
      context_.shape, to_tensor(batch_.value_targets, players_).to(device));
  const torch::Tensor actions =
      torch::from_blob(batch_.actions.data(), {batch_.size, 1}, torch::kInt64).clone().to(device);
  const torch::Tensor old_log_probs = to_tensor(batch_.log_probs, 1).squeeze(1).to(device);
  const torch::Tensor advantages = normalized_advantages(record, tally);

  double policy_sum = 0, value_sum = 0, entropy_sum = 0, kl_sum = 0, clipped_sum = 0;
  int used = 0;
  const auto step = [&](const torch::Tensor& index) {
    const std::int64_t rows = index.numel();
    if (rows > 0) {
      const torch::Tensor mask = masks.index_select(0, index);
      const auto output = context_.net->forward(inputs.index_select(0, index));
      const torch::Tensor log_policy = neural::masked_log_softmax(output.logits, mask);
      const torch::Tensor log_prob =
          log_policy.gather(1, actions.index_select(0, index)).squeeze(1);
      const torch::Tensor old = old_log_probs.index_select(0, index);
      const torch::Tensor advantage = advantages.index_select(0, index);
      const torch::Tensor ratio = torch::exp(log_prob - old);
      const torch::Tensor policy_loss =
          -torch::min(ratio * advantage,
                      torch::clamp(ratio, 1.0 - config_.clip, 1.0 + config_.clip) * advantage)
               .mean();
      const torch::Tensor value_loss =
          torch::mse_loss(output.normalized_values, targets.index_select(0, index));
      const torch::Tensor entropy =
          -(neural::masked_softmax(output.logits, mask) * log_policy).sum(1).mean();
      const torch::Tensor loss =
          policy_loss + config_.value_coef * value_loss - context_.entropy_coef * entropy;
      context_.optimizer.zero_grad();
      loss.backward();
      policy_sum += policy_loss.item<double>();
      value_sum += value_loss.item<double>();
      entropy_sum += entropy.item<double>();
      kl_sum += (old - log_prob).mean().item<double>();
      clipped_sum += ((ratio - 1.0).abs() > config_.clip).to(torch::kFloat32).mean().item<double>();
      ++used;
    } else {
      context_.optimizer.zero_grad();
    }
    // Every rank steps with the same, averaged, gradients.
    if (group != nullptr) distributed::average_gradients(*group, context_.net, rows);
    torch::nn::utils::clip_grad_norm_(context_.net->parameters(), 0.5);
    context_.optimizer.step();
  };
  if (group == nullptr) {
    for_each_minibatch(batch_.size, config_.epochs, config_.minibatch, rng, device, step);
  } else {
    // --minibatch is the total over the ranks; every rank cuts its own rows
    // into as many minibatches as the largest batch needs, so all of them
    // step together.
    const std::int64_t per_rank = (config_.minibatch + group->size() - 1) / group->size();
    const auto splits = static_cast<std::int64_t>(std::ceil(tally.most_rows / per_rank));
    for_each_split(batch_.size, config_.epochs, splits, rng, device, step);
  }
  const double n = std::max(1, used);
  const double loss =
      (policy_sum + config_.value_coef * value_sum - context_.entropy_coef * entropy_sum) / n;
  std::vector<double> means = {loss,       policy_sum / n, value_sum / n, entropy_sum / n,
                               kl_sum / n, clipped_sum / n};
  if (group != nullptr) group->average(means);
  record.add("loss", means[0]);
  record.add("policy_loss", means[1]);
  record.add("value_loss", means[2]);
  record.add("entropy", means[3]);
  record.add("approx_kl", means[4]);
  record.add("clip_fraction", means[5]);
}

void PpoLearner::add_pool_member(neural::PolicyValueNet net, const std::string& path) {
  pool_.push_back(std::move(net));
  pool_paths_.push_back(path);
  records_.add_member();
  while (static_cast<int>(pool_.size()) > config_.pool_size) {
    pool_.pop_front();
    pool_paths_.pop_front();
    records_.drop_oldest();
  }
}

void PpoLearner::on_checkpoint(const std::string& network_path, neural::PolicyValueNet& saved) {
  if (config_.pool_size == 0) return;
  // The pool member is read back from the file just written, so a resumed
  // run's pool is bit for bit the one the interrupted run had. The other
  // ranks of a distributed run, which write no files, copy the network
  // itself: the file holds its floats exactly.
  add_pool_member(context_.rank() == 0
                      ? neural::load_network(network_path, *context_.game, {}, context_.device).net
                      : distributed::copy_network(saved, context_.device),
                  network_path);
}

void PpoLearner::save(const std::string& stem, std::ostream& state) {
  state << "pool=";
  for (std::size_t i = 0; i < pool_paths_.size(); ++i) {
    state << (i > 0 ? "," : "") << std::filesystem::path(pool_paths_[i]).filename().string();
  }
  state << "\n";
  if (config_.pool_pfsp) state << "pool_records=" << records_.to_text() << "\n";
}

void PpoLearner::load(const std::string& stem, const std::map<std::string, std::string>& state) {
  pool_.clear();
  pool_paths_.clear();
  records_.clear();
  const auto found = state.find("pool");
  if (found == state.end() || found->second.empty()) return;
  const std::filesystem::path dir = std::filesystem::path(stem).parent_path();
  std::istringstream names(found->second);
  std::string name;
  while (std::getline(names, name, ',')) {
    // A pool member is a checkpoint of this run's own folder.
    if (name.empty() || name.find('/') != std::string::npos || name == "..") {
      throw error(stem, ".state: 'pool' names a file that is not a checkpoint of this run");
    }
    const std::string path = (dir / name).string();
    add_pool_member(neural::load_network(path, *context_.game, {}, context_.device).net, path);
  }
  // A run that drew by --pool-pfsp saved its records; one that did not
  // starts them at no games.
  if (const auto saved = state.find("pool_records"); saved != state.end()) {
    records_.from_text(saved->second, stem + ".state: 'pool_records'");
    if (records_.size() != pool_.size()) throw error(stem, ".state: 'pool_records' does not match 'pool'");
  }
}

void PpoLearner::sync(distributed::Group& group) {
  const std::int64_t members = group.broadcast_count(static_cast<std::int64_t>(pool_.size()));
  if (group.rank() != 0) {
    pool_.clear();
    pool_paths_.clear();
    records_.clear();
    for (std::int64_t i = 0; i < members; ++i) {
      neural::PolicyValueNet member(context_.shape, 0);
      member->to(context_.device);
      pool_.push_back(member);
      pool_paths_.emplace_back();  // rank 0's file; this rank never saves the pool
      records_.add_member();
    }
  }
  for (neural::PolicyValueNet& member : pool_) distributed::broadcast_network(group, member);
  // Rank 0's records, which alone were read from the checkpoint.
  std::string records = group.rank() == 0 ? records_.to_text() : std::string();
  group.broadcast_bytes(records);
  if (group.rank() != 0) records_.from_text(records, "rank 0's pool records");
}

}  // namespace

std::unique_ptr<Learner> make_ppo_learner(TrainingContext& context) {
  return std::make_unique<PpoLearner>(context);
}

}  // namespace kibitz::training
