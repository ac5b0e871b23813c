// The opponent pool's league bookkeeping (docs/training.md, "PPO"):
// prioritised fictitious self-play. For every past checkpoint in PPO's pool
// it keeps how many games the learner played against it and how many it
// lost, and turns them into the weights by which pool members are drawn, so
// that the learner meets most often the opponents it still loses to
// (AlphaStar's PFSP, its "hard" weighting at power 2).
//
// A game counts as lost when the learner's return is below the best of the
// other seats' (a tie for the best counts half), which reads the same in
// two-player zero-sum games and in games scored by points. Torch-free: the
// rule is tested on its own (tests/training/league_test.cc).
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace kibitz::training {

struct MemberRecord {
  double games = 0.0;
  double losses = 0.0;
};

// The learner's smoothed loss rate against a member, (losses + 1) / (games
// + 2): a member not yet played counts as even.
double loss_rate(const MemberRecord& record);

// The drawing weights of the members, summing to 1: loss_rate^power each,
// normalised. Power 0 weighs them alike.
std::vector<double> pfsp_weights(std::span<const MemberRecord> records, double power);

// How a finished game counts against a member: 1 lost, 0.5 tied for the
// best, 0 won.
double game_loss(std::span<const float> returns, int learner);

// The records of the pool's members, oldest first, kept in step with the
// pool (a member added, the oldest dropped). Games are noted as they end
// and added to the records at the end of the iteration (commit), so every
// rank of a distributed run can add up all ranks' games first.
class PoolRecords {
 public:
  void add_member() { records_.emplace_back(); }
  void drop_oldest() { records_.erase(records_.begin()); }
  void clear() { records_.clear(); }
  std::size_t size() const { return records_.size(); }
  const std::vector<MemberRecord>& records() const { return records_; }
  std::vector<double> weights(double power) const { return pfsp_weights(records_, power); }

  // A finished game of the learner against member `member`.
  void note(std::size_t member, double loss);
  // This iteration's noted games, as (games, losses) per member; commit
  // adds such deltas (this rank's, or every rank's summed) to the records
  // and forgets the noted games.
  std::vector<double> pending() const;
  void commit(std::span<const double> deltas);

  // "games:losses,games:losses" (oldest first), for the checkpoint's state,
  // and back; `where` names the source in errors.
  std::string to_text() const;
  void from_text(const std::string& text, const std::string& where);

 private:
  std::vector<MemberRecord> records_;  // a pool holds at most --pool-size (1,000)
  std::vector<double> pending_;
};

}  // namespace kibitz::training
