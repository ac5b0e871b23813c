// SearchTree: the nodes and edges of one Monte Carlo search tree, stored flat.
//
// Nodes live in one std::vector and the edges of a node in one contiguous run
// of another, so a simulation walks arrays and allocates nothing once the
// vectors have grown; reset() clears them and keeps their capacity for the
// next decision. In information-set search the actions legal at a node differ
// between sampled worlds, so a node's run of edges can grow: when it is full
// it moves to the end of the edge vector with double the room (the old run is
// left unused; growth is geometric, so at most half the edge memory is
// wasted, and most nodes never grow).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "env/core/types.h"

namespace kibitz {

// One node: an information set of the tree's owner (in a determinized tree,
// a history of the one sampled world).
struct SearchNode {
  double value_sum = 0.0;    // sum of value_seat's returns over the visits
  std::uint64_t key = 0;     // what the parent's edges matched it by (see SearchTree)
  std::uint32_t visits = 0;  // simulations that passed through this node
  std::int32_t first_edge = 0;
  std::uint16_t num_edges = 0;
  std::uint16_t edge_capacity = 0;
  // The seat whose return value_sum holds: the seat that chose the move into
  // this node, so its parent can compare children for that seat; the tree's
  // owner at the root and after chance moves.
  std::int8_t value_seat = 0;
  bool has_prior = false;  // the edges hold an evaluator's prior (PUCT search)
  // Who moves at this node (a seat, or chance), once a simulation has left
  // it; kUnknownActor before. Backed-up values (SearchSettings::
  // best_values) take a maximum where the searching seat moves and a mean
  // elsewhere. It fits in the node's padding.
  static constexpr std::int8_t kUnknownActor = -128;
  std::int8_t actor = kUnknownActor;
};

// One move out of a node. Several edges may share a child when the tree's
// owner cannot tell their moves apart (observation grouping).
struct SearchEdge {
  Action action = kInvalidAction;
  std::int32_t child = -1;  // -1 while untried (PUCT makes edges before trying them)
  float prior = 0.0f;
  // Simulations in which this action was legal in the sampled world when a
  // choice was made at the node: UCB's "parent visits" under availability.
  std::uint32_t availability = 0;
};

class SearchTree {
 public:
  static constexpr std::int32_t kNoNode = -1;
  static constexpr std::int32_t kRoot = 0;

  // `owner`: the seat whose information sets the nodes are. `max_nodes`
  // bounds the node count (the root included); at least 1.
  SearchTree(Player owner, std::int64_t max_nodes);

  // Empties the tree down to a fresh root for `owner`, keeping the vectors'
  // capacity.
  void reset(Player owner);

  Player owner() const { return owner_; }
  bool full() const { return nodes_.size() >= max_nodes_; }
  std::size_t num_nodes() const { return nodes_.size(); }
  // Memory in use: nodes and edge runs (unused runs left by growth included).
  std::size_t bytes() const {
    return nodes_.size() * sizeof(SearchNode) + edges_.size() * sizeof(SearchEdge);
  }

  SearchNode& node(std::int32_t index) { return nodes_[static_cast<std::size_t>(index)]; }
  const SearchNode& node(std::int32_t index) const {
    return nodes_[static_cast<std::size_t>(index)];
  }
  SearchEdge& edge(std::int32_t index) { return edges_[static_cast<std::size_t>(index)]; }

  // The node's edges, sorted by action. Invalidated by add_edge and add_node
  // on any node (the vectors may move).
  std::span<SearchEdge> edges(std::int32_t node);
  std::span<const SearchEdge> edges(std::int32_t node) const;

  // Index of the node's edge for `action`, or -1.
  std::int32_t find_edge(std::int32_t node, Action action) const;

  // Adds an edge for `action` (not yet present) keeping the run sorted, and
  // returns its index. `room_hint`: how many edges the node will likely need,
  // used when its first run is made.
  std::int32_t add_edge(std::int32_t node, Action action, int room_hint);

  // Appends a node, or returns kNoNode when the tree is full.
  std::int32_t add_node(Player value_seat, std::uint64_t key);

 private:
  Player owner_;
  std::size_t max_nodes_;
  std::vector<SearchNode> nodes_;
  std::vector<SearchEdge> edges_;
};

}  // namespace kibitz
