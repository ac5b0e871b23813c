// The complete method of the Loyalist Spies world sampler (round_sampler.h):
// when every fast attempt at a round meets a dead end, the same draw is run
// again and again as a depth-first search over its decisions. Each decision
// offers every option the round's observations leave open, and the draw
// depends on nothing but its decisions, so the runs walk the tree of
// decisions: a round that has a consistent world is drawn, and every
// consistent world is a leaf of the tree.
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {
namespace {

// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i >= 1): restart
// limits that are within a small factor of the best fixed limit whatever
// the tree (Luby, Sinclair and Zuckerman, 1993).
std::int64_t luby(std::int64_t i) {
  while (true) {
    int k = 1;
    while ((std::int64_t{1} << k) - 1 < i) ++k;
    if ((std::int64_t{1} << k) - 1 == i) return std::int64_t{1} << (k - 1);
    i -= (std::int64_t{1} << (k - 1)) - 1;
  }
}

constexpr std::int64_t kLubyUnit = 8;  // runs per unit of the sequence

}  // namespace

DecisionSearch& thread_search() {
  // One search per thread, its path reserved once: no allocation per round.
  thread_local DecisionSearch search;
  return search;
}

RoundSearch search_round(RoundDraw& draw, Rng& rng, std::int64_t budget, std::int64_t& runs) {
  DecisionSearch& search = thread_search();
  Chooser chooser(rng, &search);
  runs = 0;
  // Restarts: a dead end caused by an early decision would keep a plain
  // depth-first search below that decision for as long as the later ones
  // have branches; a restart draws every decision anew (its first run is a
  // fresh random draw). Each stage is a complete search while it lasts, so
  // one that runs out of branches has shown that the round has no world;
  // the limits grow without bound, so the search is complete given time.
  for (std::int64_t stage = 1; runs < budget; ++stage) {
    search.clear();
    const std::int64_t limit = kLubyUnit * luby(stage);
    for (std::int64_t in_stage = 0; in_stage < limit && runs < budget; ++in_stage) {
      search.rewind();
      ++runs;
      if (draw.draw(chooser)) return RoundSearch::kFound;
      if (!search.next_branch()) return RoundSearch::kNoWorld;
    }
  }
  return RoundSearch::kGaveUp;
}

}  // namespace kibitz::loyalist_spies
