// `kibitz corpus query`: one SQL statement over a corpus, read-only twice
// over: the connection is set to PRAGMA query_only, and a statement that
// would write (INSERT, DELETE, DROP, VACUUM INTO, ...) is refused before it
// runs. (The file itself is opened for writing only so that SQLite can roll
// back what an `add` killed midway left in its journal.)
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "replays/corpus/result_table.h"
#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

// Opens the corpus at `path` for reading only (it must be a corpus of this
// schema version, corpus_schema.h).
std::unique_ptr<Database> open_corpus_read_only(const std::string& path);

// Runs `sql` (exactly one statement) and keeps at most `max_rows` rows.
// Throws KibitzError naming the database on SQL that does not prepare, that
// would write, or that fails.
ResultTable run_query(Database& db, const std::string& sql, std::size_t max_rows);

}  // namespace kibitz::replays::corpus
