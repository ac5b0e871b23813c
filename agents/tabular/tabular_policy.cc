#include "agents/tabular/tabular_policy.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <ostream>
#include <system_error>

#include "env/core/atomic_file.h"
#include "env/core/error.h"
#include "env/core/input_file.h"
#include "env/core/quoted_excerpt.h"

namespace kibitz {
namespace {

// The first line save_policy writes; a file may omit it (hand-written files
// usually do), but one that carries another version is refused.
constexpr std::string_view kFormatHeader = "# kibitz-policy 1";
constexpr std::string_view kFormatTag = "# kibitz-policy";

// An information state in a message, quoted and escaped (quoted_excerpt).
// Only states of the game's own tree are shown: text read from a file that
// matches nothing in the game is never quoted, since the file may not be a
// policy file at all (a server's secret, say); messages say where it is
// instead (file:line, entry N). 100 bytes show any information state of the
// games small enough for policy files whole (Leduc's longest has 49).
std::string single_quoted(std::string_view text) { return quoted_excerpt(text, 100); }

std::string describe_legal(std::span<const Action> legal) {
  std::string out;
  for (Action a : legal) out += (out.empty() ? "" : ", ") + std::to_string(a);
  return out.empty() ? "none" : out;
}

std::string describe_legal(const GameTree::Infoset& infoset) {
  std::string out;
  for (std::size_t i = 0; i < infoset.legal_actions.size(); ++i) {
    out += (out.empty() ? "" : ", ") + infoset.action_names[i] + " (" +
           std::to_string(infoset.legal_actions[i]) + ")";
  }
  return out;
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::optional<double> parse_decimal(std::string_view text) {
  double value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

// A probability as a decimal ("0.25", "1e-3") or a fraction ("1/3").
std::optional<double> parse_probability(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return parse_decimal(text);
  const auto numerator = parse_decimal(text.substr(0, slash));
  const auto denominator = parse_decimal(text.substr(slash + 1));
  if (!numerator || !denominator || *denominator == 0.0) return std::nullopt;
  return *numerator / *denominator;
}

// The action a policy file names at an infoset: its action string first (as
// State::string_to_action does), else its number.
std::optional<Action> parse_action(const GameTree::Infoset& infoset, std::string_view text) {
  for (std::size_t i = 0; i < infoset.legal_actions.size(); ++i) {
    if (infoset.action_names[i] == text) return infoset.legal_actions[i];
  }
  Action number = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  if (!std::binary_search(infoset.legal_actions.begin(), infoset.legal_actions.end(), number)) {
    return std::nullopt;
  }
  return number;
}

std::string format_probability(double p) {
  char buffer[64];
  // Shortest text that reads back as the same double.
  auto [ptr, ec] = std::to_chars(buffer, buffer + sizeof(buffer), p);
  KIBITZ_CHECK(ec == std::errc(), "to_chars failed");
  return std::string(buffer, ptr);
}

// Parses the entries of one policy-file line into `policy`; `where` is the
// "file:line" prefix of error messages. Text of the line is quoted only
// once it has matched the game's tree (single_quoted).
void parse_line(std::string_view line, const GameTree& tree, const std::string& where,
                std::vector<bool>& seen, TabularPolicy& policy) {
  const auto tab = line.find('\t');
  if (tab == std::string_view::npos) {
    throw error(where, ": not a policy line: expected '<information state><TAB><action>="
                "<probability> ...' but the line has no tab (is this a kibitz policy file? "
                "docs/policy_files.md)");
  }
  const int id = tree.find_infoset(line.substr(0, tab));
  if (id < 0) {
    throw error(where, ": the line's information state (before the tab) is no state of ",
                tree.game_spec());
  }
  const GameTree::Infoset& infoset = tree.infoset(id);
  const std::string_view key = infoset.key;  // the tree's, equal to the file's
  if (seen[static_cast<std::size_t>(id)]) {
    throw error(where, ": information state ", single_quoted(key), " is listed twice");
  }
  seen[static_cast<std::size_t>(id)] = true;

  ActionProbabilities entries;
  std::string_view rest = line.substr(tab + 1);
  for (int entry = 1;; ++entry) {
    const auto start = rest.find_first_not_of(" \t");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const auto end = std::min(rest.find_first_of(" \t"), rest.size());
    const std::string_view token = rest.substr(0, end);
    rest.remove_prefix(end);

    const auto equals = token.rfind('=');
    if (equals == std::string_view::npos || equals == 0) {
      throw error(where, ": entry ", entry, " at information state ", single_quoted(key),
                  " is not <action>=<probability>");
    }
    const std::string_view probability_text = token.substr(equals + 1);
    const auto action = parse_action(infoset, token.substr(0, equals));
    if (!action) {
      throw error(where, ": entry ", entry, " at information state ", single_quoted(key),
                  " names no legal action; legal: ", describe_legal(infoset));
    }
    const auto probability = parse_probability(probability_text);
    if (!probability) {
      throw error(where, ": entry ", entry, " (action ", *action, ") at information state ",
                  single_quoted(key),
                  " has a bad probability: expected a number such as 0.25 or a fraction such as "
                  "1/3");
    }
    entries.push_back({*action, *probability});
  }
  if (entries.empty()) {
    throw error(where, ": information state ", single_quoted(key),
                " has no <action>=<probability> entries");
  }
  try {
    policy.set(std::string(key), std::move(entries));
  } catch (const KibitzError& e) {
    throw error(where, ": ", e.what());
  }
}

}  // namespace

std::ostream& operator<<(std::ostream& out, const ActionProbability& entry) {
  return out << entry.action << '=' << format_probability(entry.probability);
}

TabularPolicy TabularPolicy::uniform(const Game& game, std::size_t max_nodes) {
  const GameTree tree = GameTree::build(game, max_nodes);
  TabularPolicy policy;
  for (const GameTree::Infoset& infoset : tree.infosets()) {
    ActionProbabilities entries;
    const double p = 1.0 / static_cast<double>(infoset.legal_actions.size());
    for (Action a : infoset.legal_actions) entries.push_back({a, p});
    policy.table_.emplace(infoset.key, std::move(entries));
  }
  return policy;
}

void TabularPolicy::set(const std::string& infostate, ActionProbabilities probabilities) {
  if (probabilities.empty()) {
    throw error("policy entry for information state ", single_quoted(infostate),
                " lists no actions");
  }
  std::sort(
      probabilities.begin(), probabilities.end(),
      [](const ActionProbability& a, const ActionProbability& b) { return a.action < b.action; });
  double sum = 0;
  for (std::size_t i = 0; i < probabilities.size(); ++i) {
    const ActionProbability& entry = probabilities[i];
    if (i > 0 && probabilities[i - 1].action == entry.action) {
      throw error("policy entry for information state ", single_quoted(infostate), " lists action ",
                  entry.action, " twice");
    }
    if (!std::isfinite(entry.probability) || entry.probability < 0.0) {
      throw error("policy entry for information state ", single_quoted(infostate), " gives action ",
                  entry.action, " probability ", entry.probability,
                  "; probabilities must be finite and non-negative");
    }
    sum += entry.probability;
  }
  if (std::abs(sum - 1.0) > kProbabilitySumTolerance) {
    throw error("policy entry for information state ", single_quoted(infostate),
                " has probabilities summing to ", sum, ", not 1 (tolerance ",
                kProbabilitySumTolerance, ")");
  }
  table_.insert_or_assign(infostate, std::move(probabilities));
}

const ActionProbabilities* TabularPolicy::find(std::string_view infostate) const {
  auto found = table_.find(infostate);
  return found == table_.end() ? nullptr : &found->second;
}

ActionProbabilities TabularPolicy::probabilities(std::string_view infostate,
                                                 std::span<const Action> legal) const {
  const ActionProbabilities* entry = find(infostate);
  if (entry == nullptr) {
    if (missing_ == MissingRule::kError) {
      throw error("the policy has no entry for information state ", single_quoted(infostate));
    }
    ActionProbabilities uniform;
    KIBITZ_CHECK(!legal.empty(), "no legal actions at information state ",
                 single_quoted(infostate));
    const double p = 1.0 / static_cast<double>(legal.size());
    for (Action a : legal) uniform.push_back({a, p});
    return uniform;
  }
  for (const ActionProbability& e : *entry) {
    if (!std::binary_search(legal.begin(), legal.end(), e.action)) {
      throw error("the policy gives illegal action ", e.action, " at information state ",
                  single_quoted(infostate), "; legal: ", describe_legal(legal));
    }
  }
  return *entry;
}

ActionProbabilities TabularPolicy::probabilities(const State& state, Player seat) const {
  if (seat != state.current_player()) {
    throw error("policy lookup for seat ", seat, " but the seat to act is ",
                state.current_player());
  }
  return probabilities(state.information_state_string(seat), state.legal_actions());
}

ActionProbabilities TabularPolicy::probabilities(const SeatView& view) const {
  return probabilities(view.information_state_string(), view.legal_actions());
}

std::vector<double> TabularPolicy::probabilities_at(const GameTree::Infoset& infoset) const {
  std::vector<double> out(infoset.legal_actions.size(), 0.0);
  for (const ActionProbability& e : probabilities(infoset.key, infoset.legal_actions)) {
    const auto it =
        std::lower_bound(infoset.legal_actions.begin(), infoset.legal_actions.end(), e.action);
    out[static_cast<std::size_t>(it - infoset.legal_actions.begin())] = e.probability;
  }
  return out;
}

TabularPolicy load_policy(const std::string& path, const Game& game, bool allow_missing,
                          std::size_t max_nodes) {
  return load_policy(path, GameTree::build(game, max_nodes), allow_missing);
}

TabularPolicy load_policy(const std::string& path, const GameTree& tree, bool allow_missing) {
  const std::string text = read_file_limited(path, kMaxPolicyFileBytes, "policy file");
  TabularPolicy policy;
  std::vector<bool> seen(tree.infosets().size(), false);
  std::string_view rest = text;
  for (int number = 1; !rest.empty(); ++number) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    std::string_view line = rest.substr(0, end);
    rest.remove_prefix(std::min(end + 1, rest.size()));
    if (line.ends_with('\r')) line.remove_suffix(1);  // files written on Windows
    const std::string where = path + ":" + std::to_string(number);
    if (trim(line).empty()) continue;
    if (line.front() == '#') {
      if (line.starts_with(kFormatTag) && trim(line) != kFormatHeader) {
        throw error(where, ": unsupported policy file format (another version); this build "
                    "reads '", kFormatHeader, "'");
      }
      continue;
    }
    parse_line(line, tree, where, seen, policy);
  }

  const auto missing = static_cast<std::size_t>(std::count(seen.begin(), seen.end(), false));
  if (missing > 0) {
    if (!allow_missing) {
      const auto example =
          static_cast<std::size_t>(std::find(seen.begin(), seen.end(), false) - seen.begin());
      throw error(path, ": ", missing, " of ", seen.size(), " information states of ",
                  tree.game_spec(), " are missing, e.g. ",
                  single_quoted(tree.infosets()[example].key),
                  "; list them all, or allow missing ones to default to uniform (--allow-missing)");
    }
    policy.set_missing_rule(TabularPolicy::MissingRule::kUniform);
  }
  return policy;
}

void save_policy(const std::string& path, const TabularPolicy& policy, const std::string& comment) {
  for (const auto& [key, entries] : policy.entries()) {
    if (key.find_first_of("\t\n\r") != std::string::npos || key.starts_with('#')) {
      throw error(
          "cannot write policy file '", path, "': information state ", single_quoted(key),
          " holds a tab or line break or starts with '#', which the format cannot represent");
    }
  }
  write_file_atomically(
      path,
      [&](std::ostream& out) {
        out << kFormatHeader << "\n";
        std::string_view rest = comment;
        while (!rest.empty()) {
          const auto end = std::min(rest.find('\n'), rest.size());
          out << "# " << rest.substr(0, end) << "\n";
          rest.remove_prefix(std::min(end + 1, rest.size()));
        }
        for (const auto& [key, entries] : policy.entries()) {
          out << key << '\t';
          for (std::size_t i = 0; i < entries.size(); ++i) {
            out << (i ? " " : "") << entries[i];
          }
          out << '\n';
        }
      },
      "policy file");
}

}  // namespace kibitz
