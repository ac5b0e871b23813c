// Loyalist Spies' part of the replay viewer's document: the bluff report
// (replays/analysis/game_analysis.h) placed at steps. The analysis numbers
// its points by the game's event log, and the i-th primary observation of
// every seat's stream is event i (env/games/loyalist_spies/stream.h), so an
// event's step is the step at which that entry of seat 0's stream appeared.
#include "web/games/loyalist_spies/viewer_notes.h"

#include <cmath>

#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::web::view {
namespace {

namespace ls = loyalist_spies;
using replays::ReplayRecord;
using replays::analysis::BeliefTrack;
using replays::analysis::GameAnalysis;
using replays::analysis::PlayVerdict;
using replays::analysis::SpiesRound;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The step of every event of the game's log.
std::vector<int> event_steps(const ReplayedRecord& replayed) {
  std::vector<int> out;
  const SeatStream& stream = replayed.streams.front();
  for (std::size_t i = 0; i < stream.size(); ++i) {
    if (ls::is_primary(ls::obs_kind(stream[i]))) out.push_back(replayed.step_of(0, i));
  }
  return out;
}

int step_of_event(const std::vector<int>& steps, int event, int last) {
  return event >= 0 && at(event) < steps.size() ? steps[at(event)] : last;
}

// A change of probability in percentage points: "+7", "-12", "0".
std::string points_text(double delta) {
  const long points = std::lround(100.0 * delta);
  return (points > 0 ? "+" : "") + std::to_string(points);
}

std::string signed_integer(int value) { return (value > 0 ? "+" : "") + std::to_string(value); }

std::string seat_list(const std::vector<int>& seats) {
  std::string out;
  for (const int s : seats) out += (out.empty() ? "P" : ", P") + std::to_string(s);
  return out;
}

// One face-down card's verdict, and a note for each seat it fooled.
void add_verdict(const PlayVerdict& v, int step, std::vector<ViewAnnotation>& out) {
  const std::string who = "P" + std::to_string(v.seat);
  const std::string side = v.traitor ? "a Traitor" : "loyal";
  std::string text = who + " played " + ls::card_name(v.card) + " face down while " + side;
  std::string kind;
  if (v.bluff) {
    kind = "bluff";
    text += ", not its honest " + ls::card_name(v.honest_card) + ": a bluff, moving the public P(Traitor) of " +
            who + " by " + points_text(v.effect) + " points (fooled " +
            (v.fooled.empty() ? std::string("no seat") : seat_list(v.fooled)) + ")";
  } else if (v.honest_card < 0) {
    kind = "honest";
    text += std::string(": the honest play (") + (v.traitor ? "its highest" : "its lowest") + " card)";
  } else {
    kind = "play";
    text += ", not its honest " + ls::card_name(v.honest_card) + ": no bluff" +
            (v.effect_known ? " (it moved the public P(Traitor) of " + who + " by " + points_text(v.effect) +
                                  " points)"
                            : std::string(" (its effect is unknown)"));
  }
  out.push_back({step, v.seat, kind, text});
  for (const int fooled : v.fooled) {
    out.push_back({step, fooled, "fooled",
                   "P" + std::to_string(fooled) + " was fooled by " + who + "'s " + ls::card_name(v.card) +
                       ": its P(Traitor) of " + who + " moved by " +
                       points_text(v.seat_effect[at(fooled)]) + " points"});
  }
}

// "Round 1: P0 Traitor +5, P1 Loyal 0, ...", when the round was scored.
void add_roles(const SpiesRound& round, int players, int step, std::vector<ViewAnnotation>& out) {
  if (!round.finished) return;
  std::string text = "Round " + std::to_string(round.index + 1) + ":";
  for (int s = 0; s < players; ++s) {
    text += std::string(s == 0 ? " P" : ", P") + std::to_string(s) + " " +
            std::string(ls::role_name(round.roles[at(s)])) + " " + signed_integer(round.points[at(s)]);
  }
  out.push_back({step, -1, "roles", text});
}

// One line per seat (but `skip`), a point per step (the last belief of the
// step), none where the filter had lost track.
std::vector<ViewSeries> traitor_series(const ReplayRecord& record, const BeliefTrack& track, int players,
                                       int skip, const std::vector<int>& steps, int last) {
  std::vector<ViewSeries> out;
  for (int s = 0; s < players; ++s) {
    if (s == skip) continue;
    ViewSeries series{seat_label(record, s), s, {}};
    for (const auto& point : track.points) {
      if (!point.traitor_known || !std::isfinite(point.traitor[at(s)])) continue;
      const int step = step_of_event(steps, point.event, last);
      if (!series.points.empty() && series.points.back().first == step) series.points.pop_back();
      series.points.emplace_back(step, point.traitor[at(s)]);
    }
    out.push_back(std::move(series));
  }
  return out;
}

std::vector<ViewChart> traitor_charts(const ReplayRecord& record, const GameAnalysis& game,
                                      const std::vector<int>& steps, int last) {
  std::vector<ViewChart> out;
  ViewChart chart{"P(Traitor) as the public sees it", kSpectator, "P(Traitor)", 0.0, 1.0, {}};
  chart.series = traitor_series(record, game.public_track, game.num_players, -1, steps, last);
  out.push_back(std::move(chart));
  for (const BeliefTrack& track : game.seat_tracks) {
    ViewChart own{"P(Traitor) as " + seat_label(record, track.viewer) + " sees it", track.viewer,
                  "P(Traitor)", 0.0, 1.0, {}};
    own.series = traitor_series(record, track, game.num_players, track.viewer, steps, last);
    out.push_back(std::move(own));
  }
  return out;
}

}  // namespace

GameNotes spies_notes(const ReplayRecord& record, std::size_t record_index, const ReplayedRecord& replayed,
                      const replays::analysis::ReportOptions& options) {
  if (dynamic_cast<const ls::LoyalistSpiesState*>(replayed.state.get()) == nullptr) return {};
  const GameAnalysis game = replays::analysis::analyze_game(record, record_index, options, true);
  const std::vector<int> steps = event_steps(replayed);
  GameNotes notes;
  for (const PlayVerdict& v : game.verdicts) {
    add_verdict(v, step_of_event(steps, v.reveal_event, replayed.moves), notes.annotations);
  }
  for (const SpiesRound& round : game.timeline.rounds) {
    add_roles(round, game.num_players, step_of_event(steps, round.end_event, replayed.moves),
              notes.annotations);
  }
  notes.charts = traitor_charts(record, game, steps, replayed.moves);
  return notes;
}

}  // namespace kibitz::web::view
