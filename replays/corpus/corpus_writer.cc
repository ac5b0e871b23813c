#include "replays/corpus/corpus_writer.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <fstream>
#include <optional>
#include <vector>

#include "agents/match/worker_pool.h"
#include "env/core/error.h"
#include "replays/checksum.h"
#include "replays/corpus/corpus_insert.h"
#include "replays/replay_reader.h"

namespace kibitz::replays::corpus {

namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ull;

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

// The file already in the corpus with these bytes, if any.
std::optional<AddResult> existing(Database& db, const FileIdentity& identity) {
  Statement find(db, "SELECT path, records FROM files WHERE identity = ?1");
  find.bind(1, identity.text);
  if (!find.step()) return std::nullopt;
  return AddResult{false, static_cast<std::size_t>(find.integer(1)), find.text(0)};
}

std::int64_t insert_file(Database& db, const std::string& path, const FileIdentity& identity,
                         const AnalysisOptions& analysis) {
  Statement put(
      db,
      "INSERT INTO files(identity, path, bytes, records, added_at, bluff_particles, bluff_seed) "
      "VALUES (?1, ?2, ?3, 0, ?4, ?5, ?6)");
  put.bind(1, identity.text)
      .bind(2, path)
      .bind(3, static_cast<std::int64_t>(identity.bytes))
      .bind(4, utc_now());
  put.bind(5, analysis.bluffs ? analysis.report.particles : 0)
      .bind(6, std::to_string(analysis.report.seed));
  put.run();
  return db.last_insert_rowid();
}

// Reads up to `limit` records into `out` (reusing it); false once the file ends.
bool read_batch(ReplayReader& reader, std::vector<ReplayRecord>& out, std::size_t limit) {
  out.resize(limit);
  std::size_t n = 0;
  while (n < limit && reader.next(out[n])) ++n;
  out.resize(n);
  return n == limit;
}

// The rows of every record of a batch, analysed on `threads` threads; the
// lowest failing record's error is rethrown, whichever thread met it.
std::vector<GameRows> analyse_batch(const std::vector<ReplayRecord>& records,
                                    std::size_t first_index, const std::string& path,
                                    const AddOptions& options) {
  std::vector<GameRows> rows(records.size());
  std::vector<std::exception_ptr> failures(records.size());
  WorkerPoolOptions pool;
  pool.threads = std::max(1, std::min<int>(options.threads, static_cast<int>(records.size())));
  run_jobs(static_cast<std::int64_t>(records.size()), pool, [&](int) -> Job {
    return [&](std::int64_t job) {
      const auto i = static_cast<std::size_t>(job);
      try {
        rows[i] = game_rows(records[i], path, first_index + i, options.analysis);
      } catch (...) {
        failures[i] = std::current_exception();
      }
    };
  });
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
  return rows;
}

}  // namespace

FileIdentity file_identity(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw error(path, ": cannot open the replay file");
  std::vector<char> buffer(1 << 20);
  std::uint64_t fnv = kFnvOffset;
  std::uint32_t crc = 0;
  FileIdentity identity;
  while (in) {
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const auto got = static_cast<std::size_t>(in.gcount());
    if (got == 0) break;
    crc = crc32(std::string_view(buffer.data(), got), crc);
    for (std::size_t i = 0; i < got; ++i) {
      fnv = (fnv ^ static_cast<unsigned char>(buffer[i])) * kFnvPrime;
    }
    identity.bytes += got;
  }
  if (in.bad()) throw error(path, ": cannot read the replay file");
  char text[64];
  std::snprintf(text, sizeof text, "%016llx-%08x-%llu", static_cast<unsigned long long>(fnv),
                static_cast<unsigned>(crc), static_cast<unsigned long long>(identity.bytes));
  identity.text = text;
  return identity;
}

AddResult add_replay_file(Database& db, const std::string& path, const AddOptions& options) {
  const FileIdentity identity = file_identity(path);
  // A file's transaction can be large: keep its pages in memory (64 MiB)
  // rather than spilling them to the database file before the commit.
  db.exec("PRAGMA cache_size = -65536");
  Transaction transaction(db);
  if (std::optional<AddResult> there = existing(db, identity)) return *there;
  const std::int64_t file_id = insert_file(db, path, identity, options.analysis);
  RowInserter inserter(db);
  ReplayReader reader(path);
  std::vector<ReplayRecord> batch;
  std::size_t games = 0;
  bool more = true;
  while (more) {
    if (options.stop != nullptr && options.stop->load()) throw StopRequested{};
    more = read_batch(reader, batch, std::max<std::size_t>(1, options.batch));
    for (const GameRows& rows : analyse_batch(batch, games, path, options))
      inserter.insert(file_id, rows);
    games += batch.size();
    if (options.progress) options.progress(games);
  }
  if (reader.offset() != identity.bytes)
    throw error(path, ": the file changed while it was being added");
  Statement count(db, "UPDATE files SET records = ?1 WHERE file_id = ?2");
  count.bind(1, static_cast<std::int64_t>(games)).bind(2, file_id).run();
  transaction.commit();
  return AddResult{true, games, path};
}

}  // namespace kibitz::replays::corpus
