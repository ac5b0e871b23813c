// kibitz serve: the web table server (web/server/server.h). People play in
// their browsers through secret join links, agents fill the other seats,
// spectators watch the public stream, finished games become replay files.
// Tables are created by POST /api/tables (the index page has a form) or at
// start-up with --table, whose join links are printed.
#include <pthread.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <future>
#include <iostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "env/core/error.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/serve_review.h"
#include "tools/torch_program.h"
#include "web/server/routes.h"
#include "web/server/server.h"

namespace kibitz::tools {
namespace {

constexpr CommandUsage kServeUsage{
    "serve", "kibitz serve [--listen ADDR:PORT] [--replays DIR] [--table 'GAME: SEATS'] [limits]",
    "Serves web tables: every registered game, each seat a person (\"human\") or an agent\n"
    "spec. Specs from requests and --table alike are checked (docs/serve.md, \"Security\n"
    "model\"): no engine agents, files only by name from the --models and --decks folders,\n"
    "every cost (sims, iters, max_nodes, time_ms, threads) within its --max-* cap.\n"
    "Each person's seat has its own secret join link\n"
    "(/table/ID?seat=TOKEN): whoever holds it plays that seat and sees only that seat's\n"
    "stream; a closed tab rejoins with the same link. Spectators (/table/ID) see the public\n"
    "stream, and everything once the game has ended. Finished games are written to\n"
    "--replays DIR as ID.kbr and listed on the index page, where each opens in the replay\n"
    "viewer (a .kbr file from elsewhere can be opened there too). Once a game is over, a\n"
    "person's seat may ask for a review of its own decisions, from its own stream alone\n"
    "(docs/review.md): --review-agent at --review-sims simulations a decision, on the think\n"
    "threads, at most --max-reviews at once, each stopped after --review-seconds; the page\n"
    "shows its progress and then the review. Agents think on\n"
    "--think-threads threads and viewer documents are built on --view-threads threads,\n"
    "never on the network threads.\n"
    "--table 'GAME: SEAT,SEAT,...' creates a table at start-up and prints its links: GAME is\n"
    "a game spec, each SEAT 'human' or an agent spec; give it once per table. More tables\n"
    "come from the index page or POST /api/tables (docs/serve.md).\n"
    "Listens on 127.0.0.1 (this machine only) unless --listen says otherwise; port 0 picks\n"
    "a free port. Every limit has a flag; past one, a request is refused with the limit's\n"
    "name. Ctrl-C (or SIGTERM, SIGHUP) stops the server within a second, cancelling the\n"
    "searches under way, and exits 0; more signals while it stops change nothing. Games\n"
    "under way end without a replay.",
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
  long long max_tables, max_finished_tables, max_seats, max_spectators, max_queued, max_action_bytes;
  long long max_connections, max_message_bytes, max_request_bytes, burst, think_threads, network_threads;
  long long max_upload_bytes, max_queued_views, view_threads;
  long long decision_ms, max_client_connections, request_timeout, table_idle_minutes, max_replays;
  explicit LimitFlags(const web::ServerOptions& server)
      : max_tables(server.registry.limits.max_tables),
        max_finished_tables(server.registry.limits.max_finished_tables),
        max_seats(server.registry.limits.max_seats_per_table),
        max_spectators(static_cast<long long>(server.registry.limits.max_spectators_per_table)),
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
        view_threads(server.view_threads),
        decision_ms(server.registry.decision_time.count()),
        max_client_connections(server.network.max_connections_per_client),
        request_timeout(server.network.request_timeout_seconds),
        table_idle_minutes(std::chrono::duration_cast<std::chrono::minutes>(server.registry.table_idle).count()),
        max_replays(server.registry.max_replays) {}
};

// The flags that keep one client, one table or one agent from taking the
// server from the others (docs/serve.md, "Limits").
// A count flag that writes into `target` and shows its current value as the default.
boost::program_options::typed_value<long long>* count(long long& target) {
  return boost::program_options::value(&target)->default_value(target)->value_name("N");
}

void add_fairness_options(boost::program_options::options_description& options, web::ServerOptions& server,
                          LimitFlags& flags) {
  namespace po = boost::program_options;
  options.add_options()(
      "decision-ms", count(flags.decision_ms),
      "milliseconds an agent may think over one decision; then its search is stopped and it "
      "plays what it has found")(
      "max-client-connections", count(flags.max_client_connections),
      "connections open at once from one client address (429 past it)")(
      "tables-per-minute", po::value(&server.network.tables_per_minute)
                               ->default_value(server.network.tables_per_minute)
                               ->value_name("R"),
      "tables one client address may create a minute, a minute's worth at once (429 past it)")(
      "request-timeout", count(flags.request_timeout),
      "seconds a connection has to send a request's header before it is closed")(
      "table-idle-minutes", count(flags.table_idle_minutes),
      "minutes a table may go with no person connected before it is closed, freeing its place")(
      "max-replays", count(flags.max_replays),
      "replay files this server keeps; past it, it deletes the oldest that it wrote itself");
}

// Every flag of `kibitz serve`, writing into `server`, `listen`, `tables`
// and `flags` (the limits, checked and copied by apply_limits).
void add_serve_options(boost::program_options::options_description& options, web::ServerOptions& server,
                       std::string& listen, std::vector<std::string>& tables, LimitFlags& flags) {
  namespace po = boost::program_options;
  options.add_options()("listen", po::value(&listen)->value_name("ADDR:PORT"),
                        "address and port (default 127.0.0.1:8080; port 0: a free one)")(
      "replays", po::value(&server.registry.replay_dir)->value_name("DIR"),
      "where finished games are written (default kibitz_replays; created when missing)")(
      "table", po::value(&tables)->value_name("'GAME: SEATS'"),
      "a table to create at start-up, e.g. 'leduc_poker: human,cfr' (repeatable)")(
      "think-threads", count(flags.think_threads),
      "threads on which agents think; also the most threads one agent may ask for (threads=)")(
      "network-threads", count(flags.network_threads), "threads serving connections")(
      "view-threads", count(flags.view_threads), "threads building replay viewer documents")(
      "max-tables", count(flags.max_tables), "tables playing at once")(
      "max-finished-tables", count(flags.max_finished_tables), "ended tables kept open for their listeners")(
      "max-seats", count(flags.max_seats), "seats per table")(
      "max-spectators", count(flags.max_spectators),
      "spectators of one table at once (each seat always has its own place besides)")(
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
  add_fairness_options(options, server, flags);
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

void apply_fairness_limits(const LimitFlags& f, web::ServerOptions& server) {
  server.registry.decision_time = std::chrono::milliseconds(checked_count<long long>("decision-ms", f.decision_ms, 1));
  server.network.max_connections_per_client =
      checked_count<int>("max-client-connections", f.max_client_connections, 1);
  server.network.request_timeout_seconds = checked_count<int>("request-timeout", f.request_timeout, 1);
  server.registry.table_idle =
      std::chrono::minutes(checked_count<long long>("table-idle-minutes", f.table_idle_minutes, 1));
  server.registry.max_replays = checked_count<std::size_t>("max-replays", f.max_replays, 1);
  if (!(server.network.tables_per_minute > 0)) throw error("--tables-per-minute must be positive");
}

// Copies the checked limits into `server`, before serving rather than when
// the first browser connects.
void apply_limits(const LimitFlags& f, web::ServerOptions& server) {
  web::ServerLimits& limits = server.registry.limits;
  web::NetworkLimits& network = server.network;
  limits.max_tables = checked_count<int>("max-tables", f.max_tables, 1);
  limits.max_finished_tables = checked_count<int>("max-finished-tables", f.max_finished_tables, 0);
  limits.max_seats_per_table = checked_count<int>("max-seats", f.max_seats, 1);
  limits.max_spectators_per_table = checked_count<std::size_t>("max-spectators", f.max_spectators, 1);
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
  apply_fairness_limits(f, server);
}

// Ctrl-C, SIGTERM and SIGHUP stop the server. They are blocked in every
// thread (no handler runs) and the main thread takes the first with
// sigwait: a second one while the server stops stays pending and is never
// delivered, so it cannot turn the clean exit into a kill. The mask is not
// restored: serving is the last thing this process does.
sigset_t block_stop_signals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGHUP);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return signals;
}

void wait_for_stop_signal(const sigset_t& signals) {
  int signal = 0;
  while (sigwait(&signals, &signal) != 0) {
  }
}

// How long stopping may take: the searches are cancelled at once, but an
// agent that ignores its stop flag, or a table's agents being built (a CFR
// solve cannot be stopped midway), would hold the threads longer.
constexpr std::chrono::milliseconds kStopDeadline{750};

// Stops the server; if that is not done by `deadline`, ends the process
// with exit 0 anyway. Nothing is lost that a clean stop would keep: games
// under way end without a replay either way, and finished games were
// written (atomically) when they ended.
void stop_within(web::Server& server, std::chrono::milliseconds deadline) {
  std::promise<void> stopped;
  std::future<void> done = stopped.get_future();
  std::thread watchdog([&done, deadline] {
    if (done.wait_for(deadline) == std::future_status::ready) return;
    std::cerr << "kibitz serve: stopped (agents still busy were abandoned)\n" << std::flush;
    std::cout << std::flush;
    std::_Exit(kExitOk);
  });
  server.stop();
  stopped.set_value();
  watchdog.join();
}

// What specs from the network may ask for (web/spec_policy.h): catalogues
// of files by name, and the caps on cost parameters. Read as signed numbers,
// like the limits, so "-1" is refused by name.
struct SpecFlags {
  std::string models, decks;
  long long max_sims, max_iters, max_nodes, max_time_ms;
  explicit SpecFlags(const web::SpecCaps& caps)
      : max_sims(caps.max_sims),
        max_iters(caps.max_iters),
        max_nodes(caps.max_nodes),
        max_time_ms(caps.max_time_ms) {}
};

void add_spec_options(boost::program_options::options_description& options, SpecFlags& flags) {
  namespace po = boost::program_options;
  options.add_options()(
      "models", po::value(&flags.models)->value_name("DIR"),
      "offer the files directly in DIR by name to model= and policy= (e.g. nn(model=spies) for "
      "DIR/spies.pt); without it no spec may name a model or policy file")(
      "decks", po::value(&flags.decks)->value_name("DIR"),
      "offer the files directly in DIR by name to deck= (adulting(deck=small) for DIR/small.json)")(
      "max-sims", count(flags.max_sims),
      "simulations per decision one agent spec may ask for, nested searches multiplied "
      "(sims=, worlds=); also samples per query (odds_trials=, belief=)")(
      "max-iters", count(flags.max_iters), "solver iterations an agent spec may ask for (cfr's iters=)")(
      "max-nodes", count(flags.max_nodes), "tree nodes one search or solver may hold (max_nodes=)")(
      "max-time-ms", count(flags.max_time_ms), "milliseconds per decision an agent spec may ask for (time_ms=)");
}

// The catalogue of `flag` DIR, reported on `out`; empty without the flag.
web::Catalogue load_catalogue(const std::string& flag, const std::string& dir, std::ostream& out) {
  if (dir.empty()) return web::Catalogue(flag);
  web::Catalogue catalogue = web::Catalogue::of_folder(flag, dir);
  out << flag << " " << dir << ": " << catalogue.names().size() << " names";
  for (const std::string& name : catalogue.names()) out << " " << name;
  out << "\n";
  for (const std::string& skipped : catalogue.skipped()) out << "  not offered: " << skipped << "\n";
  return catalogue;
}

// Copies the checked caps and the catalogues into `server`; threads= is
// capped by --think-threads, so apply_limits runs first.
void apply_spec_options(const SpecFlags& f, web::ServerOptions& server, std::ostream& out) {
  web::SpecPolicy& policy = server.registry.spec_policy;
  policy.caps.max_sims = checked_count<std::int64_t>("max-sims", f.max_sims, 1);
  policy.caps.max_iters = checked_count<std::int64_t>("max-iters", f.max_iters, 1);
  policy.caps.max_nodes = checked_count<std::int64_t>("max-nodes", f.max_nodes, 2);
  policy.caps.max_time_ms = checked_count<std::int64_t>("max-time-ms", f.max_time_ms, 1);
  policy.caps.max_threads = server.registry.think_threads;
  policy.models = load_catalogue("--models", f.models, out);
  policy.decks = load_catalogue("--decks", f.decks, out);
}

// "Review this game" at the tables (web/seat_reviews.h): the engine and its
// budget, the operator's alone.
struct ReviewFlags {
  std::string agent = "ismcts";
  long long sims = 400, seconds = 120, max_reviews = 1;
};

void add_review_options(boost::program_options::options_description& options, ReviewFlags& flags) {
  namespace po = boost::program_options;
  options.add_options()(
      "review-agent", po::value(&flags.agent)->default_value(flags.agent)->value_name("SPEC"),
      "the engine of a seat's review (a search agent: ismcts, mo_ismcts, pimc, ismcts_nn), checked "
      "like a table's specs")(
      "review-sims", count(flags.sims),
      "simulations per decision of a review, shared by its 4 replicates (at most --max-sims)")(
      "review-seconds", count(flags.seconds), "seconds one review may run before it is stopped")(
      "max-reviews", count(flags.max_reviews),
      "reviews queued or under way at once, each on a think thread (at most --think-threads; 0: "
      "no reviews)");
}

// After apply_spec_options: the engine is checked against its policy.
void apply_review_options(const ReviewFlags& f, web::ServerOptions& server) {
  web::ReviewLimits& limits = server.reviews;
  limits.max_running = checked_count<int>("max-reviews", f.max_reviews, 0);
  if (limits.max_running > server.registry.think_threads) {
    throw error("--max-reviews ", limits.max_running, ": at most --think-threads (",
                server.registry.think_threads, "), since each review holds a think thread");
  }
  limits.time_limit = std::chrono::seconds(checked_count<long long>("review-seconds", f.seconds, 1));
  if (limits.time_limit > std::chrono::hours(1)) throw error("--review-seconds ", f.seconds, ": at most 3600");
  ServeReviewOptions review;
  review.agent = f.agent;
  review.simulations = checked_count<std::int64_t>("review-sims", f.sims, 1);
  if (review.simulations > server.registry.spec_policy.caps.max_sims) {
    throw error("--review-sims ", review.simulations, ": at most --max-sims (",
                server.registry.spec_policy.caps.max_sims, ")");
  }
  server.reviewer = make_serve_reviewer(review, server.registry.spec_policy);
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
  SpecFlags spec_flags(server.registry.spec_policy.caps);
  add_spec_options(options, spec_flags);
  ReviewFlags review_flags;
  add_review_options(options, review_flags);
  if (!parse_command_options(kServeUsage, options, args)) return kExitOk;
  parse_listen(listen, server);
  apply_limits(flags, server);
  apply_spec_options(spec_flags, server, std::cout);
  apply_review_options(review_flags, server);
  std::vector<web::TableSpec> specs;
  for (const std::string& table : tables) specs.push_back(parse_table_flag(table));

  // Before the server starts a thread: every thread inherits this mask.
  const sigset_t stop_signals = block_stop_signals();
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
  web_server.start();
  commit_to_this_program();  // a failure from here on is not a reason to start again
  std::cout << "kibitz serve: listening on " << base << "/ (Ctrl-C stops)\n"
            << "replays go to " << web_server.registry().replay_dir() << "\n";
  for (const web::TableStatus& status : web_server.registry().tables()) {
    print_table(std::cout, base, *web_server.registry().find(status.id));
  }
  std::cout << std::flush;
  wait_for_stop_signal(stop_signals);
  std::cerr << "\nkibitz serve: stopping\n" << std::flush;
  stop_within(web_server, kStopDeadline);
  std::cerr << "kibitz serve: stopped\n" << std::flush;
  return kExitOk;
}

}  // namespace kibitz::tools
