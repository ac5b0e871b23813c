#include "replays/corpus/corpus_query.h"

#include "env/core/error.h"
#include "replays/corpus/corpus_schema.h"

namespace kibitz::replays::corpus {

std::unique_ptr<Database> open_corpus_read_only(const std::string& path) {
  // Read-write at the file level, so that the journal an `add` killed
  // midway left behind is rolled back (a read-only connection cannot);
  // query_only and the statement check below keep the SQL from writing.
  std::unique_ptr<Database> db = open_corpus(path, OpenMode::kReadWrite);
  db->exec("PRAGMA query_only = ON");
  return db;
}

ResultTable run_query(Database& db, const std::string& sql, std::size_t max_rows) {
  Statement statement(db, sql);
  if (!statement.read_only()) {
    throw error(db.path(),
                ": kibitz corpus query runs read-only SQL, and this statement would write "
                "(the corpus changes only through kibitz corpus add)");
  }
  return collect_rows(statement, max_rows);
}

}  // namespace kibitz::replays::corpus
