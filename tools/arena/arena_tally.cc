#include "tools/arena/arena_tally.h"

#include <algorithm>
#include <cmath>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

constexpr double kTieTolerance = 1e-9;

bool same_return(double a, double b) {
  return std::abs(a - b) <= kTieTolerance * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

// Adds one game to the deal's sums: returns, split wins, and returns by
// opponent for the duplicate comparison.
void add_game(std::span<const int> seating, std::span<const double> returns, int num_agents,
              DealSums& sums) {
  const int seats = static_cast<int>(returns.size());
  // The same test as winning_seats, without building a list per game.
  const double best = *std::max_element(returns.begin(), returns.end());
  int num_winners = 0;
  for (const double r : returns) num_winners += same_return(r, best) ? 1 : 0;
  const double share = 1.0 / static_cast<double>(num_winners);
  for (int s = 0; s < seats; ++s) {
    const int agent = seating[s];
    sums.agent_return[agent] += returns[s];
    sums.agent_seat_return[static_cast<std::size_t>(agent * seats + s)] += returns[s];
    sums.seat_return[s] += returns[s];
    if (same_return(returns[s], best)) {
      sums.agent_wins[agent] += share;
      sums.seat_wins[s] += share;
    }
  }
  for (int i = 0; i < seats; ++i) {
    for (int j = 0; j < seats; ++j) {
      // An agent filling two seats is not compared with itself.
      if (seating[i] == seating[j]) continue;
      sums.pair_return[static_cast<std::size_t>(seating[i] * num_agents + seating[j])] +=
          returns[i];
    }
  }
}

// Adds the deal's duplicate comparisons: every pair of agents (every pair
// meets in every deal of a schedule) is compared by what each earned facing
// the other, over the same cards and, the schedule being symmetric, the
// same seats.
void add_deal_comparisons(const DealSums& sums, int num_agents, PairwiseScores& scores) {
  for (int a = 0; a < num_agents; ++a) {
    for (int b = a + 1; b < num_agents; ++b) {
      const double a_total = sums.pair_return[static_cast<std::size_t>(a * num_agents + b)];
      const double b_total = sums.pair_return[static_cast<std::size_t>(b * num_agents + a)];
      if (same_return(a_total, b_total)) {
        scores.add_tie(a, b);
      } else if (a_total > b_total) {
        scores.add_win(a, b);
      } else {
        scores.add_win(b, a);
      }
    }
  }
}

}  // namespace

DealSums::DealSums(int agents, int seats)
    : agent_return(agents, 0.0),
      agent_wins(agents, 0.0),
      agent_seat_return(static_cast<std::size_t>(agents * seats), 0.0),
      seat_return(seats, 0.0),
      seat_wins(seats, 0.0),
      pair_return(static_cast<std::size_t>(agents * agents), 0.0) {}

void DealSums::clear() {
  for (std::vector<double>* sums :
       {&agent_return, &agent_wins, &agent_seat_return, &seat_return, &seat_wins, &pair_return}) {
    std::fill(sums->begin(), sums->end(), 0.0);
  }
}

std::vector<int> winning_seats(std::span<const double> returns) {
  const double best = *std::max_element(returns.begin(), returns.end());
  std::vector<int> winners;
  for (std::size_t s = 0; s < returns.size(); ++s) {
    if (same_return(returns[s], best)) winners.push_back(static_cast<int>(s));
  }
  return winners;
}

ArenaTally::ArenaTally(const ArenaSchedule& schedule, int max_rating_batches)
    : schedule_(schedule),
      max_blocks_(max_rating_batches),
      sums_(schedule.num_agents(), schedule.num_seats()),
      agent_return_(static_cast<std::size_t>(schedule.num_agents())),
      agent_wins_(static_cast<std::size_t>(schedule.num_agents())),
      agent_seat_return_(static_cast<std::size_t>(schedule.num_agents() * schedule.num_seats())),
      seat_return_(static_cast<std::size_t>(schedule.num_seats())),
      seat_wins_(static_cast<std::size_t>(schedule.num_seats())) {
  KIBITZ_CHECK(max_rating_batches >= 1, "max_rating_batches must be at least 1");
}

void ArenaTally::add(std::int64_t game, std::span<const double> returns) {
  KIBITZ_CHECK(game == games_, "arena game ", game, " added out of order (expected ", games_, ")");
  KIBITZ_CHECK(static_cast<int>(returns.size()) == schedule_.num_seats(),
               "wrong number of returns");
  const int rotations = schedule_.num_rotations();
  const int rotation = static_cast<int>(game % rotations);
  add_game(schedule_.seating(rotation), returns, schedule_.num_agents(), sums_);
  ++games_;
  if (rotation == rotations - 1) fold_deal();
}

void ArenaTally::fold_deal() {
  const int k = schedule_.num_agents();
  const int p = schedule_.num_seats();
  // Per-deal means divide by how often each agent (or seat) appears in a
  // deal, which the schedule fixes.
  const double per_agent = schedule_.plays_per_deal();
  const double per_agent_seat = schedule_.plays_per_seat_per_deal();
  const double rotations = schedule_.num_rotations();
  for (int a = 0; a < k; ++a) {
    agent_return_[a].add(sums_.agent_return[a] / per_agent);
    agent_wins_[a].add(sums_.agent_wins[a] / per_agent);
    for (int s = 0; s < p; ++s) {
      const auto at = static_cast<std::size_t>(a * p + s);
      agent_seat_return_[at].add(sums_.agent_seat_return[at] / per_agent_seat);
    }
  }
  for (int s = 0; s < p; ++s) {
    seat_return_[s].add(sums_.seat_return[s] / rotations);
    seat_wins_[s].add(sums_.seat_wins[s] / rotations);
  }
  add_to_rating_blocks();
  sums_.clear();
  ++deals_;
}

void ArenaTally::add_to_rating_blocks() {
  if (!blocks_.empty() && last_block_deals_ == block_size_ &&
      static_cast<int>(blocks_.size()) == max_blocks_) {
    merge_rating_blocks();
  }
  if (blocks_.empty() || last_block_deals_ == block_size_) {
    blocks_.emplace_back(schedule_.num_agents());
    last_block_deals_ = 0;
  }
  add_deal_comparisons(sums_, schedule_.num_agents(), blocks_.back());
  ++last_block_deals_;
}

void ArenaTally::merge_rating_blocks() {
  // Every block is full here. Neighbours merge, so each block is still one
  // contiguous run of deals: an i.i.d. unit for the bootstrap.
  std::vector<PairwiseScores> merged;
  merged.reserve((blocks_.size() + 1) / 2);
  for (std::size_t i = 0; i < blocks_.size(); i += 2) {
    merged.push_back(blocks_[i]);
    if (i + 1 < blocks_.size()) merged.back().add(blocks_[i + 1]);
  }
  const bool odd = blocks_.size() % 2 != 0;
  blocks_ = std::move(merged);
  last_block_deals_ = odd ? block_size_ : 2 * block_size_;
  block_size_ *= 2;
}

}  // namespace kibitz::tools
