// The mission guide, the suit effects and the round scoring, row by row.
#include "env/games/loyalist_spies/scoring.h"

#include <gtest/gtest.h>

#include <array>

#include "env/games/loyalist_spies/cards.h"

namespace kibitz::loyalist_spies {
namespace {

constexpr int D = kSuitDiamonds, S = kSuitSpades, H = kSuitHearts, C = kSuitClubs;

TEST(MissionGuide, CardRowsInDiamonds) {
  // Diamonds has no modifiers, so these are the card table's rows.
  for (int rank : {2, 3, 4, 5}) {
    EXPECT_EQ(mission_terms(rank, D, 0).covert, 50) << rank;
    EXPECT_EQ(mission_terms(rank, D, 0).vp, 2) << rank;
  }
  for (int rank : {6, 7, 8}) {
    EXPECT_EQ(mission_terms(rank, D, 0).covert, 40) << rank;
    EXPECT_EQ(mission_terms(rank, D, 0).vp, 3) << rank;
  }
  EXPECT_EQ(mission_terms(9, D, 0).covert, 35);
  EXPECT_EQ(mission_terms(9, D, 0).vp, 4);
  EXPECT_EQ(mission_terms(10, D, 0).covert, 30);
  EXPECT_EQ(mission_terms(10, D, 0).vp, 5);
}

TEST(MissionGuide, ClubsCovertMinus3VpPlus2) {
  EXPECT_EQ(mission_terms(4, C, 0).covert, 47);
  EXPECT_EQ(mission_terms(4, C, 0).vp, 4);
  EXPECT_EQ(mission_terms(10, C, 0).covert, 27);
  EXPECT_EQ(mission_terms(10, C, 0).vp, 7);
}

TEST(MissionGuide, SpadesCovertPlus1) {
  EXPECT_EQ(mission_terms(7, S, 0).covert, 41);
  EXPECT_EQ(mission_terms(7, S, 0).vp, 3);
}

TEST(MissionGuide, HeartsVpMinus1) {
  EXPECT_EQ(mission_terms(9, H, 0).covert, 35);
  EXPECT_EQ(mission_terms(9, H, 0).vp, 3);
  EXPECT_EQ(mission_terms(2, H, 0).vp, 1);
}

TEST(MissionGuide, EachKingAdds2Vp) {
  EXPECT_EQ(mission_terms(7, C, 1).vp, 3 + 2 + 2);
  EXPECT_EQ(mission_terms(7, C, 2).vp, 3 + 2 + 4);
  EXPECT_EQ(mission_terms(7, C, 2).covert, 37);  // Kings change only the VP
}

TEST(SuitEffects, EachSuitOnSuccessAndFailure) {
  // Clubs: each draws 1 on failure.
  EXPECT_EQ(suit_effect(C, true, false).draws, 0);
  EXPECT_EQ(suit_effect(C, false, false).draws, 1);
  // Diamonds: each draws 2 on success.
  EXPECT_EQ(suit_effect(D, true, false).draws, 2);
  EXPECT_EQ(suit_effect(D, false, false).draws, 0);
  // Spades: each draws 1 either way.
  EXPECT_EQ(suit_effect(S, true, false).draws, 1);
  EXPECT_EQ(suit_effect(S, false, false).draws, 1);
  // Hearts: each draws 1 on failure, or discards one with hearts_failure=discard.
  EXPECT_EQ(suit_effect(H, true, false).draws, 0);
  EXPECT_EQ(suit_effect(H, false, false).draws, 1);
  EXPECT_FALSE(suit_effect(H, false, false).discard);
  EXPECT_EQ(suit_effect(H, false, true).draws, 0);
  EXPECT_TRUE(suit_effect(H, false, true).discard);
  EXPECT_FALSE(suit_effect(H, true, true).discard);
  for (int suit : {C, D, S}) EXPECT_FALSE(suit_effect(suit, false, true).discard);
}

MissionTally tally_of(std::initializer_list<std::array<int, 3>> missions) {  // {suit, vp, success}
  MissionTally t;
  for (const auto& m : missions) t.add(m[0], m[1], m[2] != 0);
  return t;
}

RoundScore score(std::array<int, 4> suits, std::array<bool, 4> traitors, const MissionTally& t,
                 int n = 4) {
  return score_round(std::span<const int>(suits.data(), static_cast<std::size_t>(n)),
                     std::span<const bool>(traitors.data(), static_cast<std::size_t>(n)), t);
}

TEST(Roles, CompromisedIsOwnerOfThePlainMajoritySuit) {
  // Two Spades missions, one Hearts: the Spades owner (seat 1) is Compromised.
  const MissionTally t = tally_of({{S, 3, 1}, {S, 2, 0}, {H, 4, 1}});
  const RoundScore r = score({D, S, H, C}, {false, false, false, false}, t);
  EXPECT_EQ(r.roles[1], Role::kCompromised);
  EXPECT_EQ(r.points[1], 5);  // VP of all Spades missions, failed included
  EXPECT_EQ(r.roles[0], Role::kLoyal);
  EXPECT_EQ(r.points[0], 3 + 4);  // VP of the successful missions, no Diamonds mission
  EXPECT_EQ(r.roles[2], Role::kLoyal);
  EXPECT_EQ(r.points[2], 7 + 1);  // plus one per Hearts mission
}

TEST(Roles, TieBrokenByFailedMissions) {
  // Spades and Hearts two each; Hearts failed more: Hearts' owner is Compromised.
  const MissionTally t = tally_of({{S, 2, 1}, {S, 2, 1}, {H, 2, 0}, {H, 2, 1}});
  EXPECT_EQ(compromised_suits(t), 1u << H);
  const RoundScore r = score({D, S, H, C}, {false, false, false, false}, t);
  EXPECT_EQ(r.roles[2], Role::kCompromised);
  EXPECT_EQ(r.roles[1], Role::kLoyal);
}

TEST(Roles, TieStillStandingCompromisesAllTied) {
  const MissionTally t = tally_of({{S, 2, 0}, {S, 2, 1}, {H, 2, 0}, {H, 2, 1}, {C, 4, 1}});
  EXPECT_EQ(compromised_suits(t), (1u << S) | (1u << H));
  const RoundScore r = score({D, S, H, C}, {false, false, false, false}, t);
  EXPECT_EQ(r.roles[1], Role::kCompromised);
  EXPECT_EQ(r.roles[2], Role::kCompromised);
  EXPECT_EQ(r.roles[3], Role::kLoyal);
}

TEST(Roles, TraitorOwnerIsNeverCompromised) {
  const MissionTally t = tally_of({{S, 2, 0}, {S, 2, 0}, {H, 2, 1}});
  const RoundScore r = score({D, S, H, C}, {false, true, false, false}, t);
  EXPECT_EQ(r.roles[1], Role::kTraitor);
  // Nobody else takes the Compromised role in its place.
  for (int s : {0, 2, 3}) EXPECT_EQ(r.roles[static_cast<std::size_t>(s)], Role::kLoyal) << s;
}

TEST(Roles, UnownedSuitCompromisesNobody) {
  // Three players hold Diamonds, Spades, Hearts; Clubs is set aside.
  const MissionTally t = tally_of({{C, 4, 1}, {C, 4, 0}, {S, 3, 1}});
  const RoundScore r = score({D, S, H, 0}, {false, false, false, false}, t, 3);
  for (int s = 0; s < 3; ++s) EXPECT_EQ(r.roles[static_cast<std::size_t>(s)], Role::kLoyal) << s;
}

TEST(Roles, NoMissionsNoCompromised) { EXPECT_EQ(compromised_suits(MissionTally{}), 0u); }

TEST(Roles, TraitorBonusOnlyWithStrictlyMoreFailures) {
  // 2 failed, 1 succeeded: 2 + 1 (a Spades mission) + 10.
  const RoundScore more =
      score({D, S, H, C}, {false, true, false, false}, tally_of({{S, 3, 0}, {H, 3, 0}, {D, 2, 1}}));
  EXPECT_EQ(more.roles[1], Role::kTraitor);
  EXPECT_EQ(more.points[1], 2 + 1 + 10);
  // 2 failed, 2 succeeded: no bonus.
  const RoundScore equal = score({D, S, H, C}, {false, true, false, false},
                                 tally_of({{S, 3, 0}, {H, 3, 0}, {D, 2, 1}, {C, 4, 1}}));
  EXPECT_EQ(equal.points[1], 2 + 1);
}

TEST(Roles, MaxRoundPointsBoundsEveryRole) {
  // Eight 10C missions after four Kings: the Clubs owner is Compromised, the others Loyal.
  MissionTally t;
  for (int i = 0; i < 8; ++i) t.add(C, 15, true);
  const RoundScore r = score({C, S, H, D}, {false, false, false, false}, t);
  EXPECT_LE(r.points[0], max_round_points(8));
  EXPECT_LE(r.points[1], max_round_points(8));
}

}  // namespace
}  // namespace kibitz::loyalist_spies
