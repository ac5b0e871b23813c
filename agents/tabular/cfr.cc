#include "agents/tabular/cfr.h"

#include <algorithm>
#include <sstream>
#include <utility>

#include "agents/tabular/best_response.h"
#include "env/core/error.h"

namespace kibitz {
namespace {

GameTree build_tree(const Game& game, std::size_t max_nodes) {
  try {
    return GameTree::build(game, max_nodes);
  } catch (const KibitzError& e) {
    // The tree's own message speaks of tree walks in general; say who walks.
    throw error("CFR+ solves by walking the whole game tree and cannot solve ", game.spec(), ": ",
                e.what());
  }
}

// A TabularPolicy from a flat per-action table in the layout of `tree`.
TabularPolicy policy_from_table(const GameTree& tree, std::span<const double> table) {
  TabularPolicy policy;
  for (const GameTree::Infoset& infoset : tree.infosets()) {
    ActionProbabilities entry;
    entry.reserve(infoset.legal_actions.size());
    for (std::size_t i = 0; i < infoset.legal_actions.size(); ++i) {
      entry.push_back(
          {infoset.legal_actions[i], table[static_cast<std::size_t>(infoset.first_action) + i]});
    }
    policy.set(infoset.key, std::move(entry));
  }
  return policy;
}

}  // namespace

CfrPlusSolver::CfrPlusSolver(const Game& game, const CfrOptions& options)
    : CfrPlusSolver(build_tree(game, options.max_nodes), options) {}

CfrPlusSolver::CfrPlusSolver(GameTree tree, const CfrOptions& options)
    : tree_(std::move(tree)), options_(options) {
  if (options_.averaging_delay < 0) {
    throw error("CFR+ averaging delay must be >= 0, not ", options_.averaging_delay);
  }
  flatten();
}

void CfrPlusSolver::flatten() {
  const auto tree_nodes = tree_.nodes();
  nodes_.reserve(tree_nodes.size());
  for (const GameTree::Node& node : tree_nodes) {
    FlatNode flat{node.player, node.first_edge, node.num_edges, -1};
    if (node.player == kTerminalPlayer) {
      flat.offset = static_cast<int>(returns_.size());
      const auto returns = tree_.returns(node);
      returns_.insert(returns_.end(), returns.begin(), returns.end());
    } else if (node.player != kChancePlayer) {
      flat.offset = tree_.infoset(node.infoset).first_action;
    }
    nodes_.push_back(flat);
  }
  // Edges keep the tree's own indices, so Node::first_edge carries over.
  std::size_t num_edges = 0;
  for (const FlatNode& node : nodes_) num_edges += static_cast<std::size_t>(node.num_edges);
  edge_child_.resize(num_edges);
  edge_probability_.resize(num_edges);
  for (std::size_t e = 0; e < num_edges; ++e) {
    edge_child_[e] = tree_.edge_child(static_cast<int>(e));
    edge_probability_[e] = tree_.edge_probability(static_cast<int>(e));
  }

  seat_infosets_.assign(static_cast<std::size_t>(tree_.num_players()), {});
  for (std::size_t k = 0; k < tree_.infosets().size(); ++k) {
    const GameTree::Infoset& infoset = tree_.infosets()[k];
    infoset_offset_.push_back(infoset.first_action);
    infoset_size_.push_back(static_cast<int>(infoset.legal_actions.size()));
    infoset_node_.push_back(infoset.nodes.front());
    seat_infosets_[static_cast<std::size_t>(infoset.player)].push_back(static_cast<int>(k));
  }

  const auto actions = static_cast<std::size_t>(tree_.num_infoset_actions());
  regret_.assign(actions, 0.0);
  current_.assign(actions, 0.0);
  average_sum_.assign(actions, 0.0);
  for (std::size_t k = 0; k < infoset_offset_.size(); ++k) match_regrets(static_cast<int>(k));
  reach_others_.assign(nodes_.size(), 0.0);
  reach_own_.assign(nodes_.size(), 0.0);
  value_.assign(nodes_.size(), 0.0);
}

void CfrPlusSolver::run(std::int64_t iterations) {
  KIBITZ_CHECK(iterations >= 0, "negative iteration count ", iterations);
  for (std::int64_t i = 0; i < iterations; ++i) iterate();
}

bool CfrPlusSolver::run_until(double target, std::int64_t max_iterations,
                              std::int64_t check_every) {
  KIBITZ_CHECK(check_every > 0, "check_every must be positive, not ", check_every);
  while (true) {
    if (iterations_ > 0 && nash_conv() < target) return true;
    if (iterations_ >= max_iterations) return false;
    run(std::min(check_every, max_iterations - iterations_));
  }
}

void CfrPlusSolver::iterate() {
  ++iterations_;
  const double weight =
      static_cast<double>(std::max<std::int64_t>(iterations_ - options_.averaging_delay, 0));
  for (Player seat = 0; seat < tree_.num_players(); ++seat) update_seat(seat, weight);
}

void CfrPlusSolver::update_seat(Player seat, double average_weight) {
  const std::size_t num_nodes = nodes_.size();
  const double* strategy = current_.data();

  // Forward, in preorder: a parent's reach is final before its children's.
  reach_others_[0] = 1.0;
  reach_own_[0] = 1.0;
  for (std::size_t n = 0; n < num_nodes; ++n) {
    const FlatNode& node = nodes_[n];
    if (node.player == kTerminalPlayer) continue;
    const double others = reach_others_[n];
    const double own = reach_own_[n];
    for (int i = 0; i < node.num_edges; ++i) {
      const auto edge = static_cast<std::size_t>(node.first_edge + i);
      const auto child = static_cast<std::size_t>(edge_child_[edge]);
      if (node.player == kChancePlayer) {
        reach_others_[child] = others * edge_probability_[edge];
        reach_own_[child] = own;
      } else if (node.player == seat) {
        reach_others_[child] = others;
        reach_own_[child] = own * strategy[node.offset + i];
      } else {
        reach_others_[child] = others * strategy[node.offset + i];
        reach_own_[child] = own;
      }
    }
  }

  // Backward, in reverse preorder: children are valued before their parent.
  // Regrets are added here unfloored; flooring waits until every history of
  // an infoset has contributed, as regret-matching+ floors the sum.
  for (std::size_t n = num_nodes; n-- > 0;) {
    const FlatNode& node = nodes_[n];
    if (node.player == kTerminalPlayer) {
      value_[n] = returns_[static_cast<std::size_t>(node.offset + seat)];
      continue;
    }
    const double others = reach_others_[n];
    // A history that chance or the other seats never play into moves no
    // regret, and its value reaches the root only multiplied by zero.
    if (others == 0.0) {
      value_[n] = 0.0;
      continue;
    }
    const int* children = &edge_child_[static_cast<std::size_t>(node.first_edge)];
    const double* p = node.player == kChancePlayer
                          ? &edge_probability_[static_cast<std::size_t>(node.first_edge)]
                          : strategy + node.offset;
    double v = 0.0;
    for (int i = 0; i < node.num_edges; ++i) {
      v += p[i] * value_[static_cast<std::size_t>(children[i])];
    }
    if (node.player == seat) {
      double* regret = &regret_[static_cast<std::size_t>(node.offset)];
      for (int i = 0; i < node.num_edges; ++i) {
        regret[i] += others * (value_[static_cast<std::size_t>(children[i])] - v);
      }
    }
    value_[n] = v;
  }

  // Per infoset of the seat: the strategy just played joins the average
  // (weighted by the seat's own reach, once per infoset), then the regrets
  // are floored and the next strategy matched to them.
  for (int infoset : seat_infosets_[static_cast<std::size_t>(seat)]) {
    const auto k = static_cast<std::size_t>(infoset);
    const auto offset = static_cast<std::size_t>(infoset_offset_[k]);
    const int size = infoset_size_[k];
    const double own = reach_own_[static_cast<std::size_t>(infoset_node_[k])];
    if (average_weight > 0.0 && own > 0.0) {
      const double w = average_weight * own;
      for (int i = 0; i < size; ++i) average_sum_[offset + i] += w * current_[offset + i];
    }
    for (int i = 0; i < size; ++i) regret_[offset + i] = std::max(regret_[offset + i], 0.0);
    match_regrets(infoset);
  }
}

void CfrPlusSolver::match_regrets(int infoset) {
  const auto k = static_cast<std::size_t>(infoset);
  const auto offset = static_cast<std::size_t>(infoset_offset_[k]);
  const int size = infoset_size_[k];
  double sum = 0.0;
  for (int i = 0; i < size; ++i) sum += std::max(regret_[offset + i], 0.0);
  for (int i = 0; i < size; ++i) {
    current_[offset + i] =
        sum > 0.0 ? std::max(regret_[offset + i], 0.0) / sum : 1.0 / static_cast<double>(size);
  }
}

std::vector<double> CfrPlusSolver::average_table() const {
  std::vector<double> table(average_sum_.size(), 0.0);
  for (std::size_t k = 0; k < infoset_offset_.size(); ++k) {
    const auto offset = static_cast<std::size_t>(infoset_offset_[k]);
    const int size = infoset_size_[k];
    double sum = 0.0;
    for (int i = 0; i < size; ++i) sum += average_sum_[offset + i];
    for (int i = 0; i < size; ++i) {
      table[offset + i] = sum > 0.0 ? average_sum_[offset + i] / sum : 1.0 / size;
    }
  }
  return table;
}

TabularPolicy CfrPlusSolver::average_policy() const {
  return policy_from_table(tree_, average_table());
}

TabularPolicy CfrPlusSolver::current_policy() const { return policy_from_table(tree_, current_); }

double CfrPlusSolver::nash_conv() const {
  const std::vector<double> table = average_table();
  const std::vector<double> values = expected_returns(tree_, table);
  double total = 0.0;
  for (Player seat = 0; seat < tree_.num_players(); ++seat) {
    total += best_response(tree_, table, seat).value - values[static_cast<std::size_t>(seat)];
  }
  return total;
}

std::vector<double> CfrPlusSolver::average_policy_values() const {
  return expected_returns(tree_, average_table());
}

void save_average_policy(const CfrPlusSolver& solver, const std::string& path) {
  std::ostringstream comment;
  comment << "CFR+ average policy of " << solver.tree().game_spec() << "\n"
          << "iterations " << solver.iterations() << ", averaging delay "
          << solver.options().averaging_delay << ", NashConv " << solver.nash_conv();
  save_policy(path, solver.average_policy(), comment.str());
}

}  // namespace kibitz
