// Laws and Disorder's turns as scripted deals, one test per rule, a comment
// per step: job changes and the Banker's double pay, the draw timing, the
// hand limit, the final round after the last card (whichever draw takes
// it), and action strings with the reasons a refused move gives.
// Everyone starts with $3.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/env/games/laws_and_disorder/scripted_deal.h"

namespace kibitz::laws_and_disorder::testing {
namespace {

using Texts = std::vector<std::string>;

// The seats whose turns began after the last card was drawn.
std::vector<int> turns_after_last_card(const Deal& d) {
  const auto log = d.since(0);
  const auto last = std::find_if(log.begin(), log.end(), [](const Observation& o) { return obs_kind(o) == Obs::kLastCard; });
  std::vector<int> seats;
  for (auto it = last; it != log.end(); ++it) {
    if (obs_kind(*it) == Obs::kTurn) seats.push_back(it->value(1));
  }
  return seats;
}

// Ends every turn (chance: the lowest kind left) until the game is over.
void play_out(Deal& d) {
  for (int guard = 0; guard < 1000 && !d.raw().is_terminal(); ++guard) {
    if (d.raw().is_chance_node()) {
      d.raw().apply_action(d.raw().legal_actions().front());
    } else {
      ASSERT_EQ(d.state().phase(), Phase::kMain) << d.raw().to_string();
      d.act(d.state().turn_player(), "end-turn");
    }
  }
  ASSERT_TRUE(d.raw().is_terminal());
}

// --- Jobs and the Banker ---------------------------------------------------------------

// P0 JUDGE, P1 BANKER, P2 THIEF, P3 SCIENTIST.
TEST(Jobs, AJobCardSwapsPositionsOrLeavesTheOldOneUnheld) {
  Deal d;
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"THIEF PRIEST ANY-POSITION JUDGE GAINS 1-MONIES THIEF", "SCIENTIST BANKER GAINS 2-MONIES LOSES LOSES LOSES",
          "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS", "BANKER GAINS 5-MONIES LOSES LOSES LOSES 2-CARDS"});
  // Job cards for positions P0 does not hold; never ANY-POSITION or JUDGE.
  EXPECT_EQ(d.offers_starting("job"), (Texts{"job THIEF", "job PRIEST"}));
  // P0 plays THIEF: P0 takes it, P2 takes JUDGE; the card is discarded, and
  // no law fires.
  const int discards = d.state().discard_size();
  std::size_t mark = d.mark();
  d.act(0, "job THIEF");
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kPlayJob, Obs::kHolds, Obs::kHolds}));
  EXPECT_EQ(d.state().position_of(0), Position::kThief);
  EXPECT_EQ(d.state().position_of(2), Position::kJudge);
  EXPECT_EQ(d.state().holder(Position::kJudge), 2);
  EXPECT_EQ(d.state().discard_size(), discards + 1);
  // One job change a turn.
  EXPECT_TRUE(d.offers_starting("job").empty());
  // THE THIEF GAINS 1 MONIES now pays P0.
  d.acts(0, "law THIEF, GAINS, 1-MONIES, end-law");
  EXPECT_EQ(d.state().monies(0), 3 + 3 + 1);
  d.end_turn(0, "GAINS GAINS");
  // P1, the Banker, plays SCIENTIST: P3 becomes the Banker. P1's law pays
  // P1 single, its effect goes to the new Banker.
  d.act(1, "job SCIENTIST");
  EXPECT_EQ(d.state().holder(Position::kBanker), 3);
  mark = d.mark();
  d.acts(1, "law BANKER, GAINS, 2-MONIES, end-law");
  EXPECT_EQ(d.of_kind(Obs::kLawPaid, mark)[0].value(1), 3);
  EXPECT_EQ(d.state().monies(3), 5);
  d.end_turn(1).end_turn(2);
  // P3, the Banker now, is paid double.
  mark = d.mark();
  d.acts(3, "law BANKER, GAINS, 5-MONIES, end-law");
  EXPECT_EQ(d.of_kind(Obs::kLawPaid, mark)[0].value(1), 6);
  EXPECT_EQ(d.state().monies(3), 5 + 6 + 5);
  d.end_turn(3);
  // P0 plays PRIEST, which nobody holds: THIEF is left unheld.
  mark = d.mark();
  d.act(0, "job PRIEST");
  EXPECT_EQ(d.state().position_of(0), Position::kPriest);
  EXPECT_EQ(d.state().holder(Position::kThief), -1);
  EXPECT_EQ(d.kinds_since(mark), (std::vector<Obs>{Obs::kPlayJob, Obs::kHolds, Obs::kUnheld}));
}

// --- Draws and the hand limit ----------------------------------------------------------

TEST(Draws, DrawAtStartDrawsBeforeTheStartOfTurnLaws) {
  Deal d("laws_and_disorder(players=4,draw_at=start)");
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"BANKER GAINS 1-MONIES WHEN-TURN-START LOSES LOSES LOSES",
          "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS", "LOSES LOSES LOSES 2-CARDS JUDGE JUDGE BANKER",
          "GAINS GAINS GAINS GAINS GAINS GAINS GAINS"});
  // P0's turn starts with its two draws.
  ASSERT_EQ(d.state().phase(), Phase::kDraw);
  d.draw("5-MONIES 5-MONIES");
  EXPECT_EQ(d.state().hand_size(0), 9);
  d.acts(0, "law BANKER, GAINS, 1-MONIES, WHEN-TURN-START, end-law");
  // The end of the turn draws nothing; P1's turn draws, then L1 fires.
  const std::size_t mark = d.mark();
  d.act(0, "end-turn");
  EXPECT_EQ(d.state().hand_size(0), 5);
  d.draw("4-MONIES 4-MONIES");
  const auto kinds = d.kinds_since(mark);
  const auto at = [&](Obs kind) { return std::find(kinds.begin(), kinds.end(), kind) - kinds.begin(); };
  EXPECT_LT(at(Obs::kTurn), at(Obs::kDrawSeen));
  EXPECT_LT(at(Obs::kDrawSeen), at(Obs::kEffect));
  EXPECT_EQ(d.state().monies(1), 4);
  EXPECT_EQ(d.state().hand_size(1), 9);
}

TEST(Draws, TheHandLimitIsReachedByDiscardsOfThePlayersChoice) {
  Deal d("laws_and_disorder(players=4,hand_limit=8)");
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"JUDGE GAINS 1-MONIES LOSES LOSES LOSES 2-CARDS", "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
          "LOSES LOSES LOSES BANKER BANKER BANKER 1-MONIES", "GAINS GAINS GAINS GAINS GAINS GAINS GAINS"});
  // P0 ends the turn with 7 + 2 = 9 cards: one discard, P0's choice.
  d.act(0, "end-turn").draw("THIEF THIEF");
  ASSERT_EQ(d.state().phase(), Phase::kDiscard);
  EXPECT_EQ(d.raw().current_player(), 0);
  EXPECT_EQ(d.offers(), (Texts{"discard JUDGE", "discard THIEF", "discard 2-CARDS", "discard 1-MONIES",
                               "discard GAINS", "discard LOSES"}));
  d.act(0, "discard LOSES");
  EXPECT_EQ(d.state().hand_size(0), 8);
  EXPECT_EQ(d.holds(0, "LOSES"), 2);
  // Then P1's turn.
  EXPECT_EQ(d.state().turn_player(), 1);
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  d.end_turn(1, "SCIENTIST SCIENTIST");
  EXPECT_EQ(d.state().phase(), Phase::kDiscard);
  d.act(1, "discard SCIENTIST");
  // P2 makes a law: 7 - 3 + 2 = 6, under the limit: no discard.
  d.act(2, "law BANKER").act(2, "LOSES").act(2, "1-MONIES").act(2, "end-law").end_turn(2, "PRIEST PRIEST");
  EXPECT_EQ(d.state().turn_player(), 3);
  EXPECT_EQ(d.state().hand_size(2), 6);
}

// --- The final round -------------------------------------------------------------------

TEST(FinalRound, AfterTheTurnDrawTakesTheLastCardEveryoneTakesOneMoreTurn) {
  Deal d;
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS", "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS",
          "GAINS GAINS GAINS GAINS GAINS GAINS GAINS", "GIVES GIVES GIVES GIVES GIVES GIVES GAINS"});
  // 50 cards left: 25 turns' draws; the 25th turn is P0's.
  int drawer = -1;
  while (d.state().deck_size() > 0) {
    drawer = d.state().turn_player();
    EXPECT_EQ(d.state().turns_left(), -1);
    d.end_turn(drawer);
  }
  EXPECT_EQ(drawer, 0);
  EXPECT_EQ(d.of_kind(Obs::kLastCard).size(), 1u);
  // One more turn each, from P1 round to P0, then the end.
  EXPECT_EQ(d.state().turn_player(), 1);
  EXPECT_EQ(d.state().turns_left(), 4);
  EXPECT_NE(d.raw().to_string().find("final round (4 turns left, this one included)"), std::string::npos);
  d.end_turn(1).end_turn(2).end_turn(3);
  // P0's last turn: the last one left.
  EXPECT_EQ(d.state().turn_player(), 0);
  EXPECT_EQ(d.state().turns_left(), 1);
  play_out(d);
  EXPECT_EQ(turns_after_last_card(d), (std::vector<int>{1, 2, 3, 0}));
  EXPECT_EQ(d.of_kind(Obs::kFinal).size(), 4u);
}

TEST(FinalRound, AGainsCardsLawCanTakeTheLastCard) {
  Deal d;
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"JUDGE GAINS 1-CARD JUDGE GAINS 2-CARDS LOSES", "1-CARD 1-CARD 1-CARD LOSES LOSES LOSES LOSES",
          "GAINS GAINS GAINS GAINS GAINS GAINS 2-CARDS", "GIVES GIVES GIVES GIVES GIVES GIVES 2-CARDS"});
  // P0: THE JUDGE GAINS 1 CARD draws one: 49 left.
  d.acts(0, "law JUDGE, GAINS, 1-CARD, end-law").draw("PRIEST");
  EXPECT_EQ(d.state().deck_size(), 49);
  // 24 turns' draws leave 1 card at P0's turn.
  while (d.state().deck_size() > 1) d.end_turn(d.state().turn_player());
  ASSERT_EQ(d.state().turn_player(), 0);
  // THE JUDGE GAINS 2 CARDS draws as far as the deck goes: the last card.
  const std::size_t mark = d.mark();
  d.acts(0, "law JUDGE, GAINS, 2-CARDS, end-law");
  EXPECT_EQ(d.of_kind(Obs::kGainsCards, mark)[0].value(1), 1);
  ASSERT_TRUE(d.raw().is_chance_node());
  d.raw().apply_action(d.raw().legal_actions().front());
  EXPECT_EQ(d.state().deck_size(), 0);
  EXPECT_EQ(d.of_kind(Obs::kLastCard).size(), 1u);
  // P0's turn goes on to its end; then P1, P2, P3 and P0 again.
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  EXPECT_EQ(d.state().turn_player(), 0);
  play_out(d);
  EXPECT_EQ(turns_after_last_card(d), (std::vector<int>{1, 2, 3, 0}));
}

TEST(FinalRound, DrawAtStartTheCurrentTurnFinishesFirst) {
  Deal d("laws_and_disorder(players=4,draw_at=start)");
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS", "LOSES LOSES LOSES LOSES LOSES LOSES 2-CARDS",
          "GAINS GAINS GAINS GAINS GAINS GAINS GAINS", "GIVES GIVES GIVES GIVES GIVES GIVES GAINS"});
  // 25 turns' start draws: P0's 25th turn draws the last card.
  while (d.state().deck_size() > 0) {
    if (d.raw().is_chance_node()) {
      d.raw().apply_action(d.raw().legal_actions().front());
    } else {
      d.act(d.state().turn_player(), "end-turn");
    }
  }
  EXPECT_EQ(d.state().turn_player(), 0);
  EXPECT_EQ(d.state().phase(), Phase::kMain);
  // P0 finishes that turn, then everyone takes one more, without draws.
  play_out(d);
  EXPECT_EQ(turns_after_last_card(d), (std::vector<int>{1, 2, 3, 0}));
}

// --- Action strings ----------------------------------------------------------------------

TEST(ActionText, MovesParseByTheirTextAndRefusalsSayWhy) {
  Deal d;
  d.deal("JUDGE BANKER THIEF SCIENTIST",
         {"JUDGE GIVES BANKER 2-MONIES WHEN-LAW-MADE GAINS GAINS", "1-CARD 1-CARD 1-CARD 1-CARD 2-CARDS 2-CARDS 2-CARDS",
          "LOSES LOSES LOSES LOSES 2-CARDS 1-MONIES 1-MONIES", "GAINS GAINS GAINS GAINS GAINS GAINS PRIEST"});
  State& s = d.raw();
  // A law, card by card, in any case.
  EXPECT_NE(d.refusal(0, "law GAINS").find("GAINS cannot start a law"), std::string::npos);
  EXPECT_NE(d.refusal(0, "law THIEF").find("you hold no THIEF"), std::string::npos);
  EXPECT_EQ(s.string_to_action(0, "law judge"), kPlayBase + static_cast<int>(Kind::kJudge));
  s.apply_action(s.string_to_action(0, "law JUDGE"));
  s.apply_action(s.string_to_action(0, "GIVES"));
  EXPECT_EQ(s.string_to_action(0, "BANKER"), kPlayBase + static_cast<int>(Kind::kBanker));
  s.apply_action(s.string_to_action(0, "BANKER"));
  s.apply_action(s.string_to_action(0, "2-MONIES"));
  EXPECT_EQ(s.string_to_action(0, "end-law"), kEndLaw);
  s.apply_action(s.string_to_action(0, "WHEN-LAW-MADE"));
  EXPECT_EQ(d.offers(), (Texts{"end-law"}));
  s.apply_action(s.string_to_action(0, "end-law"));
  EXPECT_EQ(d.state().num_laws(), 1);
  // One law a turn.
  EXPECT_NE(d.refusal(0, "law JUDGE").find("made a law this turn"), std::string::npos);
  // Every offered move reads back as itself.
  for (const Action a : s.legal_actions()) EXPECT_EQ(s.string_to_action(0, s.action_to_string(0, a)), a);
  d.end_turn(0).end_turn(1);
  // P2, the Thief: 'ability thief P3', then 'take GAINS' (or 'GAINS' alone).
  EXPECT_EQ(s.string_to_action(2, "ability thief P3"), kThiefBase + 3);
  s.apply_action(s.string_to_action(2, "ability thief P3"));
  EXPECT_EQ(s.string_to_action(2, "take GAINS"), kPickBase + static_cast<int>(Kind::kGains));
  EXPECT_EQ(s.string_to_action(2, "GAINS"), kPickBase + static_cast<int>(Kind::kGains));
  // A card the victim does not hold: the refusal says so, with or
  // without the word 'take'.
  EXPECT_NE(d.refusal(2, "take LOSES").find("P3 holds no LOSES"), std::string::npos);
  EXPECT_NE(d.refusal(2, "LOSES").find("P3 holds no LOSES"), std::string::npos);
  s.apply_action(s.string_to_action(2, "take GAINS"));
  EXPECT_EQ(d.holds(2, "GAINS"), 1);
  // Used once: the refusal says so.
  EXPECT_NE(d.refusal(2, "ability thief P1").find("used your ability this turn"), std::string::npos);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder::testing
