// Typed, validated parameters with defaults (STYLE 10: every option declared
// once with its name, type, default, range and help; an unknown key or a bad
// value is an error that names it and says what is valid).
//
// A game (or agent) declares a list of ParamSpec. validate_params() turns the
// key=value pairs of a spec string into a Params holding a value for every
// declared name, defaults filled in.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "env/core/spec.h"

namespace kibitz {

enum class ParamType { kInt, kDouble, kBool, kChoice, kString };

// What a parameter's value does, declared with it so that a server can
// decide what a client may ask for by reading the parsed spec, never its
// text (web/spec_policy.h; docs/serve.md, "Security model").
enum class ParamRole {
  kPlain,      // chooses behaviour at a cost its declared range bounds
  kAgentSpec,  // another agent's spec, built inside this one (rollout=)
  kFile,       // names a file to read (model=, policy=, deck=)
  kProgram,    // a command line to run (engine's cmd=)
  kCost,       // buys CPU time, memory or threads (sims=, iters=, threads=...)
};

// Which operator catalogue a kFile parameter's names come from (kibitz serve
// --models DIR, --decks DIR). A file parameter's default never names a file
// ("" or "builtin"): it is the value that reads none.
enum class FileKind { kNone, kModel, kDeck };

// What a kCost parameter buys, each kind capped by its own server limit.
enum class CostKind {
  kNone,
  kSimulations,   // per decision; nested agents' multiply (sims=, worlds=)
  kSamples,       // per query or decision, not multiplied (odds_trials=, belief=)
  kIterations,    // solver iterations spent when the agent is built (iters=)
  kNodes,         // tree nodes held in memory (max_nodes=)
  kMilliseconds,  // wall-clock time per decision or wait (time_ms=, timeout_ms=)
  kThreads,       // threads started per decision (threads=)
};

using ParamValue = std::variant<std::int64_t, double, bool, std::string>;

// The declaration of one parameter.
struct ParamSpec {
  std::string name;
  ParamType type = ParamType::kInt;
  ParamValue default_value;
  std::optional<double> min;          // inclusive, for kInt and kDouble
  std::optional<double> max;          // inclusive, for kInt and kDouble
  std::vector<std::string> choices;   // for kChoice
  std::string help;
  ParamRole role = ParamRole::kPlain;
  FileKind file_kind = FileKind::kNone;  // for kFile
  CostKind cost_kind = CostKind::kNone;  // for kCost

  static ParamSpec integer(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                           std::string help);
  static ParamSpec real(std::string name, double def, double min, double max, std::string help);
  static ParamSpec boolean(std::string name, bool def, std::string help);
  static ParamSpec choice(std::string name, std::string def, std::vector<std::string> choices,
                          std::string help);
  static ParamSpec text(std::string name, std::string def, std::string help);

  // The same declaration with its role: write e.g.
  // ParamSpec::integer("sims", ...).as_cost(CostKind::kSimulations).
  ParamSpec as_agent_spec() const;
  ParamSpec as_file(FileKind kind) const;
  ParamSpec as_program() const;
  ParamSpec as_cost(CostKind kind) const;

  // "int in [2, 3], default 2" and the like, for help texts and errors.
  std::string describe_range() const;
};

std::string param_value_to_string(const ParamValue& value);

// A value for every declared parameter. Lookups of undeclared names or with
// the wrong type are bugs (KIBITZ_CHECK).
class Params {
 public:
  Params() = default;

  std::int64_t get_int(const std::string& name) const;
  double get_double(const std::string& name) const;
  bool get_bool(const std::string& name) const;
  const std::string& get_string(const std::string& name) const;  // kChoice and kString

  // Whether the value was written in the spec (rather than defaulted).
  bool is_explicit(const std::string& name) const;

  // name(k=v,...) with every parameter, in declaration order: the canonical
  // spec, so two equal games print the same text.
  std::string to_spec(const std::string& game_name) const;

  const std::vector<std::pair<std::string, ParamValue>>& values() const { return values_; }

 private:
  friend Params validate_params(const std::string&, const std::vector<ParamSpec>&, const Spec&);
  const ParamValue& find(const std::string& name) const;

  std::vector<std::pair<std::string, ParamValue>> values_;
  std::vector<std::string> explicit_names_;
};

// Checks the spec's arguments against the declarations and fills defaults.
// `what` names the thing being configured in error messages ("game leduc_poker").
Params validate_params(const std::string& what, const std::vector<ParamSpec>& declared,
                       const Spec& spec);

}  // namespace kibitz
