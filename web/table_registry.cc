#include "web/table_registry.h"

#include <algorithm>
#include <filesystem>
#include <future>
#include <random>

#include "env/core/error.h"
#include "replays/replay_writer.h"
#include "web/seat_token.h"

namespace kibitz::web {

namespace fs = std::filesystem;

namespace {

// A seed nobody at the table can know: a replay records it, a player must
// not be able to predict the deals from it.
std::uint64_t secret_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

// Creates `dir` when missing (the operator's flag: its path may be named).
const std::string& prepared_replay_dir(const std::string& dir) {
  if (dir.empty()) return dir;
  std::error_code failure;
  fs::create_directories(dir, failure);
  if (failure || !fs::is_directory(dir)) {
    throw error("replay directory '", dir, "' cannot be created: ",
                failure ? failure.message() : "not a directory");
  }
  return dir;
}

}  // namespace

TableRegistry::TableRegistry(RegistryOptions options)
    : options_(std::move(options)),
      replays_(prepared_replay_dir(options_.replay_dir), options_.max_replays),
      pool_(std::make_unique<ThinkPool>(options_.think_threads)) {
  if (options_.limits.max_tables < 1) throw error("the table limit must be at least 1");
}

TableRegistry::~TableRegistry() {
  pool_->cancel_all();
  std::vector<Entry> entries;
  {
    std::lock_guard lock(mutex_);
    entries = entries_;
  }
  for (const Entry& entry : entries) entry.table->abort("the server is shutting down");
  // Joins the think threads while every member is still alive: a task that
  // ends a game runs on_table_end.
  pool_.reset();
}

// A table request on its way through the think pool: calls its `done`
// exactly once, with the result, or -- when the pool drops the task unrun
// because the server is shutting down -- with that refusal. Either way the
// place it held under max_tables is given back first.
class TableRegistry::PendingBuild {
 public:
  PendingBuild(TableRegistry& registry, CreateDone done) : registry_(registry), done_(std::move(done)) {}
  ~PendingBuild() {
    if (done_) finish(CreateResult{nullptr, "the server is shutting down", true}, nullptr);
  }
  PendingBuild(const PendingBuild&) = delete;
  PendingBuild& operator=(const PendingBuild&) = delete;

  // Files `table` (when built) in the place held, then answers.
  void finish(CreateResult result, const std::shared_ptr<Table>& table) {
    {
      std::lock_guard lock(registry_.mutex_);
      --registry_.building_;
      if (table) registry_.entries_.push_back(Entry{table});
    }
    CreateDone done = std::move(done_);
    done_ = nullptr;
    // Filed before it starts: a game of agents may end, and its end hook
    // look for it, before begin() returns.
    if (table) table->begin();
    done(std::move(result));
  }

 private:
  TableRegistry& registry_;
  CreateDone done_;
};

void TableRegistry::create_async(TableSpec spec, CreateDone done) {
  expire_idle_tables();  // an abandoned table gives its place to this one
  {
    std::lock_guard lock(mutex_);
    const auto playing = std::count_if(entries_.begin(), entries_.end(),
                                       [](const Entry& e) { return !e.over; });
    if (playing + building_ >= options_.limits.max_tables) {
      done(CreateResult{nullptr,
                        "this server already plays its limit of " +
                            std::to_string(options_.limits.max_tables) +
                            " tables at once (--max-tables); try again when one has ended",
                        true});
      return;
    }
    ++building_;
  }
  auto pending = std::make_shared<PendingBuild>(*this, std::move(done));
  pool_->submit([this, spec = std::move(spec), pending](const std::atomic<bool>&) { build(spec, *pending); });
  // Refused by a cancelled pool: `pending` goes with the task, and answers.
}

void TableRegistry::build(const TableSpec& spec, PendingBuild& pending) {
  const TableSpecRules rules{options_.limits.max_seats_per_table, options_.spec_policy};
  std::shared_ptr<Table> table;
  CreateResult result;
  try {
    const std::uint64_t seed = secret_seed();
    TablePlan plan = plan_table(spec, rules, seed);
    TableOptions table_options;
    table_options.seed = seed;
    table_options.max_spectators = options_.limits.max_spectators_per_table;
    table_options.max_queued_messages = options_.limits.max_queued_messages;
    table_options.max_action_bytes = options_.limits.max_action_bytes;
    table_options.decision_time = options_.decision_time;
    // Public, but random: nobody can list other people's tables by counting.
    table_options.id = new_seat_token().substr(0, 12);
    table = Table::create(std::move(plan), table_options, *pool_,
                          [this](Table& ended) { on_table_end(ended); });
    result.table = table;
  } catch (const KibitzError& e) {
    result.error = e.what();
  } catch (const std::exception& e) {
    // Out of memory building an agent, say: the request's, not a crash.
    result.error = std::string("the table could not be built: ") + e.what();
  }
  pending.finish(std::move(result), table);
}

std::shared_ptr<Table> TableRegistry::create(const TableSpec& spec) {
  std::promise<CreateResult> promise;
  std::future<CreateResult> future = promise.get_future();
  create_async(spec, [&promise](CreateResult result) { promise.set_value(std::move(result)); });
  CreateResult result = future.get();
  if (!result.table) throw error(result.error);
  return result.table;
}

void TableRegistry::cancel_thinking() { pool_->cancel_all(); }

void TableRegistry::wait_for_thinking() { pool_->wait_until_idle(); }

std::shared_ptr<Table> TableRegistry::find(std::string_view id) const {
  std::lock_guard lock(mutex_);
  for (const Entry& entry : entries_) {
    if (entry.table->id() == id) return entry.table;
  }
  return nullptr;
}

std::optional<SeatHandle> TableRegistry::find_seat(std::string_view token) const {
  std::lock_guard lock(mutex_);
  std::optional<SeatHandle> found;
  for (const Entry& entry : entries_) {
    const Player seat = entry.table->seat_of_token(token);
    if (seat >= 0) found = SeatHandle{entry.table, seat};
  }
  return found;
}

std::vector<TableStatus> TableRegistry::tables() const {
  std::vector<std::shared_ptr<Table>> tables;
  {
    std::lock_guard lock(mutex_);
    for (const Entry& entry : entries_) tables.push_back(entry.table);
  }
  std::vector<TableStatus> out;
  for (const auto& table : tables) out.push_back(table->status());
  return out;
}

void TableRegistry::on_table_end(Table& table) {
  write_replay(table);
  std::lock_guard lock(mutex_);
  for (Entry& entry : entries_) {
    if (entry.table.get() == &table) entry.over = true;
  }
  evict_locked();
}

void TableRegistry::write_replay(const Table& table) {
  const std::optional<replays::ReplayRecord> record = table.record();
  if (!record.has_value() || options_.replay_dir.empty()) return;
  const std::string file = table.id() + ".kbr";
  try {
    replays_.add(file, [&](const std::string& path) {
      replays::ReplayWriter writer(path);
      writer.write(*record);
      writer.close();
    });
  } catch (const KibitzError& e) {
    std::lock_guard lock(mutex_);
    last_replay_error_ = e.what();
  }
}

int TableRegistry::expire_idle_tables(std::chrono::steady_clock::time_point now) {
  std::vector<std::shared_ptr<Table>> playing;
  {
    std::lock_guard lock(mutex_);
    for (const Entry& entry : entries_) {
      if (!entry.over) playing.push_back(entry.table);
    }
  }
  int closed = 0;
  for (const auto& table : playing) {
    if (table->unattended_for(now) < options_.table_idle) continue;
    // Aborting runs the end hook (on_table_end), which takes the lock.
    table->abort("abandoned: nobody was connected to this table for " +
                 std::to_string(std::chrono::duration_cast<std::chrono::seconds>(options_.table_idle).count()) +
                 " seconds (--table-idle-minutes)");
    ++closed;
  }
  return closed;
}

void TableRegistry::evict_locked() {
  auto over = std::count_if(entries_.begin(), entries_.end(), [](const Entry& e) { return e.over; });
  for (auto it = entries_.begin(); it != entries_.end() && over > options_.limits.max_finished_tables;) {
    if (it->over) {
      it = entries_.erase(it);
      --over;
    } else {
      ++it;
    }
  }
}

std::vector<ReplayListing> TableRegistry::replays() const { return replays_.list(); }

std::string TableRegistry::last_replay_error() const {
  std::lock_guard lock(mutex_);
  return last_replay_error_;
}

}  // namespace kibitz::web
