#include "agents/tabular/best_response.h"

#include <cmath>
#include <limits>

#include "env/core/error.h"

namespace kibitz {
namespace {

// Solves one seat's best response over a built tree (see best_response.h).
class BestResponseSolver {
 public:
  BestResponseSolver(const GameTree& tree, std::span<const double> table, Player seat)
      : tree_(tree),
        table_(table),
        seat_(seat),
        reach_(tree.nodes().size(), 0.0),
        value_(tree.nodes().size(), std::numeric_limits<double>::quiet_NaN()),
        best_(tree.infosets().size(), kUnsolved) {
    compute_reach();
  }

  double root_value() { return value(tree_.root()); }

  // The seat's value of each action at one of its infosets, given that the
  // infoset was reached: reach-weighted values over the reach.
  std::vector<double> action_values(int infoset_index) {
    const GameTree::Infoset& infoset = tree_.infoset(infoset_index);
    double total_reach = 0.0;
    for (int node_index : infoset.nodes) total_reach += reach_[static_cast<std::size_t>(node_index)];
    if (total_reach <= 0.0) {
      throw error("information state '", infoset.key, "' of seat ", infoset.player,
                  " is never reached against these policies, so it has no values");
    }
    std::vector<double> values;
    for (std::size_t i = 0; i < infoset.legal_actions.size(); ++i) {
      values.push_back(reach_weighted_value(infoset, static_cast<int>(i)) / total_reach);
    }
    return values;
  }

  // The chosen action index at an infoset of the seat.
  int best_action(int infoset_index) {
    int& best = best_[static_cast<std::size_t>(infoset_index)];
    if (best >= 0) return best;
    const GameTree::Infoset& infoset = tree_.infoset(infoset_index);
    if (best == kInProgress) {
      throw error("the game ", tree_.game_spec(), " lacks perfect recall: information state '",
                  infoset.key, "' of seat ", infoset.player, " depends on itself");
    }
    best = kInProgress;
    const auto num_actions = static_cast<int>(infoset.legal_actions.size());
    int chosen = 0;
    double chosen_value = -std::numeric_limits<double>::infinity();
    for (int i = 0; i < num_actions; ++i) {
      const double sum = reach_weighted_value(infoset, i);
      // Strictly greater: ties go to the lowest action, so results are stable.
      if (sum > chosen_value) {
        chosen_value = sum;
        chosen = i;
      }
    }
    best = chosen;  // best_ is never resized, so the reference is still good
    return chosen;
  }

 private:
  static constexpr int kUnsolved = -1;

  // Sum over the infoset's histories of reach x the seat's value after
  // action i there.
  double reach_weighted_value(const GameTree::Infoset& infoset, int i) {
    double sum = 0.0;
    for (int node_index : infoset.nodes) {
      const double reach = reach_[static_cast<std::size_t>(node_index)];
      // Histories the others never reach weigh nothing: skip their subtrees.
      if (reach == 0.0) continue;
      sum += reach * value(tree_.edge_child(tree_.node(node_index).first_edge + i));
    }
    return sum;
  }
  static constexpr int kInProgress = -2;

  // Forward pass in preorder: chance and other seats multiply in, the
  // responding seat's own choices do not (they are what we optimise).
  void compute_reach() {
    reach_[static_cast<std::size_t>(tree_.root())] = 1.0;
    const auto nodes = tree_.nodes();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      const GameTree::Node& node = nodes[n];
      for (int i = 0; i < node.num_edges; ++i) {
        const int edge = node.first_edge + i;
        double factor = 1.0;
        if (node.player == kChancePlayer) {
          factor = tree_.edge_probability(edge);
        } else if (node.player != seat_) {
          factor = table_[static_cast<std::size_t>(tree_.infoset(node.infoset).first_action + i)];
        }
        reach_[static_cast<std::size_t>(tree_.edge_child(edge))] = reach_[n] * factor;
      }
    }
  }

  // The seat's expected return from a node, best-responding below it.
  double value(int node_index) {
    double& memo = value_[static_cast<std::size_t>(node_index)];
    if (!std::isnan(memo)) return memo;
    const GameTree::Node& node = tree_.node(node_index);
    double v = 0.0;
    if (node.player == kTerminalPlayer) {
      v = tree_.returns(node)[static_cast<std::size_t>(seat_)];
    } else if (node.player == seat_) {
      v = value(tree_.edge_child(node.first_edge + best_action(node.infoset)));
    } else {
      for (int i = 0; i < node.num_edges; ++i) {
        const int edge = node.first_edge + i;
        const double p =
            node.player == kChancePlayer
                ? tree_.edge_probability(edge)
                : table_[static_cast<std::size_t>(tree_.infoset(node.infoset).first_action + i)];
        if (p != 0.0) v += p * value(tree_.edge_child(edge));
      }
    }
    memo = v;  // value_ is never resized, so the reference is still good
    return v;
  }

  const GameTree& tree_;
  std::span<const double> table_;
  Player seat_;
  std::vector<double> reach_;
  std::vector<double> value_;
  std::vector<int> best_;
};

}  // namespace

std::vector<double> tabulate_policy(const GameTree& tree, const TabularPolicy& policy,
                                    std::optional<Player> except_seat) {
  std::vector<double> table(static_cast<std::size_t>(tree.num_infoset_actions()), 0.0);
  for (const GameTree::Infoset& infoset : tree.infosets()) {
    if (except_seat && infoset.player == *except_seat) continue;
    const std::vector<double> probabilities = policy.probabilities_at(infoset);
    std::copy(probabilities.begin(), probabilities.end(), table.begin() + infoset.first_action);
  }
  return table;
}

std::vector<double> expected_returns(const GameTree& tree, std::span<const double> table) {
  KIBITZ_CHECK(table.size() == static_cast<std::size_t>(tree.num_infoset_actions()),
               "policy table size ", table.size(), " != ", tree.num_infoset_actions());
  const auto n = static_cast<std::size_t>(tree.num_players());
  const auto nodes = tree.nodes();
  // Backward pass: children come after their parent in preorder.
  std::vector<double> values(nodes.size() * n, 0.0);
  for (std::size_t k = nodes.size(); k-- > 0;) {
    const GameTree::Node& node = nodes[k];
    double* out = &values[k * n];
    if (node.player == kTerminalPlayer) {
      const auto returns = tree.returns(node);
      std::copy(returns.begin(), returns.end(), out);
      continue;
    }
    for (int i = 0; i < node.num_edges; ++i) {
      const int edge = node.first_edge + i;
      const double p =
          node.player == kChancePlayer
              ? tree.edge_probability(edge)
              : table[static_cast<std::size_t>(tree.infoset(node.infoset).first_action + i)];
      if (p == 0.0) continue;
      const double* child = &values[static_cast<std::size_t>(tree.edge_child(edge)) * n];
      for (std::size_t s = 0; s < n; ++s) out[s] += p * child[s];
    }
  }
  return std::vector<double>(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(n));
}

BestResponse best_response(const GameTree& tree, std::span<const double> table, Player seat) {
  KIBITZ_CHECK(seat >= 0 && seat < tree.num_players(), "bad seat ", seat);
  KIBITZ_CHECK(table.size() == static_cast<std::size_t>(tree.num_infoset_actions()),
               "policy table size ", table.size(), " != ", tree.num_infoset_actions());
  BestResponseSolver solver(tree, table, seat);
  BestResponse response;
  response.seat = seat;
  response.value = solver.root_value();
  // Every infoset of the seat, reached by the response or not, so the policy
  // is complete and can be saved and played.
  const auto infosets = tree.infosets();
  for (std::size_t k = 0; k < infosets.size(); ++k) {
    if (infosets[k].player != seat) continue;
    const int chosen = solver.best_action(static_cast<int>(k));
    response.policy.set(infosets[k].key,
                        {{infosets[k].legal_actions[static_cast<std::size_t>(chosen)], 1.0}});
  }
  return response;
}

std::vector<double> best_response_action_values(const GameTree& tree,
                                                std::span<const double> table, Player seat,
                                                int infoset_index) {
  KIBITZ_CHECK(infoset_index >= 0 && infoset_index < static_cast<int>(tree.infosets().size()),
               "bad infoset ", infoset_index);
  KIBITZ_CHECK(tree.infoset(infoset_index).player == seat, "infoset ", infoset_index,
               " is not seat ", seat, "'s");
  KIBITZ_CHECK(table.size() == static_cast<std::size_t>(tree.num_infoset_actions()),
               "policy table size ", table.size(), " != ", tree.num_infoset_actions());
  BestResponseSolver solver(tree, table, seat);
  return solver.action_values(infoset_index);
}

BestResponse best_response(const Game& game, const TabularPolicy& policy, Player seat,
                           std::size_t max_nodes) {
  if (seat < 0 || seat >= game.num_players()) {
    throw error("seat ", seat, " is not a seat of ", game.spec(), "; seats are 0..",
                game.num_players() - 1);
  }
  const GameTree tree = GameTree::build(game, max_nodes);
  return best_response(tree, tabulate_policy(tree, policy, seat), seat);
}

}  // namespace kibitz
