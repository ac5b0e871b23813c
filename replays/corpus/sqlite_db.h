// A thin RAII layer over SQLite's C API for the replay corpus: a database
// connection and prepared statements whose errors become KibitzError
// naming the database file. Values from data are always bound
// (sqlite3_bind_*), never spliced into SQL text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace kibitz::replays::corpus {

// How a corpus database is opened.
enum class OpenMode {
  kReadOnly,   // SQLITE_OPEN_READONLY: nothing can be written, whatever the SQL
  kReadWrite,  // an existing database
  kCreate,     // created when missing
};

// One connection; closed on destruction.
class Database {
 public:
  // Opens `path`; throws KibitzError naming it when SQLite cannot.
  Database(const std::string& path, OpenMode mode);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs `sql` (one or more statements, no parameters, no rows wanted).
  void exec(const char* sql);
  // The rowid of the last row this connection inserted.
  std::int64_t last_insert_rowid() const;
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }
  // "PATH: what SQLite said" for errors about this database.
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

// A prepared statement: bind by 1-based index, step, read columns, reset.
class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);
  Statement& bind_null(int index);
  template <class T>
  Statement& bind(int index, const std::optional<T>& value) {
    return value ? bind(index, *value) : bind_null(index);
  }

  // Steps once: true when a row is ready, false when done.
  bool step();
  // Steps a statement that returns no rows, then resets it for reuse.
  void run();
  void reset();

  int columns() const;
  bool is_null(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  std::string column_name(int column) const;
  bool read_only() const;
  sqlite3_stmt* handle() const { return stmt_; }

 private:
  Database& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless committed,
// so an exception leaves the database as it was.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace kibitz::replays::corpus
