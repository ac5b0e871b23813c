// A load of simulated people on `kibitz serve` (web/server/server.h), for
// the load test (tests/web/load_test.cc) and bench/web_load_bench.cc.
//
// Each slot hosts one table at a time: a host thread creates it over HTTP
// (POST /api/tables, as the index page does), then every person seat of it
// is played by a Beast asynchronous WebSocket client that answers each turn
// addressed to it with a random legal action. When the table's game is over
// the slot creates its next table, until it has played games_per_slot. All
// slots play at once, on a few client threads (not a thread per connection).
// So that they really are at once (a short game would end before the last
// table is created), every person of the slots' first tables holds its
// first answer until all of them have heard their first turn.
//
// The latency of an act is the time from just before the client hands
// {"type":"act"} to Beast until the client reads the first message back on
// that connection: the server reading and parsing it, Table::act (applying
// the move, drawing chance, queueing the next agent's decision, writing
// every listener's messages) and the write back, plus the loopback and the
// client's own reading. Agents' moves after it do not count: the first reply
// is the seat's own move in its stream (or game_over, or a refusal).
//
// A refused act fails the run (a legal act at a rate the server allows is
// never refused). The run is bounded by a deadline: past it the run stops and says which
// tables did not end, so a stalled server fails clearly instead of hanging.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kibitz::web::testing {

struct LoadTable {
  std::string game;                // a game spec
  std::vector<std::string> seats;  // "human" (a simulated person) or an agent spec
};

struct LoadOptions {
  unsigned short port = 0;         // the server's, on 127.0.0.1
  std::vector<LoadTable> slots;    // played at once, one table each at a time
  int games_per_slot = 1;          // tables each slot plays one after another
  int client_threads = 2;
  std::uint64_t seed = 1;          // the people's choices
  // A person waits a random time in [think_min, think_max] before it
  // answers a turn; 0 and 0: at once.
  std::chrono::milliseconds think_min{0};
  std::chrono::milliseconds think_max{0};
  std::chrono::milliseconds deadline{60000};
  bool keep_messages = false;      // every message each person heard, for checks
  // Called once, on a client thread, when every person of every slot's
  // first table has heard its first turn, before any of them answers it:
  // every first table is live then, and none has ended.
  std::function<void()> on_all_seated;
};

// One person seat of one table, as its client saw it.
struct PersonRecord {
  std::string table_id;
  std::string game;
  int seat = -1;
  std::vector<std::string> messages;     // when keep_messages
  std::vector<std::int64_t> latency_ns;  // one per act: act sent -> first reply
  int acts = 0;
  int refused = 0;       // "refused" answers (over the rate, not legal, ...)
  int errors = 0;        // "error" answers
  int unconfirmed = 0;   // acts whose first reply was not observations, game_over or refused
  bool over = false;     // heard game_over
  int table_moves = 0;   // the game's whole history (chance, agents, people), from game_over
  std::string last_type; // of the last message heard
  std::string failure;   // why it ended before game_over, if it did
};

struct LoadResult {
  // Every slot played all its games, and nothing failed.
  bool completed = false;
  // The first failure (a table refused, a connection closed early, an act
  // refused, an aborted table, the deadline), naming the table; empty when
  // completed.
  std::string failure;
  std::vector<std::string> table_ids;  // in creation order
  std::vector<PersonRecord> people;
  double seconds = 0;                  // from the first request to the last game_over
};

// Plays the load and returns what the clients saw. Never throws for what
// the server does: that is in the result.
LoadResult run_load(const LoadOptions& options);

// What the bench and the test report.
struct LoadSummary {
  std::int64_t acts = 0, refused = 0, errors = 0, unconfirmed = 0;
  std::int64_t table_moves = 0;          // every move of every table, each table once
  std::vector<std::int64_t> latency_ns;  // every act's, sorted
  // Nearest-rank percentile of latency_ns (q in [0, 1]), in microseconds.
  double latency_us(double q) const;
};
LoadSummary summarize(const LoadResult& result);

}  // namespace kibitz::web::testing
