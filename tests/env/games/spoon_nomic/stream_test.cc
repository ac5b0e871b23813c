// What each Spoon Nomic seat sees: its own card, the others' backs only, the
// rejected rolls without faces; the Knowledge read from the stream.
#include <gtest/gtest.h>

#include <string>

#include "env/games/spoon_nomic/knowledge.h"
#include "tests/env/games/spoon_nomic/script.h"

namespace kibitz::spoon_nomic {
namespace {

using testing::Script;

// Two tables where P0 was dealt different cards of one back (AD or KD@...):
// every other seat's stream, strings and tensors are the same; P0's differ.
Script dealt(int p0_face) {
  Script s("spoon_nomic(players=3,packs=2,nweeks=3)");
  s.quiet_nweek();
  s.roll({p0_face, 60, p0_face, 70});  // P0 gets its card; P1 8D@blue, a rejected roll, P2 5S@blue
  return s;
}

TEST(SpoonStream, OtherSeatsSeeOnlyTheBackOfACard) {
  Script a = dealt(1);   // AD
  Script b = dealt(13);  // KD
  EXPECT_NE(a.stream(0), b.stream(0));
  for (Player q : {1, 2}) {
    EXPECT_EQ(a.stream(q), b.stream(q)) << q;
    EXPECT_EQ(a.state().information_state_string(q), b.state().information_state_string(q));
    EXPECT_EQ(a.state().information_state_tensor(q), b.state().information_state_tensor(q));
    EXPECT_EQ(a.state().observation_string(q), b.state().observation_string(q));
  }
  const std::string p0 = a.stream_text(0);
  const std::string p1 = a.stream_text(1);
  EXPECT_NE(p0.find("P0 is dealt AD\n"), std::string::npos) << p0;
  EXPECT_NE(p0.find("P1 is dealt a blue card\n"), std::string::npos) << p0;
  EXPECT_NE(p1.find("P0 is dealt a red card\n"), std::string::npos) << p1;
  EXPECT_NE(p1.find("P1 is dealt 8D@blue\n"), std::string::npos) << p1;
  EXPECT_EQ(p1.find("AD"), std::string::npos) << p1;
  // The rejected roll (AD again, or KD) is public without its face.
  EXPECT_NE(p1.find("the Dealer rolls again for P2\n"), std::string::npos) << p1;
}

TEST(SpoonStream, EveryHandIsShownAtTheEnd) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=2)");
  s.quiet_nweek();
  s.roll({1, 2, 3});
  s.propose({0, 0, 0});
  s.vote({"no", "no", "no"});
  const std::string p2 = s.stream_text(2);
  EXPECT_NE(p2.find("the proposal fails 0 to 3\nP0 shows AD\nP1 shows 2D\nP2 shows 3D\n"), std::string::npos) << p2;
}

TEST(SpoonStream, KnowledgeReadsTheStream) {
  Script s("spoon_nomic(players=4,packs=2,nweeks=4)");
  s.propose({1, 2, 3, -1});
  s.vote({"yes", "no", "abstain", "yes"});  // passes 2 to 1
  s.roll({60, 60, 1});                      // P0 8D@blue; a rejected roll; P1 AD (P3 is due next)
  const SpoonGame& g = static_cast<const SpoonGame&>(s.game());
  const Knowledge k = read_knowledge(g, 1, s.stream(1));
  EXPECT_EQ(k.nweek, 1);
  EXPECT_EQ(k.points[0], 1);
  EXPECT_EQ(k.points[3], -1);
  EXPECT_EQ(k.hand.to_string(), "AD");
  EXPECT_EQ(k.backs[0][1], 1);
  EXPECT_EQ(k.backs[0][0], 0);
  EXPECT_EQ(k.backs[1][0], 1);
  EXPECT_EQ(k.hand_size(3), 0);
  EXPECT_EQ(k.deck_size, 102);
  EXPECT_EQ(k.rejected_rolls, 1);
  EXPECT_TRUE(k.due_card[0]);
  EXPECT_TRUE(k.due_card[1]);
  EXPECT_FALSE(k.due_card[2]);
  EXPECT_TRUE(k.due_card[3]);
  EXPECT_TRUE(k.last_passed);
  EXPECT_EQ(k.next_voter(), -1);
  EXPECT_EQ(k.unseen(cards::Back::kRed).size(), 51);
  EXPECT_EQ(k.unseen(cards::Back::kBlue).size(), 52);
  s.roll({2});
  s.propose({0, 3, 0, 0});
  s.vote({"yes"});  // P1 votes first in nweek 2
  const Knowledge v = read_knowledge(g, 0, s.stream(0));
  EXPECT_EQ(v.num_changes, 4);
  EXPECT_EQ(v.change[1], 3);
  EXPECT_EQ(v.vote[1], kYes);
  EXPECT_EQ(v.vote[0], kNotVoted);
  EXPECT_EQ(v.next_voter(), 2);
  EXPECT_EQ(v.hand.to_string(), "8D@blue");
}

}  // namespace
}  // namespace kibitz::spoon_nomic
