// ArenaSchedule: which agent sits in which seat in each game of a deal, so
// that over one deal every agent plays every seat equally often.
//
// With k agents and p seats a deal is played once per seating ("rotation"):
//  * k <= p: k seatings; in seating r seat s holds agent (s + r) mod k. For
//    k == p that is plain rotation; for k < p the agents fill the seats
//    cyclically (A B A for two agents in three seats) and the pattern rotates,
//    so each seat holds each agent exactly once per deal.
//  * k > p: every ordered choice of p different agents, k!/(k-p)! seatings in
//    lexicographic order, so each seat holds each agent equally often and
//    every pair of agents meets in both orders. Schedules longer than
//    kMaxRotations are refused.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace kibitz::tools {

class ArenaSchedule {
 public:
  // More seatings per deal than this is refused: a deal would take too long.
  static constexpr int kMaxRotations = 5040;

  // Throws KibitzError when there are fewer than two agents, no seats, or
  // too many seatings.
  ArenaSchedule(int num_agents, int num_seats);

  int num_agents() const { return num_agents_; }
  int num_seats() const { return num_seats_; }
  int num_rotations() const { return num_rotations_; }

  // The agent index in each seat of seating `rotation`.
  std::span<const int> seating(int rotation) const;
  int agent_at(int rotation, int seat) const { return seating(rotation)[seat]; }

  // How many times one agent plays one seat in one deal (the same for every
  // agent and seat), and how many seats one agent fills in one deal.
  int plays_per_seat_per_deal() const { return plays_per_seat_; }
  int plays_per_deal() const { return plays_per_seat_ * num_seats_; }

 private:
  int num_agents_;
  int num_seats_;
  int num_rotations_ = 0;
  int plays_per_seat_ = 0;
  std::vector<int> seatings_;  // rotation-major, num_seats_ per rotation
};

}  // namespace kibitz::tools
