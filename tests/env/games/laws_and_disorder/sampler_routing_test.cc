// Laws and Disorder's world sampler on two streams that real games reached
// (a net and a search playing, 2026-12-04), which it once failed every time
// (docs/PERFORMANCE.md, "Laws and Disorder with each move's worth in its
// tensor"). Both are seat P0's stream in laws_and_disorder(players=4):
//  - card_passed_on_p0.txt: a 2-CARDS that P0 handed P1 must reach P3
//    through two hidden gifts (P1 to P2, P2 to P3) for P3 to hand it back,
//    since the deck's other three are accounted for; the sampler chose
//    hidden gifts by what the receiver itself shows next, so it never
//    routed the card on.
//  - hand_seen_after_gifts_p0.txt: P0 sees P1's whole hand as thief after
//    many hidden gifts; the first form of the routing fix sent P1 known
//    cards its hand did not hold.
// Every world drawn must give the seat its stream exactly.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/sampler.h"

namespace kibitz::laws_and_disorder {
namespace {

constexpr int kSeeds = 12;

std::vector<Observation> read_stream_file(const Game& game, const std::string& name) {
  std::ifstream in(std::string(KIBITZ_TEST_DATA_DIR) + "/" + name);
  EXPECT_TRUE(in.good()) << "cannot read " << name;
  std::vector<Observation> stream;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) stream.push_back(game.stream_spec().from_text(line));
  }
  return stream;
}

void expect_worlds_for(const std::string& name) {
  const auto game = load_game("laws_and_disorder(players=4)");
  const auto& laws = static_cast<const LawsAndDisorderGame&>(*game);
  const std::vector<Observation> stream = read_stream_file(*game, name);
  ASSERT_GT(stream.size(), 300u);
  std::unique_ptr<State> world = game->new_initial_state();
  for (int seed = 0; seed < kSeeds; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    ASSERT_NO_THROW(sample_world(laws, 0, stream, rng, *world)) << name << ", seed " << seed;
    const SeatStream drawn = world->seat_stream(0);
    ASSERT_EQ(drawn.size(), stream.size()) << name << ", seed " << seed;
    for (std::size_t i = 0; i < stream.size(); ++i) {
      ASSERT_EQ(drawn[i], stream[i]) << name << ", seed " << seed << ", observation " << i + 1;
    }
  }
}

TEST(LawsSamplerRouting, AKnownCardPassesThroughAnotherSeatsHiddenGifts) {
  expect_worlds_for("card_passed_on_p0.txt");
}

TEST(LawsSamplerRouting, AWholeHandSeenAfterHiddenGifts) { expect_worlds_for("hand_seen_after_gifts_p0.txt"); }

}  // namespace
}  // namespace kibitz::laws_and_disorder
