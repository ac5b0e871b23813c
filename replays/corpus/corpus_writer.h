// `kibitz corpus add`: one replay file into the corpus, in one transaction.
// A file is identified by its bytes (file_identity), so adding it again,
// under any name, changes nothing. Records are read and analysed a batch at
// a time (bounded memory whatever the file's size), on several threads,
// and inserted in file order; a record that does not read or replay, an
// error of the database or a stop request rolls the whole file back.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "replays/corpus/corpus_rows.h"
#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

// What identifies a file's contents: "FNV1A64-CRC32-BYTES" in hex and
// decimal (FNV-1a 64 and CRC-32 of every byte, and the byte count: 96 bits
// of hash, so two different files of a large corpus do not collide).
struct FileIdentity {
  std::string text;
  std::uint64_t bytes = 0;
};
// Throws KibitzError naming `path` when it cannot be read.
FileIdentity file_identity(const std::string& path);

struct AddOptions {
  AnalysisOptions analysis;
  int threads = 1;
  std::size_t batch = 256;                  // records read and analysed before they are inserted
  const std::atomic<bool>* stop = nullptr;  // set: the file under way is rolled back
  // Called after each batch with the games of this file inserted so far.
  std::function<void(std::size_t)> progress;
};

struct AddResult {
  bool added = false;      // false: the same bytes were already in the corpus
  std::size_t games = 0;   // games of this file in the corpus
  std::string indexed_as;  // the path it was first added under
};

// Adds the replay file at `path` (unless its bytes are there already).
// Throws KibitzError naming the path (and record) on a bad file, and
// StopRequested when `options.stop` was set; either way nothing of the file
// is left in the database.
AddResult add_replay_file(Database& db, const std::string& path, const AddOptions& options);

struct StopRequested {};

}  // namespace kibitz::replays::corpus
