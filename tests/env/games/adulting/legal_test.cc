// The legal system (legal=true, variant=full) as scripted games, one test per
// path: appeals, lawsuits, fines and impeachment, what each seat's stream
// shows of them, and worlds drawn from a stream with an unseen extra. Four
// players: P0 deals round 1 (contestants P1, P2, P3), P1 deals round 2
// (contestants P2, P3, P0). The built-in deck's jobs: H1 category, H2 rank,
// H3 payout, H4 challenge.
#include <gtest/gtest.h>

#include <memory>

#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/adulting/knowledge.h"
#include "tests/env/games/adulting/script.h"

namespace kibitz::adulting::testing {
namespace {

constexpr const char* kLegal = "adulting(players=4)";

// After a bank payment: the paid contestant takes no extra and nobody watches.
void honest(Script& s) {
  ASSERT_EQ(s.state().phase(), Phase::kTakeExtra);
  s.act(s.state().current_player(), "take +0");
  while (s.state().phase() == Phase::kWatch) s.chance("no watch");
}

// Round 1 pays P1, P2 and P3 three monies each (a payout job, honestly),
// P1 takes H3 for nothing, and round 2 (dealer P1) draws `second`.
Script funded_round_two(const char* second) {
  Script s(kLegal);
  s.top("H3").draw("H3").top(second);
  for (int k = 0; k < 3; ++k) {
    s.chance("payout 3");                         // P1, P2, P3 in turn
    honest(s);
  }
  s.give(1, 0);                                   // P1 takes H3 for 0
  s.all_pass();                                   // round 2's scoring phase
  s.draw(second);
  s.top("C1");
  return s;
}

// What `seat` knows, read from its stream alone.
Knowledge knowledge(const Script& s, int seat) {
  Knowledge k(s.game(), seat);
  for (const Observation& o : s.state().seat_stream(seat)) k.read(o);
  return k;
}

// --- Appeals -------------------------------------------------------------------

TEST(Appeal, UpheldTheAppealerPaysEachOtherPlayerOne) {
  Script s = funded_round_two("H1");
  s.chance("eliminate P2").chance("ruling right");  // the dealer's ruling on P2
  s.act(2, "appeal");                             // collateral: 3 >= one per other player
  s.chance("no evidence");                        // oral arguments show nothing
  s.act(3, "vote up");                            // voters: all but P2 and the dealer P1
  s.act(0, "vote down");                          // a tie upholds
  EXPECT_EQ(s.state().monies(2), 0);              // paid P3, P0, P1 one each
  EXPECT_EQ(s.state().monies(3), 4);
  EXPECT_EQ(s.state().monies(0), 1);
  EXPECT_EQ(s.state().monies(1), 4);
  for (int seat : {2, 3, 0}) s.act(seat, "decline");  // nobody moves to impeach
  honest(s);                                      // P2, first out, takes 1
  EXPECT_EQ(s.state().monies(2), 1);
  EXPECT_TRUE(contains(s.stream(0), "P2 appeals\noral arguments show nothing\nP3 votes up\nP0 votes down\n"
                                    "the ruling on P2 is upheld\nP2 pays P3 1\nP2 pays P0 1\nP2 pays P1 1\n"));
  EXPECT_FALSE(contains(s.stream(0), "right"));   // the voters never learned it
}

TEST(Appeal, OverturnedTheAppealerIsBackAndEveryoneButTheDealerTakesOne) {
  Script s = funded_round_two("H1");
  s.chance("eliminate P2").chance("ruling wrong");
  s.act(2, "appeal");
  s.chance("evidence");                           // everyone sees the ruling was wrong
  s.act(3, "vote up");
  s.act(0, "vote up");                            // more up than down: overturned
  EXPECT_EQ(s.state().monies(2), 4);              // keeps the collateral, takes 1
  EXPECT_EQ(s.state().monies(3), 4);
  EXPECT_EQ(s.state().monies(0), 1);
  EXPECT_EQ(s.state().monies(1), 3);              // the dealer takes nothing
  // No impeachment over an overturned ruling; P2 is in the contest again.
  EXPECT_EQ(s.state().phase(), Phase::kEliminate);
  EXPECT_EQ(s.mutable_state().chance_outcomes().size(), 3u);
  s.chance("eliminate P3").chance("no ruling");   // now the first out: takes 1
  honest(s);
  EXPECT_EQ(s.state().monies(3), 5);
  EXPECT_TRUE(contains(s.stream(3), "oral arguments: the ruling on P2 was wrong\n"));
  EXPECT_TRUE(contains(s.stream(3), "the ruling on P2 is overturned\nP2 takes 1 from the bank\n"
                                    "P3 takes 1 from the bank\nP0 takes 1 from the bank\n"));
  const Knowledge k = knowledge(s, 0);
  EXPECT_EQ(k.ruling[2], 2);                      // shown: wrong
  EXPECT_EQ(k.eliminated[3], 1);                  // P3 counts as the first out
}

TEST(Appeal, NoCollateralNoAppeal) {
  Script s(kLegal);
  s.top("H1").draw("H1").top("C1");
  s.chance("eliminate P2").chance("ruling wrong");
  ASSERT_EQ(s.state().current_player(), 2);
  EXPECT_EQ(s.mutable_state().legal_actions(), ActionList{kDecline});  // 0 monies < 3
}

// --- Lawsuits ------------------------------------------------------------------

// Round 2 (dealer P1) with a rank job: P2 measures 2 and declares 6.
Script rank_round_two() {
  Script s = funded_round_two("H2");
  s.chance("measure 2").chance("measure 5").chance("measure 1");  // P2, P3, P0
  s.act(2, "declare 6");                          // a bluff
  return s;
}

TEST(Lawsuit, DismissedNothingMoves) {
  Script s = rank_round_two();
  s.act(3, "sue");                                // the first to sue prosecutes
  s.act(3, "price 2");
  s.act(1, "dismiss");                            // the dealer dismisses
  EXPECT_EQ(s.state().phase(), Phase::kDeclare);  // P0 was not asked: one suit
  EXPECT_EQ(s.state().current_player(), 3);
  EXPECT_EQ(s.state().monies(3), 3);
  EXPECT_EQ(s.state().monies(2), 3);
  EXPECT_TRUE(contains(s.stream(0), "P3 sues P2\nP3 proposes a price of 2\nP1 dismisses the case\n"));
}

TEST(Lawsuit, NoMoniesNoSuit) {
  Script s = rank_round_two();
  s.act(3, "decline");                            // P3 lets it stand
  ASSERT_EQ(s.state().current_player(), 0);       // P0 has 0 monies: no price to cover
  EXPECT_EQ(s.mutable_state().legal_actions(), ActionList{kDecline});
}

TEST(Lawsuit, ConcededTheDefendantPaysOneAndKeepsTheirPlace) {
  Script s = rank_round_two();
  s.act(3, "sue");
  s.act(3, "price 3");
  s.act(1, "allow");
  s.act(1, "price 2");                            // at most the proposal
  s.act(2, "concede");
  EXPECT_EQ(s.state().monies(2), 2);
  EXPECT_EQ(s.state().monies(3), 4);
  EXPECT_EQ(s.state().disqualified(), 0u);        // keeps their place
  EXPECT_TRUE(contains(s.stream(2), "P1 allows the case\nP1 sets the price at 2\nP2 concedes\nP2 pays P3 1\n"));
}

TEST(Lawsuit, WonTheDefendantPaysThePriceAndIsDisqualified) {
  Script s = rank_round_two();
  s.act(3, "sue");
  s.act(3, "price 3");
  s.act(1, "allow");
  s.act(1, "price 3");
  s.act(2, "fight");
  s.chance("evidence");                           // the true measurement, to all
  s.act(0, "vote up");                            // voters: all but P3 and P2, dealer included
  s.act(1, "vote up");
  EXPECT_EQ(s.state().monies(2), 0);
  EXPECT_EQ(s.state().monies(3), 6);
  EXPECT_EQ(s.state().disqualified(), 1u << 2);
  for (int seat : {3, 0, 1}) {
    EXPECT_TRUE(contains(s.stream(seat), "P2 fights\noral arguments: P2 measured 2\nP0 votes up\nP1 votes up\n"
                                         "P2 is found guilty\nP2 pays P3 3\nP2 is disqualified\n"));
  }
  EXPECT_EQ(knowledge(s, 0).shown_measure[2], 2);
  // The rest declare (P2 is not asked to sue), and P2 is left out of the pay.
  s.act(3, "declare 5");
  s.act(0, "decline");                            // P0 may not sue (no monies)...
  s.act(0, "declare 1");
  s.act(3, "decline");
  honest(s);                                      // P3: players (4) - 0 above
  honest(s);                                      // P0: 4 - 1
  EXPECT_EQ(s.state().monies(3), 10);
  EXPECT_EQ(s.state().monies(0), 3);
  EXPECT_EQ(s.state().monies(2), 0);              // no pay for the disqualified
  // Out of the sorting phase: the claims skip P2.
  s.truths();
  EXPECT_EQ(s.state().current_player(), 3);
}

// The brief's "lost with partial payment" cannot happen: the proposal is
// capped by the prosecutor's monies and nothing moves money before the
// verdict, so a lost suit is always paid in full (checked here).
TEST(Lawsuit, LostTheProsecutorPaysTheWholePrice) {
  Script s = rank_round_two();
  s.act(3, "sue");
  s.act(3, "price 3");
  s.act(1, "allow");
  s.act(1, "price 3");
  s.act(2, "concede");                            // P2 now has 2
  s.act(3, "declare 9");
  s.act(2, "sue");                                // P2 sues P3 for 2
  s.act(2, "price 2");
  s.act(1, "allow");
  s.act(1, "price 2");
  s.act(3, "fight");
  s.chance("no evidence");
  s.act(0, "vote down");                          // voters P0, P1: a tie acquits
  s.act(1, "vote up");
  // Not guilty: the prosecutor pays the price; the price is capped by the
  // prosecutor's monies when proposed, so the whole price is paid here.
  EXPECT_EQ(s.state().monies(2), 0);
  EXPECT_EQ(s.state().monies(3), 6);
  EXPECT_TRUE(contains(s.stream(1), "P3 is found not guilty\nP2 pays P3 2\n"));
}

TEST(Lawsuit, WonWithPartialPaymentTheGuiltyPayWhatTheyHave) {
  Script s = rank_round_two();
  s.act(3, "decline");
  s.act(0, "decline");
  s.act(3, "declare 9");
  s.act(2, "sue");                                // P2 (3 monies) sues P3 (3 monies)
  s.act(2, "price 3");
  s.act(1, "allow");
  s.act(1, "price 3");
  s.act(3, "concede");                            // P3 pays 1: now 2
  s.act(0, "declare 4");
  s.act(2, "sue");                                // P2 (4) sues P0 (0 monies)
  s.act(2, "price 4");
  s.act(1, "allow");
  s.act(1, "price 4");
  s.act(0, "fight");
  s.chance("no evidence");
  s.act(3, "vote up");                            // voters P3, P1
  s.act(1, "vote up");
  // Guilty, but P0 has nothing: the payment is 0, and written.
  EXPECT_EQ(s.state().monies(0), 0);              // and no rank pay: disqualified
  EXPECT_EQ(s.state().monies(2), 4 + 3);          // then P2's rank pay: 4 less 1 above (P3)
  EXPECT_TRUE(contains(s.stream(3), "P0 is found guilty\nP0 pays P2 0\nP0 is disqualified\n"));
}

// --- Fines ---------------------------------------------------------------------

TEST(Fines, NoticedAndCalledOut) {
  Script s(kLegal);
  s.top("H3").draw("H3").top("C1");
  s.chance("payout 3");                           // P1 takes 3 from the bank
  s.act(1, "take +2");                            // and 2 extra
  s.chance("watch");                              // P2 watches (order: P2, P3, P0)
  s.chance("no watch");                           // P3 does not
  s.chance("no watch");                           // P0 does not
  EXPECT_EQ(s.state().current_player(), 2);       // only the watcher is asked
  EXPECT_TRUE(contains(s.stream(3), "P1 chooses an extra\nP2 watches\nP3 does not watch\nP0 does not watch\n"));
  EXPECT_FALSE(contains(s.stream(3), "2 extra"));  // not seen by P3 yet
  EXPECT_TRUE(contains(s.stream(1), "you take 2 extra\n"));
  EXPECT_TRUE(contains(s.stream(2), "P2 watches\nyou see P1 take 2 extra\n"));
  s.act(2, "call out");
  EXPECT_EQ(s.state().monies(2), 1);              // the caller takes 1 from the bank
  EXPECT_EQ(s.state().monies(1), 1);              // 5 less twice the extra
  EXPECT_TRUE(contains(s.stream(3), "P2 calls out P1\nP1 took 2 extra\nP2 takes 1 from the bank\n"
                                    "P1 pays the bank 4\n"));
  EXPECT_EQ(knowledge(s, 3).monies[1], 1);        // public again
}

TEST(Fines, UnnoticedTheExtraStaysPrivate) {
  Script s(kLegal);
  s.top("H3").draw("H3").top("C1");
  s.chance("payout 2");
  s.act(1, "take +1");
  for (int k = 0; k < 3; ++k) s.chance("no watch");  // nobody watches: nobody is asked
  EXPECT_EQ(s.state().phase(), Phase::kPayout);
  EXPECT_EQ(s.state().monies(1), 3);
  for (int seat : {0, 2, 3}) {
    EXPECT_FALSE(contains(s.stream(seat), "take 1 extra"));
    const Knowledge k = knowledge(s, seat);
    EXPECT_EQ(k.monies[1], 2);                    // as publicly known
    EXPECT_EQ(k.unseen_extras[1], 1);
  }
  EXPECT_EQ(knowledge(s, 1).monies[1], 3);        // the taker knows
}

TEST(Fines, WorldsDrawTheUnseenExtraThatLaterMovesNeed) {
  Script s(kLegal);
  s.top("H3").draw("H3").top("C1");
  s.chance("payout 1");
  s.act(1, "take +2");                            // unseen: P1 has 3, publicly 1
  for (int k = 0; k < 3; ++k) s.chance("no watch");
  s.chance("payout 0").chance("payout 0");
  s.give(1, 3);                                   // P1 bids 3: more than publicly known
  EXPECT_EQ(s.state().monies(1), 0);
  const SeatStream stream = s.mutable_state().seat_stream(3);
  const std::unique_ptr<WorldSampler> sampler = s.game().new_world_sampler(3, stream);
  std::unique_ptr<State> world = s.game().new_initial_state();
  Rng rng(7);
  for (int k = 0; k < 20; ++k) {
    sampler->sample(rng, *world);
    EXPECT_EQ(world->seat_stream(3), stream);
    EXPECT_EQ(static_cast<const AdultingState&>(*world).monies(1), 0);  // the extra was 2
  }
}

// Our ruling: "when paid from the bank a player may take extra" -- so a Bank
// card's takings (issue 30: seed 5, move 91, "discard Bank") are open to
// fines, not only work pay. Round 1 (a payout job) gives P1 the Bank card;
// P1 deals round 2 and plays it first.
TEST(Fines, ABankCardsTakingsAreOpenToFines) {
  Script s(kLegal);
  s.top("Bank").draw("Bank").top("C1");
  for (int k = 0; k < 3; ++k) s.chance("payout 0");  // nobody is paid: no fines
  s.give(1, 0);                                   // P1 takes Bank for 0
  s.act(1, "discard Bank");                       // round 2: the dealer scores first
  EXPECT_EQ(s.state().monies(1), 3);              // takes 3 from the bank...
  ASSERT_EQ(s.state().phase(), Phase::kTakeExtra);  // ...and may take extra
  s.act(1, "take +1");
  s.chance("watch");                              // P2 watches (order: P2, P3, P0)
  s.chance("no watch");
  s.chance("no watch");
  s.act(2, "call out");
  EXPECT_EQ(s.state().monies(1), 2);              // 4 less twice the extra
  EXPECT_EQ(s.state().monies(2), 1);              // the caller's 1
  EXPECT_TRUE(contains(s.stream(3), "P1 discards Bank\nP1 takes 3 from the bank\nP1 chooses an extra\n"
                                    "P2 watches\nP3 does not watch\nP0 does not watch\nP2 calls out P1\n"
                                    "P1 took 1 extra\nP2 takes 1 from the bank\nP1 pays the bank 2\n"));
  // The caller's 1 is not open to fines (ours): the scoring phase goes on,
  // and with nobody else holding a card the next card is drawn.
  EXPECT_NE(s.state().phase(), Phase::kTakeExtra);
  EXPECT_EQ(knowledge(s, 0).monies[1], 2);
}

// A tie refund is paid from the bank too: the refunded bidder may take extra.
TEST(Fines, ATieRefundIsOpenToFines) {
  Script s(kLegal);
  s.top("H3").draw("H3").top("C1");
  for (int k = 0; k < 3; ++k) {
    s.chance("payout 3");                         // P1, P2, P3 take 3 each
    honest(s);
  }
  s.truths();
  s.act(1, "claim adult");
  for (int seat : {2, 3, 0}) s.act(seat, "vote up");
  s.act(2, "claim adult");
  for (int seat : {1, 3, 0}) s.act(seat, "vote up");
  s.act(3, "claim child");
  s.act(0, "claim child");
  s.act(1, "bid 2");
  s.act(2, "bid 2");                              // a tie: P1, first in order, takes H3
  EXPECT_EQ(s.state().monies(1), 1);
  EXPECT_EQ(s.state().monies(2), 5);              // refunded 2 (a bid is paid only by the taker)...
  ASSERT_EQ(s.state().phase(), Phase::kTakeExtra);  // ...and may take extra
  ASSERT_EQ(s.state().current_player(), 2);
  s.act(2, "take +2");
  for (int k = 0; k < 3; ++k) s.chance("no watch");  // P1, P3, P0: nobody sees it
  EXPECT_EQ(s.state().monies(2), 7);
  EXPECT_EQ(s.state().round(), 1);                // then the round ends
  EXPECT_TRUE(contains(s.stream(0), "P1 takes H3 for 2\nP2 is refunded 2\nP2 chooses an extra\n"
                                    "P1 does not watch\nP3 does not watch\nP0 does not watch\nround 2 dealer P1\n"))
      << s.stream(0);
  const Knowledge k = knowledge(s, 0);
  EXPECT_EQ(k.monies[2], 5);                      // as publicly known
  EXPECT_EQ(k.unseen_extras[2], 2);              // the payout's and the refund's
}

// The bidding variant has no legal system, so no fines: a Bank card's
// takings go straight on to the next scorer.
TEST(Fines, NoneInTheBiddingVariant) {
  Script s("adulting(players=4,variant=bidding)");
  s.top("Bank").draw("Bank").top("C1");
  s.give(1, 0);
  s.act(1, "discard Bank");
  EXPECT_EQ(s.state().monies(1), 2 + 3);          // round 1's income and the Bank's 3
  EXPECT_NE(s.state().phase(), Phase::kTakeExtra);
  EXPECT_FALSE(contains(s.stream(0), "extra"));
}

// --- Impeachment ---------------------------------------------------------------

TEST(Impeachment, FailedTheMoverIsDisqualified) {
  Script s(kLegal);
  s.top("H4").draw("H4").top("C1");
  s.chance("quality 7").chance("quality 2").chance("quality 9");  // P1, P2, P3
  s.act(0, "rank P1");                            // P1 (7) above P3 (9): corrupt
  s.act(0, "rank P3");                            // P2 is last without a choice
  s.act(1, "decline");
  s.act(2, "impeach");                            // P2 moves
  s.chance("evidence");
  s.act(1, "vote down");                          // voters: all but P2 and the dealer
  s.act(3, "vote down");
  EXPECT_EQ(s.state().disqualified(), 1u << 2);
  EXPECT_TRUE(contains(s.stream(3), "P2 moves to impeach\noral arguments: the ranking does not follow the "
                                    "qualities\nP1 votes down\nP3 votes down\nthe impeachment by P2 fails\n"
                                    "P2 is disqualified\n"));
  honest(s);                                      // P1: 4
  honest(s);                                      // P3: 3 (the order closes up over P2)
  EXPECT_EQ(s.state().monies(1), 4);
  EXPECT_EQ(s.state().monies(3), 3);
  EXPECT_EQ(s.state().monies(2), 0);              // no more work pay
  s.truths();
  EXPECT_EQ(s.state().phase(), Phase::kClaim);
  s.act(1, "claim child");
  s.act(3, "claim child");                        // P2 is out of the sorting
  EXPECT_EQ(s.state().current_player(), 0);
}

// The text: a failed mover "is automatically eliminated from the work phase",
// and in a category job an eliminated player "collects one money for each
// player who has been eliminated already". So the mover, still in the
// contest, is the next one out: paid 2 after P2's 1 (issue 30).
TEST(Impeachment, FailedAfterARulingTheMoverIsEliminatedAndPaidAsTheNextOneOut) {
  Script s(kLegal);
  s.top("H1").draw("H1").top("C1");
  s.chance("eliminate P2").chance("ruling wrong");
  s.act(2, "decline");                            // no collateral to appeal
  s.act(1, "impeach");                            // P1 moves
  s.chance("no evidence");
  s.act(2, "vote down");                          // voters: P2, P3
  s.act(3, "vote down");                          // the motion fails
  EXPECT_EQ(s.state().disqualified(), 1u << 1);
  EXPECT_TRUE(contains(s.stream(0), "the impeachment by P1 fails\nP1 is disqualified\nP1 is eliminated\n"
                                    "P2 takes 1 from the bank\n"));
  honest(s);                                      // P2, the first out: 1
  EXPECT_EQ(s.state().current_player(), 1);
  honest(s);                                      // P1, the second out: 2
  // P3 is the last one left: the third out, without a draw.
  honest(s);
  EXPECT_EQ(s.state().monies(2), 1);
  EXPECT_EQ(s.state().monies(1), 2);
  EXPECT_EQ(s.state().monies(3), 3);
  const Knowledge k = knowledge(s, 0);
  EXPECT_EQ(k.eliminated[2], 1);
  EXPECT_EQ(k.eliminated[1], 2);
  EXPECT_EQ(k.eliminated[3], 3);
  s.truths();
  s.act(2, "claim child");                        // P1 is out of the sorting
  EXPECT_EQ(s.state().current_player(), 3);
}

// The case (adulting(players=3,ruling=1), round 3): the mover is the
// last contestant left; before, the contest ended with the mover unpaid.
TEST(Impeachment, FailedByTheLastContestantWhoIsStillPaid) {
  Script s("adulting(players=3,ruling=1)");
  s.top("H1").draw("H1").top("C1");
  s.chance("eliminate P1").chance("ruling right");  // contestants P1, P2
  s.act(1, "decline");
  s.act(1, "decline");                            // P1 does not move
  s.act(2, "impeach");
  s.chance("no evidence");
  s.act(1, "vote down");                          // the only voter: fails
  honest(s);                                      // P1, first out: 1
  honest(s);                                      // P2, second out: 2
  EXPECT_EQ(s.state().monies(1), 1);
  EXPECT_EQ(s.state().monies(2), 2);
  EXPECT_EQ(s.state().phase(), Phase::kTruth);
}

// A mover eliminated already (here the contestant the ruling was on) keeps
// the pay of that elimination: disqualification does not forfeit it.
TEST(Impeachment, FailedByTheEliminatedTheirPayStands) {
  Script s(kLegal);
  s.top("H1").draw("H1").top("C1");
  s.chance("eliminate P2").chance("ruling wrong");
  s.act(2, "decline");
  s.act(1, "decline");
  s.act(2, "impeach");                            // P2 moves over its own ruling
  s.chance("no evidence");
  s.act(1, "vote down");                          // voters: P1, P3
  s.act(3, "vote up");                            // a tie: fails
  const std::string stream = s.stream(0);
  EXPECT_EQ(stream.find("P2 is eliminated"), stream.rfind("P2 is eliminated"));  // once
  honest(s);                                      // P2 is paid 1 all the same
  EXPECT_EQ(s.state().monies(2), 1);
  EXPECT_EQ(s.state().phase(), Phase::kEliminate);  // P1 and P3 still in
  EXPECT_EQ(s.mutable_state().chance_outcomes().size(), 2u);
}

TEST(Impeachment, PassedTheRoundEndsAndTheCardGoesToTheMover) {
  Script s(kLegal);
  s.top("H1").draw("H1").top("C1");
  s.chance("eliminate P2").chance("ruling wrong");
  s.act(2, "decline");                            // no collateral to appeal
  s.act(1, "impeach");                            // the first asked moves
  s.chance("evidence");
  s.act(2, "vote up");                            // voters: P2, P3
  s.act(3, "vote up");
  EXPECT_EQ(s.state().round(), 1);                // round 2 at once
  EXPECT_EQ(s.state().dealer(), 1);
  EXPECT_EQ(s.state().hand(1), s.cards("H1"));
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(s.state().monies(seat), 0);  // no money moved
  EXPECT_TRUE(contains(s.stream(0), "P1 moves to impeach\noral arguments: the ruling on P2 was wrong\n"
                                    "P2 votes up\nP3 votes up\nthe impeachment by P1 passes\nround 2 dealer P1\n"));
  const Knowledge k = knowledge(s, 3);
  EXPECT_EQ(k.held[1], s.cards("H1"));
  EXPECT_EQ(k.hand_size[1], 1);
}

TEST(Impeachment, EachPlayerMovesAtMostOnceARound) {
  Script s("adulting(players=5)");                // contestants P1, P2, P3, P4
  s.top("H1").draw("H1").top("C1");
  s.chance("eliminate P2").chance("ruling right");
  s.act(2, "decline");                            // no collateral to appeal
  s.act(1, "impeach");
  s.chance("no evidence");
  s.act(2, "vote down");                          // voters: P2, P3, P4
  s.act(3, "vote down");
  s.act(4, "vote up");                            // the motion fails: P1 is out
  honest(s);                                      // P2 is paid 1
  honest(s);                                      // P1, eliminated by it, 2
  EXPECT_EQ(s.mutable_state().chance_outcomes().size(), 2u);  // P3, P4: not P1
  s.chance("eliminate P3").chance("ruling wrong");
  s.act(3, "decline");
  EXPECT_EQ(s.state().current_player(), 2);       // P1 moved already: P2 is asked first
  for (int seat : {2, 3, 4}) s.act(seat, "decline");
  EXPECT_EQ(s.state().phase(), Phase::kTakeExtra);
}

}  // namespace
}  // namespace kibitz::adulting::testing
