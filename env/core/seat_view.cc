#include "env/core/seat_view.h"

#include "env/core/error.h"

namespace kibitz {

SeatView::SeatView(const State& state, Player seat) : state_(state), seat_(seat) {
  KIBITZ_CHECK(state.current_player() == seat, "SeatView for seat ", seat,
               " but the seat to act is ", state.current_player());
}

SeatView::SeatView(const State& state, SeatFeed& feed) : state_(state), seat_(feed.seat()), feed_(&feed) {
  KIBITZ_CHECK(state.current_player() == seat_, "SeatView for seat ", seat_,
               " but the seat to act is ", state.current_player());
}

SeatView::SeatView(const State& world, std::shared_ptr<const WorldSampler> sampler)
    : state_(world), seat_(sampler->seat()), stream_from_sampler_(true) {
  KIBITZ_CHECK(world.current_player() == seat_, "SeatView for seat ", seat_,
               " but the seat to act is ", world.current_player());
  std::call_once(sampler_once_, [&] { sampler_ = std::move(sampler); });
}

const SeatStream& SeatView::stream() const {
  // A view built on a drawn world knows its seat only by the sampler's
  // stream; the world's own stream is the same, but the sampler's is the
  // source.
  if (stream_from_sampler_) return sampler_->stream();
  if (feed_ != nullptr) {
    std::call_once(stream_once_, [this] { feed_->update(state_); });
    return feed_->stream();
  }
  std::call_once(stream_once_, [this] { state_.seat_stream(seat_, stream_); });
  return stream_;
}

const WorldSampler& SeatView::sampler() const {
  std::call_once(sampler_once_, [this] {
    sampler_ = state_.game().new_world_sampler(seat_, stream());
  });
  return *sampler_;
}

}  // namespace kibitz
