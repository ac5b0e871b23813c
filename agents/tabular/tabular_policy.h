// TabularPolicy: a behaviour policy stored as a table from information state
// strings to action probabilities, and its plain-text file format
// (docs/policy_files.md).
//
// One table covers every seat: information state strings differ between
// seats (GameTree checks this), so a seat's entries never collide with
// another's. What a lookup does for a state the table does not list is the
// policy's MissingRule: an error, or uniform over the legal actions (which
// makes an empty uniform-by-default table the cheapest uniform policy).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "agents/tabular/game_tree.h"
#include "env/core/game.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz {

// One action and the probability of playing it.
struct ActionProbability {
  Action action;
  double probability;

  bool operator==(const ActionProbability&) const = default;
};
// "action=probability", as in policy files (and readable test failures).
std::ostream& operator<<(std::ostream& out, const ActionProbability& entry);
using ActionProbabilities = std::vector<ActionProbability>;

// Probabilities must sum to 1 within this tolerance.
inline constexpr double kProbabilitySumTolerance = 1e-6;

// A policy for every seat: information state string -> action probabilities.
class TabularPolicy {
 public:
  // What a lookup of an information state missing from the table gives.
  enum class MissingRule {
    kError,    // throw KibitzError naming the information state
    kUniform,  // uniform over the legal actions
  };

  explicit TabularPolicy(MissingRule missing = MissingRule::kError) : missing_(missing) {}

  // The uniform policy with an explicit entry for every information state of
  // `game` (found by walking its tree; see GameTree for the node limit).
  static TabularPolicy uniform(const Game& game, std::size_t max_nodes = kDefaultMaxTreeNodes);
  // The uniform policy as an empty table that defaults to uniform: no walk,
  // any game size.
  static TabularPolicy lazy_uniform() { return TabularPolicy(MissingRule::kUniform); }

  MissingRule missing_rule() const { return missing_; }
  void set_missing_rule(MissingRule missing) { missing_ = missing; }

  // Sets the entry of an information state, replacing any earlier one.
  // Throws KibitzError naming the information state when the list is empty,
  // names an action twice, or its probabilities are negative, not finite or
  // do not sum to 1 within kProbabilitySumTolerance. Entries are kept in
  // ascending action order; legality is checked at lookup, where the legal
  // actions are known.
  void set(const std::string& infostate, ActionProbabilities probabilities);

  // The table's entry, or nullptr.
  const ActionProbabilities* find(std::string_view infostate) const;
  std::size_t size() const { return table_.size(); }
  // Entries in ascending order of information state string.
  const std::map<std::string, ActionProbabilities, std::less<>>& entries() const { return table_; }

  // The probabilities at an information state whose legal actions are
  // `legal` (ascending). Throws KibitzError naming the information state when
  // the entry names an illegal action, or when it is missing and the
  // MissingRule is kError.
  ActionProbabilities probabilities(std::string_view infostate,
                                    std::span<const Action> legal) const;
  // The same for the state's current player `seat` (which must be the seat
  // to act), and for an agent's view.
  ActionProbabilities probabilities(const State& state, Player seat) const;
  ActionProbabilities probabilities(const SeatView& view) const;

  // Probabilities parallel to infoset.legal_actions, for tree algorithms.
  std::vector<double> probabilities_at(const GameTree::Infoset& infoset) const;

 private:
  MissingRule missing_;
  std::map<std::string, ActionProbabilities, std::less<>> table_;
};

// The largest policy file read: a policy for a game small enough to walk
// (GameTree's node limit) is far smaller (Leduc's is about 90 KB); naming a
// huge file by mistake is an error rather than gigabytes of memory.
inline constexpr std::uintmax_t kMaxPolicyFileBytes = std::uintmax_t{256} << 20;

// Reads a policy file for `game`. Every line's information state must occur
// in the game, every action must be legal there, written as its number or
// its action_to_string text, and every line's probabilities must sum to 1.
// When the file leaves out information states of the game: with
// allow_missing they default to uniform (the policy's MissingRule becomes
// kUniform), otherwise it is an error giving how many are missing and one of
// them. Errors name the file and, for a bad line, its number; a path that is
// not a regular file, or a file over kMaxPolicyFileBytes, is refused before
// it is read, and text from the file is shown quoted and escaped.
TabularPolicy load_policy(const std::string& path, const Game& game, bool allow_missing = false,
                          std::size_t max_nodes = kDefaultMaxTreeNodes);
// The same, checked against an already built tree of the game.
TabularPolicy load_policy(const std::string& path, const GameTree& tree,
                          bool allow_missing = false);

// Writes every entry (actions as numbers, probabilities so that they read
// back exactly) through a temporary file renamed into place, so a reader
// never sees half a file. `comment` (may be several lines) is written as
// '#' lines after the format header. Throws KibitzError naming the file on
// failure, or an information state string that the format cannot hold.
void save_policy(const std::string& path, const TabularPolicy& policy,
                 const std::string& comment = "");

}  // namespace kibitz
