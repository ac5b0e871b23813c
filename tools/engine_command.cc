// kibitz engine: one seat played by a kibitz agent for a program elsewhere,
// over the seat protocol (docs/protocol.md): JSON lines on standard input,
// one reply line each on standard output. The program is the table: it
// tells the engine what its seat sees and asks it for moves; the engine
// never sees another seat's cards.
#include <unistd.h>

#include <fstream>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "agents/external/seat_protocol.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/spec.h"
#include "tools/command.h"
#include "tools/engine/bounded_line_reader.h"
#include "tools/engine/engine_server.h"
#include "tools/interrupt.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

constexpr CommandUsage kEngineUsage{
    "engine", "kibitz engine --agent SPEC [--seed N] [--log FILE] [--records DIR]",
    "Plays one seat of a kibitz game for another program, over the seat protocol: one JSON\n"
    "object per line on standard input, one reply line on standard output for each\n"
    "(docs/protocol.md has every message, the limits and a full session per game). The\n"
    "program is the table and the engine a player at it: it hears only what its seat sees.\n"
    "\n"
    "  > {\"type\":\"hello\",\"version\":3}\n"
    "  < {\"type\":\"hello\",\"protocol\":\"kibitz-seat\",\"version\":3,...,\"games\":[...]}\n"
    "  > {\"type\":\"new_game\",\"game\":\"kuhn_poker\",\"seat\":1}\n"
    "  > {\"type\":\"observations\",\"observations\":[{\"kind\":\"dealt_to\",\"seat\":0},\n"
    "                                                 {\"kind\":\"dealt\",\"card\":\"K\"},\n"
    "                                                 {\"kind\":\"bet\",\"seat\":0}]}\n"
    "  < {\"type\":\"observed\",\"observations\":3,\"to_act\":true,\"over\":false}\n"
    "  > {\"type\":\"act\",\"budget\":{\"simulations\":500},\"legal\":[\"pass\",\"bet\"]}\n"
    "  < {\"type\":\"action\",\"action\":\"bet\",\"policy\":{\"pass\":0.1,\"bet\":0.9},...}\n"
    "  ...\n"
    "  > {\"type\":\"end_game\",\"return\":2}\n"
    "\n"
    "Messages: hello (first; answered with the protocol, its version and the games), new_game,\n"
    "observation / observations (the seat's observations in their JSON forms, its own moves\n"
    "included), act (optionally with a budget of simulations or milliseconds; answered with\n"
    "the action and the agent's policy and value when it has them), state (the engine's view,\n"
    "to resynchronise) and end_game (with the seat's return when the game was played out). A\n"
    "bad line (not JSON, unknown type, out of order, an observation no deal explains, longer\n"
    "than 1 MiB) gets {\"type\":\"error\",\"message\":...} naming the problem; the engine and\n"
    "its game carry on unchanged. The end of input ends it: a search under way stops at\n"
    "once and answers with the move it has found (at least one simulation), and the lines\n"
    "sent before the end are still answered. Ctrl-C (or SIGTERM, SIGHUP) cuts a search short\n"
    "the same way, then ends the engine with status 128 + the signal (130 for Ctrl-C).\n"
    "A new_game with a \"seed\" builds the agent afresh from that seed; without one the agent\n"
    "is reused from game to game (built from --seed for the first).",
    "kibitz engine --agent random\n"
    "kibitz engine --agent 'ismcts(sims=2000)' --log engine.log\n"
    "kibitz arena --game kuhn_poker --agents 'engine(cmd=kibitz engine --agent cfr),random'"};

// Every line in and out, for a person debugging a client (or a test that
// checks what the engine was told).
class Transcript {
 public:
  explicit Transcript(const std::string& path) {
    if (path.empty()) return;
    file_.emplace(path, std::ios::app);
    if (!*file_) throw error("--log: cannot open '", path, "' for writing");
  }
  void received(std::string_view line) { write("> ", line); }
  void sent(std::string_view line) { write("< ", line); }

 private:
  void write(std::string_view prefix, std::string_view line) {
    if (file_) *file_ << prefix << line << '\n' << std::flush;
  }
  std::optional<std::ofstream> file_;
};

}  // namespace

int run_engine(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description options;
  std::string agent_spec;
  std::string seed_text = "0";
  std::string log_path;
  std::string records_dir;
  options.add_options()("agent", po::value(&agent_spec)->required()->value_name("SPEC"),
                        "the agent that plays the seat, e.g. ismcts(sims=1000) (kibitz agents "
                        "lists them)")(
      "seed", po::value(&seed_text)->default_value("0")->value_name("N"),
      "seeds the agent and the engine's draws of worlds for games whose new_game has no seed")(
      "log", po::value(&log_path)->value_name("FILE"),
      "append every line received ('> ') and sent ('< ') to FILE")(
      "records", po::value(&records_dir)->value_name("DIR"),
      "write each game's seat record (for kibitz review) into DIR; end_game's reply names it");
  if (!parse_command_options(kEngineUsage, options, args)) return kExitOk;
  const std::uint64_t seed = parse_uint64(seed_text, "--seed");
  find_agent(parse_spec(agent_spec).name);  // an unknown agent fails now, not at the first game
  if (!records_dir.empty() && !std::filesystem::is_directory(records_dir)) {
    throw error("--records ", records_dir, ": not a directory");
  }
  Transcript transcript(log_path);

  // Ctrl-C (or SIGTERM, SIGHUP) cuts a search under way short; its answer
  // is still sent, then the engine exits (128 + the signal). The end of
  // input does the same to a search, and ends the engine once the lines
  // sent before it are answered.
  InterruptGuard guard("\nkibitz engine: interrupted\n");
  EngineServer server(agent_spec, seed);
  server.watch_decisions(STDIN_FILENO, &guard.stop_flag());
  if (!records_dir.empty()) server.keep_records(records_dir);
  BoundedLineReader reader(STDIN_FILENO, seat_protocol::kMaxLineBytes, &guard.stop_flag());
  while (const std::optional<BoundedLineReader::Line> line = reader.next()) {
    std::string reply;
    if (line->too_long) {
      transcript.received("(a line of " + std::to_string(line->bytes) + " bytes, skipped)");
      reply = server.refuse_long_line(line->bytes);
    } else {
      transcript.received(line->text);
      reply = server.handle(line->text);
    }
    transcript.sent(reply);
    std::cout << reply << '\n' << std::flush;
    if (guard.interrupted()) break;
  }
  return guard.interrupted() ? guard.exit_status() : kExitOk;
}

}  // namespace kibitz::tools
