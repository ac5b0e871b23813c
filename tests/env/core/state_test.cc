// State machinery shared by every game: apply_action's error message, the
// default is_legal, rewards, information-state string (the stream, listed)
// and resampling (the generic sampler), clone/clone_into, SeatView's guard,
// and the two error channels (KibitzError for bad input, KIBITZ_CHECK for
// bugs).
#include "env/core/state.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/core/stream_spec.h"
#include "env/core/stream_spec.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A minimal game that keeps every State default (is_legal, rewards, the
// information-state string rendered from the stream, worlds from the generic
// ReplayWorldSampler): a biased coin is flipped face down, seat 0 calls it
// (0 heads, 1 tails), then seat 1 picks 0 or 2, a sparse action set so that 1
// is an in-range illegal action. Both seats see that the coin was flipped and
// every pick, never the coin.
class CoinGame : public Game {
 public:
  CoinGame()
      : Game("coin", Params()),
        stream_spec_({{"flip", "the coin is flipped", "the coin lands, face down"},
                      {"pick", "{seat} picks {choice:number}", "a seat's pick"}},
                     {}) {}
  int num_players() const override { return 2; }
  int num_distinct_actions() const override { return 3; }
  int max_chance_outcomes() const override { return 2; }
  int max_game_length() const override { return 3; }
  RewardModel reward_model() const override { return RewardModel::kZeroSum; }
  double min_return() const override { return -1; }
  double max_return() const override { return 1; }
  std::vector<int> information_state_tensor_shape() const override { return {1}; }
  std::vector<int> observation_tensor_shape() const override { return {1}; }
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }

 private:
  StreamSpec stream_spec_;
};

// The coin game's state: everything lives in the history.
class CoinState : public GameState<CoinState> {
 public:
  using GameState::GameState;
  Player current_player() const override {
    return move_number() == 0   ? kChancePlayer
           : move_number() == 3 ? kTerminalPlayer
                                : move_number() - 1;
  }
  void legal_actions(ActionList& out) const override {
    out.clear();
    if (is_chance_node()) out = {0, 1};
    if (current_player() == 0) out = {0, 1};
    if (current_player() == 1) out = {0, 2};
  }
  void chance_outcomes(ChanceOutcomeList& out) const override { out = {{0, 0.25}, {1, 0.75}}; }
  void returns(std::span<double> out) const override {
    std::fill(out.begin(), out.end(), 0.0);
    if (!is_terminal()) return;
    const double won = history()[0] == history()[1] ? 1.0 : -1.0;
    out[0] = won;
    out[1] = -won;
  }
  void seat_stream(Player, SeatStream& out) const override {
    out.clear();
    for (int i = 0; i < move_number(); ++i) {
      const Action a = history()[static_cast<std::size_t>(i)];
      out.push_back(i == 0 ? Observation(0) : Observation(1).add(i - 1).add(a));
    }
  }
  void information_state_tensor(Player, std::span<float> out) const override { out[0] = 0; }
  std::string observation_string(Player p) const override { return information_state_string(p); }
  void observation_tensor(Player, std::span<float> out) const override { out[0] = 0; }
  std::string action_to_string(Player p, Action a) const override {
    if (p == kChancePlayer) return a == 0 ? "heads" : "tails";
    return "pick " + std::to_string(a);
  }
  std::string to_string() const override {
    std::string s = "coin";
    for (Action a : history()) s += " " + std::to_string(a);
    return s;
  }

 protected:
  void do_apply_action(Action) override {}
};

std::unique_ptr<State> CoinGame::new_initial_state() const {
  return std::make_unique<CoinState>(shared());
}

std::shared_ptr<const Game> coin_game() { return std::make_shared<CoinGame>(); }

TEST(State, IllegalActionErrorNamesTheActionSeatAndLegalChoices) {
  const auto game = load_game("kuhn_poker");
  const auto state =
      game->state_from_history(std::vector<Action>{0, 1});  // J to seat 0, Q to seat 1
  const std::string message = error_of([&] { state->apply_action(7); });
  EXPECT_TRUE(contains(message, "illegal action 7")) << message;
  EXPECT_TRUE(contains(message, "seat 0")) << message;
  EXPECT_TRUE(contains(message, "at move 2")) << message;
  EXPECT_TRUE(contains(message, "kuhn_poker")) << message;
  EXPECT_TRUE(contains(message, "legal: 0 (pass), 1 (bet)")) << message;
  EXPECT_EQ(state->history(), (std::vector<Action>{0, 1}))
      << "a rejected action changed the history";
  EXPECT_EQ(state->to_string(), game->state_from_history(std::vector<Action>{0, 1})->to_string());
}

TEST(State, IllegalChanceOutcomeListsTheRemainingOutcomes) {
  const auto state = load_game("kuhn_poker")->state_from_history(std::vector<Action>{0});
  const std::string message = error_of([&] { state->apply_action(0); });
  EXPECT_TRUE(contains(message, "illegal action 0 for chance")) << message;
  EXPECT_TRUE(contains(message, "legal: 1 (deal Q), 2 (deal K)")) << message;
  EXPECT_EQ(state->move_number(), 1);
}

TEST(State, ActingAfterTheEndSaysTheGameIsOver) {
  const auto state = load_game("kuhn_poker")->state_from_history(std::vector<Action>{0, 1, 0, 0});
  ASSERT_TRUE(state->is_terminal());
  const std::string message = error_of([&] { state->apply_action(0); });
  EXPECT_TRUE(contains(message, "illegal action 0: the game is over")) << message;
}

TEST(State, DefaultIsLegalFollowsLegalActions) {
  const auto state = coin_game()->new_initial_state();
  EXPECT_FALSE(state->is_legal(2));  // the coin has two sides
  state->apply_action(1);
  state->apply_action(0);
  EXPECT_EQ(state->current_player(), 1);
  for (Action a : {-1, 1, 3}) EXPECT_FALSE(state->is_legal(a)) << a;
  const std::string message = error_of([&] { state->apply_action(1); });
  EXPECT_TRUE(contains(message, "illegal action 1 for seat 1")) << message;
  EXPECT_TRUE(contains(message, "legal: 0 (pick 0), 2 (pick 2)")) << message;
  EXPECT_TRUE(state->is_legal(2));
  state->apply_action(2);
  EXPECT_TRUE(state->is_terminal());
  EXPECT_FALSE(state->is_legal(0));
}

// apply_legal_action is apply_action without the check, for moves drawn
// from the state itself: the same random games of every registered game
// reach the same states (history, description, every seat's stream) by
// either door.
TEST(State, ApplyLegalActionReachesTheStatesApplyActionDoes) {
  for (const GameInfo& info : registered_games()) {
    const auto game = load_game(info.name);
    Rng rng(17);
    for (int g = 0; g < 3; ++g) {
      const auto checked = game->new_initial_state();
      const auto unchecked = game->new_initial_state();
      ActionList legal;
      while (!checked->is_terminal()) {
        Action a = kInvalidAction;
        if (checked->is_chance_node()) {
          a = checked->sample_chance_outcome(rng);
        } else {
          checked->legal_actions(legal);
          a = legal[rng.uniform_int(legal.size())];
        }
        checked->apply_action(a);
        unchecked->apply_legal_action(a);
      }
      ASSERT_TRUE(unchecked->is_terminal()) << info.name;
      EXPECT_EQ(unchecked->history(), checked->history()) << info.name;
      EXPECT_EQ(unchecked->to_string(), checked->to_string()) << info.name;
      for (Player p = 0; p < game->num_players(); ++p) {
        EXPECT_EQ(unchecked->seat_stream(p), checked->seat_stream(p)) << info.name << " seat " << p;
      }
    }
  }
}

#ifndef NDEBUG
// A debug build (the sanitizer suite's) still stops at an illegal move given
// to apply_legal_action, as at any failed internal check, so a caller that
// draws wrongly is caught in tests.
TEST(State, DebugBuildsCheckApplyLegalAction) {
  const auto state = load_game("kuhn_poker")->state_from_history(std::vector<Action>{0, 1});
  EXPECT_DEATH(state->apply_legal_action(7), "apply_legal_action given illegal action 7");
}
#endif

TEST(State, DefaultRewardsPayOnlyAtTheEnd) {
  const auto game = coin_game();
  const auto state = game->new_initial_state();
  for (Action a : {1, 1}) {
    EXPECT_EQ(state->rewards(), (std::vector<double>{0.0, 0.0}));
    state->apply_action(a);
  }
  state->apply_action(0);
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_EQ(state->rewards(), state->returns());
}

TEST(State, DefaultInformationStateListsTheStream) {
  const auto state = coin_game()->new_initial_state();
  EXPECT_EQ(state->information_state_string(1), "P1");
  state->apply_action(1);  // tails, face down
  state->apply_action(0);  // seat 0 calls heads
  EXPECT_EQ(state->information_state_string(1), "P1\nthe coin is flipped\nP0 picks 0");
  EXPECT_EQ(state->information_state_string(0), "P0\nthe coin is flipped\nP0 picks 0");
}

// A game that declares only its stream gets worlds from the generic sampler:
// the coin redrawn with its chance probabilities, the picks kept.
TEST(State, DefaultResampleDrawsHiddenChanceFromTheStream) {
  const auto game = coin_game();
  const auto state = game->new_initial_state();
  state->apply_action(1);  // tails
  state->apply_action(0);  // seat 0 calls heads
  Rng rng(8);
  auto world = game->new_initial_state();
  int heads = 0;
  constexpr int kWorlds = 400;
  for (int i = 0; i < kWorlds; ++i) {
    state->resample_from_infostate(1, rng, *world);
    ASSERT_EQ(world->seat_stream(1), state->seat_stream(1));
    ASSERT_EQ(world->history()[1], 0);
    heads += world->history()[0] == 0;
  }
  // Heads has probability 1/4: about 100 of 400 (standard deviation 8.7).
  EXPECT_GT(heads, 65);
  EXPECT_LT(heads, 135);
}

TEST(State, StringToActionAcceptsTextAndNumbersAndListsChoices) {
  const auto state = load_game("kuhn_poker")->state_from_history(std::vector<Action>{0, 1});
  EXPECT_EQ(state->string_to_action(0, "bet"), 1);
  EXPECT_EQ(state->string_to_action(0, "pass"), 0);
  EXPECT_EQ(state->string_to_action(0, "1"), 1);
  const std::string message = error_of([&] { state->string_to_action(0, "raise"); });
  EXPECT_TRUE(contains(message, "'raise' is not a legal action")) << message;
  EXPECT_TRUE(contains(message, "pass (0), bet (1)")) << message;
  EXPECT_THROW(state->string_to_action(0, "2"), KibitzError) << "a number that is not legal";
  EXPECT_THROW(state->string_to_action(0, "1x"), KibitzError);
}

TEST(State, HistoryIsReservedAndKeptByCloneInto) {
  const auto game = load_game("kuhn_poker");
  const auto state = game->state_from_history(std::vector<Action>{0, 1, 1});
  EXPECT_GE(game->new_initial_state()->history().capacity(),
            static_cast<std::size_t>(game->max_game_length()));
  const auto destination = game->new_initial_state();
  const Action* buffer = destination->history().data();
  state->clone_into(*destination);
  EXPECT_TRUE(states_equal(*destination, *state));
  EXPECT_EQ(destination->history().data(), buffer) << "clone_into reallocated the history";
}

// A copy made by clone() is the state a search then plays on: its history
// must be reserved like a new state's, or its first apply_action allocates.
TEST(State, CloneKeepsTheHistoryReserved) {
  const auto game = load_game("kuhn_poker");
  const auto state = game->state_from_history(std::vector<Action>{0, 1});
  const auto copy = state->clone();
  EXPECT_GE(copy->history().capacity(), static_cast<std::size_t>(game->max_game_length()));
}

TEST(State, ClonesAreIndependent) {
  const auto state = coin_game()->new_initial_state();
  state->apply_action(0);
  const auto copy = state->clone();
  copy->apply_action(1);
  EXPECT_EQ(state->history(), std::vector<Action>{0});
  EXPECT_EQ(copy->history(), (std::vector<Action>{0, 1}));
  EXPECT_FALSE(states_equal(*state, *copy));
}

TEST(State, StatesEqualComparesGameAndHistory) {
  const auto two = load_game("kuhn_poker");
  const auto three = load_game("kuhn_poker(players=3)");
  EXPECT_TRUE(states_equal(*two->new_initial_state(),
                           *load_game("kuhn_poker(players=2)")->new_initial_state()));
  EXPECT_FALSE(states_equal(*two->new_initial_state(), *three->new_initial_state()));
  EXPECT_FALSE(states_equal(*two->state_from_history(std::vector<Action>{0}),
                            *two->state_from_history(std::vector<Action>{1})));
}

TEST(State, StateFromHistoryNamesTheBreakingPosition) {
  const std::string message = error_of([] {
    load_game("kuhn_poker")->state_from_history(std::vector<Action>{0, 1, 0, 3});
  });
  EXPECT_TRUE(contains(message, "kuhn_poker(players=2)")) << message;
  EXPECT_TRUE(contains(message, "breaks at position 3")) << message;
  EXPECT_TRUE(contains(message, "illegal action 3")) << message;
}

TEST(StateDeathTest, MisuseIsABug) {
  const auto kuhn = load_game("kuhn_poker");
  const auto dealing = kuhn->new_initial_state();
  const auto betting = kuhn->state_from_history(std::vector<Action>{0, 1});
  std::vector<float> small(1);
  EXPECT_DEATH(betting->legal_action_mask(small), "mask size 1 != num_distinct_actions 2");
  std::vector<float> mask(2);
  EXPECT_DEATH(dealing->legal_action_mask(mask), "for player nodes");
  // Copying between games of different types.
  const auto coin = coin_game()->new_initial_state();
  EXPECT_DEATH(betting->clone_into(*coin), "clone_into a state of another game");
}

TEST(SeatView, ShowsTheSeatToAct) {
  const auto state = load_game("kuhn_poker")->state_from_history(std::vector<Action>{2, 0});
  const SeatView view(*state, 0);
  EXPECT_EQ(view.seat(), 0);
  EXPECT_EQ(view.move_number(), 2);
  EXPECT_EQ(view.information_state_string(), state->information_state_string(0));
  EXPECT_EQ(view.legal_actions(), state->legal_actions());
  EXPECT_EQ(view.string_to_action("bet"), 1);
  Rng rng(4);
  const auto world = view.sample_world(rng);
  EXPECT_EQ(world->information_state_string(0), state->information_state_string(0));
}

TEST(SeatViewDeathTest, RefusesASeatThatIsNotToAct) {
  const auto kuhn = load_game("kuhn_poker");
  const auto betting = kuhn->state_from_history(std::vector<Action>{2, 0});
  EXPECT_DEATH(SeatView(*betting, 1), "SeatView for seat 1 but the seat to act is 0");
  const auto dealing = kuhn->new_initial_state();
  EXPECT_DEATH(SeatView(*dealing, 0), "SeatView for seat 0 but the seat to act is -1");
  const auto over = kuhn->state_from_history(std::vector<Action>{2, 0, 0, 0});
  EXPECT_DEATH(SeatView(*over, 0), "SeatView for seat 0");
}

TEST(ErrorChannels, KibitzErrorIsARecoverableRuntimeError) {
  const KibitzError e = error("bad value ", 3, " for '", std::string("players"), "'");
  EXPECT_STREQ(e.what(), "bad value 3 for 'players'");
  EXPECT_THROW(throw error("x"), std::runtime_error);
  // Bad input is thrown, not aborted on: the caller keeps running.
  EXPECT_THROW(load_game("no_such_game"), KibitzError);
}

TEST(ErrorChannels, CheckEvaluatesItsConditionOnce) {
  int evaluations = 0;
  KIBITZ_CHECK(++evaluations == 1, "never printed");
  KIBITZ_CHECK(evaluations == 1);
  EXPECT_EQ(evaluations, 1);
}

TEST(ErrorChannelsDeathTest, CheckAbortsNamingFileConditionAndMessage) {
  const int seat = 5;
  EXPECT_DEATH(
      KIBITZ_CHECK(seat < 3, "bad seat ", seat),
      "kibitz internal error at .*state_test.cc:[0-9]+: check 'seat < 3' failed: bad seat 5");
  EXPECT_DEATH(KIBITZ_CHECK(false), "check 'false' failed");
}

TEST(ErrorChannelsDeathTest, DcheckIsDebugOnly) {
  int evaluations = 0;
#ifdef NDEBUG
  // Release: compiled out, so not even evaluated.
  KIBITZ_DCHECK(++evaluations < 0, "compiled out");
  EXPECT_EQ(evaluations, 0);
#else
  EXPECT_DEATH(KIBITZ_DCHECK(++evaluations < 0, "debug check"), "debug check");
#endif
}

}  // namespace
}  // namespace kibitz
