#include "tools/arena/arena_schedule.h"

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

// Appends every ordered choice of `num_seats` different agents, in
// lexicographic order, by extending a partial seating one seat at a time.
void append_arrangements(int num_agents, int num_seats, std::vector<int>& partial,
                         std::vector<bool>& used, std::vector<int>& out) {
  if (static_cast<int>(partial.size()) == num_seats) {
    out.insert(out.end(), partial.begin(), partial.end());
    return;
  }
  for (int agent = 0; agent < num_agents; ++agent) {
    if (used[agent]) continue;
    used[agent] = true;
    partial.push_back(agent);
    append_arrangements(num_agents, num_seats, partial, used, out);
    partial.pop_back();
    used[agent] = false;
  }
}

}  // namespace

ArenaSchedule::ArenaSchedule(int num_agents, int num_seats)
    : num_agents_(num_agents), num_seats_(num_seats) {
  if (num_agents < 2) throw error("an arena needs at least two agents, got ", num_agents);
  if (num_seats < 1) throw error("an arena needs a game with at least one seat");
  if (num_agents <= num_seats) {
    num_rotations_ = num_agents;
    plays_per_seat_ = 1;
    for (int r = 0; r < num_rotations_; ++r) {
      for (int s = 0; s < num_seats; ++s) seatings_.push_back((s + r) % num_agents);
    }
    return;
  }
  // k!/(k-p)!, checked against the limit as it grows so it cannot overflow.
  std::int64_t count = 1;
  for (int i = 0; i < num_seats; ++i) {
    count *= num_agents - i;
    if (count > kMaxRotations) {
      throw error(num_agents, " agents in a ", num_seats, "-seat game need more than ",
                  kMaxRotations, " seatings per deal (every ordered choice of ", num_seats,
                  " agents); compare fewer agents at a time");
    }
  }
  num_rotations_ = static_cast<int>(count);
  // Each seat holds each agent (k-1)!/(k-p)! times: count / k.
  plays_per_seat_ = num_rotations_ / num_agents;
  std::vector<int> partial;
  std::vector<bool> used(static_cast<std::size_t>(num_agents), false);
  append_arrangements(num_agents, num_seats, partial, used, seatings_);
  KIBITZ_CHECK(static_cast<int>(seatings_.size()) == num_rotations_ * num_seats,
               "schedule size mismatch");
}

std::span<const int> ArenaSchedule::seating(int rotation) const {
  KIBITZ_CHECK(rotation >= 0 && rotation < num_rotations_, "rotation ", rotation, " out of range");
  return std::span<const int>(seatings_).subspan(
      static_cast<std::size_t>(rotation) * static_cast<std::size_t>(num_seats_),
      static_cast<std::size_t>(num_seats_));
}

}  // namespace kibitz::tools
