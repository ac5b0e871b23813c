// The Laws and Disorder world sampler (env/games/laws_and_disorder/
// sampler.h) over random games of every test spec, every seat, at many
// points: the world gives the seat its stream exactly, holds the seat's own
// hand, is reproducible from the generator state, varies with it, and after
// a theft by the seat holds the victim's hand as the seat saw it.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"
#include "env/games/laws_and_disorder/sampler.h"

namespace kibitz::laws_and_disorder {
namespace {

constexpr int kGamesPerSpec = 4;
constexpr int kCheckEvery = 7;  // moves between checked points
constexpr int kWorldsPerPoint = 3;

const LawsAndDisorderState& ld(const State& s) { return static_cast<const LawsAndDisorderState&>(s); }

// The other seats' hands, and the deck, as one string: what a world hides.
std::string hidden_part(const LawsAndDisorderState& s, Player seat) {
  std::string out;
  for (int p = 0; p < s.num_players(); ++p) {
    if (p == seat) continue;
    for (int k = 0; k < kNumKinds; ++k) out += std::to_string(s.hand(p)[static_cast<std::size_t>(k)]) + ",";
    out += "|";
  }
  for (int k = 0; k < kNumKinds; ++k) out += std::to_string(s.deck()[static_cast<std::size_t>(k)]) + ",";
  return out;
}

// Random play, calling `check` at every kCheckEvery-th state.
template <typename F>
void play(const std::shared_ptr<const Game>& game, std::uint64_t seed, F&& check) {
  Rng rng(seed);
  std::unique_ptr<State> state = game->new_initial_state();
  ActionList actions;
  for (int step = 0; !state->is_terminal(); ++step) {
    if (step % kCheckEvery == 0) check(*state);
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
    } else {
      state->legal_actions(actions);
      state->apply_action(actions[rng.uniform_int(actions.size())]);
    }
  }
  check(*state);
}

class SamplerTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SamplerTest, WorldsGiveTheSeatItsStreamAndItsHand) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  std::unique_ptr<State> world = game->new_initial_state();
  std::unique_ptr<State> again = game->new_initial_state();
  int points = 0, varied = 0, hidden_points = 0;
  for (int g = 0; g < kGamesPerSpec; ++g) {
    play(game, 1000 + static_cast<std::uint64_t>(g), [&](const State& truth) {
      for (Player seat = 0; seat < game->num_players(); ++seat) {
        const SeatStream stream = truth.seat_stream(seat);
        const std::unique_ptr<WorldSampler> sampler = game->new_world_sampler(seat, stream);
        std::set<std::string> worlds;
        for (int w = 0; w < kWorldsPerPoint; ++w) {
          Rng rng(static_cast<std::uint64_t>(w) * 7919 + 13);
          sampler->sample(rng, *world);
          ASSERT_EQ(world->seat_stream(seat), stream) << GetParam() << " seat " << seat << " game " << g;
          ASSERT_EQ(world->move_number(), truth.move_number());
          ASSERT_EQ(ld(*world).hand(seat), ld(truth).hand(seat)) << "the seat's own hand";
          ASSERT_EQ(world->current_player(), truth.current_player());
          if (truth.current_player() == seat) {
            ASSERT_EQ(world->legal_actions(), truth.legal_actions());
          }
          // The same generator state, through the state's own entry point
          // into a reused state: the same world.
          Rng replay(static_cast<std::uint64_t>(w) * 7919 + 13);
          truth.resample_from_infostate(seat, replay, *again);
          ASSERT_TRUE(states_equal(*again, *world)) << "the same seed gave two worlds";
          worlds.insert(hidden_part(ld(*world), seat));
        }
        ++points;
        if (ld(truth).deck_size() > 0 && ld(truth).deck_size() < kDeckSize) {
          ++hidden_points;
          if (worlds.size() > 1) ++varied;
        }
      }
    });
  }
  EXPECT_GT(points, 0);
  // Hidden hands and decks vary across seeds at most points.
  EXPECT_GT(varied * 2, hidden_points) << varied << " of " << hidden_points << " points varied";
}

// Right after the seat, as thief, has seen the victim's hand, every world
// gives the victim that hand.
TEST_P(SamplerTest, ATheftByTheSeatFixesTheVictimsHand) {
  const std::shared_ptr<const Game> game = load_game(GetParam());
  std::unique_ptr<State> world = game->new_initial_state();
  int thefts = 0;
  for (int g = 0; g < 3 * kGamesPerSpec; ++g) {
    Rng rng(5000 + static_cast<std::uint64_t>(g));
    std::unique_ptr<State> state = game->new_initial_state();
    ActionList actions;
    while (!state->is_terminal()) {
      const LawsAndDisorderState& truth = ld(*state);
      if (truth.phase() == Phase::kThiefTake) {
        const Player thief = truth.turn_player();
        const SeatStream stream = truth.seat_stream(thief);
        int victim = -1;
        for (const Observation& o : stream) {
          if (obs_kind(o) == Obs::kThief) victim = o.value(1);
        }
        ASSERT_GE(victim, 0);
        for (int w = 0; w < kWorldsPerPoint; ++w) {
          truth.resample_from_infostate(thief, rng, *world);
          ASSERT_EQ(ld(*world).hand(victim), truth.hand(victim));
        }
        ++thefts;
      }
      if (state->is_chance_node()) {
        state->apply_action(state->sample_chance_outcome(rng));
      } else {
        state->legal_actions(actions);
        state->apply_action(actions[rng.uniform_int(actions.size())]);
      }
    }
  }
  EXPECT_GT(thefts, 0) << "no theft in " << 3 * kGamesPerSpec << " random games";
}

// A stream no world explains is refused with an error, not a wrong world.
TEST(SamplerRefuses, AStreamNoWorldExplains) {
  const std::shared_ptr<const Game> game = load_game("laws_and_disorder(players=2)");
  std::unique_ptr<State> state = game->new_initial_state();
  Rng rng(3);
  while (state->is_chance_node()) state->apply_action(state->sample_chance_outcome(rng));
  SeatStream stream = state->seat_stream(0);
  // Seat 0 plays a card it never drew more of than the deck has: 9 JUDGEs.
  for (int i = 0; i < 9; ++i) stream.push_back(Observation(static_cast<int>(Obs::kDrawSeen)).add(0).add(0));
  EXPECT_THROW(game->new_world_sampler(0, stream), KibitzError);
}

std::vector<std::string> specs() { return game_info().test_specs; }

INSTANTIATE_TEST_SUITE_P(AllSpecs, SamplerTest, ::testing::ValuesIn(specs()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           std::string name;
                           for (const char c : param_info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name + "_" + std::to_string(param_info.index);
                         });

}  // namespace
}  // namespace kibitz::laws_and_disorder
