// The game's deals are the substrate's Dealer's: a deal reproduced from a
// seeded Dealer's logged rolls, rejected ones included, fed to the game as
// its chance outcomes, gives the same hands, Deck, roll log and Dealer's
// Report, and the game's roll log passes cards::audit_rolls.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "env/cards/dealer.h"
#include "tests/env/games/spoon_nomic/script.h"

namespace kibitz::spoon_nomic {
namespace {

using testing::Script;

// Three players, one pack, everyone voting yes every nweek: 57 cards are due
// over twenty nweeks and the Deck holds 52, so the deal empties it and
// rejects many rolls on the way.
TEST(SpoonDealer, ADealReproducedFromALoggedRollSequence) {
  constexpr int kPlayers = 3;
  constexpr int kWeeks = 20;
  Script s("spoon_nomic(players=3,packs=1,nweeks=20)");
  cards::Dealer dealer(1, std::uint64_t{20260314});
  std::array<cards::CardSet, kPlayers> hands{};
  for (int week = 0; week < kWeeks; ++week) {
    if (week > 0) {
      dealer.next_step();
      const std::size_t before = dealer.rolls().size();
      // The Dealer deals to last nweek's voters (everyone) in seat order...
      for (int p = 0; p < kPlayers; ++p) dealer.deal(p, hands[static_cast<std::size_t>(p)]);
      // ...and its rolls, rejected ones included, are the game's chance outcomes.
      for (std::size_t i = before; i < dealer.rolls().size(); ++i) {
        ASSERT_EQ(s.table().phase(), Phase::kDeal) << "nweek " << week + 1 << ", roll " << i;
        ASSERT_EQ(s.table().receiver(), dealer.rolls()[i].receiver);
        s.state().apply_action(dealer.rolls()[i].roll);
      }
    }
    ASSERT_EQ(s.table().phase(), Phase::kPropose) << "the game wants another roll in nweek " << week + 1;
    s.propose({0, 0, 0});
    s.vote({"yes", "yes", "yes"});
  }
  ASSERT_TRUE(s.state().is_terminal());
  int rejected = 0;
  for (const auto& r : dealer.rolls()) rejected += r.accepted ? 0 : 1;
  EXPECT_GT(rejected, 20) << "the test means to reproduce many rejected rolls";
  for (int p = 0; p < kPlayers; ++p) EXPECT_EQ(s.table().hand(p), hands[static_cast<std::size_t>(p)]) << p;
  EXPECT_EQ(s.table().deck(), dealer.deck());
  EXPECT_TRUE(s.table().deck().empty());
  const std::vector<cards::DealerRoll> log = s.state().roll_log();
  EXPECT_EQ(log, dealer.rolls());
  EXPECT_EQ(cards::audit_rolls(1, cards::full_deck(1), log), s.table().deck());
  EXPECT_EQ(s.state().dealers_report(), dealer.report());
}

// The roll log of any game audits, and a tampered one does not.
TEST(SpoonDealer, RandomGamesRollLogsAudit) {
  for (const char* spec : {"spoon_nomic", "spoon_nomic(players=6,packs=1,nweeks=10)"}) {
    Script s(spec);
    Rng rng(11);
    while (!s.state().is_terminal()) {
      if (s.state().is_chance_node()) {
        s.state().apply_action(s.state().sample_chance_outcome(rng));
      } else {
        const auto legal = s.state().legal_actions();
        s.state().apply_action(legal[rng.uniform_int(legal.size())]);
      }
    }
    const auto& g = static_cast<const SpoonGame&>(s.game());
    std::vector<cards::DealerRoll> log = s.state().roll_log();
    ASSERT_FALSE(log.empty()) << spec;
    EXPECT_EQ(cards::audit_rolls(g.packs(), cards::full_deck(g.packs()), log), s.table().deck()) << spec;
    log.front().accepted = !log.front().accepted;
    EXPECT_THROW(cards::audit_rolls(g.packs(), cards::full_deck(g.packs()), log), KibitzError) << spec;
  }
}

}  // namespace
}  // namespace kibitz::spoon_nomic
