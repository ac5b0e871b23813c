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
    "--replays DIR as ID.kbr and listed on the index page, where each opens in the replay\n"
    "viewer (a .kbr file from elsewhere can be opened there too). Agents think on\n"
    "--think-threads threads and viewer documents are built on --view-threads threads,\n"
    "never on the network threads.\n"
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

// The counting limits as the user typed them: read as signed numbers so that
// "-1" is refused by name instead of wrapping round to a huge unsigned value.
struct LimitFlags {
  long long max_tables, max_finished_tables, max_seats, max_listeners, max_queued, max_action_bytes;
  long long max_connections, max_message_bytes, max_request_bytes, burst, think_threads, network_threads;
  long long max_upload_bytes, max_queued_views, view_threads;
  explicit LimitFlags(const web::ServerOptions& server)
      : max_tables(server.registry.limits.max_tables),
        max_finished_tables(server.registry.limits.max_finished_tables),
        max_seats(server.registry.limits.max_seats_per_table),
        max_listeners(static_cast<long long>(server.registry.limits.max_subscribers_per_table)),
        max_queued(static_cast<long long>(server.registry.limits.max_queued_messages)),
        max_action_bytes(static_cast<long long>(server.registry.limits.max_action_bytes)),
        max_connections(server.network.max_connections),
        max_message_bytes(static_cast<long long>(server.network.max_message_bytes)),
        max_request_bytes(static_cast<long long>(server.network.max_request_bytes)),
        burst(server.network.message_burst),
        think_threads(server.registry.think_threads),
        network_threads(server.network_threads),
        max_upload_bytes(static_cast<long long>(server.network.max_upload_bytes)),
        max_queued_views(static_cast<long long>(server.network.max_queued_views)),
        view_threads(server.view_threads) {}
};

// Every flag of `kibitz serve`, writing into `server`, `listen`, `tables`
// and `flags` (the limits, checked and copied by apply_limits).
void add_serve_options(boost::program_options::options_description& options, web::ServerOptions& server,
                       std::string& listen, std::vector<std::string>& tables, LimitFlags& flags) {
  namespace po = boost::program_options;
  const auto count = [](long long& target) { return po::value(&target)->default_value(target)->value_name("N"); };
  options.add_options()("listen", po::value(&listen)->value_name("ADDR:PORT"),
                        "address and port (default 127.0.0.1:8080; port 0: a free one)")(
      "replays", po::value(&server.registry.replay_dir)->value_name("DIR"),
      "where finished games are written (default kibitz_replays; created when missing)")(
      "table", po::value(&tables)->value_name("'GAME: SEATS'"),
      "a table to create at start-up, e.g. 'leduc_poker: human,cfr' (repeatable)")(
      "allow-engine-agents", po::bool_switch(&server.registry.allow_engine_agents),
      "let table requests use engine(cmd=...) agents, which run programs on this machine")(
      "think-threads", count(flags.think_threads), "threads on which agents think")(
      "network-threads", count(flags.network_threads), "threads serving connections")(
      "view-threads", count(flags.view_threads), "threads building replay viewer documents")(
      "max-tables", count(flags.max_tables), "tables playing at once")(
      "max-finished-tables", count(flags.max_finished_tables), "ended tables kept open for their listeners")(
      "max-seats", count(flags.max_seats), "seats per table")(
      "max-listeners", count(flags.max_listeners), "connections to one table (seats and spectators)")(
      "max-queued", count(flags.max_queued), "unsent messages to a connection before it is closed")(
      "max-action-bytes", count(flags.max_action_bytes), "length of an action's text")(
      "max-connections", count(flags.max_connections), "connections open at once")(
      "max-message-bytes", count(flags.max_message_bytes),
      "longest WebSocket message from a browser (longer closes it, code 1009)")(
      "max-request-bytes", count(flags.max_request_bytes), "longest HTTP request body")(
      "max-upload-bytes", count(flags.max_upload_bytes),
      "longest replay file uploaded to the viewer (POST /api/replays/view)")(
      "max-queued-views", count(flags.max_queued_views),
      "replay viewer documents waiting for a view thread before more are refused")(
      "rate", po::value(&server.network.messages_per_second)
                  ->default_value(server.network.messages_per_second)
                  ->value_name("R"),
      "WebSocket messages per second per connection, on average")(
      "burst", count(flags.burst),
      "messages at once before the rate applies; this many over it in a row closes the connection");
}

// A counting flag's value, at least `least` and at most what its field holds.
template <typename Field>
Field checked_count(const char* flag, long long value, long long least) {
  constexpr long long most = 1'000'000'000;
  if (value < least || value > most) {
    throw error("--", flag, " ", value, ": must be from ", least, " to ", most);
  }
  return static_cast<Field>(value);
}

// Copies the checked limits into `server`, before serving rather than when
// the first browser connects.
void apply_limits(const LimitFlags& f, web::ServerOptions& server) {
  web::ServerLimits& limits = server.registry.limits;
  web::NetworkLimits& network = server.network;
  limits.max_tables = checked_count<int>("max-tables", f.max_tables, 1);
  limits.max_finished_tables = checked_count<int>("max-finished-tables", f.max_finished_tables, 0);
  limits.max_seats_per_table = checked_count<int>("max-seats", f.max_seats, 1);
  limits.max_subscribers_per_table = checked_count<std::size_t>("max-listeners", f.max_listeners, 1);
  limits.max_queued_messages = checked_count<std::size_t>("max-queued", f.max_queued, 1);
  limits.max_action_bytes = checked_count<std::size_t>("max-action-bytes", f.max_action_bytes, 1);
  network.max_connections = checked_count<int>("max-connections", f.max_connections, 1);
  network.max_message_bytes = checked_count<std::size_t>("max-message-bytes", f.max_message_bytes, 1);
  network.max_request_bytes = checked_count<std::size_t>("max-request-bytes", f.max_request_bytes, 256);
  network.max_upload_bytes = checked_count<std::size_t>("max-upload-bytes", f.max_upload_bytes, 1);
  network.max_queued_views = checked_count<std::size_t>("max-queued-views", f.max_queued_views, 1);
  network.message_burst = checked_count<int>("burst", f.burst, 1);
  server.registry.think_threads = checked_count<int>("think-threads", f.think_threads, 1);
  server.network_threads = checked_count<int>("network-threads", f.network_threads, 1);
  server.view_threads = checked_count<int>("view-threads", f.view_threads, 1);
  if (!(network.messages_per_second > 0)) throw error("--rate must be positive");
}

}  // namespace

int run_serve(const std::vector<std::string>& args) {
  web::ServerOptions server;
  server.registry.replay_dir = "kibitz_replays";
  std::string listen = "127.0.0.1:8080";
  std::vector<std::string> tables;
  boost::program_options::options_description options;
  LimitFlags flags(server);
  add_serve_options(options, server, listen, tables, flags);
  if (!parse_command_options(kServeUsage, options, args)) return kExitOk;
  parse_listen(listen, server);
  apply_limits(flags, server);
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
