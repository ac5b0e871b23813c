#include "replays/analysis/report_summary.h"

#include <algorithm>
#include <cmath>

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The missions revealed when seat's belief last crossed 0.5 upwards in the
// round's points (which end above 0.5).
int crossing_missions(const std::vector<const BeliefPoint*>& points, int seat) {
  for (std::size_t i = points.size(); i-- > 0;) {
    const bool above = points[i]->traitor[at(seat)] > 0.5;
    const bool before_above = i > 0 && points[i - 1]->traitor[at(seat)] > 0.5;
    if (above && !before_above) return points[i]->missions;
  }
  return 0;
}

std::string label_of(std::span<const std::string> labels, int seat) {
  return at(seat) < labels.size() ? labels[at(seat)] : "P" + std::to_string(seat);
}

}  // namespace

ShareInterval win_share_interval(const RoleRecord& r) {
  if (r.seat_rounds < 2) return {std::nan(""), std::nan("")};
  const double n = r.seat_rounds;
  const double mean = r.win_share / n;
  const double variance = std::max(0.0, (r.win_share_squares - n * mean * mean) / (n - 1));
  const double half = 1.959964 * std::sqrt(variance / n);
  return {std::max(0.0, mean - half), std::min(1.0, mean + half)};
}

void SummaryBuilder::add(const SpiesTimeline& timeline, const BeliefTrack& public_track,
                         const std::vector<PlayVerdict>& verdicts, std::span<const std::string> seat_labels) {
  ReportSummary& s = summary_;
  ++s.games;
  const int n = timeline.num_players;
  for (const SpiesRound& round : timeline.rounds) {
    if (!round.finished) continue;
    ++s.rounds;
    if (round.failures > round.successes) ++s.failing_rounds;
    const int best = *std::max_element(round.points.begin(), round.points.begin() + n);
    const int winners =
        static_cast<int>(std::count(round.points.begin(), round.points.begin() + n, best));
    for (int seat = 0; seat < n; ++seat) {
      const auto role = at(static_cast<int>(round.roles[at(seat)]));
      const double share = round.points[at(seat)] == best ? 1.0 / winners : 0.0;
      s.roles[role].add(share);
      s.agents[label_of(seat_labels, seat)].roles[role].add(share);
    }
    std::vector<const BeliefPoint*> points;
    for (const BeliefPoint& p : public_track.points) {
      if (p.round == round.index) points.push_back(&p);
    }
    if (points.empty() || !points.back()->traitor_known ||
        points.back()->kind != SeenKind::kRoundEnd) {
      ++s.rounds_untracked;
      continue;
    }
    const BeliefPoint& end = *points.back();
    for (int seat = 0; seat < n; ++seat) {
      const double belief = end.traitor[at(seat)];
      const bool traitor = round.roles[at(seat)] == ls::Role::kTraitor;
      const int bin = std::min(kCalibrationBins - 1, static_cast<int>(belief * kCalibrationBins));
      ++s.calibration_count[at(bin)];
      if (traitor) ++s.calibration_traitors[at(bin)];
      if (traitor) {
        ++s.traitors;
        s.traitor_belief_sum += belief;
        if (belief > 0.5) {
          ++s.traitors_identified;
          const int k = crossing_missions(points, seat);
          if (at(k) >= s.identified_after_mission.size())
            s.identified_after_mission.resize(at(k) + 1);
          ++s.identified_after_mission[at(k)];
        }
      } else {
        ++s.loyal;
        s.loyal_belief_sum += belief;
        if (belief > 0.5) ++s.loyal_accused;
      }
    }
  }
  for (const PlayVerdict& v : verdicts) {
    AgentRecord& agent = s.agents[label_of(seat_labels, v.seat)];
    ++agent.plays;
    if (v.traitor) ++agent.traitor_plays;
    if (v.bluff) {
      ++agent.bluffs;
      if (v.known) {
        ++agent.bluffs_known;
        if (v.traitor ? v.after > v.before : v.after < v.before) ++agent.bluffs_caught;
      }
    }
    ++s.plays[v.traitor ? 1 : 0][at(static_cast<int>(v.fit))];
    if (v.bluff) ++s.bluffs;
    if (v.bluff && !v.fooled.empty()) ++s.bluffs_fooling;
    if (v.traitor && v.effect_known) {
      ++s.traitor_dishonest;
      s.traitor_dishonest_effect += v.effect;
    }
  }
}

}  // namespace kibitz::replays::analysis
