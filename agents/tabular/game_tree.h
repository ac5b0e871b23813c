// GameTree: every history of a small game, walked once and stored flat, so
// best responses, policy evaluation and policy-file checks need no further
// calls into the game.
//
// Nodes are numbered in depth-first preorder, so a parent's index is always
// below its children's: one forward pass propagates reach probabilities, one
// backward pass propagates values. The children of a node occupy a contiguous
// run of edges; at a player node they follow the information set's legal
// actions in order. A game whose tree exceeds `max_nodes` is refused with an
// error naming the limit: full tree walks are for small games only.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "env/core/game.h"
#include "env/core/types.h"

namespace kibitz {

// The default node limit of full tree walks: Leduc poker has under 10,000
// nodes; a few million still build in seconds and a few hundred MB.
inline constexpr std::size_t kDefaultMaxTreeNodes = 5'000'000;

// Every history of a small game, stored flat (see the file comment).
class GameTree {
 public:
  // One history of the game.
  struct Node {
    Player player = kTerminalPlayer;  // a seat, kChancePlayer or kTerminalPlayer
    int infoset = -1;                 // player nodes: index into infosets()
    int first_edge = 0;               // children: edges [first_edge, first_edge + num_edges)
    int num_edges = 0;
    int returns_offset = -1;  // terminal nodes: index of seat 0's return in returns()
  };

  // The histories one seat cannot tell apart, with what it may do there.
  struct Infoset {
    std::string key;  // the seat's information_state_string
    Player player = 0;
    std::vector<Action> legal_actions;      // ascending
    std::vector<std::string> action_names;  // action_to_string, parallel to legal_actions
    std::vector<int> nodes;                 // the histories, in preorder
    int first_action = 0;  // offset of this infoset's actions in a flat per-action table
  };

  // Walks the whole tree of `game`. Throws KibitzError when it has more than
  // `max_nodes` nodes, or when two seats share an information state string
  // (tabular policies are keyed by the string alone).
  static GameTree build(const Game& game, std::size_t max_nodes = kDefaultMaxTreeNodes);

  int num_players() const { return num_players_; }
  const std::string& game_spec() const { return game_spec_; }

  int root() const { return 0; }
  std::span<const Node> nodes() const { return nodes_; }
  const Node& node(int index) const { return nodes_[static_cast<std::size_t>(index)]; }
  std::span<const Infoset> infosets() const { return infosets_; }
  const Infoset& infoset(int index) const { return infosets_[static_cast<std::size_t>(index)]; }
  // The infoset with this key, or -1.
  int find_infoset(std::string_view key) const;
  // Sum over infosets of their number of legal actions: the size of a flat
  // per-action table indexed by Infoset::first_action + action index.
  int num_infoset_actions() const { return num_infoset_actions_; }

  // Edge data, indexed by Node::first_edge + i.
  Action edge_action(int edge) const { return edge_action_[static_cast<std::size_t>(edge)]; }
  int edge_child(int edge) const { return edge_child_[static_cast<std::size_t>(edge)]; }
  // Chance probability of a chance edge; 0 for player edges.
  double edge_probability(int edge) const {
    return edge_probability_[static_cast<std::size_t>(edge)];
  }

  // The final returns of a terminal node, one per seat.
  std::span<const double> returns(const Node& terminal) const {
    return std::span<const double>(returns_).subspan(
        static_cast<std::size_t>(terminal.returns_offset), static_cast<std::size_t>(num_players_));
  }

 private:
  class Builder;

  int num_players_ = 0;
  std::string game_spec_;
  std::vector<Node> nodes_;
  std::vector<Action> edge_action_;
  std::vector<int> edge_child_;
  std::vector<double> edge_probability_;
  std::vector<double> returns_;
  std::vector<Infoset> infosets_;
  // Transparent hashing, so find_infoset(string_view) builds no string.
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const {
      return std::hash<std::string_view>{}(key);
    }
  };
  std::unordered_map<std::string, int, KeyHash, std::equal_to<>> infoset_index_;
  int num_infoset_actions_ = 0;
};

}  // namespace kibitz
