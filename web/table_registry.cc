#include "web/table_registry.h"

#include <algorithm>
#include <filesystem>
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

}  // namespace

TableRegistry::TableRegistry(RegistryOptions options)
    : options_(std::move(options)), pool_(std::make_unique<ThinkPool>(options_.think_threads)) {
  if (options_.limits.max_tables < 1) throw error("the table limit must be at least 1");
  if (!options_.replay_dir.empty()) {
    std::error_code failure;
    fs::create_directories(options_.replay_dir, failure);
    if (failure || !fs::is_directory(options_.replay_dir)) {
      throw error("replay directory '", options_.replay_dir, "' cannot be created: ",
                  failure ? failure.message() : "not a directory");
    }
  }
}

TableRegistry::~TableRegistry() {
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

std::shared_ptr<Table> TableRegistry::create(const TableSpec& spec) {
  const TableSpecRules rules{options_.limits.max_seats_per_table, options_.allow_engine_agents};
  const std::uint64_t seed = secret_seed();
  TablePlan plan = plan_table(spec, rules, seed);
  TableOptions table_options;
  table_options.seed = seed;
  table_options.max_subscribers = options_.limits.max_subscribers_per_table;
  table_options.max_queued_messages = options_.limits.max_queued_messages;
  table_options.max_action_bytes = options_.limits.max_action_bytes;
  // Public, but random: nobody can list other people's tables by counting.
  table_options.id = new_seat_token().substr(0, 12);
  std::shared_ptr<Table> table;
  {
    std::lock_guard lock(mutex_);
    const auto playing = std::count_if(entries_.begin(), entries_.end(),
                                       [](const Entry& e) { return !e.over; });
    if (playing >= options_.limits.max_tables) {
      throw error("this server already plays its limit of ", options_.limits.max_tables,
                  " tables at once; try again when one has ended");
    }
    table = Table::create(std::move(plan), table_options, *pool_,
                          [this](Table& ended) { on_table_end(ended); });
    entries_.push_back(Entry{table});
  }
  table->begin();
  return table;
}

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
  const std::string path = (fs::path(options_.replay_dir) / (table.id() + ".kbr")).string();
  try {
    replays::ReplayWriter writer(path);
    writer.write(*record);
    writer.close();
  } catch (const KibitzError& e) {
    std::lock_guard lock(mutex_);
    last_replay_error_ = e.what();
  }
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

std::vector<ReplayListing> TableRegistry::replays() const {
  std::vector<std::pair<fs::file_time_type, ReplayListing>> found;
  if (options_.replay_dir.empty()) return {};
  std::error_code failure;
  for (const auto& item : fs::directory_iterator(options_.replay_dir, failure)) {
    // Only whole files: a writer's temporary ends in ".tmp.<pid>.<n>".
    if (!item.is_regular_file() || item.path().extension() != ".kbr") continue;
    found.push_back({item.last_write_time(), ReplayListing{item.path().filename().string(),
                                                           item.file_size()}});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<ReplayListing> out;
  for (auto& [time, listing] : found) out.push_back(std::move(listing));
  return out;
}

std::string TableRegistry::last_replay_error() const {
  std::lock_guard lock(mutex_);
  return last_replay_error_;
}

}  // namespace kibitz::web
