#include "agents/match/match_runner.h"

#include <array>
#include <chrono>
#include <optional>

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

using Clock = std::chrono::steady_clock;

// Asks `agent` for its move at `state`; returns the move, or, when the
// answer is bad and `rules` forfeit it, nullopt with `why` set. Under
// kAbort a bad answer throws.
std::optional<Action> ask_seat(Agent& agent, const State& state, SeatFeed& feed,
                               const AnswerRules& rules, std::string& why) {
  const Player seat = state.current_player();
  // The clock is read only under a time limit: the loop of every arena,
  // evaluation and bench game pays nothing for it otherwise.
  const bool timed = rules.time_limit.count() > 0;
  const Clock::time_point start = timed ? Clock::now() : Clock::time_point{};
  Action action = kInvalidAction;
  try {
    action = agent.act(SeatView(state, feed));
  } catch (const KibitzError& e) {
    if (rules.on_bad_answer == OnBadAnswer::kAbort) throw;
    why = e.what();
    return std::nullopt;
  }
  const auto taken =
      timed ? std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start) : std::chrono::milliseconds{0};
  if (!state.is_legal(action)) {
    why = "chose action " + std::to_string(action) + ", which is not legal";
  } else if (timed && taken > rules.time_limit) {
    why = "answered after " + std::to_string(taken.count()) + " ms, past the limit of " +
          std::to_string(rules.time_limit.count()) + " ms";
  } else {
    return action;
  }
  if (rules.on_bad_answer == OnBadAnswer::kAbort) {
    throw error("seat ", seat, " (agent ", agent.spec(), ") ", why);
  }
  return std::nullopt;
}

// The game loop: the result's state, and its forfeit (with its returns) if
// a seat forfeited. A finished game's returns are left to the caller who
// wants them: play_game's callers (every bench, training's games) do not,
// and reading them costs an allocation per game.
MatchResult run_match(const Game& game, std::span<Agent* const> seats, Rng& chance, MatchObserver* observer,
                      const AnswerRules& rules) {
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
  MatchResult result;
  result.state = game.new_initial_state();
  State& state = *result.state;
  while (!state.is_terminal()) {
    const Player actor = state.current_player();
    if (observer != nullptr) observer->before_move(state, actor);
    Action action = kInvalidAction;
    const DecisionInfo* decision = nullptr;
    if (actor == kChancePlayer) {
      // Exactly one draw per chance event keeps the chance streams of a
      // deal's seatings aligned event by event.
      action = state.sample_chance_outcome(chance);
    } else {
      Agent& agent = *seats[static_cast<std::size_t>(actor)];
      const std::optional<Action> answer =
          ask_seat(agent, state, feeds[static_cast<std::size_t>(actor)], rules, result.forfeit.reason);
      if (!answer) {
        result.forfeit.seat = actor;
        result.returns = forfeit_returns(state, actor);
        if (observer != nullptr) observer->on_forfeit(state, result.forfeit, result.returns);
        return result;
      }
      action = *answer;
      decision = agent.last_decision();
      if (observer != nullptr) {
        action = observer->choose(state, actor, action, decision);
        KIBITZ_CHECK(state.is_legal(action), "the observer of ", agent.spec(),
                     " chose illegal action ", action);
      }
    }
    if (observer != nullptr) observer->on_move(state, actor, action, decision);
    state.apply_action(action);
    if (observer != nullptr) observer->after_move(state, actor, action);
  }
  tell_game_over(state, seats);
  return result;
}

}  // namespace

std::unique_ptr<State> play_game(const Game& game, std::span<Agent* const> seats, Rng& chance,
                                 MatchObserver* observer) {
  return run_match(game, seats, chance, observer, AnswerRules{}).state;
}

MatchResult play_match(const Game& game, std::span<Agent* const> seats, Rng& chance,
                       MatchObserver* observer, const AnswerRules& rules) {
  MatchResult result = run_match(game, seats, chance, observer, rules);
  if (!result.forfeit.happened()) result.returns = result.state->returns();
  return result;
}

}  // namespace kibitz
