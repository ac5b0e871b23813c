// The per-seat tallies of the corpus (docs/corpus.md "Schema"): each
// game's Spies plays (per seat and role), Adulting claims and Adulting bids
// summed per seat by SQL over the decision rows just inserted, in the same
// transaction. They exist for speed alone: the claims, bids and bluffs
// reports over 100,000 games read a few hundred thousand tally rows instead
// of millions of decisions, and a tally is by definition the SQL below over
// the documented tables, so the two cannot disagree.
#pragma once

#include <cstdint>
#include <memory>

#include "replays/corpus/sqlite_db.h"

namespace kibitz::replays::corpus {

class TallyInserter {
 public:
  explicit TallyInserter(Database& db);
  ~TallyInserter();
  TallyInserter(const TallyInserter&) = delete;
  TallyInserter& operator=(const TallyInserter&) = delete;

  // Sums game `game_id`'s decision rows, already inserted, into its tallies.
  void spies(std::int64_t game_id);
  void adulting(std::int64_t game_id);

 private:
  struct Statements;
  std::unique_ptr<Statements> s_;
};

}  // namespace kibitz::replays::corpus
