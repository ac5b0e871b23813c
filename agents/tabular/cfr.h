// CFR+ by full tree walk, for games small enough to walk (Kuhn, Leduc).
//
// Counterfactual regret minimisation with the three CFR+ changes
// (docs/cfr.md):
//   * regret-matching+: cumulative regrets are floored at 0 after every
//     update, so an action that turns good again is played at once instead of
//     first paying back a deep negative regret;
//   * alternating updates: within an iteration the seats update one after the
//     other, each against the others' strategies as they already stand;
//   * linear averaging: iteration t's strategy enters the average with weight
//     max(t - averaging_delay, 0), so the poor early strategies fade out.
// In two-player zero-sum games the average policy converges to a Nash
// equilibrium. With more seats or general-sum payoffs the solver runs the
// same updates but promises nothing; NashConv says how far it got.
//
// The tree is walked once (GameTree) and copied into flat arrays; every
// iteration is a forward pass (reach probabilities) and a backward pass
// (values and regrets) per seat over those arrays and allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "agents/tabular/game_tree.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/game.h"
#include "env/core/types.h"

namespace kibitz {

// Settings of a CFR+ run.
struct CfrOptions {
  // Iterations 1..averaging_delay get no weight in the average policy;
  // iteration t > averaging_delay gets weight t - averaging_delay. 0 (the
  // default) is plain linear averaging. Must be >= 0.
  std::int64_t averaging_delay = 0;
  // Games whose tree has more nodes are refused (see GameTree).
  std::size_t max_nodes = kDefaultMaxTreeNodes;
};

// A CFR+ solver over the whole tree of one game (see the file comment).
class CfrPlusSolver {
 public:
  // Walks the tree of `game`. Throws KibitzError when the tree has more than
  // options.max_nodes nodes (the message names the game and the limit), when
  // seats share information state strings, or when an option is out of range.
  explicit CfrPlusSolver(const Game& game, const CfrOptions& options = {});
  // The same over an already built tree.
  explicit CfrPlusSolver(GameTree tree, const CfrOptions& options = {});

  // Runs `iterations` more iterations (>= 0). Deterministic: the same game
  // and iteration count always give the same tables.
  void run(std::int64_t iterations);
  // Runs until NashConv of the average policy is below `target`, checking
  // every `check_every` iterations, or until iterations() reaches
  // `max_iterations`. Returns whether the target was reached.
  bool run_until(double target, std::int64_t max_iterations, std::int64_t check_every);
  // Iterations done so far.
  std::int64_t iterations() const { return iterations_; }

  // The iteration-weighted average of the strategies played so far: the
  // policy that converges. Infostates that never got weight (none yet, or
  // never reachable by their own seat) are uniform.
  TabularPolicy average_policy() const;
  // The strategy the next iteration would play (regret-matching+ of the
  // current regrets). Not itself an equilibrium approximation.
  TabularPolicy current_policy() const;
  // The same two in the flat layout of tree(): entry
  // Infoset::first_action + i belongs to the infoset's legal_actions[i].
  std::vector<double> average_table() const;
  std::span<const double> current_table() const { return current_; }
  // Cumulative regrets, same layout; never negative (regret-matching+).
  std::span<const double> regret_table() const { return regret_; }

  // NashConv of the average policy (agents/tabular/exploitability.h): the sum
  // over seats of what a seat gains by best-responding alone.
  double nash_conv() const;
  // Each seat's expected return when every seat plays the average policy.
  std::vector<double> average_policy_values() const;

  const GameTree& tree() const { return tree_; }
  const CfrOptions& options() const { return options_; }

 private:
  // A tree node in the solver's compact layout.
  struct FlatNode {
    Player player;
    int first_edge;
    int num_edges;
    // Player nodes: the infoset's first_action (index into the per-action
    // tables); terminal nodes: index of seat 0's return in returns_.
    int offset;
  };

  void flatten();
  void iterate();
  // One seat's update: reach forward, values and regrets backward, then the
  // average and the new strategy at the seat's infosets.
  void update_seat(Player seat, double average_weight);
  // Regret-matching+ at one infoset: current_ from the (floored) regrets.
  void match_regrets(int infoset);

  GameTree tree_;
  CfrOptions options_;
  std::int64_t iterations_ = 0;

  std::vector<FlatNode> nodes_;
  std::vector<int> edge_child_;
  std::vector<double> edge_probability_;
  std::vector<double> returns_;
  // Per infoset: its first_action, number of actions and one of its nodes
  // (perfect recall: the seat's own reach is the same at all of them).
  std::vector<int> infoset_offset_;
  std::vector<int> infoset_size_;
  std::vector<int> infoset_node_;
  std::vector<std::vector<int>> seat_infosets_;

  // Per infoset action.
  std::vector<double> regret_;
  std::vector<double> current_;
  std::vector<double> average_sum_;
  // Per node, scratch of update_seat.
  std::vector<double> reach_others_;  // chance x every other seat
  std::vector<double> reach_own_;     // the updating seat's own choices
  std::vector<double> value_;         // the updating seat's expected return
};

// Writes the solver's average policy as a policy file (docs/policy_files.md),
// with comment lines naming the game, the iterations and the NashConv: what a
// `kibitz solve` command writes. Throws KibitzError naming the file on
// failure.
void save_average_policy(const CfrPlusSolver& solver, const std::string& path);

}  // namespace kibitz
