// The valuation that the heuristic bids from and the report sets bids
// against (env/games/adulting/valuation.h).
#include "env/games/adulting/valuation.h"

#include <gtest/gtest.h>

#include "env/core/registry.h"

namespace kibitz::adulting {
namespace {

class ValuationTest : public ::testing::Test {
 protected:
  ValuationTest()
      : loaded_(load_game("adulting")), game_(static_cast<const AdultingGame&>(*loaded_)) {}
  int card(const char* name) const {
    const int index = game_.deck().find(name);
    EXPECT_GE(index, 0) << name;
    return index;
  }
  std::shared_ptr<const Game> loaded_;
  const AdultingGame& game_;
};

TEST_F(ValuationTest, AnEmptyMantleGainsOnePointFromItsFirstCard) {
  EXPECT_EQ(marginal_value(game_, {0, 0, 0}, 0, card("H1")), 1);
}

TEST_F(ValuationTest, ACardThatCompletesARowGainsTheRowBonus) {
  // Columns 1,1,0: a diamond makes the first row (+7) and a column of 1 (+1).
  EXPECT_EQ(marginal_value(game_, {1, 1, 0}, 0, card("D1")), 8);
  // A heart instead grows the hearts column from 1 to 2: 4 - 1 = 3.
  EXPECT_EQ(marginal_value(game_, {1, 1, 0}, 0, card("H1")), 3);
}

TEST_F(ValuationTest, ASpadeGoesWhereItGainsMost) {
  const int spade = card("S1");
  EXPECT_EQ(marginal_value(game_, {1, 1, 0}, 0, spade), 8);
  EXPECT_EQ(marginal_value(game_, {3, 0, 0}, 0, spade), 7);  // 16 - 9
}

TEST_F(ValuationTest, CardsAlreadyInHandAreCountedFirst) {
  // With D1 already in hand the row is made by it; H2 only grows hearts.
  const CardMask hand = card_bit(card("D1"));
  EXPECT_EQ(marginal_value(game_, {1, 1, 0}, hand, card("H2")), 3);
  EXPECT_EQ(mantle_potential(game_, {1, 1, 0}, hand), 1 + 1 + 1 + 7);
}

}  // namespace
}  // namespace kibitz::adulting
