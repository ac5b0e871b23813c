// What each seat sees: one seat's stream never shows another's truth, a bid
// committed before the reveal, a measurement, or a stolen card it was not
// party to; scripted pairs of games that differ only in that fact give the
// other seats equal streams. Plus random games checked kind by kind, and the
// action words.
#include <gtest/gtest.h>

#include "env/core/rng.h"
#include "env/games/adulting/stream.h"
#include "tests/env/games/adulting/script.h"

namespace kibitz::adulting::testing {
namespace {

constexpr const char* kBidding = "adulting(players=4,variant=bidding)";

TEST(Privacy, ATruthIsSeenByItsOwnerOnly) {
  auto play = [](const char* p2_truth) {
    Script s(kBidding);
    s.top("H1").draw("H1").top("H2");
    s.chance("truth child").chance(std::string("truth ") + p2_truth);  // P1, P2
    return s;
  };
  const Script adult = play("adult");
  const Script child = play("child");
  for (int seat : {0, 1, 3}) EXPECT_EQ(adult.stream(seat), child.stream(seat)) << "seat " << seat;
  EXPECT_NE(adult.stream(2), child.stream(2));
  EXPECT_TRUE(contains(adult.stream(2), "your truth is adult"));
  EXPECT_TRUE(contains(adult.stream(1), "P2 gets a truth"));
}

TEST(Privacy, ACommittedBidIsHiddenUntilTheReveal) {
  auto play = [](const char* p1_bid) {
    Script s(kBidding);
    s.top("H1").draw("H1").top("H2").truths();
    s.act(1, "claim adult").act(2, "vote up").act(3, "vote up").act(0, "vote up");
    s.act(2, "claim adult").act(1, "vote up").act(3, "vote up").act(0, "vote up");
    s.act(3, "claim child").act(0, "claim child");
    s.act(1, std::string("bid ") + p1_bid);
    return s;
  };
  Script one = play("1");
  Script two = play("2");
  for (int seat : {0, 2, 3}) EXPECT_EQ(one.stream(seat), two.stream(seat)) << "seat " << seat;
  EXPECT_TRUE(contains(one.stream(1), "you bid 1\n"));
  EXPECT_TRUE(contains(one.stream(2), "P1 commits a bid\n"));
  EXPECT_FALSE(contains(one.stream(2), "bid 1"));
  one.act(2, "bid 0");
  two.act(2, "bid 0");  // the reveal: now everyone sees both bids
  EXPECT_NE(one.stream(3), two.stream(3));
  EXPECT_TRUE(contains(one.stream(3), "P1 bid 1\nP2 bid 0\n"));
}

TEST(Privacy, AStolenCardIsSeenByThiefAndTargetOnly) {
  auto play = [](const char* stolen) {
    Script s(kBidding);
    s.top("Steal").draw("Steal").top("H1").give(1);  // P1 takes Steal
    s.act(1, "pass").draw("H1").top("C1").give(2);   // P2 takes H1
    s.act(2, "pass").act(1, "pass").draw("C1").top("D1").give(2);  // and C1
    s.act(1, "discard Steal").act(1, "target P2").chance(std::string("steal ") + stolen);
    return s;
  };
  const Script h1 = play("H1");
  const Script c1 = play("C1");
  for (int seat : {0, 3}) EXPECT_EQ(h1.stream(seat), c1.stream(seat)) << "seat " << seat;
  EXPECT_NE(h1.stream(1), c1.stream(1));
  EXPECT_NE(h1.stream(2), c1.stream(2));
}

TEST(Privacy, AMeasurementIsSeenByItsOwnerOnly) {
  auto play = [](const char* measure) {
    Script s("adulting(players=4,legal=false)");
    s.top("H2").draw("H2").top("C1");
    s.chance("measure 4").chance(std::string("measure ") + measure).chance("measure 1");
    return s;
  };
  const Script low = play("2");
  const Script high = play("6");
  for (int seat : {0, 1, 3}) EXPECT_EQ(low.stream(seat), high.stream(seat)) << "seat " << seat;
  EXPECT_NE(low.stream(2), high.stream(2));
}

// Random games: private kinds reach only the seat they are about.
TEST(Privacy, RandomGamesShowPrivateFactsToTheirSeatsOnly) {
  for (const char* spec : {kBidding, "adulting(players=5)"}) {
    const auto game = load_game(spec);
    Rng rng(17);
    ActionList actions;
    for (int g = 0; g < 30; ++g) {
      auto state = game->new_initial_state();
      while (!state->is_terminal()) {
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          state->legal_actions(actions);
          state->apply_action(actions[rng.uniform_int(actions.size())]);
        }
      }
      const auto& adulting = static_cast<const AdultingState&>(*state);
      for (int seat = 0; seat < game->num_players(); ++seat) {
        int own_truths = 0, own_bids = 0, own_measures = 0, steals_seen = 0;
        for (const Event& e : adulting.log().view()) {
          own_truths += e.kind == EventKind::kTruth && e.seat == seat;
          own_bids += e.kind == EventKind::kCommit && e.seat == seat;
          own_measures += e.kind == EventKind::kMeasure && e.seat == seat;
          steals_seen += e.kind == EventKind::kSteal && (e.seat == seat || e.b == seat);
        }
        int truths = 0, bids = 0, measures = 0, takes = 0;
        for (const Observation& o : state->seat_stream(seat)) {
          truths += obs_kind(o) == Obs::kTruthAdult || obs_kind(o) == Obs::kTruthChild;
          bids += obs_kind(o) == Obs::kYouBid;
          measures += obs_kind(o) == Obs::kMeasured;
          takes += obs_kind(o) == Obs::kTakes;
        }
        EXPECT_EQ(truths, own_truths) << spec << " game " << g << " seat " << seat;
        EXPECT_EQ(bids, own_bids) << spec << " game " << g << " seat " << seat;
        EXPECT_EQ(measures, own_measures) << spec << " game " << g << " seat " << seat;
        EXPECT_EQ(takes, steals_seen) << spec << " game " << g << " seat " << seat;
      }
    }
  }
}

TEST(ActionText, WordsPeopleType) {
  Script s(kBidding);
  const State& state = s.state();
  EXPECT_EQ(state.action_to_string(1, score_action(s.card("H3"), 0)), "score H3 hearts");
  EXPECT_EQ(state.action_to_string(1, kDiscardBase + s.card("Tax")), "discard Tax");
  EXPECT_EQ(state.action_to_string(1, kPass), "pass");
  EXPECT_EQ(state.action_to_string(1, kTargetBase + 2), "target P2");
  EXPECT_EQ(state.action_to_string(1, kAdultClaim), "claim adult");
  EXPECT_EQ(state.action_to_string(1, kChildClaim), "claim child");
  EXPECT_EQ(state.action_to_string(1, kUpVote), "vote up");
  EXPECT_EQ(state.action_to_string(1, kDownVote), "vote down");
  EXPECT_EQ(state.action_to_string(1, kBidBase + 3), "bid 3");
  EXPECT_EQ(state.action_to_string(1, kDeclareBase + 4), "declare 4");
  EXPECT_EQ(state.action_to_string(1, kPriceBase), "price 1");
  EXPECT_EQ(state.action_to_string(1, kTakeBase + 2), "take +2");
  EXPECT_EQ(state.action_to_string(1, kCallOut), "call out");
  EXPECT_EQ(state.action_to_string(1, kRankBase + 3), "rank P3");
  EXPECT_THROW(state.action_to_string(1, kNumActions), KibitzError);
  // Other spellings read at the node where they are legal.
  s.top("H1").draw("H1").top("H2").truths();
  EXPECT_EQ(s.mutable_state().string_to_action(1, "adult"), kAdultClaim);
  s.act(1, "claim adult");
  EXPECT_EQ(s.mutable_state().string_to_action(2, "Down"), kDownVote);
}

}  // namespace
}  // namespace kibitz::adulting::testing
