// The heuristic bot: what it does in a few clear spots, and 10,000 seeded
// single-round games of four heuristic seats (the numbers printed here are
// the ones quoted in docs/rules/loyalist_spies.md).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "agents/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "tests/env/games/loyalist_spies/script.h"
#include "tests/support/error_of.h"

namespace kibitz::loyalist_spies::testing {
namespace {

Action heuristic_action(const Script& s, std::uint64_t seed = 1) {
  auto agent = make_agent("heuristic", s.clone()->game_ptr(), seed);
  agent->new_game(s.state().current_player());
  return agent->act(SeatView(s.state(), s.state().current_player()));
}

std::string heuristic_move(const Script& s) {
  return s.state().action_to_string(s.state().current_player(), heuristic_action(s));
}

TEST(Heuristic, IsRegisteredOnlyForGamesItKnows) {
  EXPECT_NO_THROW(make_agent("heuristic", make_game("loyalist_spies"), 1));
  const auto kuhn = load_game("kuhn_poker");
  const std::string message = error_of([&] { make_agent("heuristic", kuhn, 1); });
  EXPECT_NE(message.find("loyalist_spies"), std::string::npos) << message;
}

TEST(Heuristic, LoyalPlaysLowTraitorPlaysHigh) {
  Script s("loyalist_spies(deal=direct,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"9C 3C KC 5C 6C", "Jk 3D 4D QD 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chance("7S").chances("8D 9D TD");
  EXPECT_EQ(heuristic_move(s), "play 3C");  // P0 holds no Joker: lowest
  s.act(0, "play 3C");
  EXPECT_EQ(heuristic_move(s), "play QD");  // P1 holds a Joker: highest
}

TEST(Heuristic, JackLooksAtAnUnknownSuit) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chance("JH").act(0, "peek P2");  // a match: everyone knows P2 is Hearts
  s.chance("JC");                    // P1's Jack
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_NE(s.state().action_to_string(1, heuristic_action(s, seed)), "peek P2");
  }
}

TEST(Heuristic, QueenPutsLowCardsOnTopWhenLoyal) {
  Script s("loyalist_spies(deal=direct,jokers=0,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chance("QD").chances("KS 8D TD");
  EXPECT_EQ(heuristic_move(s), "order 8D,TD,KS");
}

TEST(Heuristic, KeepsLowCardsOrJokersAndHighCards) {
  Script s("loyalist_spies(rounds=1)");
  s.aces("AD AS AH AC");
  s.deal_all({"Jk KC QC JC TC 2H 3H 4H 5H 6H 9S TS", "", "", ""});  // P0's whole hand
  // joker_keep=0: P0 gives the Joker up and keeps its five lowest.
  auto loyal = make_agent("heuristic(joker_keep=0)", s.clone()->game_ptr(), 3);
  auto traitor = make_agent("heuristic(joker_keep=1)", s.clone()->game_ptr(), 3);
  loyal->new_game(0);
  traitor->new_game(0);
  EXPECT_EQ(s.state().action_to_string(0, loyal->act(SeatView(s.state(), 0))), "keep 2H");
  EXPECT_EQ(s.state().action_to_string(0, traitor->act(SeatView(s.state(), 0))), "keep Jk");
}

// 10,000 seeded single-round games, four heuristic seats.
TEST(Heuristic, TenThousandSingleRoundGames) {
  const auto game = make_game("loyalist_spies(rounds=1)");
  const int n = game->num_players();
  const int kGames = 10000;
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 0; p < n; ++p)
    agents.push_back(make_agent("heuristic", game, 100 + static_cast<std::uint64_t>(p)));
  Rng chance(2024);
  ChanceOutcomeList outcomes;
  long missions = 0, successes = 0, traitors = 0, compromised = 0, length = 0;
  int longest = 0;
  std::array<long, 3> wins_by_role{};
  std::array<long, 3> seats_by_role{};
  const auto start = std::chrono::steady_clock::now();
  for (int g = 0; g < kGames; ++g) {
    auto state = game->new_initial_state();
    for (int p = 0; p < n; ++p) agents[static_cast<std::size_t>(p)]->new_game(p);
    while (!state->is_terminal()) {
      ASSERT_LT(state->move_number(), game->max_game_length());
      if (state->is_chance_node()) {
        state->chance_outcomes(outcomes);
        state->apply_action(outcomes[chance.uniform_int(outcomes.size())].action);
      } else {
        const Player p = state->current_player();
        state->apply_action(agents[static_cast<std::size_t>(p)]->act(SeatView(*state, p)));
      }
    }
    const auto& s = static_cast<const LoyalistSpiesState&>(*state);
    missions += s.tally().successes + s.tally().failures;
    successes += s.tally().successes;
    length += s.move_number();
    longest = std::max(longest, s.move_number());
    const std::vector<double> returns = s.returns();
    for (const Event& e : s.log().view()) {
      if (e.kind != EventKind::kRoundEnd) continue;
      const int role = e.card & 3;
      traitors += role == static_cast<int>(Role::kTraitor);
      compromised += role == static_cast<int>(Role::kCompromised);
      ++seats_by_role[static_cast<std::size_t>(role)];
      if (returns[static_cast<std::size_t>(e.seat)] > 0)
        ++wins_by_role[static_cast<std::size_t>(role)];
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double success_rate = static_cast<double>(successes) / static_cast<double>(missions);
  std::printf("loyalist_spies(rounds=1), 4 heuristic seats, %d games (%.1f s):\n", kGames, seconds);
  std::printf("  missions per game %.2f, success rate %.3f\n",
              static_cast<double>(missions) / kGames, success_rate);
  std::printf("  Traitors per game %.3f, Compromised per game %.3f\n",
              static_cast<double>(traitors) / kGames, static_cast<double>(compromised) / kGames);
  std::printf("  game length mean %.1f, max %d (declared max %d)\n",
              static_cast<double>(length) / kGames, longest, game->max_game_length());
  const char* names[] = {"Loyal", "Traitor", "Compromised"};
  for (int r = 0; r < 3; ++r) {
    std::printf("  %s: %ld seats, win share %.3f\n", names[r],
                seats_by_role[static_cast<std::size_t>(r)],
                seats_by_role[static_cast<std::size_t>(r)]
                    ? static_cast<double>(wins_by_role[static_cast<std::size_t>(r)]) /
                          static_cast<double>(seats_by_role[static_cast<std::size_t>(r)])
                    : 0.0);
  }
  EXPECT_LE(longest, game->max_game_length());
  EXPECT_GT(success_rate, 0.05);
  EXPECT_LT(success_rate, 0.95);
  EXPECT_GT(traitors, 0);
  EXPECT_GT(compromised, 0);
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
