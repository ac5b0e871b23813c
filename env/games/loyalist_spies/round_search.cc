// The complete method of the Loyalist Spies world sampler (round_sampler.h):
// when every fast attempt at a round meets a dead end, the same draw is run
// again and again as a depth-first search over its decisions. Each decision
// offers every option the round's observations leave open, and the draw
// depends on nothing but its decisions, so the runs walk the tree of
// decisions: a round that has a consistent world is drawn, and every
// consistent world is a leaf of the tree.
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {

RoundSearch search_round(RoundDraw& draw, Rng& rng, std::int64_t budget, std::int64_t& runs) {
  // One search per thread, its path reserved once: no allocation per round.
  thread_local DecisionSearch search;
  Chooser chooser(rng, &search);
  runs = 0;
  // Restarts with a doubling limit: a dead end caused by an early decision
  // would otherwise keep a plain depth-first search below it for as long as
  // the later decisions have branches; a restart draws the early ones anew.
  // Each stage is a complete search while it lasts: one that runs out of
  // branches has shown that the round has no world.
  for (std::int64_t limit = 64; runs < budget; limit *= 2) {
    search.clear();
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
