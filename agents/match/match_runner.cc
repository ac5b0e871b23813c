#include "agents/match/match_runner.h"

#include <array>

#include "agents/game_end.h"
#include "env/core/error.h"
#include "env/core/seat_feed.h"
#include "env/core/seat_view.h"

namespace kibitz {
namespace {

// Each seat hears the end with its own stream and return, nothing else
// (read only if the agent asks: most ignore the call).
void tell_game_over(const State& final_state, std::span<Agent* const> seats) {
  for (std::size_t s = 0; s < seats.size(); ++s) {
    const GameEnd end(final_state, static_cast<Player>(s));
    seats[s]->game_over(end);
  }
}

}  // namespace

std::unique_ptr<State> play_game(const Game& game, std::span<Agent* const> seats, Rng& chance,
                                 MatchObserver* observer) {
  KIBITZ_CHECK(static_cast<int>(seats.size()) == game.num_players(), "play_game: ", seats.size(),
               " agents for the ", game.num_players(), " seats of ", game.spec());
  for (std::size_t s = 0; s < seats.size(); ++s) {
    KIBITZ_CHECK(seats[s] != nullptr, "play_game: no agent in seat ", s);
    seats[s]->new_game(static_cast<Player>(s));
  }
  // One feed per seat, so each decision reads only the observations that
  // are new since that seat's last one. On the stack: no allocation per game
  // for agents that never read their stream.
  KIBITZ_CHECK(game.num_players() <= kMaxAudienceSeats, "play_game: ", game.num_players(), " seats; at most ",
               kMaxAudienceSeats);
  std::array<SeatFeed, kMaxAudienceSeats> feeds;
  for (std::size_t s = 0; s < seats.size(); ++s) feeds[s].reset(static_cast<Player>(s));
  std::unique_ptr<State> state = game.new_initial_state();
  while (!state->is_terminal()) {
    const Player actor = state->current_player();
    if (observer != nullptr) observer->before_move(*state, actor);
    Action action = kInvalidAction;
    const DecisionInfo* decision = nullptr;
    if (actor == kChancePlayer) {
      // Exactly one draw per chance event keeps the chance streams of a
      // deal's seatings aligned event by event.
      action = state->sample_chance_outcome(chance);
    } else {
      Agent& agent = *seats[static_cast<std::size_t>(actor)];
      action = agent.act(SeatView(*state, feeds[static_cast<std::size_t>(actor)]));
      KIBITZ_CHECK(state->is_legal(action), "agent ", agent.spec(), " chose illegal action ",
                   action);
      decision = agent.last_decision();
      if (observer != nullptr) {
        action = observer->choose(*state, actor, action, decision);
        KIBITZ_CHECK(state->is_legal(action), "the observer of ", agent.spec(),
                     " chose illegal action ", action);
      }
    }
    if (observer != nullptr) observer->on_move(*state, actor, action, decision);
    state->apply_action(action);
    if (observer != nullptr) observer->after_move(*state, actor, action);
  }
  tell_game_over(*state, seats);
  return state;
}

}  // namespace kibitz
