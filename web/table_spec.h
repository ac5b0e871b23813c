// TableSpec: what a host asks for when creating a table (a game spec and,
// per seat, "human" or an agent spec), checked and turned into a TablePlan:
// the loaded game and, per seat, a built agent or a person. Every problem is
// a KibitzError that names it (an unknown game, a wrong seat count, an
// unknown agent or a bad parameter, a seat kind the server does not allow),
// so the web layer can show the host the message as it is.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "env/core/game.h"
#include "web/spec_policy.h"

namespace kibitz::web {

// The label of a seat that a person plays.
inline constexpr std::string_view kHumanSeat = "human";

// A table request as the host wrote it.
struct TableSpec {
  std::string game;                // a game spec, e.g. "leduc_poker" or "loyalist_spies(players=5)"
  std::vector<std::string> seats;  // per seat: "human" or an agent spec
};

// What a server allows in a request.
struct TableSpecRules {
  // Seats per table, at most (TableLimits::max_seats_per_table).
  int max_seats = 16;
  // What the game spec and every agent spec may ask for: no programs, files
  // only by catalogue name, costs within the caps (web/spec_policy.h).
  SpecPolicy policy;
};

// One seat of a checked request. What a client may see of it (`label`,
// `spec`) names catalogue files by the names the host gave, never by their
// paths on the server (shown_agent_spec).
struct SeatPlan {
  std::string label;             // "human", or the agent spec as the host wrote it
  std::unique_ptr<Agent> agent;  // null for a person's seat
  std::string spec;              // "human", or the agent's own spec (Agent::spec()), as shown
  bool human() const { return agent == nullptr; }
};

struct TablePlan {
  std::shared_ptr<const Game> game;
  // The game's own spec (Game::spec()) as a client may see it and a replay
  // records it: catalogue names, not paths (shown_game_spec).
  std::string game_spec;
  std::vector<SeatPlan> seats;  // one per player
};

// Checks `spec` against rules.policy and builds its game and agents from the
// checked specs; agent s is seeded with derive_seed(seed, "seat", s). Throws
// KibitzError naming the problem, never a catalogue file's path.
TablePlan plan_table(const TableSpec& spec, const TableSpecRules& rules, std::uint64_t seed);

// Reads a request from JSON: {"game": "kuhn_poker", "seats": ["human", "random"]}.
// Unknown fields, missing ones and wrong types are KibitzErrors naming them.
TableSpec parse_table_spec_json(std::string_view json);

}  // namespace kibitz::web
