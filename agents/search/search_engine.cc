#include "agents/search/search_engine.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "env/core/error.h"

namespace kibitz {

namespace {

bool stop_requested(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

}  // namespace

void RootSummary::clear(int num_actions) {
  *this = RootSummary();
  visits.assign(static_cast<std::size_t>(num_actions), 0);
  action_value_sums.assign(static_cast<std::size_t>(num_actions), 0.0);
}

void RootSummary::add(const RootSummary& other) {
  if (visits.size() < other.visits.size()) visits.resize(other.visits.size(), 0);
  for (std::size_t a = 0; a < other.visits.size(); ++a) visits[a] += other.visits[a];
  if (action_value_sums.size() < other.action_value_sums.size()) {
    action_value_sums.resize(other.action_value_sums.size(), 0.0);
  }
  for (std::size_t a = 0; a < other.action_value_sums.size(); ++a) action_value_sums[a] += other.action_value_sums[a];
  value_sum += other.value_sum;
  value_visits += other.value_visits;
  simulations += other.simulations;
  worlds += other.worlds;
  tree_nodes += other.tree_nodes;
  tree_bytes += other.tree_bytes;
  max_depth = std::max(max_depth, other.max_depth);
  belief_effective_worlds += other.belief_effective_worlds;
}

SearchEngine::SearchEngine(std::shared_ptr<const Game> game, const SearchSettings& settings,
                           std::unique_ptr<Evaluator> evaluator,
                           std::unique_ptr<BeliefModel> belief_model,
                           std::unique_ptr<BeliefModel> opponent_model)
    : game_(std::move(game)),
      settings_(settings),
      evaluator_(std::move(evaluator)),
      puct_(evaluator_->has_prior()),
      value_low_(game_->min_return()),
      belief_model_(std::move(belief_model)),
      opponent_model_(std::move(opponent_model)) {
  const double range = game_->max_return() - game_->min_return();
  KIBITZ_CHECK(range > 0, "game ", game_->name(), " has an empty return range");
  value_scale_ = 1.0 / range;
  KIBITZ_CHECK(!settings_.model_opponents ||
                   (settings_.variant == SearchVariant::kSingleObserver &&
                    (puct_ || opponent_model_)),
               "model_opponents needs SO-ISMCTS and an opponent model or an evaluator with a "
               "policy");
  KIBITZ_CHECK(!opponent_model_ || settings_.model_opponents,
               "an opponent model needs model_opponents");
  KIBITZ_CHECK(!settings_.best_values || settings_.model_opponents,
               "best_values needs model_opponents");
  KIBITZ_CHECK(!settings_.searcher_values || settings_.model_opponents,
               "searcher_values needs model_opponents");
  KIBITZ_CHECK(settings_.belief_worlds == 0 || puct_ || belief_model_,
               "belief_worlds needs a belief model or an evaluator with a policy");
  if (settings_.belief_worlds > 0) {
    belief_ = std::make_unique<BeliefSampler>(game_, settings_.belief_worlds,
                                              settings_.belief_floor, settings_.belief_power,
                                              settings_.belief_min_ess, settings_.belief_rounds);
    if (!belief_model_) belief_model_ = std::make_unique<EvaluatorBeliefModel>(*evaluator_);
  }
  const int n = settings_.variant == SearchVariant::kMultipleObserver ? game_->num_players() : 1;
  for (int k = 0; k < n; ++k) trees_.emplace_back(k, settings_.max_nodes);
  world_ = game_->new_initial_state();
  determinization_ = game_->new_initial_state();
  current_.resize(static_cast<std::size_t>(n));
  detached_.resize(static_cast<std::size_t>(n));
  paths_.resize(static_cast<std::size_t>(n));
  before_.resize(static_cast<std::size_t>(n));
  for (auto& path : paths_) path.reserve(static_cast<std::size_t>(game_->max_game_length()) + 1);
  values_.resize(static_cast<std::size_t>(game_->num_players()));
}

bool SearchEngine::modeled(Player actor) const {
  return settings_.model_opponents && actor != observer_;
}

int SearchEngine::selector(Player actor) const {
  return settings_.variant == SearchVariant::kMultipleObserver ? actor : 0;
}

bool SearchEngine::grouped(int k, Player actor) const {
  switch (settings_.variant) {
    case SearchVariant::kSingleObserver:
      return actor == kChancePlayer;
    case SearchVariant::kMultipleObserver:
      return actor != trees_[static_cast<std::size_t>(k)].owner();
    case SearchVariant::kDeterminized:
      return false;
  }
  return false;
}

// Both buffers were filled in this step: legal_ by select, outcomes_ at chance.
int SearchEngine::room_hint(Player actor) const {
  return static_cast<int>(actor == kChancePlayer ? outcomes_.size() : legal_.size());
}

void SearchEngine::reset_trees() {
  // SO and PIMC keep one tree, owned by the searching seat; MO one per seat.
  if (trees_.size() == 1) {
    trees_[0].reset(observer_);
  } else {
    for (std::size_t k = 0; k < trees_.size(); ++k) trees_[k].reset(static_cast<Player>(k));
  }
}

void SearchEngine::search(const SeatView& view, Rng& rng, const SearchBudget& budget,
                          RootSummary& out) {
  observer_ = view.seat();
  max_depth_ = 0;
  // Every world drawn for this search gives the observer the view's stream,
  // so its key is the root's key of the observer's tree. Only a game with a
  // log continues keys from it (ObservationKeys); others need no stream.
  keys_.start_search(observer_, world_->keeps_observation_log() ? view.stream() : std::span<const Observation>());
  RootSummary mine;
  mine.clear(game_->num_distinct_actions());
  if (belief_) {
    // Under a time budget the pool may take half of what is left, so the
    // simulations keep the other half: time_ms covers the whole decision.
    std::optional<std::chrono::steady_clock::time_point> pool_until;
    if (budget.deadline) {
      const auto now = std::chrono::steady_clock::now();
      pool_until = now + (*budget.deadline - now) / 2;
    }
    belief_->refill(view, *belief_model_, rng, pool_until);
    mine.belief_effective_worlds = belief_->effective_size();
  }
  // A world from the belief pool, or else uniformly from the information set.
  auto sample_world = [&](State& into) {
    if (belief_) {
      belief_->draw(rng, into);
    } else {
      view.sample_world(rng, into);
    }
  };
  if (settings_.variant != SearchVariant::kDeterminized) {
    reset_trees();
    mine.simulations = run_simulations([&] { sample_world(*world_); }, rng, budget.simulations,
                                       budget.deadline, budget.stop);
    add_root_summary(mine);
    for (const SearchTree& tree : trees_) {
      mine.tree_nodes += tree.num_nodes();
      mine.tree_bytes += tree.bytes();
    }
  } else {
    const auto start = std::chrono::steady_clock::now();
    for (std::int64_t w = 0; w < budget.worlds; ++w) {
      std::optional<std::chrono::steady_clock::time_point> deadline;
      if (budget.deadline) deadline = start + (*budget.deadline - start) * (w + 1) / budget.worlds;
      sample_world(*determinization_);
      reset_trees();
      mine.simulations += run_simulations([&] { determinization_->clone_into(*world_); }, rng,
                                          budget.simulations, deadline, budget.stop);
      add_root_summary(mine);
      mine.tree_nodes = std::max(mine.tree_nodes, trees_[0].num_nodes());
      mine.tree_bytes = std::max(mine.tree_bytes, trees_[0].bytes());
      ++mine.worlds;
      if (stop_requested(budget.stop)) break;  // the visits so far are the answer
    }
  }
  mine.max_depth = max_depth_;
  out.add(mine);
}

template <typename Sample>
std::int64_t SearchEngine::run_simulations(
    Sample&& sample, Rng& rng, std::int64_t simulations,
    std::optional<std::chrono::steady_clock::time_point> deadline, const std::atomic<bool>* stop) {
  // The flag is one relaxed load, cheap enough to read after every
  // simulation, so even a search whose simulations are slow (agent rollouts,
  // a network) stops within one of them. The clock costs more: it is read
  // every few simulations.
  constexpr std::int64_t kClockBatch = 16;
  std::int64_t done = 0;
  while (deadline || done < simulations) {
    sample();
    simulate(rng);
    ++done;
    if (stop_requested(stop)) break;
    if (deadline && done % kClockBatch == 0 && std::chrono::steady_clock::now() >= *deadline) {
      break;
    }
  }
  return done;
}

void SearchEngine::simulate(Rng& rng) {
  keys_.start_simulation(*world_);
  // The model's agents follow each world from where it was drawn.
  if (opponent_model_) opponent_model_->begin_world();
  const int num_trees = static_cast<int>(trees_.size());
  for (int k = 0; k < num_trees; ++k) {
    current_[static_cast<std::size_t>(k)] = SearchTree::kRoot;
    detached_[static_cast<std::size_t>(k)] = 0;
    paths_[static_cast<std::size_t>(k)].clear();
    paths_[static_cast<std::size_t>(k)].push_back(SearchTree::kRoot);
  }
  bool stop = false;
  while (!stop && !world_->is_terminal()) {
    const Player actor = world_->current_player();
    Action action;
    if (actor == kChancePlayer) {
      world_->chance_outcomes(outcomes_);
      action = sample_chance_outcome(outcomes_, rng);
    } else if (modeled(actor)) {
      world_->legal_actions(legal_);
      if (opponent_model_) {
        opponent_model_->policy(*world_, prior_);
      } else {
        evaluator_->policy(*world_, prior_);
      }
      action = legal_[rng.sample_index(prior_)];
    } else {
      const int s = selector(actor);
      if (!select(trees_[static_cast<std::size_t>(s)], current_[static_cast<std::size_t>(s)], rng,
                  action)) {
        break;
      }
    }
    // Backups need to know who moved where (SO: the one tree follows all).
    if (settings_.best_values && !detached_[0]) {
      trees_[0].node(current_[0]).actor = static_cast<std::int8_t>(actor);
    }
    // A tree other than the searching seat's keys a move it sees for the
    // first time by what the move adds to its owner's view: mark the view
    // before.
    for (int k = 0; k < num_trees; ++k) {
      const Player owner = trees_[static_cast<std::size_t>(k)].owner();
      if (owner != observer_ && needs_observation(k, actor, action)) {
        before_[static_cast<std::size_t>(k)] = keys_.mark(*world_, owner);
      }
    }
    world_->apply_action(action);
    // Every tree moves with the world; one new node in any tree ends the
    // descent (expand one node, then evaluate).
    for (int k = 0; k < num_trees; ++k) {
      bool created = false;
      const std::int32_t next = descend(k, actor, action, created);
      if (next == SearchTree::kNoNode) {
        detached_[static_cast<std::size_t>(k)] = 1;
        stop = true;
        continue;
      }
      current_[static_cast<std::size_t>(k)] = next;
      paths_[static_cast<std::size_t>(k)].push_back(next);
      stop = stop || created;
    }
  }
  for (const auto& path : paths_) {
    max_depth_ = std::max(max_depth_, static_cast<int>(path.size()) - 1);
  }
  evaluate_and_backup(rng);
}

bool SearchEngine::select(SearchTree& tree, std::int32_t node, Rng& rng, Action& action) {
  world_->legal_actions(legal_);
  return puct_ ? select_puct(tree, node, action) : select_ucb(tree, node, rng, action);
}

bool SearchEngine::select_ucb(SearchTree& tree, std::int32_t node, Rng& rng, Action& action) {
  // One merge pass over the sorted legal actions and the sorted edges splits
  // the legal actions into tried (an edge with a child) and untried.
  compatible_.clear();
  untried_.clear();
  {
    const std::span<SearchEdge> edges = tree.edges(node);
    const std::int32_t first = tree.node(node).first_edge;
    std::size_t j = 0;
    for (Action a : legal_) {
      while (j < edges.size() && edges[j].action < a) ++j;
      if (j < edges.size() && edges[j].action == a && edges[j].child != SearchTree::kNoNode) {
        compatible_.push_back(first + static_cast<std::int32_t>(j));
      } else {
        untried_.push_back(a);
      }
    }
  }
  const bool expand = !untried_.empty() && !tree.full();
  if (!expand && compatible_.empty()) return false;
  // This simulation makes a choice here: every legal tried child was available.
  for (std::int32_t e : compatible_) ++tree.edge(e).availability;
  if (expand) {
    action = untried_[static_cast<std::size_t>(rng.uniform_int(untried_.size()))];
    std::int32_t e = tree.find_edge(node, action);
    if (e < 0) e = tree.add_edge(node, action, static_cast<int>(legal_.size()));
    ++tree.edge(e).availability;
    return true;
  }
  // Backed-up values value every root action, so the root's actions take
  // turns (fewest visits first) and each is valued with the same effort.
  const bool evenly = settings_.best_values && node == SearchTree::kRoot;
  double best = -std::numeric_limits<double>::infinity();
  for (std::int32_t e : compatible_) {
    const SearchEdge& edge = tree.edge(e);
    const SearchNode& child = tree.node(edge.child);
    const double n = child.visits;
    const double q = (child.value_sum / n - value_low_) * value_scale_;
    const double score =
        evenly ? -n
               : q + settings_.c * std::sqrt(std::log(static_cast<double>(edge.availability)) / n);
    if (score > best) {
      best = score;
      action = edge.action;
    }
  }
  return true;
}

bool SearchEngine::select_puct(SearchTree& tree, std::int32_t node, Action& action) {
  // A node gets its prior when the evaluator first sees it: until then it is
  // a leaf (this is how the root's prior is fetched, in the first simulation).
  if (!tree.node(node).has_prior) return false;
  // An action the prior never saw (legal only in other worlds) gets the
  // uniform share of this world's actions.
  const float uniform = 1.0f / static_cast<float>(legal_.size());
  for (Action a : legal_) {
    if (tree.find_edge(node, a) < 0) {
      tree.edge(tree.add_edge(node, a, static_cast<int>(legal_.size()))).prior = uniform;
    }
  }
  compatible_.clear();
  const std::span<SearchEdge> edges = tree.edges(node);
  const std::int32_t first = tree.node(node).first_edge;
  std::size_t j = 0;
  for (Action a : legal_) {
    while (edges[j].action < a) ++j;
    compatible_.push_back(first + static_cast<std::int32_t>(j));
  }
  // Untried children start at the visit-weighted mean of the tried ones
  // (first-play urgency), the acting seat's estimate of this node.
  double tried_value = 0.0;
  double tried_visits = 0.0;
  for (std::int32_t e : compatible_) {
    SearchEdge& edge = tree.edge(e);
    ++edge.availability;
    if (edge.child == SearchTree::kNoNode) continue;
    const SearchNode& child = tree.node(edge.child);
    tried_value += (child.value_sum - value_low_ * child.visits) * value_scale_;
    tried_visits += child.visits;
  }
  const double fpu = tried_visits > 0 ? tried_value / tried_visits : 0.5;
  double best = -std::numeric_limits<double>::infinity();
  bool found = false;
  for (std::int32_t e : compatible_) {
    const SearchEdge& edge = tree.edge(e);
    double q = fpu;
    double n = 0.0;
    if (edge.child != SearchTree::kNoNode) {
      const SearchNode& child = tree.node(edge.child);
      n = child.visits;
      q = (child.value_sum / n - value_low_) * value_scale_;
    } else if (tree.full()) {
      continue;  // cannot expand any more
    }
    const double score = q + settings_.c * edge.prior *
                                 std::sqrt(static_cast<double>(edge.availability)) / (1.0 + n);
    if (score > best) {
      best = score;
      action = edge.action;
      found = true;
    }
  }
  return found;
}

bool SearchEngine::needs_observation(int k, Player actor, Action action) const {
  const auto i = static_cast<std::size_t>(k);
  return !detached_[i] && grouped(k, actor) && trees_[i].find_edge(current_[i], action) < 0;
}

std::int32_t SearchEngine::descend(int k, Player actor, Action action, bool& created) {
  SearchTree& tree = trees_[static_cast<std::size_t>(k)];
  const std::int32_t node = current_[static_cast<std::size_t>(k)];
  if (detached_[static_cast<std::size_t>(k)]) return SearchTree::kNoNode;
  std::int32_t e = tree.find_edge(node, action);
  if (e >= 0 && tree.edge(e).child != SearchTree::kNoNode) return tree.edge(e).child;
  // A modelled opponent's node keeps the owner's values: nothing selects
  // for the opponent, and backed-up values read the owner's.
  const Player value_seat = actor >= 0 && !modeled(actor) ? actor : tree.owner();
  if (!grouped(k, actor)) {
    const std::int32_t child = tree.add_node(value_seat, static_cast<std::uint64_t>(action));
    if (child == SearchTree::kNoNode) return child;
    if (e < 0) e = tree.add_edge(node, action, room_hint(actor));
    tree.edge(e).child = child;
    created = true;
    return child;
  }
  // First time this move is seen here: find the child for what the owner
  // observed of it, shared with any move it cannot tell apart. The edge then
  // remembers the answer, so the streams are read once per (node, move);
  // docs/search.md states the assumption this makes. The searching seat's
  // tree is one information set of its owner at every node, so the whole
  // stream is the key; another seat's tree spans all of that seat's hidden
  // cards, so only the observations the move added are compared.
  const std::uint64_t key =
      tree.owner() == observer_
          ? keys_.observer_key(*world_)
          : keys_.change_key(*world_, tree.owner(), before_[static_cast<std::size_t>(k)]);
  std::int32_t child = SearchTree::kNoNode;
  for (const SearchEdge& edge : tree.edges(node)) {
    if (edge.child != SearchTree::kNoNode && tree.node(edge.child).key == key) {
      child = edge.child;
      break;
    }
  }
  if (child == SearchTree::kNoNode) {
    child = tree.add_node(value_seat, key);
    if (child == SearchTree::kNoNode) return child;
    created = true;
  }
  if (e < 0) e = tree.add_edge(node, action, room_hint(actor));
  tree.edge(e).child = child;
  return child;
}

void SearchEngine::evaluate_and_backup(Rng& rng) {
  if (world_->is_terminal()) {
    world_->returns(values_);
  } else {
    // Under PUCT the selecting tree's leaf takes the evaluator's prior.
    int prior_tree = -1;
    if (puct_ && !world_->is_chance_node() && !modeled(world_->current_player())) {
      const int s = selector(world_->current_player());
      const auto si = static_cast<std::size_t>(s);
      if (!detached_[si] && !trees_[si].node(current_[si]).has_prior) {
        prior_tree = s;
        world_->legal_actions(legal_);
      }
    }
    // A leaf where the searching seat needs its prior is valued from its own
    // view anyway (it is the seat to act there).
    if (settings_.searcher_values && prior_tree < 0) {
      evaluator_->seat_values(*world_, observer_, rng, values_);
    } else {
      evaluator_->evaluate(*world_, rng, values_, prior_tree >= 0 ? &prior_ : nullptr);
    }
    if (prior_tree >= 0) {
      KIBITZ_CHECK(prior_.size() == legal_.size(), "prior over ", prior_.size(), " actions, ",
                   legal_.size(), " legal");
      SearchTree& tree = trees_[static_cast<std::size_t>(prior_tree)];
      const std::int32_t node = current_[static_cast<std::size_t>(prior_tree)];
      for (std::size_t i = 0; i < legal_.size(); ++i) {
        std::int32_t e = tree.find_edge(node, legal_[i]);
        if (e < 0) e = tree.add_edge(node, legal_[i], static_cast<int>(legal_.size()));
        tree.edge(e).prior = static_cast<float>(prior_[i]);
      }
      tree.node(node).has_prior = true;
    }
  }
  for (std::size_t k = 0; k < trees_.size(); ++k) {
    for (std::int32_t index : paths_[k]) {
      SearchNode& n = trees_[k].node(index);
      ++n.visits;
      n.value_sum += values_[static_cast<std::size_t>(n.value_seat)];
    }
  }
}

void SearchEngine::add_root_summary(RootSummary& out) const {
  const SearchTree& tree = trees_[static_cast<std::size_t>(selector(observer_))];
  for (const SearchEdge& edge : tree.edges(SearchTree::kRoot)) {
    if (edge.child == SearchTree::kNoNode) continue;
    // A root child's value_seat is the searching seat (it chose the edge).
    const SearchNode& child = tree.node(edge.child);
    out.visits[static_cast<std::size_t>(edge.action)] += child.visits;
    out.action_value_sums[static_cast<std::size_t>(edge.action)] +=
        settings_.best_values ? backed_up_value(tree, edge.child) * child.visits : child.value_sum;
  }
  const SearchNode& root = tree.node(SearchTree::kRoot);
  out.value_sum += root.value_sum;
  out.value_visits += root.visits;
}

double SearchEngine::backed_up_value(const SearchTree& tree, std::int32_t index) const {
  const SearchNode& node = tree.node(index);
  const std::span<const SearchEdge> edges = tree.edges(index);
  if (node.actor == observer_) {
    // The searching seat plays its best move here: the highest value among
    // the moves the search tried at least half as often as its favourite.
    // A move tried a handful of times has a value too noisy to pick by (the
    // maximum of noisy values is biased upwards), and the favourite alone
    // is often a tie broken blindly where few simulations reached.
    std::uint32_t most = 0;
    for (const SearchEdge& edge : edges) {
      if (edge.child != SearchTree::kNoNode) most = std::max(most, tree.node(edge.child).visits);
    }
    double best = -std::numeric_limits<double>::infinity();
    for (const SearchEdge& edge : edges) {
      if (edge.child == SearchTree::kNoNode) continue;
      const std::uint32_t visits = tree.node(edge.child).visits;
      if (visits == 0 || 2 * static_cast<std::uint64_t>(visits) < most) continue;
      best = std::max(best, backed_up_value(tree, edge.child));
    }
    if (most > 0) return best;
  } else if (node.actor != SearchNode::kUnknownActor) {
    // Chance or a modelled opponent: the moves as often as they were drawn.
    // Edges that the owner cannot tell apart share a child: count it once.
    double sum = 0.0;
    double visits = 0.0;
    for (std::size_t i = 0; i < edges.size(); ++i) {
      const std::int32_t child = edges[i].child;
      if (child == SearchTree::kNoNode || tree.node(child).visits == 0) continue;
      bool seen = false;
      for (std::size_t j = 0; j < i && !seen; ++j) seen = edges[j].child == child;
      if (seen) continue;
      sum += backed_up_value(tree, child) * tree.node(child).visits;
      visits += tree.node(child).visits;
    }
    if (visits > 0) return sum / visits;
  }
  // A leaf, or a node no simulation left: its simulations' mean.
  return node.visits > 0 ? node.value_sum / node.visits : 0.0;
}

}  // namespace kibitz
