#include "replays/analysis/loyalist_spies/spies_json.h"

#include <cmath>

#include "env/games/loyalist_spies/scoring.h"
#include "replays/analysis/json_writer.h"
#include "replays/analysis/report_json_parts.h"
#include "replays/analysis/spies_timeline.h"
#include "replays/analysis/wilson_interval.h"

namespace kibitz::replays::analysis {
namespace {

namespace ls = loyalist_spies;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Each role's seat-rounds and mean round-win share (a share of a round, not a
// count of hits, so it has no Wilson interval).
void roles_json(JsonWriter& j, const ReportSummary& s) {
  j.open("roles", '[');
  for (const ls::Role role : {ls::Role::kLoyal, ls::Role::kTraitor, ls::Role::kCompromised}) {
    const RoleRecord& r = s.roles[at(static_cast<int>(role))];
    j.open(nullptr, '{').field("role", std::string(ls::role_name(role)));
    j.field("seat_rounds", r.seat_rounds);
    j.field("mean_win_share", r.seat_rounds > 0 ? r.win_share / r.seat_rounds : std::nan(""));
    j.close('}');
  }
  j.close(']');
}

// Per agent: each role's seat-rounds and mean win share with its interval,
// the plays, and the bluff rate (bluffs per play) and the
// share of bluffs caught, each with its Wilson interval.
void agents_json(JsonWriter& j, const ReportSummary& s) {
  j.open("agents", '[');
  for (const auto& [label, a] : s.agents) {
    j.open(nullptr, '{').field("agent", label);
    j.open("roles", '[');
    for (const ls::Role role : {ls::Role::kLoyal, ls::Role::kTraitor, ls::Role::kCompromised}) {
      const RoleRecord& r = a.roles[at(static_cast<int>(role))];
      const ShareInterval interval = win_share_interval(r);
      j.open(nullptr, '{').field("role", std::string(ls::role_name(role)));
      j.field("seat_rounds", r.seat_rounds);
      j.field("mean_win_share", r.seat_rounds > 0 ? r.win_share / r.seat_rounds : std::nan(""));
      j.field("low", interval.low).field("high", interval.high);
      j.close('}');
    }
    j.close(']');
    j.field("plays", a.plays).field("traitor_plays", a.traitor_plays);
    proportion_json(j, "bluffs", wilson(a.bluffs, a.plays));
    proportion_json(j, "bluffs_caught", wilson(a.bluffs_caught, a.bluffs_known));
    j.close('}');
  }
  j.close(']');
}

void beliefs_json(JsonWriter& j, const ReportSummary& s) {
  proportion_json(j, "traitors_identified", wilson(s.traitors_identified, s.traitors));
  list_json(j, "identified_after_mission", s.identified_after_mission);
  proportion_json(j, "loyal_accused", wilson(s.loyal_accused, s.loyal));
  j.field("mean_traitor_belief", s.traitors > 0 ? s.traitor_belief_sum / s.traitors : std::nan(""));
  j.field("mean_loyal_belief", s.loyal > 0 ? s.loyal_belief_sum / s.loyal : std::nan(""));
  j.open("calibration", '[');
  for (int b = 0; b < kCalibrationBins; ++b) {
    j.open(nullptr, '{').field("low", 0.1 * b).field("high", 0.1 * (b + 1));
    proportion_json(j, "traitors", wilson(s.calibration_traitors[at(b)], s.calibration_count[at(b)]));
    j.close('}');
  }
  j.close(']');
}

// Mission cards by the player's side and their fit with its role, each
// fit's share of the side's cards with its interval.
void plays_json(JsonWriter& j, const ReportSummary& s) {
  j.open("plays", '{');
  for (const int side : {0, 1}) {
    int total = 0;
    for (const int n : s.plays[at(side)]) total += n;
    j.open(side == 1 ? "traitors" : "loyal", '{');
    for (const RoleFit fit : {RoleFit::kMatched, RoleFit::kAgainst, RoleFit::kNeither}) {
      proportion_json(j, fit_name(fit), wilson(s.plays[at(side)][at(static_cast<int>(fit))], total));
    }
    j.close('}');
  }
  j.close('}');
  j.field("bluffs", s.bluffs);
  proportion_json(j, "bluffs_fooling", wilson(s.bluffs_fooling, s.bluffs));
  j.field("traitor_dishonest_plays", s.traitor_dishonest);
  j.field("traitor_dishonest_mean_effect",
          s.traitor_dishonest > 0 ? s.traitor_dishonest_effect / s.traitor_dishonest : std::nan(""));
}

}  // namespace

void write_spies_json(const SpiesReportHead& head, const ReportSummary& summary, std::ostream& out) {
  JsonWriter j;
  report_json_head(j, "loyalist_spies_bluffs", kSpiesReportJsonVersion, head.source, head.records,
                   static_cast<std::size_t>(summary.games), head.skipped);
  j.field("detailed", head.detailed);
  j.open("options", '{').field("particles", head.options.particles);
  j.field("seed", std::to_string(head.options.seed)).close('}');
  j.field("rounds", summary.rounds).field("rounds_untracked", summary.rounds_untracked);
  roles_json(j, summary);
  proportion_json(j, "failing_rounds", wilson(summary.failing_rounds, summary.rounds));
  beliefs_json(j, summary);
  plays_json(j, summary);
  agents_json(j, summary);
  j.close('}');
  out << j.text() << '\n';
}

}  // namespace kibitz::replays::analysis
