// What a network client may ask a server to build: the checks every game
// and agent spec from a request or an uploaded file passes before
// load_game or make_agent sees it (docs/serve.md, "Security model").
//
// A spec is parsed (parse_spec) and its tree is walked, parameter by
// parameter, by the role each parameter's declaration gives it (ParamRole,
// env/core/params.h), never by matching its text:
//  - an agent must be registered and start no program: `engine`, and any
//    agent with a kProgram parameter, is refused;
//  - a nested agent spec (rollout=) is checked the same way, recursively;
//  - a file parameter must name an entry of the operator's catalogue for
//    its kind (--models, --decks) and is rewritten to the entry's path; a
//    path, "..", or a name the catalogue lacks is refused without looking at
//    any file, so the answer never says whether a path exists. (An entry's
//    exact path, as the specs this server records hold it, names the entry
//    too: a replay of this server's can be uploaded back to it.)
//  - every cost parameter must be within the server's cap for its kind,
//    whether written or defaulted. Simulations multiply: pimc's worlds x
//    sims, and a rollout agent's simulations run once per simulation of the
//    search above it. A nested agent may not search by the clock.
// The result is the canonical spec text (Spec::to_string) to build.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "web/catalogue.h"

namespace kibitz::web {

// The server's caps on what one spec may buy; each has a kibitz serve flag.
struct SpecCaps {
  // Simulations per decision, nested searches multiplied (--max-sims); also
  // the cap on samples per query (odds_trials=, belief=).
  std::int64_t max_sims = 100'000;
  // Solver iterations when an agent is built (cfr's iters=; --max-iters).
  std::int64_t max_iters = 10'000;
  // Tree nodes held by one search or solver (max_nodes=; --max-nodes).
  std::int64_t max_nodes = 1'000'000;
  // Wall-clock time per decision (time_ms=, timeout_ms=; --max-time-ms).
  std::int64_t max_time_ms = 2'000;
  // Threads one decision may start (threads=; kibitz serve --think-threads).
  std::int64_t max_threads = 2;
};

// Everything a server allows in specs from the network.
struct SpecPolicy {
  SpecCaps caps;
  Catalogue models{"--models"};  // model=, policy=
  Catalogue decks{"--decks"};    // adulting's deck=
};

// A spec that passed the policy.
struct CheckedSpec {
  // What to build: canonical, catalogue names replaced by their paths.
  std::string spec;
  // Each catalogue path in `spec` with the name the client gave it, so an
  // error from building it can name the entry and not the path.
  std::vector<std::pair<std::string, std::string>> files;  // path, name
};

// Checks an agent spec (not "human", which is a seat, not an agent).
// Throws KibitzError naming the problem: the agent, the parameter, the cap
// and its flag.
CheckedSpec check_agent_spec(std::string_view text, const SpecPolicy& policy);

// Checks a game spec (its file parameters, e.g. adulting's deck=).
CheckedSpec check_game_spec(std::string_view text, const SpecPolicy& policy);

// `message` with every catalogue path of `checked` replaced by its entry's
// name, e.g. for an error thrown while building the spec.
std::string without_paths(std::string message, const CheckedSpec& checked);

// The spec `built` of a game, or of an agent, made from `checked` (its
// spec(), or the host's own text) as a client may see it: every file
// parameter whose value is one of `checked`'s catalogue paths, at any depth
// of nested agents, holds the entry's name as the client gave it instead.
// This is what tables show and replays record; a server reading such a spec
// back resolves the names through its catalogues again (check_game_spec).
// Parameters are found by their declared roles, never by text matching;
// `built` is returned as it is when it names no catalogue path.
std::string shown_game_spec(const std::string& built, const CheckedSpec& checked);
std::string shown_agent_spec(const std::string& built, const CheckedSpec& checked);

}  // namespace kibitz::web
