// kibitz serve: the web table server (web/server/server.h). People play in
// their browsers through secret join links, agents fill the other seats,
// spectators watch the public stream, finished games become replay files.
// Tables are created by POST /api/tables (the index page has a form) or at
// start-up with --table, whose join links are printed.
#include <chrono>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "env/core/error.h"
#include "tools/command.h"
#include "tools/interrupt.h"
#include "tools/options.h"
#include "web/server/routes.h"
#include "web/server/server.h"

namespace kibitz::tools {
namespace {

constexpr CommandUsage kServeUsage{
    "serve", "kibitz serve [--listen ADDR:PORT] [--replays DIR] [--table 'GAME: SEATS'] [limits]",
    "Serves web tables: every registered game, each seat a person (\"human\") or any agent\n"
    "spec, models included. Each person's seat has its own secret join link\n"
    "(/table/ID?seat=TOKEN): whoever holds it plays that seat and sees only that seat's\n"
    "stream; a closed tab rejoins with the same link. Spectators (/table/ID) see the public\n"
    "stream, and everything once the game has ended. Finished games are written to\n"
    "--replays DIR as ID.kbr and listed on the index page. Agents think on --think-threads\n"
    "threads, never on the network threads.\n"
    "--table 'GAME: SEAT,SEAT,...' creates a table at start-up and prints its links: GAME is\n"
    "a game spec, each SEAT 'human' or an agent spec; give it once per table. More tables\n"
    "come from the index page or POST /api/tables (docs/serve.md).\n"
    "Listens on 127.0.0.1 (this machine only) unless --listen says otherwise; port 0 picks\n"
    "a free port. Every limit has a flag; past one, a request is refused with the limit's\n"
    "name. Ctrl-C stops the server (exit 0); games under way end without a replay.",
    "kibitz serve --table 'loyalist_spies: human,ismcts,ismcts,ismcts'\n"
    "kibitz serve --listen 127.0.0.1:0 --table 'kuhn_poker: human,human' --table 'leduc_poker: human,cfr'\n"
    "kibitz serve --listen 0.0.0.0:8080 --replays games --max-tables 16"};

// "ADDR:PORT" ("[::1]:8080" for IPv6) -> the address and the port.
void parse_listen(const std::string& text, web::ServerOptions& options) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
    throw error("--listen '", text, "': expected ADDR:PORT, e.g. 127.0.0.1:8080");
  }
  std::string address = text.substr(0, colon);
  if (address.size() > 2 && address.front() == '[' && address.back() == ']') {
    address = address.substr(1, address.size() - 2);
  }
  const std::uint64_t port = parse_uint64(text.substr(colon + 1), "--listen's port");
  if (port > 65535) throw error("--listen '", text, "': the port must be from 0 to 65535");
  options.address = address;
  options.port = static_cast<unsigned short>(port);
}

// "GAME: SEAT,SEAT,..." -> a table request.
web::TableSpec parse_table_flag(const std::string& text) {
  int depth = 0;
  std::size_t colon = std::string::npos;
  for (std::size_t i = 0; i < text.size() && colon == std::string::npos; ++i) {
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    if (text[i] == ':' && depth == 0) colon = i;
  }
  if (colon == std::string::npos) {
    throw error("--table '", text, "': expected 'GAME: SEAT,SEAT,...', e.g. 'kuhn_poker: human,cfr'");
  }
  web::TableSpec spec;
  const std::vector<std::string> game = split_top_level(text.substr(0, colon), ',', "--table's game");
  if (game.size() != 1) throw error("--table '", text, "': the game before ':' is missing");
  spec.game = game.front();
  spec.seats = split_top_level(text.substr(colon + 1), ',', "--table's seats");
  return spec;
}

void print_table(std::ostream& out, const std::string& base, const web::Table& table) {
  out << "table " << table.id() << ": " << table.game().spec() << "\n";
  for (Player s = 0; s < static_cast<Player>(table.seat_labels().size()); ++s) {
    out << "  seat " << s << " (" << table.seat_labels()[static_cast<std::size_t>(s)] << ")";
    if (!table.seat_token(s).empty()) out << ": " << base << web::seat_link(table, s);
    out << "\n";
  }
  out << "  spectators: " << base << web::spectator_link(table) << "\n";
}

// Every flag of `kibitz serve`, writing into `server`, `listen` and `tables`.
void add_serve_options(boost::program_options::options_description& options,
                       web::ServerOptions& server, std::string& listen,
                       std::vector<std::string>& tables) {
  namespace po = boost::program_options;
  web::ServerLimits& limits = server.registry.limits;
  web::NetworkLimits& network = server.network;
  options.add_options()("listen", po::value(&listen)->value_name("ADDR:PORT"),
                        "address and port (default 127.0.0.1:8080; port 0: a free one)")(
      "replays", po::value(&server.registry.replay_dir)->value_name("DIR"),
      "where finished games are written (default kibitz_replays; created when missing)")(
      "table", po::value(&tables)->value_name("'GAME: SEATS'"),
      "a table to create at start-up, e.g. 'leduc_poker: human,cfr' (repeatable)")(
      "allow-engine-agents", po::bool_switch(&server.registry.allow_engine_agents),
      "let table requests use engine(cmd=...) agents, which run programs on this machine")(
      "think-threads", po::value(&server.registry.think_threads)->default_value(2)->value_name("N"),
      "threads on which agents think")(
      "network-threads", po::value(&server.network_threads)->default_value(2)->value_name("N"),
      "threads serving connections")(
      "max-tables", po::value(&limits.max_tables)->default_value(limits.max_tables)->value_name("N"),
      "tables playing at once")(
      "max-finished-tables",
      po::value(&limits.max_finished_tables)->default_value(limits.max_finished_tables)->value_name("N"),
      "ended tables kept open for their listeners")(
      "max-seats", po::value(&limits.max_seats_per_table)->default_value(limits.max_seats_per_table)->value_name("N"),
      "seats per table")(
      "max-listeners",
      po::value(&limits.max_subscribers_per_table)->default_value(limits.max_subscribers_per_table)->value_name("N"),
      "connections to one table (seats and spectators)")(
      "max-queued", po::value(&limits.max_queued_messages)->default_value(limits.max_queued_messages)->value_name("N"),
      "unsent messages to a connection before it is closed")(
      "max-action-bytes", po::value(&limits.max_action_bytes)->default_value(limits.max_action_bytes)->value_name("N"),
      "length of an action's text")(
      "max-connections", po::value(&network.max_connections)->default_value(network.max_connections)->value_name("N"),
      "connections open at once")(
      "max-message-bytes", po::value(&network.max_message_bytes)->default_value(network.max_message_bytes)->value_name("N"),
      "longest WebSocket message from a browser (longer closes it, code 1009)")(
      "max-request-bytes", po::value(&network.max_request_bytes)->default_value(network.max_request_bytes)->value_name("N"),
      "longest HTTP request body")(
      "rate", po::value(&network.messages_per_second)->default_value(network.messages_per_second)->value_name("R"),
      "WebSocket messages per second per connection, on average")(
      "burst", po::value(&network.message_burst)->default_value(network.message_burst)->value_name("N"),
      "messages at once before the rate applies; this many over it in a row closes the connection");
}

// Limits a flag could set to something unusable, checked before serving
// rather than when the first browser connects.
void check_limits(const web::ServerOptions& server) {
  const web::ServerLimits& limits = server.registry.limits;
  const web::NetworkLimits& network = server.network;
  if (!(network.messages_per_second > 0)) throw error("--rate must be positive");
  if (network.message_burst < 1) throw error("--burst must be at least 1");
  if (limits.max_queued_messages < 1) throw error("--max-queued must be at least 1");
  if (limits.max_action_bytes < 1) throw error("--max-action-bytes must be at least 1");
  if (limits.max_subscribers_per_table < 1) throw error("--max-listeners must be at least 1");
  if (network.max_request_bytes < 256) throw error("--max-request-bytes must be at least 256");
}

}  // namespace

int run_serve(const std::vector<std::string>& args) {
  web::ServerOptions server;
  server.registry.replay_dir = "kibitz_replays";
  std::string listen = "127.0.0.1:8080";
  std::vector<std::string> tables;
  boost::program_options::options_description options;
  add_serve_options(options, server, listen, tables);
  if (!parse_command_options(kServeUsage, options, args)) return kExitOk;
  parse_listen(listen, server);
  check_limits(server);
  std::vector<web::TableSpec> specs;
  for (const std::string& table : tables) specs.push_back(parse_table_flag(table));

  web::Server web_server(server);
  for (const web::TableSpec& spec : specs) {
    try {
      web_server.registry().create(spec);
    } catch (const KibitzError& e) {
      throw error("--table '", spec.game, "': ", e.what());
    }
  }
  const bool v6 = web_server.address().find(':') != std::string::npos;
  const std::string base = "http://" + (v6 ? "[" + web_server.address() + "]" : web_server.address()) +
                           ":" + std::to_string(web_server.port());
  InterruptGuard guard("\nkibitz serve: stopping\n");
  web_server.start();
  std::cout << "kibitz serve: listening on " << base << "/ (Ctrl-C stops)\n"
            << "replays go to " << web_server.registry().replay_dir() << "\n";
  for (const web::TableStatus& status : web_server.registry().tables()) {
    print_table(std::cout, base, *web_server.registry().find(status.id));
  }
  std::cout << std::flush;
  while (!guard.interrupted()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  web_server.stop();
  return kExitOk;
}

}  // namespace kibitz::tools
