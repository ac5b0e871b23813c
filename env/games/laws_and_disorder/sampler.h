// Worlds drawn from one seat's stream (env/core/world_sampler.h).
#pragma once

#include <memory>
#include <span>

#include "env/core/world_sampler.h"

namespace kibitz::laws_and_disorder {

class LawsAndDisorderWorldSampler final : public WorldSampler {
 public:
  LawsAndDisorderWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  void sample(Rng& rng, State& out) const override;

 private:
  ReplayWorldSampler replay_;
};

}  // namespace kibitz::laws_and_disorder
