// Laws and Disorder's Knowledge: what one seat knows, read from hand-built
// streams written as text (positions, draws, laws made, paid, amended and
// dropped, monies moved by effects and abilities, hands after discards,
// hand-overs and thefts, the final round), and the tensor's size and
// layout.
#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/move_values.h"
#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder {
namespace {

using K = Kind;

Config config_of(int players) {
  Config config;
  config.players = players;
  return config;
}

// Knowledge of `viewer` after the stream written as text, one observation a
// line.
Knowledge read_text(int players, int viewer, std::initializer_list<const char*> lines) {
  static const StreamSpec spec = laws_and_disorder_stream_spec();
  Knowledge knowledge(config_of(players), viewer);
  for (const char* line : lines) knowledge.read(spec.from_text(line));
  return knowledge;
}

void read_more(Knowledge& knowledge, std::initializer_list<const char*> lines) {
  static const StreamSpec spec = laws_and_disorder_stream_spec();
  for (const char* line : lines) knowledge.read(spec.from_text(line));
}

int count(const KindCounts& counts, Kind kind) { return counts[static_cast<std::size_t>(kind)]; }
int pos(Position p) { return static_cast<int>(p); }

TEST(Knowledge, StartsWithThreeMoniesEmptyHandsAndAFullDeck) {
  const Knowledge k = read_text(3, 1, {});
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(k.monies[s], kStartingMonies);
    EXPECT_EQ(k.hand_size[s], 0);
    EXPECT_EQ(k.position_of[s], -1);
  }
  EXPECT_EQ(k.deck_size, kDeckSize);
  EXPECT_EQ(k.num_laws, 0);
  EXPECT_EQ(k.turn_player, -1);
}

TEST(Knowledge, TheDealSetsPositionsAndDrawsCountForEverySeat) {
  const Knowledge k = read_text(2, 0,
                                {"P0 holds JUDGE", "P1 holds THIEF", "nobody holds BANKER", "P0 draws GIVES",
                                 "P0 draws GIVES", "P1 draws a card", "turn 1 of P0"});
  EXPECT_EQ(k.position_of[0], pos(Position::kJudge));
  EXPECT_EQ(k.position_of[1], pos(Position::kThief));
  EXPECT_EQ(k.holder[pos(Position::kJudge)], 0);
  EXPECT_EQ(k.holder[pos(Position::kThief)], 1);
  EXPECT_EQ(k.holder[pos(Position::kBanker)], -1);
  EXPECT_EQ(count(k.hand, K::kGives), 2);
  EXPECT_EQ(k.hand_size[0], 2);
  EXPECT_EQ(k.hand_size[1], 1);
  EXPECT_EQ(k.deck_size, kDeckSize - 3);
  EXPECT_EQ(k.turn_player, 0);
  EXPECT_EQ(k.turn_number, 1);
}

TEST(Knowledge, ALawIsBuiltCardByCardThenMadePaidAndTakesEffect) {
  Knowledge k = read_text(2, 1,
                          {"P0 holds BANKER", "P1 holds JUDGE", "P0 draws a card", "P0 draws a card",
                           "P0 draws a card", "P1 draws LOSES", "turn 1 of P0", "P0 puts JUDGE in the law",
                           "P0 puts LOSES in the law"});
  EXPECT_EQ(k.building, Law::of({K::kJudge, K::kLoses}));
  EXPECT_EQ(k.builder, 0);
  EXPECT_TRUE(k.made_law);
  EXPECT_EQ(k.hand_size[0], 1);
  read_more(k, {"P0 puts 2-MONIES in the law", "P0 makes L1 JUDGE LOSES 2-MONIES", "P0 is paid 6 for L1",
                "L1 takes effect for P1", "P1 loses 2 monies by L1"});
  EXPECT_TRUE(k.building.empty());
  EXPECT_EQ(k.builder, -1);
  ASSERT_EQ(k.num_laws, 1);
  EXPECT_EQ(k.laws[0].serial, 1);
  EXPECT_EQ(k.laws[0].maker, 0);
  EXPECT_EQ(k.laws[0].law, Law::of({K::kJudge, K::kLoses, K::kTwoMonies}));
  EXPECT_EQ(k.hand_size[0], 0);
  EXPECT_EQ(k.monies[0], 3 + 6);  // the Banker's double pay
  EXPECT_EQ(k.paid_for_laws[0], 6);
  EXPECT_EQ(k.monies[1], 3 - 2);
  // The effect in progress names the law and the seat it hits.
  EXPECT_EQ(k.effect_serial, 1);
  EXPECT_EQ(k.effect_seat, 1);
  EXPECT_EQ(k.effect_law, k.laws[0].law);
  // A new turn clears the turn flags and the effect.
  read_more(k, {"P0 ends the turn", "turn 2 of P1"});
  EXPECT_FALSE(k.made_law);
  EXPECT_EQ(k.effect_serial, -1);
}

TEST(Knowledge, GiftsOfMoniesMoveBetweenSeatsOrAreLost) {
  Knowledge k = read_text(3, 2,
                          {"P0 holds JUDGE", "P1 holds THIEF", "P2 holds PRIEST", "turn 1 of P0",
                           "P0 makes L1 JUDGE GIVES 2-MONIES", "P0 is paid 3 for L1", "L1 takes effect for P0",
                           "P0 gives 2 monies to P1 by L1"});
  EXPECT_EQ(k.monies[0], 3 + 3 - 2);
  EXPECT_EQ(k.monies[1], 3 + 2);
  read_more(k, {"P0 makes L2 THIEF GIVES BANKER 1-MONIES", "P0 is paid 4 for L2", "L2 takes effect for P1",
                "nobody receives from P1", "P1 loses 1 monies by L2"});
  EXPECT_EQ(k.monies[1], 3 + 2 - 1);
  EXPECT_EQ(k.monies[2], 3);
}

TEST(Knowledge, EveryAbilityCostsItsUserTwo) {
  Knowledge k = read_text(2, 0,
                          {"P0 holds MERCHANT", "P1 holds JUDGE", "turn 1 of P0", "P0 uses the merchant to trade"});
  EXPECT_EQ(k.monies[0], 3 - kAbilityCost);
  EXPECT_TRUE(k.used_ability);
  read_more(k, {"P0 ends the turn", "turn 2 of P1", "P1 makes L1 JUDGE GAINS 1-MONIES", "P1 is paid 3 for L1",
                "L1 takes effect for P1", "P1 gains 1 monies by L1", "P1 uses the judge to enforce L1",
                "L1 takes effect for P1", "P1 gains 1 monies by L1"});
  EXPECT_EQ(k.monies[1], 3 + 3 + 1 - kAbilityCost + 1);
  EXPECT_EQ(k.effect_serial, 1);
  read_more(k, {"P1 ends the turn", "turn 3 of P0", "P0 ends the turn", "turn 4 of P1",
                "P1 uses the judge to destroy L1"});
  EXPECT_EQ(k.num_laws, 0);
  EXPECT_EQ(k.monies[1], 3 + 3 + 1 - kAbilityCost + 1 - kAbilityCost);
}

TEST(Knowledge, OwnHandFollowsDrawsDiscardsAndHandOvers) {
  Knowledge k = read_text(3, 0,
                          {"P0 holds JUDGE", "P1 holds THIEF", "P2 holds PRIEST", "P0 draws GIVES",
                           "P0 draws 1-CARD", "P0 draws LOSES", "P1 draws a card", "P1 draws a card",
                           "P2 draws a card", "P0 discards LOSES", "P1 discards a card"});
  EXPECT_EQ(count(k.hand, K::kLoses), 0);
  EXPECT_EQ(k.hand_size[0], 2);
  EXPECT_EQ(k.hand_size[1], 1);
  // The viewer gives a card: picks move nothing, the hand-over does, and the
  // viewer now knows P2 holds it.
  read_more(k, {"P0 picks GIVES to give", "P0 hands GIVES to P2"});
  EXPECT_EQ(count(k.hand, K::kGives), 0);
  EXPECT_EQ(k.hand_size[0], 1);
  EXPECT_EQ(k.hand_size[2], 2);
  EXPECT_EQ(count(k.seen[2], K::kGives), 1);
  // The viewer receives a card.
  read_more(k, {"P2 hands GIVES to P0"});
  EXPECT_EQ(count(k.hand, K::kGives), 1);
  EXPECT_EQ(count(k.seen[2], K::kGives), 0);
  EXPECT_EQ(k.hand_size[2], 1);
  // Between others: sizes only.
  read_more(k, {"P1 picks a card to give", "P2 hands 1 cards to P1"});
  EXPECT_EQ(k.hand_size[1], 2);
  EXPECT_EQ(k.hand_size[2], 0);
  EXPECT_EQ(k.deck_size, kDeckSize - 6);
}

TEST(Knowledge, TheThiefSeesTheHandAndTakesACard) {
  Knowledge k = read_text(2, 0,
                          {"P0 holds THIEF", "P1 holds JUDGE", "P1 draws a card", "P1 draws a card",
                           "P1 draws a card", "turn 1 of P0", "P0 uses the thief on P1"});
  EXPECT_EQ(k.theft_victim, 1);
  read_more(k, {"P1 shows GIVES JUDGE JUDGE", "P0 takes GIVES from P1"});
  EXPECT_EQ(k.theft_victim, -1);
  EXPECT_EQ(k.monies[0], 3 - kAbilityCost);
  EXPECT_EQ(count(k.hand, K::kGives), 1);
  EXPECT_EQ(k.hand_size[0], 1);
  EXPECT_EQ(k.hand_size[1], 2);
  EXPECT_EQ(count(k.seen[1], K::kJudge), 2);
  EXPECT_EQ(count(k.seen[1], K::kGives), 0);
  // P1 plays a JUDGE into a law in public: the belief drops it.
  read_more(k, {"P0 ends the turn", "turn 2 of P1", "P1 puts JUDGE in the law"});
  EXPECT_EQ(count(k.seen[1], K::kJudge), 1);
  // Cards of unknown kinds played: the belief keeps what it knows.
  read_more(k, {"P1 draws a card", "P1 draws a card", "P1 puts LOSES in the law", "P1 puts 1-MONIES in the law",
                "P1 makes L1 JUDGE LOSES 1-MONIES"});
  EXPECT_EQ(k.hand_size[1], 1);
  EXPECT_EQ(count(k.seen[1], K::kJudge), 1);
  // A hidden discard empties the hand: nothing is believed any more.
  read_more(k, {"P1 discards a card"});
  EXPECT_EQ(count(k.seen[1], K::kJudge), 0);
  // A later theft shows the hand afresh: the old belief is replaced.
  read_more(k, {"P1 draws a card", "P1 draws a card", "P1 ends the turn", "turn 3 of P0"});
  k.seen[1][static_cast<std::size_t>(K::kJudge)] = 1;  // a stale belief
  read_more(k, {"P0 uses the thief on P1", "P1 shows GIVES", "P1 shows LOSES"});
  EXPECT_EQ(count(k.seen[1], K::kJudge), 0);
  EXPECT_EQ(count(k.seen[1], K::kGives), 1);
  EXPECT_EQ(count(k.seen[1], K::kLoses), 1);  // a second chunk adds to the first
}

TEST(Knowledge, TheVictimLearnsTheStolenCardAndOthersOnlyTheCount) {
  const char* deal[] = {"P0 holds THIEF", "P1 holds JUDGE", "P2 holds BANKER", "P1 draws GIVES",
                        "turn 1 of P0", "P0 uses the thief on P1", "P0 takes GIVES from P1"};
  Knowledge victim(config_of(3), 1);
  const StreamSpec spec = laws_and_disorder_stream_spec();
  for (const char* line : deal) victim.read(spec.from_text(line));
  EXPECT_EQ(count(victim.hand, K::kGives), 0);
  EXPECT_EQ(victim.hand_size[1], 0);
  EXPECT_EQ(count(victim.seen[0], K::kGives), 1);
  const Knowledge other = read_text(3, 2,
                                    {"P0 holds THIEF", "P1 holds JUDGE", "P2 holds BANKER", "P1 draws a card",
                                     "turn 1 of P0", "P0 uses the thief on P1", "P0 takes a card from P1"});
  EXPECT_EQ(other.hand_size[0], 1);
  EXPECT_EQ(other.hand_size[1], 0);
}

TEST(Knowledge, AJobChangeSwapsPositionsOrLeavesTheOldOneUnheld) {
  Knowledge k = read_text(2, 1,
                          {"P0 holds JUDGE", "P1 holds THIEF", "P0 draws a card", "P0 draws a card",
                           "turn 1 of P0", "P0 plays THIEF to change job", "P0 holds THIEF", "P1 holds JUDGE"});
  EXPECT_EQ(k.position_of[0], pos(Position::kThief));
  EXPECT_EQ(k.position_of[1], pos(Position::kJudge));
  EXPECT_EQ(k.holder[pos(Position::kThief)], 0);
  EXPECT_EQ(k.holder[pos(Position::kJudge)], 1);
  EXPECT_EQ(k.hand_size[0], 1);
  EXPECT_TRUE(k.changed_job);
  read_more(k, {"P0 ends the turn", "turn 2 of P0", "P0 plays PRIEST to change job", "P0 holds PRIEST",
                "nobody holds THIEF"});
  EXPECT_EQ(k.position_of[0], pos(Position::kPriest));
  EXPECT_EQ(k.holder[pos(Position::kThief)], -1);
  EXPECT_EQ(k.holder[pos(Position::kPriest)], 0);
}

TEST(Knowledge, AmendmentsChangeTheLawAndTheUsersHand) {
  Knowledge k = read_text(2, 1,
                          {"P0 holds SCIENTIST", "P1 holds MERCHANT", "P0 draws a card", "P1 draws LOSES",
                           "P1 draws BANKER", "turn 1 of P0", "P0 makes L1 JUDGE GAINS 3-MONIES",
                           "P0 uses the scientist to add WHEN-ABILITY to L1"});
  EXPECT_EQ(k.laws[0].law, Law::of({K::kJudge, K::kGains, K::kThreeMonies, K::kWhenAbility}));
  EXPECT_EQ(k.hand_size[0], 0);
  EXPECT_EQ(k.monies[0], 3 - kAbilityCost);
  read_more(k, {"P0 ends the turn", "turn 2 of P1", "P1 uses the merchant to put LOSES for GAINS in L1"});
  EXPECT_EQ(k.laws[0].law, Law::of({K::kJudge, K::kLoses, K::kThreeMonies, K::kWhenAbility}));
  EXPECT_EQ(count(k.hand, K::kLoses), 0);
  EXPECT_EQ(count(k.hand, K::kGains), 1);
  EXPECT_EQ(k.hand_size[1], 2);
  read_more(k, {"P1 ends the turn", "turn 3 of P0", "P0 uses the scientist to take WHEN-ABILITY from L1"});
  EXPECT_EQ(k.laws[0].law, Law::of({K::kJudge, K::kLoses, K::kThreeMonies}));
  EXPECT_EQ(k.hand_size[0], 1);
  EXPECT_EQ(count(k.seen[0], K::kWhenAbility), 1);  // taken in public
}

TEST(Knowledge, APriestSwapReplacesTheSlotHoldingTheCard) {
  Knowledge k = read_text(2, 0,
                          {"P0 holds PRIEST", "P1 holds JUDGE", "P0 draws THIEF", "turn 1 of P0",
                           "P1 makes L1 JUDGE GIVES ANY-POSITION 1-CARD",
                           "P0 uses the priest to put THIEF for ANY-POSITION in L1 as card 3"});
  EXPECT_EQ(k.laws[0].law, Law::of({K::kJudge, K::kGives, K::kThief, K::kOneCard}));
  EXPECT_EQ(count(k.hand, K::kAnyPosition), 1);
  // ANY-POSITION GIVES ANY-POSITION: the card's place says which one.
  read_more(k, {"P1 makes L2 ANY-POSITION GIVES ANY-POSITION 1-CARD", "P0 draws BANKER", "P0 draws THIEF",
                "P0 uses the priest to put BANKER for ANY-POSITION in L2 as card 3"});
  EXPECT_EQ(k.laws[1].law, Law::of({K::kAnyPosition, K::kGives, K::kBanker, K::kOneCard}));
  read_more(k, {"P0 uses the priest to put THIEF for ANY-POSITION in L2 as card 1"});
  EXPECT_EQ(k.laws[1].law, Law::of({K::kThief, K::kGives, K::kBanker, K::kOneCard}));
  // A place that does not hold the card is a contradiction.
  EXPECT_THROW(read_more(k, {"P0 uses the priest to put JUDGE for ANY-POSITION in L2 as card 1"}), KibitzError);
}

TEST(Knowledge, DroppedLawsLeaveTheTableInOrder) {
  Knowledge k = read_text(2, 0,
                          {"P0 holds JUDGE", "P1 holds THIEF", "P0 makes L1 JUDGE GAINS 1-MONIES",
                           "P0 makes L2 THIEF GAINS 2-MONIES", "P0 makes L3 THIEF LOSES 2-MONIES",
                           "L1 is dropped"});
  ASSERT_EQ(k.num_laws, 2);
  EXPECT_EQ(k.laws[0].serial, 2);
  EXPECT_EQ(k.laws[1].serial, 3);
  EXPECT_EQ(k.find_law(1), nullptr);
  ASSERT_NE(k.find_law(3), nullptr);
  EXPECT_EQ(k.find_law(3)->law, Law::of({K::kThief, K::kLoses, K::kTwoMonies}));
}

TEST(Knowledge, TheLastCardStartsTheFinalRound) {
  Knowledge k = read_text(3, 0, {"P0 holds JUDGE", "P1 holds THIEF", "P2 holds BANKER", "turn 40 of P1"});
  EXPECT_FALSE(k.last_card_drawn);
  EXPECT_EQ(k.turns_left, -1);
  read_more(k, {"P1 draws a card", "the last card is drawn", "P1 ends the turn"});
  EXPECT_TRUE(k.last_card_drawn);
  EXPECT_EQ(k.turns_left, 3);
  read_more(k, {"turn 41 of P2"});
  EXPECT_EQ(k.turns_left, 2);
  read_more(k, {"P2 ends the turn", "turn 42 of P0", "P0 ends the turn", "turn 43 of P1"});
  EXPECT_EQ(k.turns_left, 0);
  read_more(k, {"P1 ends the turn", "P0 ends with 9 monies", "P1 ends with 1 monies", "P2 ends with 3 monies"});
  EXPECT_TRUE(k.game_over);
  EXPECT_EQ(k.monies[0], 9);
  EXPECT_EQ(k.monies[1], 1);
}

TEST(Knowledge, StreamsThatContradictThemselvesAreErrors) {
  EXPECT_THROW(read_text(2, 0, {"L3 is dropped"}), KibitzError);
  EXPECT_THROW(read_text(2, 0, {"P0 discards GIVES"}), KibitzError);
  EXPECT_THROW(read_text(2, 0, {"P0 draws a card"}), KibitzError);
  EXPECT_THROW(read_text(2, 0, {"P0 uses the judge to enforce L1"}), KibitzError);
  EXPECT_THROW(Knowledge(config_of(2), 2), KibitzError);
}

TEST(Knowledge, TheTensorHasAFixedSizePerPlayerCount) {
  EXPECT_EQ(tensor_size(6), 2017);
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    const Knowledge k = read_text(players, 1,
                                  {"P0 holds JUDGE", "P1 holds THIEF", "P1 draws GIVES",
                                   "P0 makes L1 JUDGE GIVES THIEF 2-MONIES WHEN-LAW-MADE"});
    std::vector<float> tensor(static_cast<std::size_t>(tensor_size(players)), -1.0f);
    k.encode(tensor);
    // The table's blocks are counts, flags and shares; the move values that
    // end the tensor are signed log worths (a card to give is worth minus
    // what keeping it is worth), small in a game this young.
    const std::size_t table = tensor.size() - static_cast<std::size_t>(kMoveValueFloats);
    for (std::size_t i = 0; i < tensor.size(); ++i) {
      EXPECT_TRUE(std::isfinite(tensor[i]));
      EXPECT_GE(tensor[i], i < table ? 0.0f : -4.0f);
      if (i >= table) {
        EXPECT_LE(tensor[i], 4.0f);
      }
    }
    // The viewer block comes first, then the turn player (none yet).
    EXPECT_EQ(tensor[0], 0.0f);
    EXPECT_EQ(tensor[1], 1.0f);
    // Positions: P1 holds THIEF.
    EXPECT_EQ(tensor[static_cast<std::size_t>(2 * players + kNumPositions + pos(Position::kThief))], 1.0f);
  }
}

TEST(Knowledge, TheTensorSaysWhetherALawAffectsTheViewer) {
  const int players = 2;
  const Knowledge k = read_text(players, 1,
                                {"P0 holds JUDGE", "P1 holds THIEF", "P0 makes L1 JUDGE GIVES THIEF 2-MONIES"});
  std::vector<float> tensor(static_cast<std::size_t>(tensor_size(players)));
  k.encode(tensor);
  // The first law slot starts after the fixed blocks.
  const std::size_t slot = static_cast<std::size_t>(2 * players + 6 * players + 2 * players + 20 + 20 * players +
                                                    1 + 2 + 4 + players);
  const std::size_t law_size = static_cast<std::size_t>(32 + players);
  EXPECT_EQ(tensor[slot], 1.0f);                                  // present
  EXPECT_EQ(tensor[slot + 1 + pos(Position::kJudge)], 1.0f);      // subject JUDGE
  EXPECT_EQ(tensor[slot + 1 + 7 + 2], 1.0f);                      // verb GIVES
  EXPECT_EQ(tensor[slot + 1 + 7 + 3 + 1 + pos(Position::kThief)], 1.0f);  // recipient THIEF
  EXPECT_EQ(tensor[slot + 1 + 7 + 3 + 8 + 3], 1.0f);              // object 2-MONIES
  EXPECT_EQ(tensor[slot + 1 + 7 + 3 + 8 + 7], 1.0f);              // when: none
  EXPECT_EQ(tensor[slot + 1 + 7 + 3 + 8 + 7 + 4 + 0], 1.0f);      // maker P0
  EXPECT_EQ(tensor[slot + law_size - 2], 0.0f);                   // not aimed at the Thief (P1)
  EXPECT_EQ(tensor[slot + law_size - 1], 1.0f);                   // gives to the viewer
  EXPECT_EQ(tensor[slot + law_size], 0.0f);                       // the second slot is empty
}

TEST(Knowledge, DescribeNamesTheSeatItsMoniesAndTheLaws) {
  const Knowledge k = read_text(2, 0,
                                {"P0 holds BANKER", "P1 holds JUDGE", "P0 draws GIVES", "turn 1 of P0",
                                 "P1 makes L1 JUDGE GAINS 2-MONIES"});
  const std::string text = k.describe();
  EXPECT_NE(text.find("P0 BANKER"), std::string::npos) << text;
  EXPECT_NE(text.find("hand GIVES"), std::string::npos) << text;
  EXPECT_NE(text.find("L1 by P1: THE JUDGE GAINS 2 MONIES"), std::string::npos) << text;
  EXPECT_NE(text.find("deck 77"), std::string::npos) << text;
  EXPECT_EQ(text.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder
