// SearchEngine: one thread's Monte Carlo search over sampled worlds. It runs
// the three variants behind the search agents (docs/search.md):
//
//  * SO-ISMCTS (Cowling, Powley and Whitehouse 2012, single observer): each
//    simulation samples a world from the searching seat's information set and
//    descends one tree whose edges are moves. Selection uses UCB1 with
//    availability counts: a child's exploration term counts only the
//    simulations in which its action was legal in the sampled world.
//  * MO-ISMCTS (multiple observer): one tree per seat. The seat to act selects
//    in its own tree, where its moves branch by action; every other tree
//    follows the move as its owner observes it, so moves that owner cannot
//    tell apart (a face-down card) lead to one node.
//  * Determinized UCT (PIMC): for each sampled world, a perfect-information
//    tree over that one world; root visits are summed over the worlds.
//
// With belief_worlds, the worlds are drawn from a pool weighted by how
// likely the other seats' moves so far were under the evaluator's policy
// (belief_sampler.h) instead of uniformly from the information set.
//
// With model_opponents, SO-ISMCTS draws the other seats' moves from the
// evaluator's policy instead (like chance moves, but keyed by action).
//
// Chance moves are sampled by their probabilities and, in the ISMCTS trees,
// grouped by what the tree's owner observes of them. A simulation expands at
// most one node per tree, evaluates the leaf with the Evaluator (exact
// returns at a terminal world) and backs up into every node on the path the
// return of the seat that chose the move into it.
//
// Search reads the real game only through SeatView::sample_world, so no
// hidden card of the true state can influence it (docs/search.md).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/search/belief_model.h"
#include "agents/search/belief_sampler.h"
#include "agents/search/evaluator.h"
#include "agents/search/observation_keys.h"
#include "agents/search/search_tree.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"

namespace kibitz {

// Which search an engine runs.
enum class SearchVariant {
  kSingleObserver,    // SO-ISMCTS: one tree, every seat's moves by action
  kMultipleObserver,  // MO-ISMCTS: one tree per seat, others' moves by observation
  kDeterminized,      // PIMC: one perfect-information tree per sampled world
};

// Settings an engine keeps for its lifetime.
struct SearchSettings {
  SearchVariant variant = SearchVariant::kSingleObserver;
  // Exploration constant; returns are scaled to [0, 1] by the game's bounds.
  double c = 0.7;
  // Node bound per tree (MO keeps one tree per seat); the root counts.
  std::int64_t max_nodes = 1'000'000;
  // SO only, with an evaluator that has a policy: the other seats' moves are
  // drawn from that policy, read from each seat's own information state in
  // the sampled world, instead of being selected in the tree. The tree then
  // searches only the searching seat's choices, against opponents who act on
  // their own (sampled) cards; selecting for them in one shared tree would
  // let them act on the searching seat's belief instead.
  bool model_opponents = false;
  // The agent spec whose moves model the other seats when model_opponents
  // is set (AgentBeliefModel, acting on each seat's own view of the sampled
  // world; SearchAgent builds it per engine); empty: the evaluator's policy.
  // With the opponents fixed to a model, the searching seat's values are
  // what it earns best-responding to that model (docs/review.md uses this
  // to compare with exact best responses).
  std::string opponent_model;
  // With model_opponents only: each root action's value is backed up
  // through the tree instead of averaged over the simulations through it:
  // where the searching seat moves, the highest value among its moves
  // tried at least half as often as its most tried one (backed_up_value);
  // where chance or a modelled opponent moves, the visit-weighted mean of
  // the moves' values. The plain mean also counts the searching seat's
  // exploring moves further down, so it undervalues every action; the
  // backup estimates what the action is worth when the seat plays its best
  // afterwards (docs/search.md).
  bool best_values = false;
  // With model_opponents only: every leaf is valued by the searching seat
  // from its own information state (Evaluator::seat_values; the network
  // evaluator plays on to that seat's next decision first), not by the seat
  // to act there. Only the searching seat's values steer a search whose
  // opponents are modelled, and its own view holds its true cards where
  // another seat's view holds only sampled ones.
  bool searcher_values = false;
  // Each search first draws this many worlds and weights each by how likely
  // the other seats' moves so far were under a model of them
  // (BeliefSampler); every simulation then takes its world from that pool
  // by weight. 0: each simulation samples a fresh world uniformly from the
  // information set. The model is the engine's BeliefModel when it was
  // given one (an agent spec, belief_model.h), else the evaluator's policy
  // (which it must then have).
  int belief_worlds = 0;
  // The agent spec whose moves model the other seats for the belief pool
  // (AgentBeliefModel; SearchAgent builds it per engine); empty: the
  // evaluator's policy.
  std::string belief_model;
  // The share of the uniform choice mixed into each modelled move's
  // probability, so that no move rules a world out (BeliefSampler).
  double belief_floor = 0.2;
  // The power the likelihood is raised to (BeliefSampler's tempering).
  double belief_power = 1.0;
  // The pool grows by belief_worlds more worlds, up to belief_rounds pools,
  // while its effective size is below belief_min_ess * belief_worlds.
  double belief_min_ess = 0.0;
  int belief_rounds = 1;
};

// How much one engine searches in one decision.
struct SearchBudget {
  // Simulations: in total for ISMCTS, per world for PIMC.
  std::int64_t simulations = 1000;
  // PIMC only: how many worlds this engine samples and searches.
  std::int64_t worlds = 1;
  // When set, replaces `simulations`: search until then (PIMC gives each world
  // an equal slice). At least one simulation runs per tree.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // When set (to true, from any thread), the search ends early with what it
  // has found: it is read after every simulation, and at least one runs
  // (PIMC: in the world being searched; the worlds not started are skipped).
  // While it stays false the search is exactly the one without it, so a
  // budget by simulations stays deterministic. Not owned; null: never stops.
  const std::atomic<bool>* stop = nullptr;
};

// What searches found at the root; engines add into one summary.
struct RootSummary {
  std::vector<std::uint64_t> visits;  // per action of the game's action space
  // Per action: the searching seat's returns summed over the visits to the
  // root's child by that action (visits[a] of them).
  std::vector<double> action_value_sums;
  double value_sum = 0.0;             // the searching seat's returns at the root
  std::uint64_t value_visits = 0;
  std::int64_t simulations = 0;
  std::int64_t worlds = 0;     // PIMC determinizations searched
  std::size_t tree_nodes = 0;  // summed over trees; PIMC: largest tree per engine
  std::size_t tree_bytes = 0;  // likewise
  int max_depth = 0;           // deepest node reached, in moves below the root
  // Belief pools only: their effective sizes, summed over the engines.
  double belief_effective_worlds = 0.0;

  // Zeroes everything for a game with `num_actions` actions.
  void clear(int num_actions);
  void add(const RootSummary& other);
};

class SearchEngine {
 public:
  // `belief_model`, when given, weights the belief pool instead of the
  // evaluator's policy (only with settings.belief_worlds > 0);
  // `opponent_model`, when given, draws the modelled opponents' moves
  // instead of the evaluator's policy (only with settings.model_opponents).
  SearchEngine(std::shared_ptr<const Game> game, const SearchSettings& settings,
               std::unique_ptr<Evaluator> evaluator,
               std::unique_ptr<BeliefModel> belief_model = nullptr,
               std::unique_ptr<BeliefModel> opponent_model = nullptr);

  // Searches for the view's seat and adds the results into `out` (sized by
  // out.clear(num_distinct_actions)). Trees are reset first, keeping their
  // memory for reuse.
  void search(const SeatView& view, Rng& rng, const SearchBudget& budget, RootSummary& out);

  // The trees of the last search: MO has one per seat (tree i is seat i's),
  // the others one. For tests and diagnostics.
  int num_trees() const { return static_cast<int>(trees_.size()); }
  const SearchTree& tree(int index) const { return trees_[static_cast<std::size_t>(index)]; }

 private:
  // Runs simulations until the budget ends or `stop` is set (at least one);
  // `sample` puts a fresh world into world_ before each.
  template <typename Sample>
  std::int64_t run_simulations(Sample&& sample, Rng& rng, std::int64_t simulations,
                               std::optional<std::chrono::steady_clock::time_point> deadline,
                               const std::atomic<bool>* stop);
  void reset_trees();
  void simulate(Rng& rng);
  // Chooses the move at a node of the selecting tree; false when the node is
  // a leaf to evaluate (memory full, or unevaluated under PUCT).
  bool select(SearchTree& tree, std::int32_t node, Rng& rng, Action& action);
  bool select_ucb(SearchTree& tree, std::int32_t node, Rng& rng, Action& action);
  bool select_puct(SearchTree& tree, std::int32_t node, Action& action);
  // Whether tree k meets `action` at its current node for the first time and
  // must work out what its owner observes of it.
  bool needs_observation(int k, Player actor, Action action) const;
  // Follows `action` (already applied to world_) from tree k's current node;
  // creates the child when missing. kNoNode when the tree is full.
  std::int32_t descend(int k, Player actor, Action action, bool& created);
  void evaluate_and_backup(Rng& rng);
  void add_root_summary(RootSummary& out) const;
  // The searching seat's backed-up value of a node (best_values).
  double backed_up_value(const SearchTree& tree, std::int32_t index) const;

  // Tree index that selects for `actor`, and whether tree k groups actor's
  // moves by its owner's observation rather than by action.
  int selector(Player actor) const;
  // Whether `actor`'s moves are drawn from a model (the opponent model, or
  // else the evaluator's policy) instead of selected in the tree.
  bool modeled(Player actor) const;
  bool grouped(int k, Player actor) const;
  int room_hint(Player actor) const;

  std::shared_ptr<const Game> game_;
  SearchSettings settings_;
  std::unique_ptr<Evaluator> evaluator_;
  bool puct_;
  double value_low_;    // game's min_return
  double value_scale_;  // 1 / (max_return - min_return)
  Player observer_ = 0;

  std::vector<SearchTree> trees_;
  std::unique_ptr<State> world_;            // the simulation's world, reused
  std::unique_ptr<State> determinization_;  // PIMC: the world being searched
  std::unique_ptr<BeliefSampler> belief_;   // with belief_worlds > 0
  std::unique_ptr<BeliefModel> belief_model_;  // weights belief_: given, or the evaluator's
  std::unique_ptr<BeliefModel> opponent_model_;  // the modelled opponents' moves, when given

  // Per-simulation scratch, reused so a simulation allocates nothing.
  std::vector<std::int32_t> current_;  // per tree: the node reached
  std::vector<char> detached_;         // per tree: could not follow (full)
  std::vector<std::vector<std::int32_t>> paths_;
  // How moves are keyed by what a tree's owner observes of them.
  ObservationKeys keys_;
  // Per tree: where its owner's observations stood before the move
  // (ObservationKeys::mark), kept when the tree must key the move by what
  // the move added (ObservationKeys::change_key).
  std::vector<std::size_t> before_;
  std::vector<std::int32_t> compatible_;  // selecting node's edges legal in the world
  ActionList legal_;
  ActionList untried_;
  ChanceOutcomeList outcomes_;
  std::vector<double> values_;
  std::vector<double> prior_;
  int max_depth_ = 0;
};

}  // namespace kibitz
