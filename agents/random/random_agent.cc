#include "agents/random/random_agent.h"

namespace kibitz {

Action RandomAgent::act(const SeatView& view) {
  view.legal_actions(legal_);
  return legal_[rng_.uniform_int(legal_.size())];
}

AgentInfo RandomAgent::info() {
  return {"random", "uniform over the legal actions", {},
          [](const Params&, std::shared_ptr<const Game>, std::uint64_t seed) {
            return std::make_unique<RandomAgent>(seed);
          }};
}

}  // namespace kibitz
