#include "env/core/observation_log.h"

#include "env/core/error.h"

namespace kibitz {

Audience seat_audience(Player seat) {
  if (seat == kSpectator) return kSpectatorAudience;
  KIBITZ_CHECK(seat >= 0 && seat < kMaxAudienceSeats, "an observation's audience has no seat ", seat,
               "; seats are 0 to ", kMaxAudienceSeats - 1, " and the spectator");
  return static_cast<Audience>(Audience{1} << seat);
}

ObservationLog::ObservationLog(int capacity) : capacity_(capacity) {
  KIBITZ_CHECK(capacity >= 0, "an observation log of negative capacity ", capacity);
  entries_.reserve(static_cast<std::size_t>(capacity));
}

ObservationLog::ObservationLog(const ObservationLog& other) : capacity_(other.capacity_) {
  entries_.reserve(static_cast<std::size_t>(capacity_));
  entries_ = other.entries_;
}

ObservationLog& ObservationLog::operator=(const ObservationLog& other) {
  if (this == &other) return *this;
  if (entries_.capacity() < static_cast<std::size_t>(other.capacity_)) {
    entries_.reserve(static_cast<std::size_t>(other.capacity_));
  }
  capacity_ = other.capacity_;
  entries_ = other.entries_;  // no allocation: the capacity suffices
  return *this;
}

void ObservationLog::push(Audience audience, const Observation& observation) {
  KIBITZ_CHECK(size() < capacity_, "observation log overflow: more than ", capacity_,
               " entries, the bound the game derived for its parameters");
  entries_.push_back({observation, audience});
}

int ObservationLog::extend(Player seat, int from, SeatStream& out) const {
  const Audience bit = seat_audience(seat);
  for (std::size_t i = static_cast<std::size_t>(from); i < entries_.size(); ++i) {
    if ((entries_[i].audience & bit) != 0) out.push_back(entries_[i].observation);
  }
  return size();
}

void ObservationLog::stream(Player seat, SeatStream& out) const {
  out.clear();
  extend(seat, 0, out);
}

}  // namespace kibitz
