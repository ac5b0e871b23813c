// play_game, the one game loop: agents see their own seat only, chance is
// State::sample_chance_outcome from the caller's generator, and the
// observer's hooks come in order around every move.
#include "agents/match/match_runner.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/random/random_agent.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"

namespace kibitz {
namespace {

// Plays uniformly at random and checks what it is shown: only views of the
// seat it was given by new_game, and no act() before new_game.
class ProbeAgent : public Agent {
 public:
  explicit ProbeAgent(std::uint64_t seed) : rng_(seed) {}
  std::string spec() const override { return "probe"; }
  void new_game(Player seat) override {
    seat_ = seat;
    ++games_;
  }
  Action act(const SeatView& view) override {
    EXPECT_EQ(view.seat(), seat_);
    ++decisions_;
    const ActionList legal = view.legal_actions();
    last_.policy.assign(1, {legal.front(), 1.0});
    return legal[rng_.uniform_int(legal.size())];
  }
  const DecisionInfo* last_decision() const override { return &last_; }
  void game_over(const GameEnd& end) override {
    final_stream_.assign(end.stream().begin(), end.stream().end());
    return_ = end.seat_return();
    ++overs_;
  }

  int games_ = 0;
  int decisions_ = 0;
  int overs_ = 0;
  SeatStream final_stream_;
  double return_ = 0;

 private:
  Rng rng_;
  Player seat_ = -1;
  DecisionInfo last_;
};

std::vector<Agent*> pointers(const std::vector<std::unique_ptr<Agent>>& agents) {
  std::vector<Agent*> out;
  for (const auto& agent : agents) out.push_back(agent.get());
  return out;
}

TEST(MatchRunner, PlaysToTheEndAndTellsEverySeatItsGame) {
  for (const std::string spec : {"kuhn_poker", "kuhn_poker(players=3)", "leduc_poker"}) {
    const auto game = load_game(spec);
    std::vector<std::unique_ptr<ProbeAgent>> probes;
    std::vector<Agent*> seats;
    for (int s = 0; s < game->num_players(); ++s) {
      probes.push_back(std::make_unique<ProbeAgent>(static_cast<std::uint64_t>(s)));
      seats.push_back(probes.back().get());
    }
    Rng chance(3);
    for (int g = 0; g < 20; ++g) {
      const std::unique_ptr<State> state = play_game(*game, seats, chance);
      EXPECT_TRUE(state->is_terminal()) << spec;
      // The end, told to every seat: its own final stream (the showdown's
      // cards included) and its own return.
      const std::vector<double> returns = state->returns();
      for (Player s = 0; s < game->num_players(); ++s) {
        const ProbeAgent& probe = *probes[static_cast<std::size_t>(s)];
        EXPECT_EQ(probe.overs_, g + 1) << spec;
        EXPECT_EQ(probe.final_stream_, state->seat_stream(s)) << spec;
        EXPECT_EQ(probe.return_, returns[static_cast<std::size_t>(s)]) << spec;
      }
    }
    int decisions = 0;
    for (const auto& probe : probes) {
      EXPECT_EQ(probe->games_, 20) << spec;
      decisions += probe->decisions_;
    }
    EXPECT_GT(decisions, 20) << spec;
  }
}

// Every chance move is what State::sample_chance_outcome draws from the
// caller's generator, one draw per chance event, in order: the same
// generator state replays the chance stream move for move.
TEST(MatchRunner, ChanceIsSampleChanceOutcomeFromTheCallersGenerator) {
  const auto game = load_game("leduc_poker");
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    RandomAgent a(seed), b(seed + 100);
    std::vector<Agent*> seats = {&a, &b};
    Rng chance(seed);
    const std::unique_ptr<State> played = play_game(*game, seats, chance);
    // Replay the history, drawing every chance move again from Rng(seed);
    // the agents' moves draw nothing from it.
    Rng replay(seed);
    auto state = game->new_initial_state();
    for (const Action action : played->history()) {
      if (state->is_chance_node()) {
        ASSERT_EQ(state->sample_chance_outcome(replay), action) << "seed " << seed;
      }
      state->apply_action(action);
    }
    // The caller's generator has advanced by exactly those draws.
    EXPECT_EQ(chance.next(), replay.next()) << "seed " << seed;
  }
}

// Two seatings of one deal (the arena's paired deals): the agents swap
// seats, the chance stream is the same, so Kuhn deals the same cards.
TEST(MatchRunner, SwappedSeatsShareTheChanceStream) {
  const auto game = load_game("kuhn_poker");
  for (std::uint64_t deal = 0; deal < 30; ++deal) {
    RandomAgent a1(1), b1(2), a2(1), b2(2);
    std::vector<Agent*> first = {&a1, &b1};
    std::vector<Agent*> swapped = {&b2, &a2};
    Rng chance1(deal), chance2(deal);
    const auto one = play_game(*game, first, chance1);
    const auto two = play_game(*game, swapped, chance2);
    EXPECT_EQ(one->history()[0], two->history()[0]) << "deal " << deal;
    EXPECT_EQ(one->history()[1], two->history()[1]) << "deal " << deal;
  }
}

// Records the hooks in order, with the move number each one saw.
class LoggingObserver : public MatchObserver {
 public:
  void before_move(const State& state, Player actor) override {
    log.push_back("before " + std::to_string(state.move_number()) + " " + std::to_string(actor));
  }
  Action choose(const State& state, Player seat, Action chosen,
                const DecisionInfo* decision) override {
    EXPECT_NE(decision, nullptr);
    log.push_back("choose " + std::to_string(state.move_number()));
    // Steer: always the last legal action instead of the agent's.
    return play_last ? state.legal_actions().back() : chosen;
  }
  void on_move(const State& state, Player actor, Action action,
               const DecisionInfo* decision) override {
    EXPECT_EQ(decision == nullptr, actor == kChancePlayer);
    EXPECT_TRUE(state.is_legal(action));
    log.push_back("move " + std::to_string(state.move_number()) + " " + std::to_string(action));
  }
  void after_move(const State& state, Player actor, Action action) override {
    EXPECT_EQ(state.history().back(), action);
    log.push_back("after " + std::to_string(state.move_number()));
  }

  bool play_last = false;
  std::vector<std::string> log;
};

TEST(MatchRunner, ObserverHooksComeInOrderAroundEveryMove) {
  const auto game = load_game("kuhn_poker");
  std::vector<std::unique_ptr<Agent>> agents;
  agents.push_back(std::make_unique<ProbeAgent>(1));
  agents.push_back(std::make_unique<ProbeAgent>(2));
  LoggingObserver observer;
  Rng chance(9);
  const auto state = play_game(*game, pointers(agents), chance, &observer);
  // Per move: before, (choose for a seat), move, after; the move number
  // goes up by one from `move` to `after`.
  std::vector<std::string> expected;
  auto replay = game->new_initial_state();
  for (const Action action : state->history()) {
    const int k = replay->move_number();
    const Player actor = replay->current_player();
    expected.push_back("before " + std::to_string(k) + " " + std::to_string(actor));
    if (actor != kChancePlayer) expected.push_back("choose " + std::to_string(k));
    expected.push_back("move " + std::to_string(k) + " " + std::to_string(action));
    expected.push_back("after " + std::to_string(k + 1));
    replay->apply_action(action);
  }
  EXPECT_EQ(observer.log, expected);
}

TEST(MatchRunner, TheObserverChoosesTheMovePlayed) {
  const auto game = load_game("kuhn_poker");
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    std::vector<std::unique_ptr<Agent>> agents;
    agents.push_back(std::make_unique<ProbeAgent>(seed));
    agents.push_back(std::make_unique<ProbeAgent>(seed + 1));
    LoggingObserver observer;
    observer.play_last = true;
    Rng chance(seed);
    const auto state = play_game(*game, pointers(agents), chance, &observer);
    auto replay = game->new_initial_state();
    for (const Action action : state->history()) {
      if (!replay->is_chance_node()) {
        EXPECT_EQ(action, replay->legal_actions().back()) << "seed " << seed;
      }
      replay->apply_action(action);
    }
  }
}

// A hook that throws abandons the game: the exception leaves play_game.
TEST(MatchRunner, AThrowingHookAbandonsTheGame) {
  struct Stop : MatchObserver {
    void before_move(const State& state, Player) override {
      if (state.move_number() == 3) throw std::runtime_error("stop at move 3");
    }
  } stop;
  const auto game = load_game("leduc_poker");
  RandomAgent a(1), b(2);
  std::vector<Agent*> seats = {&a, &b};
  Rng chance(1);
  EXPECT_THROW(play_game(*game, seats, chance, &stop), std::runtime_error);
  // Nobody is told the game is over: it is not.
  ProbeAgent c(1), d(2);
  std::vector<Agent*> probes = {&c, &d};
  EXPECT_THROW(play_game(*game, probes, chance, &stop), std::runtime_error);
  EXPECT_EQ(c.overs_ + d.overs_, 0);
}

TEST(MatchRunnerDeathTest, ASeatCountThatDoesNotFitIsABug) {
  const auto game = load_game("kuhn_poker(players=3)");
  RandomAgent a(1), b(2);
  std::vector<Agent*> seats = {&a, &b};
  Rng chance(1);
  EXPECT_DEATH(play_game(*game, seats, chance), "2 agents for the 3 seats");
}

}  // namespace
}  // namespace kibitz
