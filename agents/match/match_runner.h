// The one game loop of kibitz: `kibitz play`, the arena, training's
// evaluation games and expert iteration's self-play all play their games
// with play_game, and run many of them with run_jobs (worker_pool.h) and
// SeatAgents (seat_agents.h). What differs between them (a recorder, a
// narrator, a person's hand-over, sampling the played move from a search's
// visit shares) is a MatchObserver.
//
// Each seat is asked through a SeatView, never handed the State; chance is
// drawn with State::sample_chance_outcome from the caller's generator, one
// draw per chance event, so every seating of one deal (the arena's paired
// deals) sees the same chance stream as long as play reaches the same chance
// events.
#pragma once

#include <memory>
#include <span>

#include "agents/agent.h"
#include "agents/match/answer_rules.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz {

// Watches, and may steer, a game that play_game plays. Every hook does
// nothing by default; a hook may throw to abandon the game (the exception
// leaves play_game).
class MatchObserver {
 public:
  virtual ~MatchObserver() = default;

  // Before the move at `state` is chosen; `actor` is the seat to act or
  // kChancePlayer. kibitz play checks for Ctrl-C here and clears the screen
  // between two people.
  virtual void before_move(const State& state, Player actor) {}

  // Seat `seat`'s agent chose `chosen` (`decision`: its last_decision(), may
  // be null); the move played is the one returned, which must be legal.
  // Expert iteration plays a move drawn from the search's visit shares
  // instead of the most visited one.
  virtual Action choose(const State& state, Player seat, Action chosen,
                        const DecisionInfo* decision) {
    return chosen;
  }

  // `action` by `actor` is about to be applied to `state`; `decision` is the
  // agent's last_decision() for a seat's move, null for chance. Recorders
  // note the move here.
  virtual void on_move(const State& state, Player actor, Action action,
                       const DecisionInfo* decision) {}

  // `action` by `actor` has been applied; `state` is the state after it.
  virtual void after_move(const State& state, Player actor, Action action) {}

  // The seat to act at `state` answered badly and forfeits the game under
  // AnswerRules::kForfeit: the game ends here, with `returns`.
  virtual void on_forfeit(const State& state, const Forfeit& forfeit,
                          std::span<const double> returns) {}
};

// A game as play_match leaves it.
struct MatchResult {
  // The terminal state or, after a forfeit, the state the forfeit ended.
  std::unique_ptr<State> state;
  Forfeit forfeit;              // forfeit.happened() when a seat forfeited
  std::vector<double> returns;  // by seat: the state's, or forfeit_returns
};

// Plays one game of `game` from its initial state to the end. seats[s] plays
// seat s: it is told the new game first (Agent::new_game(s)), then asked
// for each of its moves with act(SeatView), and at the end told that the
// game is over (Agent::game_over, with seat s's final stream and return
// only). Chance is drawn from `chance` with State::sample_chance_outcome.
// `observer` may be null. Returns the final (terminal) state. An agent
// that answers badly fails the game (play_match under the default rules),
// and so does a seat count that does not match the game.
std::unique_ptr<State> play_game(const Game& game, std::span<Agent* const> seats, Rng& chance,
                                 MatchObserver* observer = nullptr);

// play_game under `rules`: a seat's bad answer (an illegal action, an
// answer past rules.time_limit, a KibitzError from its agent) either fails
// the game (kAbort: a KibitzError naming the seat, its agent and the
// problem, or the agent's own error as it was thrown) or ends it as that
// seat's forfeit (kForfeit). A forfeited game tells no seat game_over: it
// did not reach its end.
MatchResult play_match(const Game& game, std::span<Agent* const> seats, Rng& chance,
                       MatchObserver* observer, const AnswerRules& rules);

}  // namespace kibitz
