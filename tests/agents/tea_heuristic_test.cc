// The Tea heuristic (agents/heuristic/tea_*): its decisions in constructed
// tables (spending an exemption, announcing a delay, withdrawing, ordering),
// the odds cache (kept across reseeds), legal play in every test spec, the same decision from
// equal streams over different hidden delays, and whole games against
// random through the match runner.
#include "agents/heuristic/tea_game/tea_heuristic.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "agents/heuristic/tea_game/tea_decisions.h"
#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "env/games/tea_game/tea_state.h"
#include "tests/agents/heuristic_test_support.h"

namespace kibitz::tea_game::bot {
namespace {

// Five seats all drawing one drink each, seat 0 to decide, default rewards.
TeaSituation table(int players = 5) {
  TeaSituation s;
  s.seats.assign(static_cast<std::size_t>(players), TeaSeat{true, true, 1, false, false, false, true});
  s.me = 0;
  return s;
}

TeaOddsCache cache() { return TeaOddsCache(12345, 1500); }

TEST(TeaDecisions, OddsAreCachedPerTableAndRepeatable) {
  TeaOddsCache a = cache(), b = cache();
  const TeaSituation s = table();
  const TeaLossOdds first = a.odds(s.seats, false);
  EXPECT_EQ(a.odds(s.seats, false).make_tea, first.make_tea);
  EXPECT_EQ(a.simulations(), 1u);
  EXPECT_EQ(a.queries(), 2u);
  EXPECT_EQ(b.odds(s.seats, false).make_tea, first.make_tea);  // same seed, same answer
  double total = 0.0;
  for (double p : first.make_tea) total += p;
  EXPECT_NEAR(total + first.no_loser, 1.0, 1e-9);
  EXPECT_NEAR(first.make_tea[0], 0.2, 0.04);
  // More cards for seat 0 (3 drinks): a lower low card, more often the loser.
  TeaSituation more = s;
  more.seats[0].drinks = 3;
  EXPECT_GT(a.odds(more.seats, false).make_tea[0], first.make_tea[0] + 0.05);
  EXPECT_EQ(a.simulations(), 2u);
  // Fewer than 3 drawers: nobody loses, nothing simulated.
  TeaSituation few = table(3);
  few.seats[2].draws = false;
  EXPECT_EQ(a.odds(few.seats, false).no_loser, 1.0);
  EXPECT_EQ(a.simulations(), 2u);
}

// The cache is a pure memo: a table dropped at the bound is simulated again
// to the same answer.
TEST(TeaDecisions, OddsDroppedAtTheBoundComeBackAlike) {
  TeaOddsCache bounded(12345, 300, 1), unbounded(12345, 300);
  const TeaSituation s = table();
  TeaSituation more = s;
  more.seats[0].drinks = 3;
  const TeaLossOdds first = bounded.odds(s.seats, false);
  EXPECT_EQ(bounded.odds(more.seats, false).make_tea, unbounded.odds(more.seats, false).make_tea);
  EXPECT_EQ(bounded.size(), 1u);  // `s` was dropped for `more`
  EXPECT_EQ(bounded.odds(s.seats, false).make_tea, first.make_tea);
  EXPECT_EQ(bounded.odds(s.seats, false).make_tea, unbounded.odds(s.seats, false).make_tea);
  EXPECT_EQ(bounded.simulations(), 3u);
  EXPECT_EQ(unbounded.simulations(), 2u);
}

TEST(TeaDecisions, SpendsAnExpiringExemptionKeepsAFreshOne) {
  TeaOddsCache odds = cache();
  TeaParams keen;
  keen.exemption_worth = 5.0;  // a later deal is worth a lot
  TeaSituation s = table();
  s.seats[0].loss_exempt = true;
  s.holds_exemption = true;
  EXPECT_FALSE(choose_spend(s, keen, odds));  // fresh: keep it for later
  s.exemption_last_chance = true;
  EXPECT_TRUE(choose_spend(s, keen, odds));   // expires: spend it now
  s.exemption_last_chance = false;
  s.games_after = false;
  EXPECT_TRUE(choose_spend(s, keen, odds));   // the episode's last game
  // At the default worth dealing (3 drinks, no risk) beats playing and keeping.
  s.games_after = true;
  EXPECT_TRUE(choose_spend(s, TeaParams{}, odds));
  // No exemption, nothing to spend.
  s.holds_exemption = false;
  EXPECT_FALSE(choose_spend(s, TeaParams{}, odds));
  // Dealing would leave 2 drawers: the game would not be played, so keep it.
  TeaSituation small = table(3);
  small.holds_exemption = small.exemption_last_chance = true;
  EXPECT_FALSE(choose_spend(small, TeaParams{}, odds));
}

TEST(TeaDecisions, AnnouncesWithAnExemptionAtStakeHidesFromWithdrawals) {
  TeaOddsCache odds = cache();
  TeaSituation s = table();
  s.seats[0].delayed = true;
  s.withdraw_rate = 0.3;
  // Holding an exemption: a hidden delay that loses would forfeit it.
  s.holds_exemption = true;
  s.seats[0].loss_exempt = true;
  TeaParams keen;
  keen.exemption_worth = 3.0;
  EXPECT_TRUE(choose_announce(s, keen, odds));
  // Without one, announcing only invites withdrawals that raise my odds.
  s.holds_exemption = false;
  s.seats[0].loss_exempt = false;
  s.withdraw_rate = 0.6;
  EXPECT_FALSE(choose_announce(s, TeaParams{}, odds));
  // With one, but the others all withdraw: the game stops, which beats
  // playing hidden with the exemption at stake only when that is worth a lot.
  s.holds_exemption = true;
  s.seats[0].loss_exempt = true;
  s.withdraw_rate = 1.0;
  keen.exemption_worth = 50.0;
  EXPECT_TRUE(choose_announce(s, keen, odds));
  keen.exemption_worth = 0.0;
  EXPECT_FALSE(choose_announce(s, keen, odds));
}

TEST(TeaDecisions, WithdrawsOnlyWhenStayingLoses) {
  TeaOddsCache odds = cache();
  TeaSituation s = table();
  s.seats[1].delayed = true;  // seat 1 announced
  EXPECT_FALSE(choose_withdraw(s, TeaParams{}, odds));
  EXPECT_GT(play_value(s, TeaParams{}, odds), 0.0);
  s.rewards.make_cost = 5.0;  // making the tea ruins the day
  EXPECT_LT(play_value(s, TeaParams{}, odds), 0.0);
  EXPECT_TRUE(choose_withdraw(s, TeaParams{}, odds));
  // Drinks worth nothing: staying only risks making them.
  s.rewards.make_cost = 0.5;
  s.rewards.drink_value = s.rewards.late_drink_value = 0.0;
  EXPECT_TRUE(choose_withdraw(s, TeaParams{}, odds));
}

TEST(TeaDecisions, DrinksFallAsMakeCostRises) {
  TeaOddsCache odds = cache();
  TeaSituation s = table();
  int last = 3;
  std::vector<int> orders;
  for (double cost : {0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0}) {
    s.rewards.make_cost = cost;
    const int d = choose_drinks(s, TeaParams{}, odds);
    EXPECT_LE(d, last) << "make_cost " << cost;
    last = d;
    orders.push_back(d);
  }
  EXPECT_EQ(orders.front(), 3);  // free tea: as much as possible
  EXPECT_EQ(orders.back(), 1);   // dear tea: the fewest cards
  // A dealer cannot lose: 3 drinks at any cost.
  s.seats[0].draws = false;
  EXPECT_EQ(choose_drinks(s, TeaParams{}, odds), 3);
}

TEST(TeaDecisions, AnExemptDrawersSpareCardMakesMoreDrinksPay) {
  TeaOddsCache odds = cache();
  TeaSituation s = table();
  s.rewards.make_cost = 0.35;
  const int plain = choose_drinks(s, TeaParams{}, odds);
  s.seats[0].loss_exempt = s.holds_exemption = true;
  EXPECT_GE(choose_drinks(s, TeaParams{}, odds), plain);
  // 2 drinks on one card is strictly better than 1 drink on one card.
  EXPECT_GE(choose_drinks(s, TeaParams{}, odds), 2);
}

// --- Whole games ----------------------------------------------------------------------

std::vector<std::string> game_specs() {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    if (info.name == "tea_game") specs = info.test_specs;
  }
  EXPECT_FALSE(specs.empty()) << "tea_game is not registered";
  specs.push_back("tea_game(players=6,days=2,delay_prob=0.3,make_cost=2)");
  return specs;
}

TEST(TeaHeuristic, PlaysEveryTestSpecLegally) {
  int decisions = 0, announced = 0, delayed = 0;
  int with_exemption[2] = {0, 0}, without_exemption[2] = {0, 0};  // [hid, announced]
  for (const std::string& spec : game_specs()) {
    const auto game = load_game(spec);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      for (const auto& specs : {std::vector<std::string>{"heuristic", "random"}, std::vector<std::string>{"heuristic"}}) {
        decisions += heuristic_testing::play_checked(
            game, specs, seed, [&](int seat, Agent& agent, Action action, const State& state) {
              if (!agent.spec().starts_with("heuristic")) return;
              if (action != kAnnounce && action != kHide) return;
              ++delayed;
              if (action == kAnnounce) ++announced;
              const Table& t = static_cast<const TeaState&>(state).table();
              (t.holds_exemption(seat) ? with_exemption : without_exemption)[action == kAnnounce ? 1 : 0]++;
            });
      }
    }
  }
  std::printf("delays: with an exemption %d hidden, %d announced; without %d hidden, %d announced\n",
              with_exemption[0], with_exemption[1], without_exemption[0], without_exemption[1]);
  EXPECT_GT(decisions, 500);
  EXPECT_GT(delayed, 10);
}

TEST(TeaHeuristic, SpecNamesItsParameters) {
  const auto agent = make_agent("heuristic(exemption_worth=2,odds_trials=500)", load_game("tea_game"), 1);
  EXPECT_EQ(agent->spec(), "heuristic(exemption_worth=2,odds_trials=500)");
}

// Two episodes alike but for seat 1's delay (delayed and hiding in `a`, on
// time in `b`): seat 0's streams are equal until seat 1 loses hidden, and
// the agent must decide alike from them, with the same view of the table.
TEST(TeaHeuristic, DecidesFromTheStreamAlone) {
  const auto game = load_game("tea_game(players=4,days=2,delay_prob=0.5)");
  std::unique_ptr<State> a = game->new_initial_state();
  std::unique_ptr<State> b = game->new_initial_state();
  TeaHeuristic agent_a(game, TeaParams{}, 9), agent_b(game, TeaParams{}, 9);
  agent_a.new_game(0);
  agent_b.new_game(0);
  Rng chance(4), others(5);
  int decisions = 0;
  while (!a->is_terminal() && a->seat_stream(0) == b->seat_stream(0)) {
    const auto& ta = static_cast<const TeaState&>(*a).table();
    if (a->is_chance_node()) {
      Action o = a->sample_chance_outcome(chance);
      if (ta.phase() == Phase::kDelays && ta.cursor() == 1) {
        a->apply_action(kDelayed);
        b->apply_action(kNotDelayed);
        continue;
      }
      a->apply_action(o);
      b->apply_action(o);
      continue;
    }
    const Player seat = a->current_player();
    ASSERT_EQ(seat, b->current_player());
    if (seat == 0) {
      const Action da = agent_a.act(SeatView(*a, 0));
      const Action db = agent_b.act(SeatView(*b, 0));
      ASSERT_EQ(da, db) << a->to_string();
      EXPECT_EQ(agent_a.situation().withdraw_rate, agent_b.situation().withdraw_rate);
      EXPECT_EQ(agent_a.situation().holds_exemption, agent_b.situation().holds_exemption);
      ASSERT_EQ(agent_a.situation().seats.size(), agent_b.situation().seats.size());
      for (std::size_t i = 0; i < agent_a.situation().seats.size(); ++i) {
        EXPECT_EQ(agent_a.situation().seats[i].delayed, agent_b.situation().seats[i].delayed);
        EXPECT_EQ(agent_a.situation().seats[i].drinks, agent_b.situation().seats[i].drinks);
      }
      a->apply_action(da);
      b->apply_action(db);
      ++decisions;
      continue;
    }
    // Seat 1 hides in `a` where it is on time in `b`: both say nothing.
    const ActionList legal_a = a->legal_actions();
    Action act = legal_a[static_cast<std::size_t>(draw_uniform_index(static_cast<int>(legal_a.size()), others))];
    if (seat == 1 && ta.phase() == Phase::kAnnouncements) {
      a->apply_action(kHide);
      b->apply_action(kOnTime);
      continue;
    }
    if (ta.phase() == Phase::kAnnouncements) act = legal_a.back() == kHide ? kHide : kOnTime;
    a->apply_action(act);
    b->apply_action(act);
  }
  EXPECT_GE(decisions, 3);
}

// One episode with `agent` at seat 0 and seeded random seats elsewhere,
// chance from Rng(chance_seed): the agent's actions in order.
std::vector<Action> episode_with(TeaHeuristic& agent, const Game& game, std::uint64_t chance_seed) {
  agent.new_game(0);
  Rng chance(chance_seed), others(chance_seed + 1000);
  std::unique_ptr<State> state = game.new_initial_state();
  std::vector<Action> chosen;
  while (!state->is_terminal()) {
    Action a = kInvalidAction;
    if (state->is_chance_node()) {
      a = state->sample_chance_outcome(chance);
    } else if (state->current_player() == 0) {
      a = agent.act(SeatView(*state, 0));
      chosen.push_back(a);
    } else {
      const ActionList legal = state->legal_actions();
      a = legal[static_cast<std::size_t>(
          draw_uniform_index(static_cast<int>(legal.size()), others))];
    }
    state->apply_action(a);
  }
  return chosen;
}

// Agent::reseed promises a reseeded agent plays like a fresh one with that
// seed; the Tea heuristic keeps its odds across reseeds (so an arena's
// episodes do not simulate their tables again) and still keeps the promise.
TEST(TeaHeuristic, ReseedKeepsTheOddsAndDecidesLikeAFreshAgent) {
  const auto game = load_game("tea_game(players=4,days=2,delay_prob=0.3)");
  TeaParams params;
  params.trials = 300;
  TeaHeuristic reused(game, params, 1);
  const std::vector<Action> first = episode_with(reused, *game, 11);
  const std::uint64_t simulated = reused.odds().simulations();
  const std::uint64_t asked = reused.odds().queries();
  ASSERT_GT(simulated, 0u);

  // The same episode after a reseed: every table is already known.
  ASSERT_TRUE(reused.reseed(2));
  const std::vector<Action> again = episode_with(reused, *game, 11);
  EXPECT_EQ(again, first);
  EXPECT_EQ(reused.odds().simulations(), simulated) << "reseed dropped the odds cache";
  EXPECT_EQ(reused.odds().queries(), 2 * asked);

  // A fresh agent with the new seed decides alike, simulating what the
  // reused one had cached.
  TeaHeuristic fresh(game, params, 2);
  EXPECT_EQ(episode_with(fresh, *game, 11), first);
  EXPECT_EQ(fresh.odds().simulations(), simulated);

  // Other episodes: reseeded and fresh agents agree decision for decision,
  // and the reused agent simulates fewer tables than the fresh ones, which
  // start cold every time.
  std::uint64_t fresh_simulated = 0;
  for (std::uint64_t seed = 3; seed <= 6; ++seed) {
    ASSERT_TRUE(reused.reseed(seed));
    TeaHeuristic fresh_again(game, params, seed);
    EXPECT_EQ(episode_with(reused, *game, seed * 7), episode_with(fresh_again, *game, seed * 7))
        << "seed " << seed;
    fresh_simulated += fresh_again.odds().simulations();
  }
  EXPECT_LT(reused.odds().simulations() - simulated, fresh_simulated);
}

TEST(TeaHeuristic, BeatsRandom) {
  const auto [h, r] = heuristic_testing::against_random("tea_game(players=4,days=2)", 40, 900);
  std::printf("tea_game(players=4,days=2), 80 games: heuristic %+.3f, random %+.3f per seat\n", h, r);
  EXPECT_GT(h - r, 1.5);
  const auto [h2, r2] = heuristic_testing::against_random("tea_game(players=4,days=2,make_cost=1.5)", 40, 900);
  std::printf("tea_game(players=4,days=2,make_cost=1.5), 80 games: heuristic %+.3f, random %+.3f per seat\n", h2,
              r2);
  EXPECT_GT(h2 - r2, 1.0);
}

}  // namespace
}  // namespace kibitz::tea_game::bot
