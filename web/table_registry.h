// TableRegistry: every table of one server, with the server's limits, and
// the directory its finished games go to as replay files.
//
// Limits (ServerLimits, each a `kibitz serve` flag to come): how many
// tables play at once, how many finished tables stay open for their
// listeners, seats per table, listeners per table, unread messages per
// listener and the length of an action. A request past a limit is a
// KibitzError saying which limit and its value.
//
// A finished game is written to <replay_dir>/<table id>.kbr by ReplayWriter
// (a temporary file renamed into place: a reader never sees half a file),
// from the thread that played its last move, and filed in the ReplayLibrary
// (the list in memory, and the retention limit).
//
// Thread-safe.
#pragma once

#include <cstddef>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "web/replay_library.h"
#include "web/table.h"
#include "web/table_spec.h"
#include "web/think_pool.h"

namespace kibitz::web {

struct ServerLimits {
  int max_tables = 64;           // tables playing at once
  int max_finished_tables = 64;  // ended tables kept open for their listeners; the oldest goes first
  int max_seats_per_table = 16;
  std::size_t max_spectators_per_table = 32;  // spectators connected at once (seats have their own places)
  std::size_t max_queued_messages = 4096;      // unread messages before a listener is closed
  std::size_t max_action_bytes = 200;          // length of an action's text
};

struct RegistryOptions {
  ServerLimits limits;
  // Threads on which agents are built and think: up to this many slow
  // searches run at once before a table waits for a thread.
  int think_threads = 2;
  // How long an agent may think over one decision before it is told to
  // stop (ActBudget::stop) and answers with what it has found.
  std::chrono::milliseconds decision_time{5000};
  // A table with no person connected for this long is closed ("abandoned"),
  // freeing its place under max_tables (Table::unattended_for).
  std::chrono::milliseconds table_idle{std::chrono::minutes(30)};
  // Where finished games go; empty: nowhere.
  std::string replay_dir;
  // Replay files of its own the server keeps; past it, it deletes its oldest.
  std::size_t max_replays = 10000;
  // What specs from requests may ask for (web/spec_policy.h).
  SpecPolicy spec_policy;
};

// A person seat found by its token.
struct SeatHandle {
  std::shared_ptr<Table> table;
  Player seat = -1;
};

// The answer to a table request, built on the think pool.
struct CreateResult {
  std::shared_ptr<Table> table;  // null when refused
  std::string error;             // why not, naming the problem or the limit
  // Refused by a server limit or its shutdown (try again later), rather
  // than for what the request asked.
  bool limit = false;
};
using CreateDone = std::function<void(CreateResult)>;

class TableRegistry {
 public:
  // Creates replay_dir when missing; throws KibitzError when it cannot.
  explicit TableRegistry(RegistryOptions options);
  // Stops every table under way (no replay for them) and the think pool.
  ~TableRegistry();
  TableRegistry(const TableRegistry&) = delete;
  TableRegistry& operator=(const TableRegistry&) = delete;

  // Checks the limits, then builds the table on the think pool (plan_table
  // builds its agents, which can take a while: a CFR solve) and starts it.
  // `done` is called exactly once, with no lock held: on the caller's thread
  // for a refusal at once (max_tables), else on a think thread (or, when the
  // server shuts down before the build starts, on the thread that stops it).
  // A table being built holds its place under max_tables.
  void create_async(TableSpec spec, CreateDone done);
  // The same, waiting for the build: for callers that are not network
  // threads (start-up tables, tests). Throws KibitzError naming the problem.
  // Its person seats' tokens are table->seat_token(s).
  std::shared_ptr<Table> create(const TableSpec& spec);

  // Sets the stop flag of every decision under way and refuses new work:
  // the first step of a shutdown, so that searches end within moments.
  void cancel_thinking();
  // Waits until the think pool has nothing under way: after
  // cancel_thinking(), until the searches have stopped and the tables being
  // built are done (a build cannot be stopped midway).
  void wait_for_thinking();

  // The table with public id `id`, or null.
  std::shared_ptr<Table> find(std::string_view id) const;
  // The seat whose token is `token`, in any table: every seat of every
  // table is compared in constant time (no map keyed by the secret).
  std::optional<SeatHandle> find_seat(std::string_view token) const;

  std::vector<TableStatus> tables() const;
  // Closes the tables unattended for table_idle (Table::unattended_for):
  // each is aborted as abandoned, which frees its place. Called before each
  // table request is counted against max_tables, and by the server now and
  // then. Returns how many it closed.
  int expire_idle_tables(std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());

  // The replay files of replay_dir, newest first (kept in memory).
  std::vector<ReplayListing> replays() const;
  const ReplayLibrary& replay_library() const { return replays_; }
  // Why the last replay could not be written (empty when all were).
  std::string last_replay_error() const;

  // The pool the tables' agents think on: other agent work of the server
  // (a seat's review, web/seat_reviews.h) runs there too, so that
  // cancel_thinking() stops it as well.
  ThinkPool& think_pool() { return *pool_; }

  const ServerLimits& limits() const { return options_.limits; }
  const SpecPolicy& spec_policy() const { return options_.spec_policy; }
  const std::string& replay_dir() const { return options_.replay_dir; }

 private:
  struct Entry {
    std::shared_ptr<Table> table;
    bool over = false;
  };

  class PendingBuild;
  void build(const TableSpec& spec, PendingBuild& pending);
  void on_table_end(Table& table);
  void write_replay(const Table& table);
  // Drops the oldest ended tables past max_finished_tables; under the lock.
  void evict_locked();

  const RegistryOptions options_;
  ReplayLibrary replays_;
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // in creation order
  int building_ = 0;            // tables being built: each holds a place under max_tables
  std::string last_replay_error_;
  std::unique_ptr<ThinkPool> pool_;
};

}  // namespace kibitz::web
