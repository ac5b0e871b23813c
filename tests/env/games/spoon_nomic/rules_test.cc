// Spoon Nomic rules as scripted games: card numbers, votes and passing,
// cards for last nweek's voters, the rotating first voter, the empty Deck,
// returns, and action text.
#include <gtest/gtest.h>

#include <string>

#include "env/cards/card.h"
#include "env/core/error.h"
#include "tests/env/games/spoon_nomic/script.h"

namespace kibitz::spoon_nomic {
namespace {

using testing::Script;

// The rules' numbering, pack*52 + suit*13 + rank, through the game's own
// card ids (the die faces): written here from the rules' tables, not from
// env/cards, for every card of all four packs.
TEST(SpoonRules, CardNumbersFollowTheFormulaInAllFourPacks) {
  Script s("spoon_nomic(packs=4)");
  const std::string ranks = "A23456789TJQK";
  const std::string suits = "DSHC";  // Diamonds 0, Spades 1, Hearts 2, Clubs 3
  const char* backs[] = {"", "@blue", "@fish", "@corporate"};  // Red, Blue, Fish, Corporate
  // Every seat votes so that dealing starts; the deal node names its faces.
  s.quiet_nweek();
  ASSERT_EQ(s.table().phase(), Phase::kDeal);
  for (int pack = 0; pack < 4; ++pack) {
    for (int suit = 0; suit < 4; ++suit) {
      for (int rank = 1; rank <= 13; ++rank) {
        const int number = pack * 52 + suit * 13 + rank;
        const std::string name = std::string(1, ranks[static_cast<std::size_t>(rank - 1)]) +
                                 suits[static_cast<std::size_t>(suit)] + backs[pack];
        EXPECT_EQ(s.state().action_to_string(kChancePlayer, number),
                  "roll " + std::to_string(number) + " (" + name + ")");
        EXPECT_EQ(s.game().stream_spec().card_name(number), name);
        EXPECT_EQ(s.state().string_to_action(kChancePlayer, name), number) << name;
      }
    }
  }
  // The worked numbers of the rules and docs/cards.md.
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "AS@blue"), 66);
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "QH@fish"), 142);
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "KC@corporate"), 208);
  EXPECT_EQ(s.game().max_chance_outcomes(), 209);
  // A game with fewer packs uses the first ones: two packs, faces 1..104.
  Script two("spoon_nomic(packs=2)");
  two.quiet_nweek();
  EXPECT_EQ(two.state().legal_actions().back(), 104);
  EXPECT_EQ(two.state().action_to_string(kChancePlayer, 104), "roll 104 (KC@blue)");
}

TEST(SpoonRules, AProposalPassesOnlyWithMoreYesThanNo) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=4)");
  s.propose({1, -2, 3});
  s.vote({"yes", "no", "abstain"});  // 1 to 1: fails
  EXPECT_EQ(s.table().points(0), 0);
  EXPECT_EQ(s.table().points(2), 0);
  EXPECT_NE(s.stream_text(1).find("the proposal fails 1 to 1"), std::string::npos) << s.stream_text(1);
  s.roll({1, 2});  // P0 and P1 voted; P2 abstained
  s.propose({1, -2, 3});
  s.vote({"yes", "yes", "no"});  // P1 votes first in nweek 2
  EXPECT_EQ(s.table().points(0), 1);
  EXPECT_EQ(s.table().points(1), -2);
  EXPECT_EQ(s.table().points(2), 3);
  EXPECT_NE(s.stream_text(0).find("the proposal passes 2 to 1"), std::string::npos);
  // Everyone abstaining: 0 to 0 fails.
  s.roll({3, 4, 5});
  s.propose({3, 3, 3});
  s.vote({"abstain", "abstain", "abstain"});
  EXPECT_EQ(s.table().points(0), 1);
}

TEST(SpoonRules, OnlyLastNweeksVotersAreDealtACardInSeatOrder) {
  Script s("spoon_nomic(players=4,packs=1,nweeks=3)");
  s.propose({0, 0, 0, 0});
  s.vote({"no", "abstain", "yes", "abstain"});  // P0 no, P1 abstains, P2 yes, P3 abstains
  ASSERT_EQ(s.table().phase(), Phase::kDeal);
  EXPECT_EQ(s.table().receiver(), 0);
  s.roll({10});
  EXPECT_EQ(s.table().receiver(), 2);
  s.roll({20});
  EXPECT_EQ(s.table().phase(), Phase::kPropose);
  EXPECT_EQ(s.table().hand(0).to_string(), "TD");
  EXPECT_TRUE(s.table().hand(1).empty());
  EXPECT_EQ(s.table().hand(2).to_string(), "7S");
  EXPECT_TRUE(s.table().hand(3).empty());
  // The first nweek deals nothing: nobody voted before it.
  Script fresh("spoon_nomic(players=4,packs=1,nweeks=3)");
  EXPECT_EQ(fresh.table().phase(), Phase::kPropose);
}

TEST(SpoonRules, TheLastNweeksVotesEarnNoCard) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=2)");
  s.quiet_nweek();
  s.roll({1, 2, 3});
  s.propose({0, 0, 0});
  s.vote({"yes", "yes", "yes"});
  EXPECT_TRUE(s.state().is_terminal());
  for (Player p = 0; p < 3; ++p) EXPECT_EQ(s.table().hand(p).size(), 1) << p;
  EXPECT_EQ(s.state().roll_log().size(), 3u);
}

TEST(SpoonRules, TheFirstVoterRotates) {
  Script s("spoon_nomic(players=3,packs=2,nweeks=5)");
  for (int week = 0; week < 5; ++week) {
    while (s.table().phase() == Phase::kDeal) s.state().apply_action(s.state().legal_actions().front());
    s.propose({0, 0, 0});
    EXPECT_EQ(s.state().current_player(), week % 3) << "nweek " << week + 1;
    // Turn order goes on round the table from the first voter.
    s.state().apply_action(kAbstain);
    EXPECT_EQ(s.state().current_player(), (week + 1) % 3);
    s.state().apply_action(kAbstain);
    s.state().apply_action(kYes);
  }
  EXPECT_TRUE(s.state().is_terminal());
}

// Whatever the rule to deal says, an empty Deck deals nothing: eight voters
// a week and one pack empty it in the seventh nweek.
TEST(SpoonRules, AnEmptyDeckCannotDeal) {
  Script s("spoon_nomic(players=8,packs=1,nweeks=9)");
  Rng rng(7);
  int rolls_with_empty_deck = 0;
  for (int week = 0; week < 9; ++week) {
    while (s.table().phase() == Phase::kDeal) {
      if (s.table().deck().empty()) ++rolls_with_empty_deck;
      s.state().apply_action(s.state().sample_chance_outcome(rng));
    }
    if (week == 7) {
      // Six nweeks of eight cards, then four: seats 4..7 get nothing.
      for (Player p = 0; p < 8; ++p) EXPECT_EQ(s.table().hand(p).size(), p < 4 ? 7 : 6) << p;
      EXPECT_TRUE(s.table().deck().empty());
    }
    s.propose({0, 0, 0, 0, 0, 0, 0, 0});
    s.vote({"yes", "yes", "yes", "yes", "yes", "yes", "yes", "yes"});
  }
  EXPECT_TRUE(s.state().is_terminal());
  EXPECT_EQ(rolls_with_empty_deck, 0);
  int dealt = 0;
  for (Player p = 0; p < 8; ++p) dealt += s.table().hand(p).size();
  EXPECT_EQ(dealt, 52);
  const auto log = s.state().roll_log();
  int accepted = 0;
  for (const auto& r : log) accepted += r.accepted;
  EXPECT_EQ(accepted, 52);
  EXPECT_GT(log.size(), 52u) << "emptying a Deck takes rejected rolls";
}

TEST(SpoonRules, ARejectedRollMovesNothingAndRollsAgain) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=3)");
  s.quiet_nweek();
  s.roll({5});
  EXPECT_EQ(s.table().receiver(), 1);
  const int left = s.table().rejections_left();
  s.roll({5});  // 5D is P0's now
  EXPECT_EQ(s.table().receiver(), 1);
  EXPECT_EQ(s.table().deck().size(), 51);
  EXPECT_TRUE(s.table().hand(1).empty());
  EXPECT_EQ(s.table().rejections_left(), left - 1);
  EXPECT_EQ(s.state().action_to_string(kChancePlayer, 5), "roll 5 (5D, not in the Deck)");
  s.roll({6, 7});
  EXPECT_EQ(s.table().phase(), Phase::kPropose);
  const auto log = s.state().roll_log();
  ASSERT_EQ(log.size(), 4u);
  EXPECT_EQ(log[1], (cards::DealerRoll{5, false, 1}));
  EXPECT_EQ(log[2], (cards::DealerRoll{6, true, 1}));
  for (Player p = 0; p < 3; ++p) {
    EXPECT_NE(s.stream_text(p).find("the Dealer rolls again for P1"), std::string::npos);
  }
}

// Three players, two packs: P0 ends with a pair (AD AD@blue), P1 with high
// card (2S 3S), P2 with a pair (5H 5H@blue).
Script scored_game(const std::string& reward, int p1_change) {
  Script s("spoon_nomic(players=3,packs=2,nweeks=3,reward=" + reward + ")");
  s.propose({2, 0, -1});
  s.vote({"yes", "yes", "yes"});
  s.roll({1, 15, 31});
  s.propose({0, p1_change, 0});
  s.vote({"yes", "yes", "yes"});
  s.roll({53, 16, 83});
  s.propose({3, 3, 3});
  s.vote({"no", "no", "no"});
  return s;
}

TEST(SpoonRules, ReturnsArePointsPlusBonus) {
  Script s = scored_game("score", 3);
  ASSERT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.state().bonus(0), 1);
  EXPECT_EQ(s.state().bonus(1), 0);
  EXPECT_EQ(s.state().bonus(2), 1);
  EXPECT_EQ(s.state().returns(), (std::vector<double>{3, 3, 0}));
}

TEST(SpoonRules, WinRewardSharesAmongLeadersAndTheRest) {
  Script s = scored_game("win", 3);  // scores 3 3 0
  ASSERT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.state().returns(), (std::vector<double>{0.5, 0.5, -1}));
  Script lead = scored_game("win", 4 - 3);  // scores 3 1 0
  EXPECT_EQ(lead.state().returns(), (std::vector<double>{1, -0.5, -0.5}));
}

TEST(SpoonRules, WinRewardIsZeroWhenEveryoneTies) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=1,reward=win)");
  s.propose({1, 1, 1});
  s.vote({"yes", "yes", "yes"});
  ASSERT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.state().returns(), (std::vector<double>{0, 0, 0}));
}

TEST(SpoonRules, ActionTextReadsAndRefusesWithReasons) {
  Script s("spoon_nomic(players=3,packs=3,nweeks=3)");
  EXPECT_EQ(s.state().action_to_string(kChancePlayer, change_action(2)), "P0 +2");
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "P0 -3"), change_action(-3));
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "+1"), change_action(1));
  try {
    s.state().string_to_action(kChancePlayer, "P0 +5");
    ADD_FAILURE() << "+5 read";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("-3..+3"), std::string::npos) << e.what();
  }
  s.propose({0, 0, 0});
  EXPECT_EQ(s.state().string_to_action(0, "YES"), kYes);
  EXPECT_EQ(s.state().string_to_action(0, "abstain"), kAbstain);
  EXPECT_EQ(s.state().string_to_action(0, "vote no"), kNo);
  try {
    s.state().string_to_action(0, "7D@fish");
    ADD_FAILURE() << "a card read as a vote";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("only the Dealer deals cards"), std::string::npos) << e.what();
  }
  s.vote({"yes", "yes", "yes"});
  EXPECT_EQ(s.state().action_to_string(kChancePlayer, 111), "roll 111 (7D@fish)");
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "roll 111"), 111);
  EXPECT_EQ(s.state().string_to_action(kChancePlayer, "7d@FISH"), 111);
  try {
    s.state().string_to_action(kChancePlayer, "roll 157");
    ADD_FAILURE() << "a face past the die read";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("the die shows 1..156"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace kibitz::spoon_nomic
