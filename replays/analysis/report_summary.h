// The summary of many Loyalist Spies games: how the roles fared, how often
// the public observer identified the Traitors and by which mission, how
// often cards went against their player's role, and how well calibrated the
// observer's round-end beliefs were. Built one game at a time.
//
// Definitions (docs/bluff_report.md, "Summary"):
//  - round win share: in each scored round, the seats with the most points
//    share 1 (1/k each for k of them); a role's share is the mean over the
//    seat-rounds that ended in that role;
//  - a Traitor (by the round's scoring) was identified when the public
//    P(Traitor) at the round's end, before the reveal, was above 0.5; it was
//    identified after mission k when the belief last crossed 0.5 upwards at
//    an event after k missions had been revealed (k = 0: before the first);
//  - a loyal seat (Loyal or Compromised) was accused when its round-end
//    P(Traitor) was above 0.5;
//  - per agent (the replay's seat labels, e.g. the arena's agent specs): the
//    role win shares of the seat-rounds it played, its mission cards and
//    bluffs (bluffs.h: a Traitor's card that made it look loyal, or a loyal
//    player's that made it look a Traitor), and its bluffs caught: those
//    across whose reveal the public P(Traitor) of the bluffer still moved
//    toward the truth (up for a Traitor, down for a loyal player).
#pragma once

#include <array>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "replays/analysis/belief_filter.h"
#include "replays/analysis/bluffs.h"
#include "replays/analysis/spies_timeline.h"

namespace kibitz::replays::analysis {

inline constexpr int kCalibrationBins = 10;

// Seat-rounds of one role and their round wins.
struct RoleRecord {
  int seat_rounds = 0;
  double win_share = 0.0;          // summed; divide by seat_rounds for the mean
  double win_share_squares = 0.0;  // summed squares, for the mean's interval

  void add(double share) {
    ++seat_rounds;
    win_share += share;
    win_share_squares += share * share;
  }
};

// The 95% interval of a role's mean round-win share (a share of a round, not
// a count of hits, so a normal approximation over its seat-rounds rather
// than Wilson's), clipped to [0, 1]; {nan, nan} without two seat-rounds.
struct ShareInterval {
  double low = 0.0, high = 0.0;
};
ShareInterval win_share_interval(const RoleRecord& record);

// One agent's figures (definitions above).
struct AgentRecord {
  std::array<RoleRecord, 3> roles{};  // by loyalist_spies::Role
  int plays = 0;          // mission cards it played face down (bluffs.h's verdicts)
  int traitor_plays = 0;  // of those, played holding a Joker
  int bluffs = 0;
  int bluffs_known = 0;   // bluffs whose public belief before and after is known
  int bluffs_caught = 0;  // of those, the ones that moved the public P(Traitor) toward the truth
};

// The figures of the summary section (definitions above).
struct ReportSummary {
  int games = 0;
  int rounds = 0;            // scored rounds
  int rounds_untracked = 0;  // rounds where the filter lost track (left out of belief figures)
  std::array<RoleRecord, 3> roles{};  // by loyalist_spies::Role
  int failing_rounds = 0;             // more failures than successes: the Traitors' bonus
  int traitors = 0;                   // Traitor seat-rounds with a tracked belief
  int traitors_identified = 0;
  std::vector<int> identified_after_mission;  // [k]: identified after k missions revealed
  int loyal = 0;                              // loyal seat-rounds with a tracked belief
  int loyal_accused = 0;
  double traitor_belief_sum = 0.0;  // round-end public P(Traitor), summed
  double loyal_belief_sum = 0.0;
  // [traitor?][RoleFit]: cards played, by the player's role when it played.
  std::array<std::array<int, 3>, 2> plays{};
  int bluffs = 0;
  int bluffs_fooling = 0;  // bluffs that fooled at least one seat
  // Traitors' plays with an honest alternative whose effect is known: how
  // many, and their effects on the public P(Traitor), summed.
  int traitor_dishonest = 0;
  double traitor_dishonest_effect = 0.0;
  // Round-end public P(Traitor) in ten bins: seat-rounds, and Traitors among them.
  std::array<int, kCalibrationBins> calibration_count{};
  std::array<int, kCalibrationBins> calibration_traitors{};
  std::map<std::string, AgentRecord> agents;  // by seat label
};

// Accumulates games into a ReportSummary.
class SummaryBuilder {
 public:
  // `seat_labels` names the agent at each seat (a replay's seat labels);
  // seats without one are "P0", "P1", ...
  void add(const SpiesTimeline& timeline, const BeliefTrack& public_track,
           const std::vector<PlayVerdict>& verdicts, std::span<const std::string> seat_labels = {});
  const ReportSummary& summary() const { return summary_; }

 private:
  ReportSummary summary_;
};

}  // namespace kibitz::replays::analysis
