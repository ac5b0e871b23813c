#include "replays/corpus/sqlite_db.h"

#include <sqlite3.h>

#include "env/core/error.h"

namespace kibitz::replays::corpus {

namespace {

int open_flags(OpenMode mode) {
  switch (mode) {
    case OpenMode::kReadOnly:
      return SQLITE_OPEN_READONLY;
    case OpenMode::kReadWrite:
      return SQLITE_OPEN_READWRITE;
    case OpenMode::kCreate:
      return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  }
  return SQLITE_OPEN_READONLY;
}

}  // namespace

Database::Database(const std::string& path, OpenMode mode) : path_(path) {
  // NOMUTEX: one connection per thread of use; URIs off so that a path is a path.
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_, open_flags(mode) | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw error(path, ": cannot open the corpus database: ", why);
  }
  sqlite3_extended_result_codes(db_, 1);
  // A writer may hold the lock for one file's transaction: wait for it.
  sqlite3_busy_timeout(db_, 10000);
}

Database::~Database() { sqlite3_close_v2(db_); }

void Database::fail(std::string_view what) const {
  // A damaged file's message may quote names read from it: say only what
  // kind of damage SQLite found.
  const int code = sqlite3_extended_errcode(db_) & 0xff;
  if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB) {
    throw error(path_, ": the corpus database is damaged (", sqlite3_errstr(code),
                "); build it again with kibitz corpus add");
  }
  throw error(path_, ": ", what, ": ", sqlite3_errmsg(db_));
}

void Database::exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail("SQL failed");
}

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

Statement::Statement(Database& db, std::string_view sql) : db_(db) {
  const char* tail = nullptr;
  if (sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, &tail) !=
      SQLITE_OK) {
    db.fail("cannot prepare the statement");
  }
  if (stmt_ == nullptr) throw error(db.path(), ": the SQL holds no statement");
  const std::string_view rest = sql.substr(static_cast<std::size_t>(tail - sql.data()));
  if (rest.find_first_not_of(" \t\r\n;") != std::string_view::npos) {
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    throw error(db.path(), ": give one SQL statement at a time (more follows the first)");
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK) {
    db_.fail("cannot bind a value");
  }
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.fail("the statement failed");
}

void Statement::run() {
  step();
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int Statement::columns() const { return sqlite3_column_count(stmt_); }
bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}
std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }
double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::text(int column) const {
  const auto* bytes = sqlite3_column_text(stmt_, column);
  if (bytes == nullptr) return {};
  return std::string(reinterpret_cast<const char*>(bytes),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::string Statement::column_name(int column) const {
  const char* name = sqlite3_column_name(stmt_, column);
  return name != nullptr ? name : "";
}

bool Statement::read_only() const { return sqlite3_stmt_readonly(stmt_) != 0; }

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace kibitz::replays::corpus
