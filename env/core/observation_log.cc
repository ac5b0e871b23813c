#include "env/core/observation_log.h"

#include <cstring>

#include "env/core/error.h"

namespace kibitz {

Audience seat_audience(Player seat) {
  if (seat == kSpectator) return kSpectatorAudience;
  KIBITZ_CHECK(seat >= 0 && seat < kMaxAudienceSeats, "an observation's audience has no seat ", seat,
               "; seats are 0 to ", kMaxAudienceSeats - 1, " and the spectator");
  return static_cast<Audience>(Audience{1} << seat);
}

ObservationLog::ObservationLog(int capacity) {
  KIBITZ_CHECK(capacity >= 0, "an observation log of negative capacity ", capacity);
  allocate(capacity);
}

ObservationLog::ObservationLog(const ObservationLog& other) {
  allocate(other.capacity_);
  size_ = other.size_;
  if (size_ > 0) std::memcpy(entries_.get(), other.entries_.get(), sizeof(Entry) * static_cast<std::size_t>(size_));
}

ObservationLog& ObservationLog::operator=(const ObservationLog& other) {
  if (this == &other) return *this;
  if (capacity_ < other.capacity_) allocate(other.capacity_);
  size_ = other.size_;
  if (size_ > 0) std::memcpy(entries_.get(), other.entries_.get(), sizeof(Entry) * static_cast<std::size_t>(size_));
  return *this;
}

void ObservationLog::allocate(int capacity) {
  entries_.reset(capacity > 0 ? static_cast<Entry*>(::operator new(sizeof(Entry) * static_cast<std::size_t>(capacity)))
                              : nullptr);
  capacity_ = capacity;
  size_ = 0;
}

void ObservationLog::overflow() const {
  throw error("observation log overflow: more than ", capacity_,
              " entries, the bound the game derived for its parameters");
}

int ObservationLog::extend(Player seat, int from, SeatStream& out) const {
  const Audience bit = seat_audience(seat);
  const Entry* entries = entries_.get();
  for (int i = from; i < size_; ++i) {
    if ((entries[i].audience & bit) != 0) out.push_back(entries[i].observation);
  }
  return size_;
}

void ObservationLog::stream(Player seat, SeatStream& out) const {
  out.clear();
  extend(seat, 0, out);
}

}  // namespace kibitz
