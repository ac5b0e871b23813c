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
// from the thread that played its last move.
//
// Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "web/table.h"
#include "web/table_spec.h"
#include "web/think_pool.h"

namespace kibitz::web {

struct ServerLimits {
  int max_tables = 64;           // tables playing at once
  int max_finished_tables = 64;  // ended tables kept open for their listeners; the oldest goes first
  int max_seats_per_table = 16;
  std::size_t max_subscribers_per_table = 32;  // seats and spectators connected at once
  std::size_t max_queued_messages = 4096;      // unread messages before a listener is closed
  std::size_t max_action_bytes = 200;          // length of an action's text
};

struct RegistryOptions {
  ServerLimits limits;
  // Threads on which agents think: up to this many slow searches run at
  // once before a table waits for a thread.
  int think_threads = 2;
  // Where finished games go; empty: nowhere.
  std::string replay_dir;
  bool allow_engine_agents = false;  // see TableSpecRules
};

// A person seat found by its token.
struct SeatHandle {
  std::shared_ptr<Table> table;
  Player seat = -1;
};

// One replay file of the directory.
struct ReplayListing {
  std::string file;  // the name inside replay_dir, e.g. "3f9c0a1b2d4e.kbr"
  std::uintmax_t bytes = 0;
};

class TableRegistry {
 public:
  // Creates replay_dir when missing; throws KibitzError when it cannot.
  explicit TableRegistry(RegistryOptions options);
  // Stops every table under way (no replay for them) and the think pool.
  ~TableRegistry();
  TableRegistry(const TableRegistry&) = delete;
  TableRegistry& operator=(const TableRegistry&) = delete;

  // Checks the request (table_spec.h) and the limits, and starts the table.
  // Its person seats' tokens are table->seat_token(s).
  std::shared_ptr<Table> create(const TableSpec& spec);

  // The table with public id `id`, or null.
  std::shared_ptr<Table> find(std::string_view id) const;
  // The seat whose token is `token`, in any table: every seat of every
  // table is compared in constant time (no map keyed by the secret).
  std::optional<SeatHandle> find_seat(std::string_view token) const;

  std::vector<TableStatus> tables() const;
  // The replay files of replay_dir, newest first.
  std::vector<ReplayListing> replays() const;
  // Why the last replay could not be written (empty when all were).
  std::string last_replay_error() const;

  const ServerLimits& limits() const { return options_.limits; }
  const std::string& replay_dir() const { return options_.replay_dir; }

 private:
  struct Entry {
    std::shared_ptr<Table> table;
    bool over = false;
  };

  void on_table_end(Table& table);
  void write_replay(const Table& table);
  // Drops the oldest ended tables past max_finished_tables; under the lock.
  void evict_locked();

  const RegistryOptions options_;
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;  // in creation order
  std::string last_replay_error_;
  std::unique_ptr<ThinkPool> pool_;
};

}  // namespace kibitz::web
