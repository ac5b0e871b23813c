// The table's rules for bad answers (agents/match/answer_rules.h): under
// kAbort an illegal, late or failing answer fails the game naming the seat;
// under kForfeit the game ends there with forfeit_returns, the observer is
// told, and no seat hears game_over.
#include "agents/match/answer_rules.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/random/random_agent.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"

namespace kibitz {
namespace {

// Answers badly at its `bad_at`th decision (counted from 1), as `how` says.
class BadAgent : public Agent {
 public:
  enum class How { kIllegal, kLate, kThrow };
  BadAgent(How how, int bad_at) : how_(how), bad_at_(bad_at) {}
  std::string spec() const override { return "bad"; }
  void game_over(const GameEnd&) override { ++games_over; }
  Action act(const SeatView& view) override {
    const ActionList legal = view.legal_actions();
    if (++decisions_ != bad_at_) return legal.front();
    switch (how_) {
      case How::kIllegal:
        return 1000;  // beyond every Kuhn action
      case How::kLate:
        std::this_thread::sleep_for(std::chrono::milliseconds(60));
        return legal.front();
      case How::kThrow:
        throw error("the bot's program went away");
    }
    return legal.front();
  }
  int games_over = 0;

 private:
  How how_;
  int bad_at_;
  int decisions_ = 0;
};

class ForfeitWatcher : public MatchObserver {
 public:
  void on_forfeit(const State& state, const Forfeit& forfeit, std::span<const double> returns) override {
    ++calls;
    seat_to_act = state.current_player();
    seen = forfeit;
    seen_returns.assign(returns.begin(), returns.end());
  }
  int calls = 0;
  Player seat_to_act = -100;
  Forfeit seen;
  std::vector<double> seen_returns;
};

struct Played {
  MatchResult result;
  ForfeitWatcher watcher;
  int games_over = 0;
};

Played play(BadAgent::How how, const AnswerRules& rules) {
  const auto game = load_game("kuhn_poker");
  BadAgent bad(how, 1);
  RandomAgent other(3);
  std::vector<Agent*> seats = {&bad, &other};
  Rng chance(11);
  Played played;
  played.result = play_match(*game, seats, chance, &played.watcher, rules);
  played.games_over = bad.games_over;
  return played;
}

std::string error_of(BadAgent::How how, const AnswerRules& rules) {
  try {
    play(how, rules);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(AnswerRules, AbortNamesTheSeatAndTheProblem) {
  AnswerRules abort;
  EXPECT_NE(error_of(BadAgent::How::kIllegal, abort).find("seat 0 (agent bad) chose action"),
            std::string::npos);
  EXPECT_EQ(error_of(BadAgent::How::kThrow, abort), "the bot's program went away");
  abort.time_limit = std::chrono::milliseconds(20);
  EXPECT_NE(error_of(BadAgent::How::kLate, abort).find("past the limit of 20 ms"), std::string::npos);
  abort.time_limit = std::chrono::milliseconds(0);  // no limit: a slow answer is fine
  EXPECT_EQ(error_of(BadAgent::How::kLate, abort), "(no error)");
}

TEST(AnswerRules, ForfeitEndsTheGameWhereTheSeatAnsweredBadly) {
  AnswerRules rules;
  rules.on_bad_answer = OnBadAnswer::kForfeit;
  rules.time_limit = std::chrono::milliseconds(20);
  for (const BadAgent::How how : {BadAgent::How::kIllegal, BadAgent::How::kLate, BadAgent::How::kThrow}) {
    Played played = play(how, rules);
    const MatchResult& result = played.result;
    ASSERT_TRUE(result.forfeit.happened());
    EXPECT_EQ(result.forfeit.seat, 0);
    EXPECT_FALSE(result.forfeit.reason.empty());
    EXPECT_FALSE(result.state->is_terminal());
    EXPECT_EQ(result.state->current_player(), 0);
    // Kuhn poker: the forfeiting seat loses the most a seat can, 2 chips.
    EXPECT_EQ(result.returns, (std::vector<double>{-2.0, 2.0}));
    EXPECT_EQ(played.watcher.calls, 1);
    EXPECT_EQ(played.watcher.seat_to_act, 0);
    EXPECT_EQ(played.watcher.seen, result.forfeit);
    EXPECT_EQ(played.watcher.seen_returns, result.returns);
    EXPECT_EQ(played.games_over, 0) << "a forfeited game did not reach its end";
  }
}

TEST(AnswerRules, AGoodGameIsNotForfeited) {
  const auto game = load_game("leduc_poker");
  RandomAgent a(1), b(2);
  std::vector<Agent*> seats = {&a, &b};
  Rng chance(5);
  AnswerRules rules;
  rules.on_bad_answer = OnBadAnswer::kForfeit;
  const MatchResult result = play_match(*game, seats, chance, nullptr, rules);
  EXPECT_FALSE(result.forfeit.happened());
  EXPECT_TRUE(result.state->is_terminal());
  EXPECT_EQ(result.returns, result.state->returns());
}

TEST(AnswerRules, ForfeitReturnsKeepAZeroSumGameZeroSum) {
  const auto three = load_game("kuhn_poker(players=3)");
  std::unique_ptr<State> state = three->new_initial_state();
  while (state->is_chance_node()) state->apply_action(state->legal_actions().front());
  const Player seat = state->current_player();
  const std::vector<double> returns = forfeit_returns(*state, seat);
  EXPECT_EQ(returns[static_cast<std::size_t>(seat)], three->min_return());
  EXPECT_NEAR(std::accumulate(returns.begin(), returns.end(), 0.0), 0.0, 1e-12);
  for (std::size_t s = 0; s < returns.size(); ++s) {
    if (static_cast<Player>(s) != seat) {
      EXPECT_EQ(returns[s], -three->min_return() / 2);
    }
  }
}

TEST(AnswerRules, InAGeneralSumGameTheOthersKeepWhatTheyHave) {
  const auto tea = load_game("tea_game");
  ASSERT_EQ(tea->reward_model(), RewardModel::kGeneralSum);
  std::unique_ptr<State> state = tea->new_initial_state();
  Rng rng(9);
  // Into the episode, to a seat's move after some seat has been paid.
  const auto paid = [&] {
    const std::vector<double> r = state->returns();
    return std::any_of(r.begin(), r.end(), [](double x) { return x != 0.0; });
  };
  while (!state->is_terminal() && (state->is_chance_node() || !paid())) {
    const ActionList legal = state->legal_actions();
    state->apply_action(state->is_chance_node() ? state->sample_chance_outcome(rng)
                                                : legal[rng.uniform_int(legal.size())]);
  }
  ASSERT_FALSE(state->is_terminal());
  const Player seat = state->current_player();
  const std::vector<double> so_far = state->returns();
  const std::vector<double> returns = forfeit_returns(*state, seat);
  for (std::size_t s = 0; s < returns.size(); ++s) {
    EXPECT_EQ(returns[s], static_cast<Player>(s) == seat ? tea->min_return() : so_far[s]) << "seat " << s;
  }
}

TEST(AnswerRules, PolicyNamesParseAndBadOnesAreRefused) {
  EXPECT_EQ(parse_on_bad_answer("abort"), OnBadAnswer::kAbort);
  EXPECT_EQ(parse_on_bad_answer("forfeit"), OnBadAnswer::kForfeit);
  EXPECT_EQ(on_bad_answer_name(OnBadAnswer::kForfeit), "forfeit");
  EXPECT_THROW(parse_on_bad_answer("Forfeit"), KibitzError);
}

}  // namespace
}  // namespace kibitz
