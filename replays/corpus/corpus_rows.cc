#include "replays/corpus/corpus_rows.h"

#include <algorithm>
#include <memory>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/spec.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "replays/analysis/adulting/adulting_figures.h"
#include "replays/analysis/report_events_common.h"
#include "replays/legal_game.h"

namespace kibitz::replays::corpus {

namespace analysis = replays::analysis;

namespace {

// The state `record` ends in, every action checked legal first.
std::unique_ptr<State> replayed_state(const ReplayRecord& record) {
  const std::shared_ptr<const Game> game = load_game(record.game);
  const auto seats = static_cast<std::size_t>(game->num_players());
  if (record.seat_labels.size() != seats || record.agent_specs.size() != seats) {
    throw error(record.seat_labels.size(), " seat labels and ", record.agent_specs.size(),
                " agent specs, but ", game->spec(), " has ", seats, " seats");
  }
  std::unique_ptr<State> state = game->new_initial_state();
  if (const std::optional<Problem> problem = replay_legal_actions(record, *state)) {
    if (problem->move >= 0) throw error("move ", problem->move, ": ", problem->message);
    throw error(problem->message);
  }
  return state;
}

// Seats, returns and winners (the seats with the top return, ties included).
void fill_seats(const ReplayRecord& record, GameRows& rows) {
  const auto n = static_cast<std::size_t>(rows.players);
  const bool has_returns = record.returns.size() == n && n > 0;
  double top = 0.0;
  int winners = 0;
  if (has_returns) {
    top = *std::max_element(record.returns.begin(), record.returns.end());
    winners = static_cast<int>(std::count(record.returns.begin(), record.returns.end(), top));
  }
  for (std::size_t seat = 0; seat < n; ++seat) {
    SeatRow row;
    row.seat = static_cast<int>(seat);
    row.agent = analysis::agent_name(record, row.seat);
    row.label = record.seat_labels[seat];
    row.agent_spec = record.agent_specs[seat];
    if (has_returns) {
      row.game_return = record.returns[seat];
      row.won = record.returns[seat] == top;
      row.win_share = row.won ? 1.0 / winners : 0.0;
    }
    rows.seats.push_back(std::move(row));
  }
}

// Every face-down card, judged by the belief filters when asked (what
// `replay report` does), else with an empty public view: the same plays,
// none of them judged.
void add_spies(const ReplayRecord& record, const State& state, const AnalysisOptions& options,
               GameRows& rows) {
  if (options.bluffs) {
    rows.spies_plays =
        analysis::analyze_game(record, rows.record_index, options.report, false).verdicts;
    rows.bluffs_judged = true;
  } else {
    const auto& spies = dynamic_cast<const loyalist_spies::LoyalistSpiesState&>(state);
    const std::vector<analysis::ViewerBeliefs> unjudged(1);
    rows.spies_plays = analysis::judge_plays(analysis::spies_timeline(spies), unjudged,
                                             options.report.bluff_threshold);
  }
  for (SeatRow& seat : rows.seats) {
    seat.plays = 0;
    if (rows.bluffs_judged) seat.bluffs = 0;
  }
  for (const analysis::PlayVerdict& play : rows.spies_plays) {
    SeatRow& seat = rows.seats.at(static_cast<std::size_t>(play.seat));
    ++*seat.plays;
    if (play.bluff) ++*seat.bluffs;
  }
}

void add_adulting(const ReplayRecord& record, GameRows& rows) {
  rows.adulting = analysis::adulting_events(record, rows.record_index);
  for (SeatRow& seat : rows.seats) {
    const analysis::AdultingTally tally = analysis::seat_tally(*rows.adulting, seat.seat);
    seat.claims = tally.claims;
    seat.lies = tally.lies;
    seat.bids = tally.bids;
    seat.overbids = tally.overbids;
  }
}

GameRows rows_of(const ReplayRecord& record, std::size_t record_index,
                 const AnalysisOptions& options) {
  const std::unique_ptr<State> state = replayed_state(record);
  GameRows rows;
  rows.record_index = record_index;
  rows.game = parse_spec(record.game).name;
  rows.spec = record.game;
  rows.seed = record.seed;
  rows.players = state->num_players();
  rows.length = static_cast<int>(record.actions.size());
  rows.finished = state->is_terminal();
  rows.forfeit = record.forfeit;
  rows.start_time = record.start_time;
  rows.duration_seconds = record.duration_seconds;
  fill_seats(record, rows);
  if (dynamic_cast<const loyalist_spies::LoyalistSpiesState*>(state.get()) != nullptr) {
    add_spies(record, *state, options, rows);
  } else if (analysis::is_adulting_record(record)) {
    add_adulting(record, rows);
  } else if (analysis::is_laws_record(record)) {
    rows.laws = analysis::laws_events(record, record_index);
  }
  return rows;
}

}  // namespace

GameRows game_rows(const ReplayRecord& record, const std::string& source, std::size_t record_index,
                   const AnalysisOptions& options) {
  try {
    return rows_of(record, record_index, options);
  } catch (const KibitzError& e) {
    // The analyses name the record themselves ("record 3: ..."); say it once.
    const std::string what = e.what();
    const std::string prefix = "record " + std::to_string(record_index) + ": ";
    throw error(source, ": ", what.rfind(prefix, 0) == 0 ? what : prefix + what);
  }
}

}  // namespace kibitz::replays::corpus
