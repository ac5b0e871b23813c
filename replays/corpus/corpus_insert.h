// Writes GameRows (corpus_rows.h) into the corpus tables through prepared
// statements, every value bound, then each game's per-seat tallies
// (corpus_tallies.h). The caller holds the transaction.
#pragma once

#include <cstdint>
#include <memory>

#include "replays/corpus/corpus_rows.h"
#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

class RowInserter {
 public:
  explicit RowInserter(Database& db);
  ~RowInserter();
  RowInserter(const RowInserter&) = delete;
  RowInserter& operator=(const RowInserter&) = delete;

  // Inserts one game of file `file_id` with all its seats and decisions.
  void insert(std::int64_t file_id, const GameRows& rows);

 private:
  struct Statements;
  void insert_spies(std::int64_t game_id, const GameRows& rows);
  void insert_adulting(std::int64_t game_id, const analysis::AdultingGameEvents& events);
  void insert_laws(std::int64_t game_id, const analysis::LawsGameEvents& events);

  Database& db_;
  std::unique_ptr<Statements> s_;
};

}  // namespace kibitz::replays::corpus
