// Rule tests as scripted games (docs/rules/adulting.md), a comment per step.
// Four players, variant=bidding unless said: P0 deals round 1, and in order
// from the dealer's left P1 claims, votes and bids first. Cards are the
// built-in deck's (H1..H8, C1..C8, D1..D8, S1..S4, HC1, CD1, DH1, Bank,
// Windfall, Tax, Peek, Steal, Pass) or a small deck written for the test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "env/core/error.h"
#include "tests/env/games/adulting/script.h"

namespace kibitz::adulting::testing {
namespace {

constexpr const char* kBidding = "adulting(players=4,variant=bidding)";

// Round 1 up to its sorting phase: `first` is drawn, `next` shows on top.
Script opening(const std::string& spec, const char* first, const char* next) {
  Script s(spec);
  s.top(first).draw(first).top(next);
  return s;
}

// A deck file for the test, written to a temporary file.
std::string deck_file(const std::string& name, const std::string& cards_json) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / ("adulting_rules_" + name + ".json");
  std::ofstream(path) << "{\"cards\": [" << cards_json << "]}";
  return path.string();
}

std::string card_json(const std::string& name, const std::string& suit, const std::string& extra = "") {
  return "{\"name\": \"" + name + "\", \"suit\": \"" + suit + "\", \"job\": \"payout\"" + extra + "}";
}

TEST(Mantle, ColumnsSquaredPlusSevenARow) {
  EXPECT_EQ(mantle_score({0, 0, 0}), 0);
  EXPECT_EQ(mantle_score({3, 0, 0}), 9);          // one column: no row
  EXPECT_EQ(mantle_score({3, 1, 0}), 10);
  EXPECT_EQ(mantle_score({1, 1, 1}), 3 + 7);      // one complete row
  EXPECT_EQ(mantle_score({3, 2, 2}), 17 + 14);    // two rows
}

TEST(Scoring, ColumnsFollowTheBackAndSpadesAreWild) {
  Script s = opening(kBidding, "S1", "HC1");
  s.give(1);                  // P1 takes S1 for 0
  s.act(1, "pass");           // round 2, P1 deals and scores first: keeps S1
  s.draw("HC1").top("H1").give(1);  // P1 takes HC1 too
  // Round 3 (P2 deals): P1 may put S1 anywhere, HC1 in hearts or clubs only.
  ASSERT_EQ(s.state().current_player(), 1);
  const ActionList legal = s.mutable_state().legal_actions();
  auto has = [&](int card, int column) {
    return std::find(legal.begin(), legal.end(), score_action(card, column)) != legal.end();
  };
  for (int column = 0; column < kNumColumns; ++column) EXPECT_TRUE(has(s.card("S1"), column));
  EXPECT_TRUE(has(s.card("HC1"), 0));
  EXPECT_TRUE(has(s.card("HC1"), 1));
  EXPECT_FALSE(has(s.card("HC1"), 2));
  EXPECT_THROW(s.mutable_state().apply_action(score_action(s.card("HC1"), 2)), KibitzError);
  s.act(1, "score HC1 clubs");  // a dual card goes into one of its columns...
  EXPECT_EQ(s.state().column_cards(1, 1), s.cards("HC1"));
  s.draw("H1").top("H2").give(2);
  s.act(1, "score S1 clubs");   // ...and stays there: S1 joins it in clubs
  EXPECT_EQ(s.state().column_cards(1, 1), s.cards("HC1 S1"));
  EXPECT_EQ(s.state().column_cards(1, 0), 0u);
  EXPECT_EQ(s.state().score(1), 4);
}

TEST(Effects, BankAndWindfallTakeFromTheBank) {
  Script s = opening(kBidding, "Bank", "Windfall");
  s.give(1);                       // round 1: P1 takes Bank; everyone has 2
  s.act(1, "discard Bank");        // round 2 (P1 deals): bank 3
  EXPECT_EQ(s.state().monies(1), 5);
  EXPECT_TRUE(s.state().discards() & s.cards("Bank"));
  EXPECT_TRUE(contains(s.stream(3), "P1 discards Bank\nP1 takes 3 from the bank\n"));
  s.draw("Windfall").top("H1");    // income: P1 7, the others 4
  s.give(2);                       // P2 takes Windfall
  s.act(2, "discard Windfall");    // round 3 (P2 deals): bank 2
  EXPECT_EQ(s.state().monies(2), 6);
  EXPECT_EQ(s.state().monies(1), 7);
}

TEST(Effects, TaxTakesAsFarAsEachHas) {
  Script s = opening(kBidding, "Tax", "H1");
  s.give(1);                 // round 1: P1 takes Tax; everyone has 2
  s.act(1, "pass");          // round 2 (P1 deals): P1 keeps Tax
  s.draw("H1").top("H2");    // income: everyone has 4
  s.give(2, 4);              // P2 takes H1 for all 4 monies
  ASSERT_EQ(s.state().monies(2), 0);
  s.act(2, "pass");          // round 3 (P2 deals): P2 first, P3 and P0 hold nothing
  s.act(1, "discard Tax");   // each other player pays 1 as far as they can
  EXPECT_EQ(s.state().monies(2), 0);
  EXPECT_EQ(s.state().monies(3), 3);
  EXPECT_EQ(s.state().monies(0), 3);
  EXPECT_EQ(s.state().monies(1), 6);
  const std::string seen = s.stream(0);
  EXPECT_TRUE(contains(seen, "P3 pays P1 1"));
  EXPECT_TRUE(contains(seen, "P0 pays P1 1"));
  EXPECT_FALSE(contains(seen, "P2 pays P1"));
}

TEST(Effects, PeekShowsTheHandToThePeekerOnly) {
  Script s = opening(kBidding, "Peek", "H1");
  s.give(1);                 // round 1: P1 takes Peek
  s.act(1, "pass");          // round 2 (P1 deals)
  s.draw("H1").top("H2").give(2);  // P2 takes H1
  s.act(2, "pass");          // round 3 (P2 deals)
  s.act(1, "discard Peek");
  EXPECT_THROW(s.mutable_state().string_to_action(1, "target P1"), KibitzError);  // not yourself
  s.act(1, "target P2");
  EXPECT_TRUE(contains(s.stream(1), "P1 peeks at P2\nP2 holds H1\n"));
  EXPECT_TRUE(contains(s.stream(3), "P1 peeks at P2\n"));
  EXPECT_FALSE(contains(s.stream(3), "P2 holds"));
  EXPECT_FALSE(contains(s.stream(2), "P2 holds"));
}

TEST(Effects, StealTakesARandomCardOnlyThiefAndTargetSee) {
  Script s = opening(kBidding, "Steal", "H1");
  s.give(1);                          // round 1: P1 takes Steal
  s.act(1, "pass");                   // round 2 (P1 deals)
  s.draw("H1").top("C1").give(2);     // P2 takes H1
  s.act(2, "pass").act(1, "pass");    // round 3 (P2 deals)
  s.draw("C1").top("D1").give(2);     // P2 takes C1: P2 holds H1 C1
  s.act(1, "discard Steal");          // round 4 (P3 deals): P3, P0 hold nothing
  EXPECT_THROW(s.mutable_state().string_to_action(1, "target P3"), KibitzError);  // an empty hand
  s.act(1, "target P2");
  const ChanceOutcomeList outcomes = s.mutable_state().chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);     // H1 or C1, even chances
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  s.chance("steal C1");
  EXPECT_EQ(s.state().hand(1), s.cards("C1"));
  EXPECT_EQ(s.state().hand(2), s.cards("H1"));
  EXPECT_TRUE(contains(s.stream(1), "P1 steals from P2\nP1 takes C1 from P2\n"));
  EXPECT_TRUE(contains(s.stream(2), "P1 takes C1 from P2\n"));
  EXPECT_TRUE(contains(s.stream(3), "P1 steals from P2\nP1 takes a card from P2\n"));
  EXPECT_FALSE(contains(s.stream(3), "C1 from"));
}

TEST(Effects, QualifyPassesSortingWithoutAClaim) {
  Script s = opening(kBidding, "Pass", "H1");
  s.give(1);                   // round 1: P1 takes Pass
  s.act(1, "discard Pass");    // round 2 (P1 deals)
  s.draw("H1").top("H2");
  s.truths();                  // P2, P3, P0 get truths; P1 none
  s.act(2, "claim child").act(3, "claim child").act(0, "claim child");
  s.act(1, "bid 0");           // P1 bids without a claim
  EXPECT_EQ(s.state().hand(1), s.cards("H1"));
  const std::string round2 = s.stream(1).substr(s.stream(1).find("round 2"));
  EXPECT_FALSE(contains(round2, "your truth"));
  EXPECT_FALSE(contains(round2, "P1 claims"));
}

TEST(Sorting, AClaimStandsUnlessDownVotesOutnumberUps) {
  Script s = opening("adulting(players=5,variant=bidding)", "H1", "H2");
  s.truths();
  s.act(1, "claim adult");    // voters P2 P3 P4 P0
  s.act(2, "vote up").act(3, "vote down").act(4, "vote up").act(0, "vote down");  // 2-2: stands
  s.act(2, "claim adult");    // voters in order from the dealer's left: P1 P3 P4 P0
  s.act(1, "vote down").act(3, "vote down").act(4, "vote down").act(0, "vote up");  // 1-3: falls
  s.act(3, "claim child").act(4, "claim child").act(0, "claim child");
  EXPECT_EQ(s.state().qualified(), 1u << 1);
  EXPECT_TRUE(contains(s.stream(4), "P1's claim stands\n"));
  EXPECT_TRUE(contains(s.stream(4), "P2's claim falls\n"));
  EXPECT_EQ(s.state().current_player(), 1);  // the only bidder
}

TEST(Sorting, NobodyQualifiedDiscardsTheCard) {
  Script s = opening(kBidding, "H1", "H2");
  s.truths();
  for (int seat : {1, 2, 3, 0}) s.act(seat, "claim child");
  EXPECT_TRUE(s.state().discards() & s.cards("H1"));
  EXPECT_TRUE(contains(s.stream(0), "nobody qualifies: H1 is discarded\nround 2 dealer P1\n"));
}

// Round 1 up to the bids: P1, P2 and P3 claim adult (voted up), P0 child.
Script three_bidders() {
  Script s = opening(kBidding, "H1", "H2");
  s.truths();
  for (int claimant : {1, 2, 3}) {
    s.act(claimant, "claim adult");
    for (int voter : {1, 2, 3, 0}) {
      if (voter != claimant) s.act(voter, "vote up");
    }
  }
  s.act(0, "claim child");
  return s;  // everyone holds 2
}

TEST(Bidding, HighestBidPaysAndTakesTheCard) {
  Script s = three_bidders();
  s.act(1, "bid 1").act(2, "bid 2").act(3, "bid 0");
  EXPECT_EQ(s.state().hand(2), s.cards("H1"));
  EXPECT_EQ(s.state().monies(2), 0);
  EXPECT_EQ(s.state().monies(1), 2);
  EXPECT_TRUE(contains(s.stream(0), "P1 bid 1\nP2 bid 2\nP3 bid 0\nP2 takes H1 for 2\n"));
}

TEST(Bidding, TieGoesToTheFirstInOrderAndRefundsTheOthers) {
  Script s = three_bidders();
  s.act(1, "bid 1").act(2, "bid 2").act(3, "bid 2");  // P2 and P3 tie at the top
  EXPECT_EQ(s.state().hand(2), s.cards("H1"));        // P2 comes first from P0's left
  EXPECT_EQ(s.state().monies(2), 0);                  // pays its bid
  EXPECT_EQ(s.state().monies(3), 4);                  // refunded its bid from the bank
  EXPECT_EQ(s.state().monies(1), 2);                  // lower bids keep their monies
  EXPECT_TRUE(contains(s.stream(1), "P2 takes H1 for 2\nP3 is refunded 2\n"));
}

TEST(Bidding, AllZeroGivesTheCardToTheFirstForNothing) {
  Script s = three_bidders();
  s.act(1, "bid 0").act(2, "bid 0").act(3, "bid 0");
  EXPECT_EQ(s.state().hand(1), s.cards("H1"));
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(s.state().monies(seat), 2);
  EXPECT_FALSE(contains(s.stream(0), "refunded"));
}

TEST(Bidding, BidsAreCappedByMonies) {
  Script s = three_bidders();
  const ActionList legal = s.mutable_state().legal_actions();
  EXPECT_EQ(legal, (ActionList{kBidBase, kBidBase + 1, kBidBase + 2}));  // 2 monies
}

TEST(Rounds, TheDealerPassesLeft) {
  Script s = opening(kBidding, "H1", "H2");
  EXPECT_EQ(s.state().dealer(), 0);
  s.give(3);
  EXPECT_EQ(s.state().dealer(), 1);
  EXPECT_EQ(s.state().round(), 1);
  s.act(3, "pass");            // round 2: only P3 holds a card
  s.draw("H2").top("H3").give(0);
  EXPECT_EQ(s.state().dealer(), 2);
}

// A deck with spades on single, dual and effect backs.
std::string spade_deck() {
  return deck_file("spades", card_json("S1", "spades") + "," + card_json("HS", "hearts", ", \"second\": \"spades\"") +
                                 "," + card_json("CS", "clubs", ", \"second\": \"spades\"") + "," +
                                 card_json("SB", "spades", ", \"effect\": \"bank\", \"amount\": 1") + "," +
                                 card_json("H1", "hearts") + "," + card_json("H2", "hearts") + "," +
                                 card_json("C1", "clubs") + "," + card_json("D1", "diamonds"));
}

TEST(End, TheThirdSpadeScoredEndsTheGameCountingDualsNotDiscards) {
  Script s = opening("adulting(players=4,variant=bidding,deck=" + spade_deck() + ")", "S1", "SB");
  s.give(1);                          // round 1: P1 takes S1
  s.act(1, "score S1 hearts");        // round 2 (P1 deals): spade 1
  s.draw("SB").top("HS").give(1);     // P1 takes SB
  s.act(1, "discard SB");             // round 3 (P2 deals): an effect discard is no spade
  EXPECT_EQ(s.state().spades_scored(), 1);
  s.draw("HS").top("CS").give(1);     // P1 takes HS
  s.act(1, "score HS diamonds");      // round 4 (P3 deals): a dual back with spades: spade 2
  EXPECT_EQ(s.state().spades_scored(), 2);
  s.draw("CS").top("H1").give(1);     // P1 takes CS
  EXPECT_FALSE(s.state().is_terminal());
  s.act(1, "score CS clubs");         // round 5 (P0 deals): spade 3, at once
  EXPECT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.state().end_reason(), 0);
  EXPECT_EQ(s.state().score(1), 3 + 7);  // one card a column: a row
  EXPECT_EQ(s.returns(), (std::vector<double>{-1.0 / 3, 1.0, -1.0 / 3, -1.0 / 3}));
  EXPECT_TRUE(contains(s.stream(2), "game over: third spade\nP0 has 0 points\nP1 has 10 points\n"));
}

TEST(End, AnEmptyDeckAtTheDrawEndsTheGame) {
  const std::string deck = deck_file("four", card_json("H1", "hearts") + "," + card_json("C1", "clubs") + "," +
                                                 card_json("D1", "diamonds") + "," + card_json("H2", "hearts"));
  Script s = opening("adulting(players=4,variant=bidding,reward=score,deck=" + deck + ")", "H1", "C1");
  s.give(1);                                    // round 1: H1 to P1
  s.act(1, "score H1 hearts").draw("C1").top("D1").give(1);   // round 2
  s.act(1, "score C1 clubs").draw("D1").top("H2").give(1);    // round 3
  s.act(1, "score D1 diamonds").draw("H2");                    // round 4: the last card
  EXPECT_EQ(s.state().top_back(), -1);                        // nothing left on top
  s.give(2);
  EXPECT_FALSE(s.state().is_terminal());
  s.act(2, "pass");                             // round 5 (P0 deals): scoring, then no card to draw
  EXPECT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.state().end_reason(), 1);
  EXPECT_EQ(s.returns(), (std::vector<double>{0, 10, 0, 0}));  // reward=score: the mantles
  EXPECT_TRUE(contains(s.stream(0), "game over: the deck is empty\n"));
}

TEST(Game, EveryTableTakesTheLargestDeck) {
  std::string cards;
  for (int i = 1; i <= kMaxDeckCards; ++i) cards += (i > 1 ? "," : "") + card_json("H" + std::to_string(i), "hearts");
  const std::string deck = deck_file("largest", cards);
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    for (const char* variant : {"full", "bidding"}) {
      const std::string spec = "adulting(players=" + std::to_string(players) + ",variant=" + variant + ",deck=" + deck + ")";
      EXPECT_NO_THROW(load_game(spec)) << spec;
    }
  }
}

TEST(Variant, BiddingPaysIncomeAndHasNoWorkPhase) {
  Script s = opening(kBidding, "H1", "H2");
  EXPECT_EQ(s.state().phase(), Phase::kTruth);  // straight to sorting
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(s.state().monies(seat), 2);
  EXPECT_TRUE(contains(s.stream(0), "P0 draws H1\ntop card H-back\neveryone takes 2\n"));
  Script rich = opening("adulting(players=4,variant=bidding,income=5)", "H1", "H2");
  EXPECT_EQ(rich.state().monies(3), 5);
}

}  // namespace
}  // namespace kibitz::adulting::testing
