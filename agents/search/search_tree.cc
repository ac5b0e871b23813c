#include "agents/search/search_tree.h"

#include <algorithm>
#include <limits>

#include "env/core/error.h"

namespace kibitz {

SearchTree::SearchTree(Player owner, std::int64_t max_nodes)
    : owner_(owner), max_nodes_(static_cast<std::size_t>(std::max<std::int64_t>(max_nodes, 1))) {
  reset(owner);
}

void SearchTree::reset(Player owner) {
  owner_ = owner;
  nodes_.clear();
  edges_.clear();
  SearchNode root;
  root.value_seat = static_cast<std::int8_t>(owner_);
  nodes_.push_back(root);
}

std::span<SearchEdge> SearchTree::edges(std::int32_t node) {
  const SearchNode& n = nodes_[static_cast<std::size_t>(node)];
  return {edges_.data() + n.first_edge, n.num_edges};
}

std::span<const SearchEdge> SearchTree::edges(std::int32_t node) const {
  const SearchNode& n = nodes_[static_cast<std::size_t>(node)];
  return {edges_.data() + n.first_edge, n.num_edges};
}

std::int32_t SearchTree::find_edge(std::int32_t node, Action action) const {
  const SearchNode& n = nodes_[static_cast<std::size_t>(node)];
  for (std::int32_t i = n.first_edge; i < n.first_edge + n.num_edges; ++i) {
    if (edges_[static_cast<std::size_t>(i)].action == action) return i;
  }
  return -1;
}

std::int32_t SearchTree::add_edge(std::int32_t node, Action action, int room_hint) {
  SearchNode& n = nodes_[static_cast<std::size_t>(node)];
  if (n.num_edges == n.edge_capacity) {
    // Move the run to the end with more room; the old run stays unused.
    constexpr int kMaxRoom = std::numeric_limits<std::uint16_t>::max();
    const int room = std::min(kMaxRoom, std::max({room_hint, 2 * n.edge_capacity, 2}));
    KIBITZ_CHECK(room > n.num_edges, "more than ", kMaxRoom, " edges at one node");
    const auto first = static_cast<std::int32_t>(edges_.size());
    edges_.resize(edges_.size() + static_cast<std::size_t>(room));
    std::copy_n(edges_.begin() + n.first_edge, n.num_edges, edges_.begin() + first);
    n.first_edge = first;
    n.edge_capacity = static_cast<std::uint16_t>(room);
  }
  // Insertion keeps the run sorted by action, so a sorted legal-action list
  // can be matched against it in one merge pass.
  auto begin = edges_.begin() + n.first_edge;
  auto end = begin + n.num_edges;
  auto at = std::upper_bound(begin, end, action,
                             [](Action a, const SearchEdge& e) { return a < e.action; });
  KIBITZ_DCHECK(at == begin || (at - 1)->action != action, "duplicate edge");
  std::copy_backward(at, end, end + 1);
  *at = SearchEdge{action, kNoNode, 0.0f, 0};
  ++n.num_edges;
  return static_cast<std::int32_t>(at - edges_.begin());
}

std::int32_t SearchTree::add_node(Player value_seat, std::uint64_t key) {
  if (full()) return kNoNode;
  SearchNode n;
  n.key = key;
  n.value_seat = static_cast<std::int8_t>(value_seat);
  nodes_.push_back(n);
  return static_cast<std::int32_t>(nodes_.size() - 1);
}

}  // namespace kibitz
