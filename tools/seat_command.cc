// kibitz seat: a kibitz agent takes one seat at a physical table. The
// person who runs it types what that seat sees (its cards, the others' moves
// as the seat sees them, what is revealed), in the observations' readable
// forms, and is told the move to make when the seat is to act. No card of
// another seat is ever asked for: the AI reasons from worlds drawn from
// what its seat has seen (tools/engine/seat_console.h).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "tools/command.h"
#include "tools/edit_line_input.h"
#include "tools/engine/seat_console.h"
#include "tools/interrupt.h"
#include "tools/line_input.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

constexpr CommandUsage kSeatUsage{
    "seat", "kibitz seat --game SPEC --seat N --agent SPEC [--seed S] [--sims N | --time-ms T]",
    "An AI fills seat N of a game played with real cards. Type what that seat sees, one\n"
    "observation per line, as it reads: 'dealt JS' (your card), 'P0 bets', 'P2 plays',\n"
    "'mission 8D revealed 2D 3H 4D 7C 8H QS total 36'. Any case and spacing is fine; several\n"
    "cards after a card observation are one observation each ('dealt 5S JD 7S'), and ';'\n"
    "separates several on one line. Shorter: a number picks from the numbered list of what\n"
    "can come next ('?'); words may be cut short ('P1 pl') or left out when what comes next\n"
    "says them ('5S JD 7S' while cards are dealt; a reveal as its cards and total, in any\n"
    "order). At a terminal lines can be edited, Up recalls earlier ones and Tab completes.\n"
    "What can only be one thing (another seat being dealt a card) is filled\n"
    "in and shown; 'undo' takes back the last entry. An entry that contradicts what came\n"
    "before is refused with the reason. When the seat is to act the AI says the move to make\n"
    "and how sure it is (its policy's share, and its expected return when it has one); make\n"
    "the move at the table and enter it (its action, e.g. 'bet'). The AI never needs another\n"
    "seat's cards. 'help' lists the commands, 'new' starts another game, 'quit' stops.\n"
    "Each game's seat record (its stream, the AI seat's moves and advice, the result) is\n"
    "written to a file named at the end (--records DIR, '.' by default) for kibitz review.\n"
    "Ctrl-C ends the session at once, a search under way included. A line over 1 MiB is\n"
    "skipped with a notice. Exit status: 0 after quit or at the end of input between games,\n"
    "2 when input ends during a game, 130 after Ctrl-C (128 + the signal after SIGTERM or\n"
    "SIGHUP).",
    "kibitz seat --game kuhn_poker --seat 1 --agent cfr\n"
    "kibitz seat --game leduc_poker --seat 0 --agent 'ismcts(sims=5000)'\n"
    "kibitz seat --game 'loyalist_spies(players=4)' --seat 3 --agent ismcts --time-ms 3000"};

}  // namespace

int run_seat(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description options;
  std::string game_spec, agent_spec, seed_text = "0";
  int seat = -1;
  SeatConsoleOptions console;
  bool no_fill = false;
  bool no_records = false;
  options.add_options()("game", po::value(&game_spec)->required()->value_name("SPEC"),
                        "the game at the table, e.g. kuhn_poker or 'loyalist_spies(players=4)'")(
      "seat", po::value(&seat)->required()->value_name("N"), "the AI's seat, from 0")(
      "agent", po::value(&agent_spec)->required()->value_name("SPEC"),
      "the agent that plays it, e.g. ismcts(sims=2000) (kibitz agents lists them)")(
      "seed", po::value(&seed_text)->default_value("0")->value_name("S"),
      "seeds the agent and the worlds it draws, so a session can be repeated")(
      "sims", po::value(&console.budget.simulations)->default_value(0)->value_name("N"),
      "simulations per decision for search agents (0: the agent spec's)")(
      "time-ms", po::value(&console.budget.time_ms)->default_value(0)->value_name("T"),
      "search time per decision in milliseconds instead (0: the agent spec's)")(
      "worlds", po::value(&console.worlds)->default_value(32)->value_name("W"),
      "worlds drawn to list what can come next and to find what is forced")(
      "no-fill", po::bool_switch(&no_fill), "never fill in forced observations: type everything")(
      "records", po::value(&console.records_dir)->default_value(".")->value_name("DIR"),
      "write each game's seat record (for kibitz review) into DIR")(
      "no-records", po::bool_switch(&no_records), "keep no seat records");
  if (!parse_command_options(kSeatUsage, options, args)) return kExitOk;
  const std::uint64_t seed = parse_uint64(seed_text, "--seed");
  if (console.budget.simulations < 0 || console.budget.simulations > 1'000'000'000) {
    throw error("--sims must be from 0 to 1000000000, got ", console.budget.simulations);
  }
  if (console.budget.time_ms < 0 || console.budget.time_ms > 3'600'000) {
    throw error("--time-ms must be from 0 to 3600000 (an hour), got ", console.budget.time_ms);
  }
  if (console.budget.simulations > 0 && console.budget.time_ms > 0) {
    throw error("give one of --sims and --time-ms, not both");
  }
  if (console.worlds < 1 || console.worlds > 100000) throw error("--worlds must be from 1 to 100000");
  console.autofill = !no_fill;
  if (no_records) console.records_dir.clear();
  if (!console.records_dir.empty() && !std::filesystem::is_directory(console.records_dir)) {
    throw error("--records ", console.records_dir, ": not a directory");
  }
  console.echo = ::isatty(STDIN_FILENO) == 0;

  const std::shared_ptr<const Game> game = load_game(game_spec);
  game->stream_spec();
  if (seat < 0 || seat >= game->num_players()) {
    throw error("--seat ", seat, ": ", game->spec(), " has seats 0 to ", game->num_players() - 1);
  }
  const std::unique_ptr<Agent> agent = make_agent(agent_spec, game, seed);
  std::cout << "kibitz seat: " << game->spec() << ", " << agent->spec() << " plays seat " << seat
            << " (" << seat_text(seat) << "), seed " << seed << "\n";
  // Ctrl-C (or SIGTERM, SIGHUP) ends the session at once, a search under
  // way included; the input's writer going away cuts a search short.
  InterruptGuard guard("\nkibitz seat: interrupted\n");
  console.watch_fd = STDIN_FILENO;
  console.interrupt = &guard.stop_flag();
  // At a terminal, line editing, history and Tab completion (libedit);
  // scripted input is read as it comes.
  SeatConsole* completing = nullptr;
  std::unique_ptr<LineInput> input;
  if (::isatty(STDIN_FILENO) != 0 && ::isatty(STDOUT_FILENO) != 0) {
    input = std::make_unique<EditLineInput>(&guard.stop_flag(), [&completing](std::string_view typed) {
      return completing != nullptr ? completing->completions(typed) : std::vector<std::string>{};
    });
  } else {
    input = std::make_unique<FdLineInput>(STDIN_FILENO, &guard.stop_flag(), std::cout);
  }
  SeatConsole table(game, seat, *agent, seed, console, *input, std::cout);
  completing = &table;
  try {
    return table.run();
  } catch (const Interrupted&) {
    std::cout << "\n" << std::flush;
    return guard.exit_status();
  }
}

}  // namespace kibitz::tools
