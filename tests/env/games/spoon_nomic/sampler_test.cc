// Worlds drawn from a Spoon Nomic seat's stream: they give the seat its
// stream, keep its hand, give every other seat cards of the backs the
// Dealer's Report showed, vary, and are uniform over the unseen cards.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string>

#include "env/core/registry.h"
#include "env/core/world_sampler.h"
#include "env/games/spoon_nomic/sampler.h"
#include "tests/env/games/spoon_nomic/script.h"

namespace kibitz::spoon_nomic {
namespace {

using testing::Script;

std::array<int, cards::kMaxPacks> backs_of(const cards::CardSet& hand) {
  std::array<int, cards::kMaxPacks> n{};
  hand.for_each([&](cards::Card c) { ++n[static_cast<std::size_t>(c.back())]; });
  return n;
}

// Random games; at every tenth move each seat's worlds are checked.
TEST(SpoonSampler, WorldsRespectTheBacksAndTheSeatsHandAndVary) {
  for (const char* spec : {"spoon_nomic", "spoon_nomic(players=3,packs=2,nweeks=6)",
                           "spoon_nomic(players=5,packs=1,nweeks=14)"}) {
    const auto game = load_game(spec);
    Rng rng(5);
    auto state = game->new_initial_state();
    auto world = game->new_initial_state();
    int positions = 0;
    int varied = 0;
    for (int move = 0; !state->is_terminal(); ++move) {
      if (move % 10 == 0) {
        const auto& truth = static_cast<const SpoonState&>(*state);
        for (Player q = 0; q < game->num_players(); ++q) {
          const SeatStream stream = state->seat_stream(q);
          const auto sampler = game->new_world_sampler(q, stream);
          std::set<std::string> hands_seen;
          for (int k = 0; k < 12; ++k) {
            sampler->sample(rng, *world);
            const auto& w = static_cast<const SpoonState&>(*world);
            ASSERT_EQ(world->seat_stream(q), stream) << spec << " seat " << q;
            ASSERT_EQ(w.table().hand(q), truth.table().hand(q));
            std::string hands;
            for (Player p = 0; p < game->num_players(); ++p) {
              ASSERT_EQ(backs_of(w.table().hand(p)), backs_of(truth.table().hand(p))) << spec << " P" << p;
              hands += w.table().hand(p).to_string() + "|";
            }
            ASSERT_EQ(w.table().deck().size(), truth.table().deck().size());
            hands_seen.insert(hands);
          }
          // Someone else holds a card: the worlds should not all agree.
          int others = 0;
          for (Player p = 0; p < game->num_players(); ++p) others += p == q ? 0 : truth.table().hand(p).size();
          if (others > 0) {
            ++positions;
            varied += hands_seen.size() > 1;
          }
        }
      }
      state->apply_action(state->is_chance_node() ? state->sample_chance_outcome(rng)
                                                  : state->legal_actions()[rng.uniform_int(3)]);
    }
    EXPECT_GT(positions, 5) << spec;
    EXPECT_GE(varied * 10, positions * 9) << spec;
  }
}

// One deal each from one pack: seat 0 holds AD, so P1's card is uniform over
// the other 51 (chi-square, 50 degrees of freedom; the 0.1% critical value
// is 86.7); and the rejected roll's face is a dealt card, uniform over them.
TEST(SpoonSampler, HiddenCardsAreUniformOverTheUnseen) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=3)");
  s.quiet_nweek();
  s.roll({1, 30, 30, 40});  // P0 AD, P1 4H, a rejected roll (4H), P2 1C
  const SeatStream stream = s.stream(0);
  const auto sampler = s.game().new_world_sampler(0, stream);
  auto world = s.game().new_initial_state();
  Rng rng(99);
  constexpr int kDraws = 51 * 200;
  std::map<int, int> p1_card;
  std::map<bool, int> rejected_is_p0s;
  for (int k = 0; k < kDraws; ++k) {
    sampler->sample(rng, *world);
    const auto& w = static_cast<const SpoonState&>(*world);
    const cards::Card c = w.table().hand(1).first();
    ++p1_card[c.id()];
    ASSERT_NE(c.id(), 1) << "a world gave P1 the seat's own card";
    // History: 9 moves of nweek 1, then AD, P1's card, the rejected face.
    const Action face = world->history()[8];
    ASSERT_TRUE(face == 1 || face == c.id()) << "the rejected face " << face << " was in the Deck";
    ++rejected_is_p0s[face == 1];
  }
  ASSERT_EQ(p1_card.size(), 51u);
  double chi2 = 0;
  const double expected = kDraws / 51.0;
  for (const auto& [card, n] : p1_card) chi2 += (n - expected) * (n - expected) / expected;
  EXPECT_LT(chi2, 86.7);
  EXPECT_NEAR(rejected_is_p0s[true], kDraws / 2, 4 * std::sqrt(kDraws / 4.0));
}

// The generic ReplayWorldSampler, which knows nothing of this game, agrees:
// its worlds for the same stream give P1 a card uniform over the 51 unseen
// and the rejected roll P0's or P1's card, half the time each.
TEST(SpoonSampler, TheGenericSamplerDrawsTheSameWorlds) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=2)");
  s.quiet_nweek();
  s.roll({1, 30, 30, 40});
  const SeatStream stream = s.stream(0);
  ReplayWorldSampler generic(s.game().shared(), 0, stream);
  auto world = s.game().new_initial_state();
  Rng rng(3);
  constexpr int kDraws = 51 * 60;
  std::map<int, int> p1_card;
  int rejected_is_p0s = 0;
  for (int k = 0; k < kDraws; ++k) {
    generic.sample(rng, *world);
    ASSERT_EQ(world->seat_stream(0), stream);
    const auto& w = static_cast<const SpoonState&>(*world);
    ++p1_card[w.table().hand(1).first().id()];
    rejected_is_p0s += world->history()[8] == 1;
  }
  ASSERT_EQ(p1_card.size(), 51u);
  double chi2 = 0;
  const double expected = kDraws / 51.0;
  for (const auto& [card, n] : p1_card) chi2 += (n - expected) * (n - expected) / expected;
  EXPECT_LT(chi2, 86.7);
  EXPECT_NEAR(rejected_is_p0s, kDraws / 2, 4 * std::sqrt(kDraws / 4.0));
}

TEST(SpoonSampler, RefusesAStreamNoGameGives) {
  Script s("spoon_nomic(players=3,packs=1,nweeks=3)");
  s.quiet_nweek();
  s.roll({1, 2});
  SeatStream stream = s.stream(0);
  const SeatStream good = stream;
  // P1's card shown in P0's stream.
  stream.back() = Observation(static_cast<int>(Obs::kDealtSeen)).add(1).add(2);
  EXPECT_THROW(s.game().new_world_sampler(0, stream), KibitzError);
  // A blue card in a one-pack game.
  stream.back() = Observation(static_cast<int>(Obs::kDealtBlue)).add(1);
  EXPECT_THROW(s.game().new_world_sampler(0, stream), KibitzError);
  // A card dealt to P2 before P1.
  stream.back() = Observation(static_cast<int>(Obs::kDealtRed)).add(2);
  EXPECT_THROW(s.game().new_world_sampler(0, stream), KibitzError);
  // A rejected roll before any card is out.
  SeatStream early(good.begin(), good.begin() + 8);
  early.push_back(Observation(static_cast<int>(Obs::kRollAgain)).add(0));
  EXPECT_THROW(s.game().new_world_sampler(0, early), KibitzError);
  EXPECT_NO_THROW(s.game().new_world_sampler(0, good));
}

}  // namespace
}  // namespace kibitz::spoon_nomic
