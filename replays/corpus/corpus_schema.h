// The replay corpus's schema (docs/corpus.md): its tables, its version, and
// opening a database that must be a kibitz corpus of this version. A file
// that is not SQLite, a SQLite database of something else, or a corpus of
// another schema version is refused with a message naming the path and the
// problem; nothing read from the file is quoted.
#pragma once

#include <memory>
#include <string>

#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

// Bumped whenever a table or column changes meaning or goes; a database of
// another version is refused (build it again from the replay files).
// Version 2 added the per-seat tally tables (docs/corpus.md "Schema").
inline constexpr int kCorpusSchemaVersion = 2;
// meta's `application` value: what marks a SQLite file as a kibitz corpus.
inline constexpr const char* kCorpusApplication = "kibitz corpus";

// Opens the corpus at `path`. kCreate creates it (with the schema) when the
// file is missing or empty; otherwise the file must already be a corpus of
// kCorpusSchemaVersion. Throws KibitzError naming the path when it is not.
std::unique_ptr<Database> open_corpus(const std::string& path, OpenMode mode);

// The SQL that creates every table and index (also printed in docs/corpus.md).
const char* corpus_schema_sql();

}  // namespace kibitz::replays::corpus
