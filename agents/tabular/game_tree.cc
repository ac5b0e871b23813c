#include "agents/tabular/game_tree.h"

#include <memory>
#include <utility>

#include "env/core/error.h"
#include "env/core/state.h"

namespace kibitz {
namespace {

// The information-state strings a walk may keep (each new infoset's key, in
// the infoset and in the index): long games (Adulting) have keys of many
// kilobytes, so the node limit alone would let a walk exhaust memory first.
constexpr std::size_t kMaxKeyBytes = std::size_t{1} << 30;

}  // namespace

// Depth-first walk that appends nodes in preorder. One scratch state per
// depth, reused through clone_into, so the walk allocates only what it keeps.
class GameTree::Builder {
 public:
  Builder(const Game& game, std::size_t max_nodes, GameTree& tree)
      : game_(game), max_nodes_(max_nodes), tree_(tree) {}

  void run() {
    scratch_.push_back(game_.new_initial_state());
    add(0);
  }

 private:
  // Adds the node for scratch_[depth] and, recursively, its subtree.
  int add(std::size_t depth) {
    if (tree_.nodes_.size() >= max_nodes_) {
      throw error("the game tree of ", game_.spec(), " has more than ", max_nodes_,
                  " nodes, the node limit (max_nodes) of a full tree walk; exploitability by tree "
                  "walk is meant for small games");
    }
    const State& state = *scratch_[depth];
    const int index = static_cast<int>(tree_.nodes_.size());
    tree_.nodes_.emplace_back();
    Node node;
    node.player = state.current_player();

    if (node.player == kTerminalPlayer) {
      node.returns_offset = static_cast<int>(tree_.returns_.size());
      tree_.returns_.resize(tree_.returns_.size() + static_cast<std::size_t>(tree_.num_players_));
      state.returns(std::span<double>(tree_.returns_)
                        .subspan(static_cast<std::size_t>(node.returns_offset),
                                 static_cast<std::size_t>(tree_.num_players_)));
      tree_.nodes_[static_cast<std::size_t>(index)] = node;
      return index;
    }

    if (node.player == kChancePlayer) {
      state.chance_outcomes(outcomes_);
      actions_.clear();
      probabilities_.clear();
      for (const ChanceOutcome& outcome : outcomes_) {
        actions_.push_back(outcome.action);
        probabilities_.push_back(outcome.probability);
      }
    } else {
      KIBITZ_CHECK(node.player >= 0 && node.player < tree_.num_players_, "bad current player ",
                   node.player);
      state.legal_actions(actions_);
      probabilities_.assign(actions_.size(), 0.0);
      node.infoset = infoset_for(state, node.player, index);
    }
    KIBITZ_CHECK(!actions_.empty(), "a non-terminal state of ", game_.spec(), " has no actions");

    // Reserve the children's edges now so they stay contiguous.
    node.first_edge = static_cast<int>(tree_.edge_action_.size());
    node.num_edges = static_cast<int>(actions_.size());
    tree_.edge_action_.insert(tree_.edge_action_.end(), actions_.begin(), actions_.end());
    tree_.edge_probability_.insert(tree_.edge_probability_.end(), probabilities_.begin(),
                                   probabilities_.end());
    tree_.edge_child_.resize(tree_.edge_child_.size() + actions_.size(), -1);
    tree_.nodes_[static_cast<std::size_t>(index)] = node;

    if (scratch_.size() <= depth + 1) scratch_.push_back(game_.new_initial_state());
    for (int i = 0; i < node.num_edges; ++i) {
      const int edge = node.first_edge + i;
      // Re-copy the parent each time: the recursion below reuses deeper slots.
      scratch_[depth]->clone_into(*scratch_[depth + 1]);
      scratch_[depth + 1]->apply_action(tree_.edge_action_[static_cast<std::size_t>(edge)]);
      const int child = add(depth + 1);
      tree_.edge_child_[static_cast<std::size_t>(edge)] = child;
    }
    return index;
  }

  // Finds or creates the infoset of `state` for the acting seat and records
  // the node in it; actions_ holds the state's legal actions.
  int infoset_for(const State& state, Player player, int node_index) {
    std::string key = state.information_state_string(player);
    auto found = tree_.infoset_index_.find(key);
    if (found == tree_.infoset_index_.end()) {
      key_bytes_ += 2 * key.size();
      if (key_bytes_ > kMaxKeyBytes) {
        throw error("the game tree of ", game_.spec(), " keeps more than ", kMaxKeyBytes >> 20,
                    " MiB of information state strings after ", tree_.nodes_.size(),
                    " nodes; exploitability by tree walk is meant for small games");
      }
      const int id = static_cast<int>(tree_.infosets_.size());
      Infoset infoset;
      infoset.key = key;
      infoset.player = player;
      infoset.legal_actions = actions_;
      for (Action a : actions_) infoset.action_names.push_back(state.action_to_string(player, a));
      infoset.first_action = tree_.num_infoset_actions_;
      tree_.num_infoset_actions_ += static_cast<int>(actions_.size());
      infoset.nodes.push_back(node_index);
      tree_.infosets_.push_back(std::move(infoset));
      tree_.infoset_index_.emplace(std::move(key), id);
      return id;
    }
    Infoset& infoset = tree_.infosets_[static_cast<std::size_t>(found->second)];
    if (infoset.player != player) {
      throw error("seats ", infoset.player, " and ", player, " of ", game_.spec(),
                  " share the information state string '", key,
                  "'; tabular policies need strings that differ between seats");
    }
    // Same information, same choices: the State contract guarantees it.
    KIBITZ_CHECK(infoset.legal_actions == actions_, "states of information state '", key,
                 "' have different legal actions");
    infoset.nodes.push_back(node_index);
    return found->second;
  }

  const Game& game_;
  std::size_t max_nodes_;
  GameTree& tree_;
  std::vector<std::unique_ptr<State>> scratch_;
  ChanceOutcomeList outcomes_;
  ActionList actions_;
  std::vector<double> probabilities_;
  std::size_t key_bytes_ = 0;
};

GameTree GameTree::build(const Game& game, std::size_t max_nodes) {
  GameTree tree;
  tree.num_players_ = game.num_players();
  tree.game_spec_ = game.spec();
  Builder(game, max_nodes, tree).run();
  return tree;
}

int GameTree::find_infoset(std::string_view key) const {
  auto found = infoset_index_.find(key);
  return found == infoset_index_.end() ? -1 : found->second;
}

}  // namespace kibitz
