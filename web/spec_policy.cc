#include "web/spec_policy.h"

#include <algorithm>
#include <limits>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/params.h"
#include "env/core/quoted_excerpt.h"
#include "env/core/registry.h"
#include "env/core/spec.h"

namespace kibitz::web {
namespace {

// How many catalogue names an error lists before "...".
constexpr std::size_t kNamesListed = 20;
// A client's value shown in an error: enough to recognise it.
constexpr std::size_t kValueExcerpt = 80;

std::int64_t saturating_product(std::int64_t a, std::int64_t b) {
  const std::int64_t most = std::numeric_limits<std::int64_t>::max();
  if (a <= 0 || b <= 0) return std::max<std::int64_t>(a, 0) * std::max<std::int64_t>(b, 0);
  return a > most / b ? most : a * b;
}

// The cap for a cost kind and the flag that sets it.
struct Cap {
  std::int64_t value;
  const char* flag;
  const char* unit;
};

Cap cap_of(CostKind kind, const SpecCaps& caps) {
  switch (kind) {
    case CostKind::kSimulations:
      return {caps.max_sims, "--max-sims", "simulations per decision"};
    case CostKind::kSamples:
      return {caps.max_sims, "--max-sims", "samples"};
    case CostKind::kIterations:
      return {caps.max_iters, "--max-iters", "iterations"};
    case CostKind::kNodes:
      return {caps.max_nodes, "--max-nodes", "nodes"};
    case CostKind::kMilliseconds:
      return {caps.max_time_ms, "--max-time-ms", "milliseconds"};
    case CostKind::kThreads:
      return {caps.max_threads, "--think-threads", "threads"};
    case CostKind::kNone:
      break;
  }
  KIBITZ_CHECK(false, "a cost parameter without a kind");
  return {0, "", ""};
}

// What a walk of one spec tree gathers besides the text.
struct Walk {
  const SpecPolicy& policy;
  CheckedSpec& checked;
};

// What a checked node buys per decision, nested agents included.
struct NodeCost {
  std::int64_t sims = 1;
  std::int64_t threads = 1;
};

struct CheckedNode {
  std::string text;
  NodeCost cost;
};

CheckedNode check_agent_node(const Spec& spec, const std::string& what, int depth, Walk& walk);

std::string listed_names(const Catalogue& catalogue) {
  const std::vector<std::string> names = catalogue.names();
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kNamesListed; ++i) {
    out += (i == 0 ? "" : ", ") + names[i];
  }
  if (names.size() > kNamesListed) out += ", ...";
  return out;
}

// The catalogue path for a file parameter's value. Decided on the name
// alone: no file is looked at, so no answer says whether a path exists.
std::string resolve_file(const std::string& what, const ParamSpec& decl, const std::string& value,
                         Walk& walk) {
  const bool model = decl.file_kind == FileKind::kModel;
  const Catalogue& catalogue = model ? walk.policy.models : walk.policy.decks;
  const char* kind = model ? "models" : "decks";
  const std::string shown = quoted_excerpt(value, kValueExcerpt);
  // A spec this server wrote (a game it recorded, say) names the entry by
  // its path: the same entry, found without looking at any file.
  if (const std::string* name = catalogue.name_of_path(value); name != nullptr) {
    walk.checked.files.emplace_back(value, *name);
    return value;
  }
  if (!Catalogue::is_entry_name(value)) {
    throw error(what, ": ", decl.name, "=", shown, ": this server takes a name from its ", kind,
                " catalogue here, not a path (letters, digits, '.', '_', '-'; no '/')");
  }
  if (catalogue.empty()) {
    throw error(what, ": ", decl.name, "=", shown, ": this server offers no ", kind,
                " (its operator names a folder of them with kibitz serve ", catalogue.flag(), ")");
  }
  const std::string* path = catalogue.find(value);
  if (path == nullptr) {
    throw error(what, ": ", decl.name, "=", shown, " is not in this server's ", kind,
                " catalogue; it offers: ", listed_names(catalogue));
  }
  walk.checked.files.emplace_back(*path, value);
  return *path;
}

// Checks one cost parameter's value; returns the value to build with (a
// default above the cap is lowered to it).
std::int64_t check_cost(const std::string& what, const ParamSpec& decl, std::int64_t value,
                        bool written, int depth, const SpecCaps& caps) {
  const Cap cap = cap_of(decl.cost_kind, caps);
  if (decl.cost_kind == CostKind::kMilliseconds && depth > 0 && value > 0) {
    throw error(what, ": ", decl.name, "=", value,
                ": a nested agent may not play by the clock, since it would spend that time at "
                "every simulation of the search above it; give it simulations instead");
  }
  if (value <= cap.value) return value;
  if (written) {
    throw error(what, ": ", decl.name, "=", value, " is above this server's cap of ", cap.value,
                " ", cap.unit, " (kibitz serve ", cap.flag, ")");
  }
  if (decl.min && static_cast<double>(cap.value) < *decl.min) {
    throw error(what, ": this server's cap of ", cap.value, " ", cap.unit, " (kibitz serve ",
                cap.flag, ") is below the least ", decl.name, " it takes, ", *decl.min);
  }
  return cap.value;
}

// Checks every parameter of a validated spec by its role and rewrites the
// spec's arguments: catalogue paths for names, checked nested specs,
// lowered defaults. Returns what the node buys, nested agents included.
bool names_an_agent(const std::string& text) {
  const auto& agents = registered_agents();
  return std::any_of(agents.begin(), agents.end(),
                     [&](const AgentInfo& info) { return info.name == text; });
}

NodeCost check_params(const std::string& what, const std::vector<ParamSpec>& declared,
                      const Params& params, int depth, Spec& spec, Walk& walk) {
  NodeCost own;
  NodeCost nested;  // the dearest nested agent
  bool has_nested = false;
  // A nested agent may act once per sample as well as once per simulation
  // (a belief model is asked in every world of the pool, belief= times
  // belief_rounds=), so with one the samples bound its cost too.
  std::int64_t samples = 1;
  auto written = [&](const std::string& name) {
    return std::find_if(spec.args.begin(), spec.args.end(),
                        [&](const auto& arg) { return arg.first == name; });
  };
  for (const ParamSpec& decl : declared) {
    const auto arg = written(decl.name);
    const bool is_written = arg != spec.args.end();
    switch (decl.role) {
      case ParamRole::kPlain:
        break;
      case ParamRole::kProgram:
        throw error(what, ": ", decl.name,
                    "= runs a program on the server, which this server never does");
      case ParamRole::kAgentSpec: {
        const std::string& value = params.get_string(decl.name);
        // A keyword default that names no agent (ismcts's opponents=tree:
        // search the other seats) builds nothing to bound.
        if (value == param_value_to_string(decl.default_value) && !names_an_agent(value)) break;
        const Spec child = parse_spec(value);
        CheckedNode node = check_agent_node(
            child, what + ", " + decl.name + ": agent " + child.name, depth + 1, walk);
        has_nested = true;
        nested.sims = std::max(nested.sims, node.cost.sims);
        nested.threads = std::max(nested.threads, node.cost.threads);
        if (is_written) arg->second = std::move(node.text);
        break;
      }
      case ParamRole::kFile: {
        const std::string& value = params.get_string(decl.name);
        const bool names_no_file = value == param_value_to_string(decl.default_value);
        if (is_written && !names_no_file) arg->second = resolve_file(what, decl, value, walk);
        break;
      }
      case ParamRole::kCost: {
        const std::int64_t given = params.get_int(decl.name);
        const std::int64_t value =
            check_cost(what, decl, given, is_written, depth, walk.policy.caps);
        if (value != given) spec.args.emplace_back(decl.name, std::to_string(value));
        if (decl.cost_kind == CostKind::kSimulations)
          own.sims = saturating_product(own.sims, std::max<std::int64_t>(value, 1));
        if (decl.cost_kind == CostKind::kSamples)
          samples = saturating_product(samples, std::max<std::int64_t>(value, 1));
        if (decl.cost_kind == CostKind::kThreads) own.threads = value;
        break;
      }
    }
  }
  const std::int64_t drives_nested = has_nested ? std::max(own.sims, samples) : own.sims;
  return {saturating_product(drives_nested, nested.sims),
          saturating_product(own.threads, nested.threads)};
}

CheckedNode check_agent_node(const Spec& spec, const std::string& what, int depth, Walk& walk) {
  const AgentInfo& info = find_agent(spec.name);
  for (const ParamSpec& decl : info.params) {
    if (decl.role == ParamRole::kProgram) {
      throw error(what, ": this agent runs a program on the server (its ", decl.name,
                  "= parameter), which this server never does");
    }
  }
  const Params params = validate_params(what, info.params, spec);
  Spec rewritten = spec;
  const NodeCost cost = check_params(what, info.params, params, depth, rewritten, walk);
  return {rewritten.to_string(), cost};
}

// The totals of a whole tree against the caps (each parameter alone has
// passed already).
void check_totals(const std::string& what, const NodeCost& cost, const SpecCaps& caps) {
  if (cost.sims > caps.max_sims) {
    throw error(what, ": ", cost.sims,
                " simulations per decision (sims, worlds and nested searches multiplied) are "
                "above this server's cap of ",
                caps.max_sims, " (kibitz serve --max-sims)");
  }
  if (cost.threads > caps.max_threads) {
    throw error(what, ": ", cost.threads,
                " threads per decision (nested searches' threads multiplied) are above this "
                "server's cap of ",
                caps.max_threads, " (kibitz serve --think-threads)");
  }
}

}  // namespace

CheckedSpec check_agent_spec(std::string_view text, const SpecPolicy& policy) {
  const Spec spec = parse_spec(text);
  CheckedSpec checked;
  Walk walk{policy, checked};
  const std::string what = "agent " + spec.name;
  CheckedNode node = check_agent_node(spec, what, 0, walk);
  check_totals(what, node.cost, policy.caps);
  checked.spec = std::move(node.text);
  return checked;
}

CheckedSpec check_game_spec(std::string_view text, const SpecPolicy& policy) {
  Spec spec = parse_spec(text);
  const GameInfo& info = find_game(spec.name);
  const std::string what = "game " + spec.name;
  const Params params = validate_params(what, info.params, spec);
  CheckedSpec checked;
  Walk walk{policy, checked};
  const NodeCost cost = check_params(what, info.params, params, 0, spec, walk);
  check_totals(what, cost, policy.caps);
  checked.spec = spec.to_string();
  return checked;
}

namespace {

// The name `checked` gave the catalogue path `value`, or null.
const std::string* name_of_checked_path(const CheckedSpec& checked, const std::string& value) {
  for (const auto& [path, name] : checked.files) {
    if (path == value) return &name;
  }
  return nullptr;
}

std::string shown_spec(const std::string& built, const std::vector<ParamSpec>& declared,
                       Spec spec, const CheckedSpec& checked) {
  bool changed = false;
  for (auto& [key, value] : spec.args) {
    const auto decl = std::find_if(declared.begin(), declared.end(),
                                   [&name = key](const ParamSpec& p) { return p.name == name; });
    if (decl == declared.end()) continue;
    std::string shown = value;
    if (decl->role == ParamRole::kFile) {
      if (const std::string* name = name_of_checked_path(checked, value)) shown = *name;
    } else if (decl->role == ParamRole::kAgentSpec && names_an_agent(parse_spec(value).name)) {
      // A keyword such as opponents=tree names no agent: nothing to rename.
      shown = shown_agent_spec(value, checked);
    }
    changed = changed || shown != value;
    value = std::move(shown);
  }
  return changed ? spec.to_string() : built;
}

}  // namespace

std::string shown_game_spec(const std::string& built, const CheckedSpec& checked) {
  if (checked.files.empty()) return built;
  Spec spec = parse_spec(built);
  const std::vector<ParamSpec>& declared = find_game(spec.name).params;
  return shown_spec(built, declared, std::move(spec), checked);
}

std::string shown_agent_spec(const std::string& built, const CheckedSpec& checked) {
  if (checked.files.empty()) return built;
  Spec spec = parse_spec(built);
  const std::vector<ParamSpec>& declared = find_agent(spec.name).params;
  return shown_spec(built, declared, std::move(spec), checked);
}

std::string without_paths(std::string message, const CheckedSpec& checked) {
  for (const auto& [path, name] : checked.files) {
    for (std::size_t at = message.find(path); at != std::string::npos;
         at = message.find(path, at + name.size())) {
      message.replace(at, path.size(), name);
    }
  }
  return message;
}

}  // namespace kibitz::web
