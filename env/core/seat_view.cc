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
  KIBITZ_CHECK(feed.keeps() == SeatFeed::Keeps::kStream, "SeatView on a feed that keeps no stream (Keeps::kTensor)");
}

SeatView::SeatView(const State& world, std::shared_ptr<const WorldSampler> sampler)
    : state_(world), seat_(sampler->seat()), stream_from_sampler_(true) {
  KIBITZ_CHECK(world.current_player() == seat_, "SeatView for seat ", seat_,
               " but the seat to act is ", world.current_player());
  sampler_once_.call([&] { sampler_ = std::move(sampler); });
}

const SeatStream& SeatView::stream() const {
  // A view built on a drawn world knows its seat only by the sampler's
  // stream; the world's own stream is the same, but the sampler's is the
  // source.
  if (stream_from_sampler_) return sampler_->stream();
  if (feed_ != nullptr) {
    stream_once_.call([this] { feed_->update(state_); });
    return feed_->stream();
  }
  stream_once_.call([this] { state_.seat_stream(seat_, stream_); });
  return stream_;
}

const WorldSampler& SeatView::sampler() const {
  sampler_once_.call([this] {
    sampler_ = state_.game().new_world_sampler(seat_, stream());
  });
  return *sampler_;
}

}  // namespace kibitz

namespace kibitz {

const SeatKnowledge* SeatView::knowledge() const {
  if (feed_ == nullptr) return nullptr;
  stream();  // the feed brought up to this state first
  knowledge_once_.call([this] { knowledge_ = feed_->knowledge(state_.game()); });
  return knowledge_;
}

std::string SeatView::information_state_string() const {
  std::string out;
  information_state_string(out);
  return out;
}

void SeatView::information_state_string(std::string& out) const {
  if (const SeatKnowledge* k = knowledge()) {
    k->describe(out);
  } else {
    state_.information_state_string(seat_, out);
  }
}

void SeatView::information_state_tensor(std::span<float> out) const {
  if (const SeatKnowledge* k = knowledge()) {
    KIBITZ_CHECK(static_cast<int>(out.size()) == game().information_state_tensor_size(), "tensor buffer of ",
                 out.size(), " floats; ", game().name(), " needs ", game().information_state_tensor_size());
    k->encode(out);
  } else {
    state_.information_state_tensor(seat_, out);
  }
}

}  // namespace kibitz
