#include "tools/review/seat_decisions.h"

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/state.h"

namespace kibitz::tools {

SeatGame seat_game_of(const replays::ReplayRecord& record, Player seat) {
  const std::shared_ptr<const Game> game = load_game(record.game);
  if (seat < 0 || seat >= game->num_players()) {
    throw error("seat ", seat, ": ", record.game, " has seats 0 to ", game->num_players() - 1);
  }
  SeatGame out;
  out.game = game->spec();
  out.seat = seat;
  std::unique_ptr<State> state = game->new_initial_state();
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action action = record.actions[i];
    if (state->is_terminal() || !state->is_legal(action)) {
      throw error("the record does not replay at move ", i, " (kibitz replay verify says why)");
    }
    if (state->current_player() == seat) {
      out.decisions.push_back(SeatDecisionPoint{static_cast<int>(i), state->seat_stream(seat).size(),
                                                state->action_to_string(seat, action)});
    }
    state->apply_action(action);
  }
  out.stream = state->seat_stream(seat);
  return out;
}

SeatGame seat_game_of(const replays::SeatRecord& record) {
  SeatGame out;
  out.game = record.game;
  out.seat = record.seat;
  out.stream = record.stream;
  for (const replays::SeatRecordDecision& d : record.decisions) {
    out.decisions.push_back(
        SeatDecisionPoint{static_cast<int>(d.stream_size), d.stream_size, d.played.empty() ? "?" : d.played});
  }
  return out;
}

}  // namespace kibitz::tools
