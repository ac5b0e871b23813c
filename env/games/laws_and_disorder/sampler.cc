// Placeholder until the fast sampler lands: the generic replay search.
#include "env/games/laws_and_disorder/sampler.h"

namespace kibitz::laws_and_disorder {

LawsAndDisorderWorldSampler::LawsAndDisorderWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                                         std::span<const Observation> stream)
    : WorldSampler(game, seat, stream), replay_(game, seat, stream) {}

void LawsAndDisorderWorldSampler::sample(Rng& rng, State& out) const { replay_.sample(rng, out); }

}  // namespace kibitz::laws_and_disorder
