#include "env/core/seat_view.h"

#include "env/core/error.h"

namespace kibitz {

SeatView::SeatView(const State& state, Player seat) : state_(state), seat_(seat) {
  KIBITZ_CHECK(state.current_player() == seat, "SeatView for seat ", seat,
               " but the seat to act is ", state.current_player());
}

SeatView::SeatView(const State& world, std::shared_ptr<const WorldSampler> sampler)
    : state_(world), seat_(sampler->seat()) {
  KIBITZ_CHECK(world.current_player() == seat_, "SeatView for seat ", seat_,
               " but the seat to act is ", world.current_player());
  std::call_once(sampler_once_, [&] { sampler_ = std::move(sampler); });
}

const WorldSampler& SeatView::sampler() const {
  std::call_once(sampler_once_, [this] {
    thread_local SeatStream stream;
    state_.seat_stream(seat_, stream);
    sampler_ = state_.game().new_world_sampler(seat_, stream);
  });
  return *sampler_;
}

}  // namespace kibitz
