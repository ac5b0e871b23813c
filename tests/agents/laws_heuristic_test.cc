// The Laws and Disorder heuristic (agents/heuristic/laws_*): it plays whole
// games of every player count and variant with legal moves only, picks the
// law that pays it over one that pays the leader, never hands a gift to the
// richest other player while a poorer one may take it, and decides from its
// stream alone (two states that differ only in what the seat cannot see get
// the same action).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "agents/heuristic/laws_and_disorder/laws_heuristic.h"
#include "env/games/laws_and_disorder/valuation.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"
#include "tests/agents/heuristic_test_support.h"
#include "tests/env/games/laws_and_disorder/scripted_deal.h"

namespace kibitz::laws_and_disorder::bot {
namespace {

using testing::Deal;

std::vector<std::string> game_specs() {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    if (info.name == "laws_and_disorder") specs = info.test_specs;
  }
  EXPECT_FALSE(specs.empty()) << "laws_and_disorder is not registered";
  for (int n = 2; n <= 6; ++n) specs.push_back("laws_and_disorder(players=" + std::to_string(n) + ")");
  specs.push_back("laws_and_disorder(players=5,draw_at=start,reward=score)");
  specs.push_back("laws_and_disorder(players=6,hand_limit=5,max_laws=3)");
  return specs;
}

// Called before each heuristic decision is applied: the seat, its action
// and the true state (the test may look, the agent may not).
using Check = std::function<void(int seat, Action action, const LawsAndDisorderState& state)>;

// Plays one game, seat s by agent spec specs[s % size], every move checked
// legal; returns the number of heuristic decisions, each seen by `check`.
int play(const std::string& spec, const std::vector<std::string>& specs, std::uint64_t seed,
         const Check& check = nullptr) {
  int decisions = 0;
  heuristic_testing::play_checked(load_game(spec), specs, seed,
                                  [&](int seat, Agent& agent, Action action, const State& state) {
                                    if (!agent.spec().starts_with("heuristic")) return;
                                    ++decisions;
                                    if (check) check(seat, action, static_cast<const LawsAndDisorderState&>(state));
                                  });
  return decisions;
}

TEST(LawsHeuristic, PlaysEveryVariantWithLegalMoves) {
  for (const std::string& spec : game_specs()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      EXPECT_GT(play(spec, {"heuristic"}, seed), 0) << spec;
      EXPECT_GT(play(spec, {"random", "heuristic"}, seed + 10), 0) << spec;
    }
  }
}

TEST(LawsHeuristic, SpecNamesItsParameters) {
  const auto agent = make_agent("heuristic(card_value=0.5,horizon=0.4,ability_margin=1)",
                                load_game("laws_and_disorder(players=3)"), 1);
  EXPECT_EQ(agent->spec(), "heuristic(card_value=0.5,horizon=0.4,ability_margin=1)");
}

// Seat 0 (the Judge, $3) holds JUDGE BANKER BANKER GAINS GIVES 4-MONIES; the
// Banker (seat 1) has made a law and leads with $11. Making THE BANKER
// GIVES THE JUDGE 4 MONIES pays it 4 and takes 4 from the leader; THE JUDGE
// GIVES THE BANKER 4 MONIES pays as much but feeds the leader.
Deal leader_deal() {
  Deal deal("laws_and_disorder(players=3)");
  deal.deal("JUDGE BANKER THIEF", {"JUDGE BANKER BANKER GAINS GIVES 4-MONIES 1-CARD",
                                   "BANKER GAINS 2-MONIES LOSES 1-MONIES SCIENTIST PRIEST",
                                   "THIEF LOSES 1-MONIES MERCHANT PRIEST SCIENTIST 2-CARDS"});
  deal.end_turn(0, "SCIENTIST PRIEST");
  deal.acts(1, "law BANKER, GAINS, 2-MONIES, end-law");
  deal.end_turn(1, "SCIENTIST PRIEST");
  deal.end_turn(2, "MERCHANT MERCHANT");
  return deal;
}

TEST(LawsHeuristic, ValuesALawByWhatItDoesAgainstTheLeader) {
  Deal deal = leader_deal();
  ASSERT_EQ(deal.state().monies(1), 11);
  const auto& game = static_cast<const LawsAndDisorderGame&>(deal.state().game());
  const Knowledge k = read_stream(game.config(), 0, deal.state().seat_stream(0));
  const Valuation v(k, LawsParams{});
  EXPECT_EQ(v.leader(), 1);
  const double takes = v.law_value(Law::of({Kind::kBanker, Kind::kGives, Kind::kJudge, Kind::kFourMonies}), false);
  const double feeds = v.law_value(Law::of({Kind::kJudge, Kind::kGives, Kind::kBanker, Kind::kFourMonies}), false);
  const double leader_gains = v.law_value(Law::of({Kind::kBanker, Kind::kGains, Kind::kFourMonies}), false);
  const double i_gain = v.law_value(Law::of({Kind::kJudge, Kind::kGains, Kind::kFourMonies}), false);
  EXPECT_DOUBLE_EQ(takes, 4 + 4 + 4);  // pay, my gain, the leader's loss
  EXPECT_DOUBLE_EQ(feeds, 4 - 3 - 3);  // the Judge has only $3 to give
  EXPECT_GT(i_gain, leader_gains);
  EXPECT_GT(takes, i_gain);
}

TEST(LawsHeuristic, MakesTheLawThatPaysItNotTheLeader) {
  Deal deal = leader_deal();
  const auto agent = make_agent("heuristic", load_game("laws_and_disorder(players=3)"), 3);
  agent->new_game(0);
  const int before = deal.state().monies(0) - deal.state().monies(1);
  const int laws_before = deal.state().num_laws();
  while (!deal.raw().is_chance_node() && deal.raw().current_player() == 0) {
    deal.raw().apply_action(agent->act(SeatView(deal.raw(), 0)));
  }
  ASSERT_EQ(deal.state().num_laws(), laws_before + 1) << deal.raw().to_string();
  const Law& made = deal.state().law_at(deal.state().num_laws() - 1).law;
  // The law it made took at least its 4 monies of pay plus 4 from the leader.
  EXPECT_GE(deal.state().monies(0) - deal.state().monies(1) - before, 12) << law_sentence(made);
  EXPECT_EQ(made.size, 4) << law_sentence(made);
}

// The richest seat other than `giver`, unless another seat is as rich.
int sole_leader(const LawsAndDisorderState& state, int giver) {
  int leader = -1;
  int ties = 0;
  for (int s = 0; s < state.game().num_players(); ++s) {
    if (s == giver) continue;
    if (leader < 0 || state.monies(s) > state.monies(leader)) {
      leader = s;
      ties = 1;
    } else if (state.monies(s) == state.monies(leader)) {
      ++ties;
    }
  }
  return ties == 1 ? leader : -1;
}

TEST(LawsHeuristic, NeverGivesToTheLeaderWhenItMayChoose) {
  int choices = 0;
  const Check check = [&](int seat, Action action, const LawsAndDisorderState& state) {
    if (state.phase() != Phase::kRecipient) return;
    const int leader = sole_leader(state, seat);
    ActionList legal;
    state.legal_actions(legal);
    if (leader < 0 || legal.size() < 2) return;
    ++choices;
    EXPECT_NE(action, kToBase + leader) << "gave to the leader in\n" << state.to_string();
  };
  for (int n = 3; n <= 6; ++n) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      play("laws_and_disorder(players=" + std::to_string(n) + ")", {"heuristic", "random"}, seed, check);
    }
  }
  EXPECT_GT(choices, 0) << "no game asked the heuristic whom to give to";
}

// Two deals that differ only in the other seats' hidden hands and draws:
// seat 0's streams are the same, so the heuristic (same seed) must act the
// same in both, all through its first two turns. Seat 0 holds no GIVES and
// no card object, so its laws ask the other seats for no choice.
TEST(LawsHeuristic, DecidesFromTheStreamAlone) {
  Deal a("laws_and_disorder(players=3)");
  Deal b("laws_and_disorder(players=3)");
  a.deal("BANKER THIEF JUDGE", {"BANKER GAINS LOSES 2-MONIES 5-MONIES JUDGE WHEN-LAW-MADE",
                                 "BANKER GAINS 5-MONIES LOSES 1-CARD PRIEST MERCHANT",
                                 "JUDGE GAINS 3-MONIES GIVES 2-CARDS SCIENTIST ANY-POSITION"});
  b.deal("BANKER THIEF JUDGE", {"BANKER GAINS LOSES 2-MONIES 5-MONIES JUDGE WHEN-LAW-MADE",
                                 "JUDGE JUDGE GAINS 1-MONIES MERCHANT MERCHANT PRIEST",
                                 "SCIENTIST SCIENTIST GIVES LOSES 4-MONIES WHEN-ABILITY 1-CARD"});
  const auto agent_a = make_agent("heuristic", load_game("laws_and_disorder(players=3)"), 9);
  const auto agent_b = make_agent("heuristic", load_game("laws_and_disorder(players=3)"), 9);
  agent_a->new_game(0);
  agent_b->new_game(0);
  int decisions = 0;
  for (int turn = 0; turn < 2; ++turn) {
    while (!a.raw().is_chance_node() && a.raw().current_player() == 0) {
      ASSERT_EQ(a.raw().seat_stream(0), b.raw().seat_stream(0));
      const Action in_a = agent_a->act(SeatView(a.raw(), 0));
      const Action in_b = agent_b->act(SeatView(b.raw(), 0));
      ASSERT_EQ(in_a, in_b) << a.raw().action_to_string(0, in_a) << " vs " << b.raw().action_to_string(0, in_b);
      a.raw().apply_action(in_a);
      b.raw().apply_action(in_b);
      ++decisions;
    }
    // Seat 0's draws are the same; the others end their turns drawing
    // different cards, which seat 0 does not see.
    while (a.raw().is_chance_node()) a.draw("GAINS"), b.draw("GAINS");
    a.end_turn(1, "PRIEST PRIEST");
    b.end_turn(1, "LOSES LOSES");
    a.end_turn(2, "MERCHANT MERCHANT");
    b.end_turn(2, "2-CARDS 2-CARDS");
  }
  EXPECT_GE(decisions, 2);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder::bot
