#include "agents/search/observation_keys.h"

#include "env/core/error.h"
#include "env/core/observation_log.h"

namespace kibitz {

namespace {

// `key` continued over the observations `seat` hears among the log's
// entries [from, size()).
std::uint64_t continue_key(const ObservationLog& log, Player seat, int from, std::uint64_t key) {
  const Audience bit = seat_audience(seat);
  for (int i = from; i < log.size(); ++i) {
    if ((log.audience(i) & bit) != 0) key = extend_stream_key(key, log.observation(i));
  }
  return key;
}

}  // namespace

void ObservationKeys::start_search(Player observer, std::span<const Observation> root_stream) {
  observer_ = observer;
  root_key_ = stream_key(root_stream);
}

void ObservationKeys::start_simulation(const State& world) {
  observer_key_ = root_key_;
  observer_read_ = world.observation_log().size();
}

std::size_t ObservationKeys::mark(const State& world, Player seat) const {
  if (world.keeps_observation_log()) return static_cast<std::size_t>(world.observation_log().size());
  world.seat_stream(seat, scratch_);
  return scratch_.size();
}

std::uint64_t ObservationKeys::change_key(const State& world, Player seat, std::size_t mark) const {
  if (world.keeps_observation_log()) {
    const ObservationLog& log = world.observation_log();
    KIBITZ_CHECK(mark <= static_cast<std::size_t>(log.size()), "an observation log shrank");
    return continue_key(log, seat, static_cast<int>(mark), kEmptyStreamKey);
  }
  world.seat_stream(seat, scratch_);
  KIBITZ_CHECK(mark <= scratch_.size(), "a seat stream shrank");
  return stream_key(std::span<const Observation>(scratch_).subspan(mark));
}

std::uint64_t ObservationKeys::observer_key(const State& world) {
  if (world.keeps_observation_log()) {
    const ObservationLog& log = world.observation_log();
    KIBITZ_CHECK(observer_read_ <= log.size(), "an observation log shrank");
    observer_key_ = continue_key(log, observer_, observer_read_, observer_key_);
    observer_read_ = log.size();
    return observer_key_;
  }
  world.seat_stream(observer_, scratch_);
  return stream_key(scratch_);
}

}  // namespace kibitz
