// What an arena run writes: the summary table on standard output, the JSON
// summary (--json) and the per-game CSV (--csv). Formats are documented in
// docs/CLI.md; none of them depends on the thread count or on timing, so
// the same seed gives byte-identical outputs.
#pragma once

#include <cstdint>
#include <ostream>

#include "tools/arena/arena_report.h"
#include "tools/arena/arena_runner.h"

namespace kibitz::tools {

// Facts about a run that are not in its results.
struct ArenaRunInfo {
  std::int64_t games_requested = 0;  // --games as given
  std::int64_t deals_planned = 0;    // games_requested rounded up to whole deals
  bool interrupted = false;
};

// The lines printed before the run: game, seed, agents, schedule.
void print_arena_plan(std::ostream& out, const ArenaSetup& setup, const ArenaRunInfo& info);

// The summary table: per agent, per seat, and the methods used.
void print_arena_table(std::ostream& out, const ArenaSetup& setup, const ArenaRunInfo& info,
                       const ArenaSummary& summary);

// One JSON object with the setup, the run's size and every statistic.
void write_arena_json(std::ostream& out, const ArenaSetup& setup, const ArenaRunInfo& info,
                      const ArenaSummary& summary);

// The per-game CSV, written as games finish (in game order): a header, then
// one row per finished game: game,deal,rotation,seat0_agent..,seat0_return..
// with the agent specs as given (quoted, as CSV requires, when they hold
// commas); for a game with roles (Loyalist Spies) then seat0_roles.., each
// seat's role in every round, one letter a round (L Loyal, T Traitor,
// C Compromised: "TLL"); under --on-bad-answer forfeit, then forfeit_seat,
// the seat that forfeited the game or empty.
void write_arena_csv_header(std::ostream& out, const ArenaSetup& setup);
void write_arena_csv_row(std::ostream& out, const ArenaSetup& setup, const FinishedArenaGame& game);

}  // namespace kibitz::tools
