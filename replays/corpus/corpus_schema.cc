#include "replays/corpus/corpus_schema.h"

#include <cstring>
#include <filesystem>
#include <fstream>

#include "env/core/error.h"

namespace kibitz::replays::corpus {

namespace {

namespace fs = std::filesystem;

// The first 16 bytes of every SQLite 3 database file.
constexpr char kSqliteHeader[] = "SQLite format 3";

// Kept in step with docs/corpus.md "Schema"; one statement per table or
// index. Per-seat counts (plays, bluffs, claims, ...) are copied into
// `seats` so that the per-agent report reads one table; the *_tallies
// tables sum each seat's decisions (corpus_tallies.h) so that the claims,
// bids and bluffs reports read about one row per seat, not millions of
// decisions.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE files(
  file_id INTEGER PRIMARY KEY,
  identity TEXT NOT NULL UNIQUE,
  path TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  records INTEGER NOT NULL,
  added_at TEXT NOT NULL,
  bluff_particles INTEGER NOT NULL,
  bluff_seed TEXT NOT NULL
);
CREATE TABLE games(
  game_id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(file_id),
  record_index INTEGER NOT NULL,
  game TEXT NOT NULL,
  spec TEXT NOT NULL,
  seed TEXT NOT NULL,
  players INTEGER NOT NULL,
  length INTEGER NOT NULL,
  finished INTEGER NOT NULL,
  forfeit_seat INTEGER,
  forfeit_reason TEXT,
  start_time TEXT NOT NULL,
  duration_seconds REAL NOT NULL,
  UNIQUE(file_id, record_index)
);
CREATE INDEX games_by_game ON games(game);
CREATE TABLE seats(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  seat INTEGER NOT NULL,
  game TEXT NOT NULL,
  agent TEXT NOT NULL,
  label TEXT NOT NULL,
  agent_spec TEXT NOT NULL,
  return REAL,
  won INTEGER NOT NULL,
  win_share REAL NOT NULL,
  plays INTEGER,
  bluffs INTEGER,
  claims INTEGER,
  lies INTEGER,
  bids INTEGER,
  overbids INTEGER,
  PRIMARY KEY(game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_agent
  ON seats(game, agent, won, return, plays, bluffs, claims, lies, bids, overbids);
CREATE TABLE spies_plays(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  round INTEGER NOT NULL,
  mission INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  card INTEGER NOT NULL,
  traitor INTEGER NOT NULL,
  place TEXT NOT NULL,
  fit TEXT NOT NULL,
  honest_card INTEGER,
  effect REAL,
  effect_error REAL,
  bluff INTEGER,
  belief_before REAL,
  belief_after REAL,
  fooled INTEGER
);
CREATE INDEX spies_plays_by_game ON spies_plays(game_id);
CREATE TABLE adulting_claims(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  round INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  truth_adult INTEGER NOT NULL,
  claim_adult INTEGER NOT NULL,
  lie INTEGER NOT NULL,
  ups INTEGER NOT NULL,
  downs INTEGER NOT NULL,
  stands INTEGER NOT NULL,
  won_card INTEGER NOT NULL
);
CREATE INDEX adulting_claims_by_game ON adulting_claims(game_id);
CREATE TABLE adulting_bids(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  round INTEGER NOT NULL,
  card INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  bid INTEGER NOT NULL,
  value INTEGER NOT NULL,
  monies INTEGER NOT NULL,
  won INTEGER NOT NULL,
  refund INTEGER NOT NULL,
  overbid INTEGER NOT NULL
);
CREATE INDEX adulting_bids_by_game ON adulting_bids(game_id);
CREATE TABLE adulting_declarations(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  round INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  measured INTEGER,
  declared INTEGER NOT NULL,
  inflated INTEGER NOT NULL,
  prosecutor INTEGER,
  proposed INTEGER,
  price INTEGER,
  verdict TEXT NOT NULL
);
CREATE INDEX adulting_declarations_by_game ON adulting_declarations(game_id);
CREATE TABLE laws(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  serial INTEGER NOT NULL,
  maker INTEGER NOT NULL,
  made_turn INTEGER NOT NULL,
  fate TEXT NOT NULL,
  amendments INTEGER NOT NULL,
  enforced INTEGER NOT NULL,
  pay INTEGER NOT NULL,
  maker_net INTEGER NOT NULL,
  others_net INTEGER NOT NULL
);
CREATE INDEX laws_by_game ON laws(game_id);
CREATE TABLE spies_play_tallies(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  seat INTEGER NOT NULL,
  traitor INTEGER NOT NULL,
  plays INTEGER NOT NULL,
  bluffs INTEGER,
  bluffs_tracked INTEGER,
  bluffs_caught INTEGER,
  effect_sum REAL NOT NULL,
  effects INTEGER NOT NULL,
  PRIMARY KEY(game_id, seat, traitor)
) WITHOUT ROWID;
CREATE TABLE adulting_claim_tallies(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  seat INTEGER NOT NULL,
  claims INTEGER NOT NULL,
  lies INTEGER NOT NULL,
  adult_claims INTEGER NOT NULL,
  adult_lies INTEGER NOT NULL,
  voted_down INTEGER NOT NULL,
  stood_lies INTEGER NOT NULL,
  successful_bluffs INTEGER NOT NULL,
  PRIMARY KEY(game_id, seat)
) WITHOUT ROWID;
CREATE TABLE adulting_bid_tallies(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  seat INTEGER NOT NULL,
  bids INTEGER NOT NULL,
  overbids INTEGER NOT NULL,
  overbid_sum INTEGER NOT NULL,
  underbids INTEGER NOT NULL,
  won INTEGER NOT NULL,
  bid_minus_value_sum INTEGER NOT NULL,
  PRIMARY KEY(game_id, seat)
) WITHOUT ROWID;
)sql";

enum class FileKind { kMissingOrEmpty, kSqlite, kOther };

FileKind file_kind(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return FileKind::kMissingOrEmpty;
  if (!fs::is_regular_file(path, ec))
    throw error(path, ": not a regular file, so not a corpus database");
  if (fs::file_size(path, ec) == 0) return FileKind::kMissingOrEmpty;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw error(path, ": cannot be read");
  char head[sizeof kSqliteHeader] = {};
  in.read(head, sizeof head);
  return in.gcount() == sizeof head && std::memcmp(head, kSqliteHeader, sizeof head) == 0
             ? FileKind::kSqlite
             : FileKind::kOther;
}

void create_schema(Database& db) {
  Transaction transaction(db);
  db.exec(kSchema);
  Statement put(db, "INSERT INTO meta(key, value) VALUES (?1, ?2)");
  put.bind(1, std::string_view("application")).bind(2, std::string_view(kCorpusApplication)).run();
  put.bind(1, std::string_view("schema_version"))
      .bind(2, std::to_string(kCorpusSchemaVersion))
      .run();
  transaction.commit();
}

bool has_table(Database& db, std::string_view name) {
  Statement find(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
  find.bind(1, name);
  return find.step();
}

bool is_blank(Database& db) {
  Statement count(db, "SELECT count(*) FROM sqlite_master");
  count.step();
  return count.integer(0) == 0;
}

// The meta value of `key`, or "" when missing.
std::string meta_value(Database& db, std::string_view key) {
  Statement get(db, "SELECT value FROM meta WHERE key = ?1");
  get.bind(1, key);
  return get.step() ? get.text(0) : std::string();
}

void require_corpus(Database& db) {
  const std::string& path = db.path();
  if (!has_table(db, "meta") || meta_value(db, "application") != kCorpusApplication) {
    throw error(path, ": a SQLite database, but not a kibitz corpus (no meta table naming '",
                kCorpusApplication, "'); give a new file name to make a corpus");
  }
  const std::string version = meta_value(db, "schema_version");
  if (version != std::to_string(kCorpusSchemaVersion)) {
    const bool plain = !version.empty() && version.size() <= 9 &&
                       version.find_first_not_of("0123456789") == std::string::npos;
    throw error(path, ": a kibitz corpus of schema version ", plain ? version : "(unreadable)",
                "; this kibitz reads version ", kCorpusSchemaVersion,
                " (build a new corpus from the replay files with kibitz corpus add)");
  }
}

}  // namespace

const char* corpus_schema_sql() { return kSchema; }

std::unique_ptr<Database> open_corpus(const std::string& path, OpenMode mode) {
  const FileKind kind = file_kind(path);
  if (kind == FileKind::kOther) {
    throw error(path,
                ": not a SQLite database (its first bytes are not SQLite's header), so not a "
                "kibitz corpus");
  }
  if (kind == FileKind::kMissingOrEmpty && mode != OpenMode::kCreate) {
    throw error(path, ": no such corpus (kibitz corpus add ", path, " FILES... makes one)");
  }
  auto db = std::make_unique<Database>(path, mode);
  if (mode == OpenMode::kCreate && is_blank(*db)) {
    create_schema(*db);
    return db;
  }
  require_corpus(*db);
  return db;
}

}  // namespace kibitz::replays::corpus
