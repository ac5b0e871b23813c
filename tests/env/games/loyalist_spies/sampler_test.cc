// Loyalist Spies worlds from a seat's stream alone (resample.h), over seeded
// random games of every test spec (GameInfo::test_specs):
//  - every world drawn (by the game's sampler, by resample_from_infostate,
//    and by the complete method alone) gives the seat its stream again and
//    replays legally from the start;
//  - a stream and a seed give one world, whatever the true state behind the
//    stream (a second true state is a world drawn from the first's stream);
//  - different worlds come out where the seat cannot tell states apart;
//  - reading the state's own stream (read_own) knows what read() knows.
// Then streams the rules cannot produce, each refused with a message that
// names the observation (or, for what only the draw finds, the round).
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "env/core/rng.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"
#include "env/games/loyalist_spies/knowledge.h"
#include "env/games/loyalist_spies/resample.h"
#include "tests/env/games/loyalist_spies/script.h"
#include "tests/support/error_of.h"

namespace kibitz::loyalist_spies::testing {
namespace {

// Plays seeded random games and calls check(state, game index) at every
// `stride`-th step (chance nodes included), so the multi-round specs cost
// about what the one-round ones do.
void play(const Game& game, std::uint64_t seed, const std::function<void(const State&, int)>& check) {
  const bool long_game = static_cast<const LoyalistSpiesGame&>(game).config().round_limit() > 1;
  const int games = long_game ? 6 : 20;
  const int stride = long_game ? 9 : 3;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto state = game.new_initial_state();
    for (int step = 0; !state->is_terminal(); ++step) {
      if (step % stride == g % stride) check(*state, g);
      if (state->is_chance_node()) {
        state->apply_action(state->sample_chance_outcome(rng));
      } else {
        const ActionList legal = state->legal_actions();
        state->apply_action(legal[rng.uniform_int(legal.size())]);
      }
    }
    check(*state, g);  // the end
  }
}

class SamplerSpecTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { game_ = make_game(GetParam()); }
  std::shared_ptr<const Game> game_;
};

TEST_P(SamplerSpecTest, EveryWorldGivesTheSeatItsStream) {
  Rng rng(101);
  auto world = game_->new_initial_state();
  SampleStats stats;
  int checks = 0, unlike_truth = 0;
  play(*game_, 7, [&](const State& state, int) {
    for (Player p = 0; p < state.num_players(); ++p) {
      const SeatStream stream = state.seat_stream(p);
      const auto sampler = game_->new_world_sampler(p, stream);
      const auto* spies = dynamic_cast<const SpiesWorldSampler*>(sampler.get());
      ASSERT_NE(spies, nullptr);
      for (int k = 0; k < 2; ++k) {
        sampler->sample(rng, *world);
        ASSERT_EQ(world->seat_stream(p), stream) << GetParam() << " seat " << p << "\ntruth:\n" << state.to_string();
        ASSERT_EQ(world->move_number(), state.move_number());
        ++checks;
        unlike_truth += world->history() != state.history();
      }
      // Replaying checks every move's legality, and the state rebuilt.
      const auto replayed = game_->state_from_history(world->history());
      ASSERT_TRUE(states_equal(*replayed, *world)) << GetParam() << " seat " << p;
      state.resample_from_infostate(p, rng, *world);
      ASSERT_EQ(world->seat_stream(p), stream) << GetParam() << " seat " << p << " (resample_from_infostate)";
      stats.add(spies->stats());
    }
  });
  EXPECT_GT(checks, 300);
  EXPECT_GT(unlike_truth, checks * 8 / 10) << "worlds mostly repeat the true state";
  RecordProperty("complete_rounds", static_cast<int>(stats.complete));
}

TEST_P(SamplerSpecTest, TheCompleteMethodAloneDrawsConsistentWorlds) {
  Rng rng(202);
  auto world = game_->new_initial_state();
  int checks = 0;
  play(*game_, 8, [&](const State& state, int g) {
    if (g % 2 != 0) return;
    const Player p = static_cast<Player>(state.move_number() % state.num_players());
    const SeatStream stream = state.seat_stream(p);
    const SpiesWorldSampler sampler(game_, p, stream, SamplerOptions{0, kCompleteBudget});
    sampler.sample(rng, *world);
    ASSERT_EQ(world->seat_stream(p), stream) << GetParam() << " seat " << p;
    ASSERT_EQ(sampler.stats().complete, sampler.stats().rounds);
    ++checks;
  });
  EXPECT_GT(checks, 20);
}

// A second true state with the first's stream (a world drawn from it) and
// one seed: the same world from both, by resample_from_infostate and by
// samplers built from either stream. A sampler that read the true state
// would differ.
TEST_P(SamplerSpecTest, AStreamAndASeedGiveOneWorld) {
  Rng rng(303);
  int different_truths = 0, checks = 0;
  play(*game_, 9, [&](const State& state, int g) {
    for (Player p = 0; p < state.num_players(); ++p) {
      const SeatStream stream = state.seat_stream(p);
      const auto other = game_->new_world_sampler(p, stream)->sample(rng);
      ASSERT_EQ(other->seat_stream(p), stream);
      different_truths += other->history() != state.history();
      const std::uint64_t seed = derive_seed(77, GetParam(), static_cast<std::uint64_t>(g * 1000 + checks));
      Rng r1(seed), r2(seed), r3(seed), r4(seed);
      EXPECT_EQ(state.resample_from_infostate(p, r1)->history(), other->resample_from_infostate(p, r2)->history())
          << GetParam() << " seat " << p;
      EXPECT_EQ(game_->new_world_sampler(p, stream)->sample(r3)->history(),
                game_->new_world_sampler(p, other->seat_stream(p))->sample(r4)->history());
      ++checks;
    }
  });
  EXPECT_GT(different_truths, checks / 2) << "the second true states were mostly the first";
}

// Where the stream hides something, six draws bring two or more worlds.
TEST_P(SamplerSpecTest, DifferentWorldsComeOut) {
  Rng rng(404);
  auto world = game_->new_initial_state();
  int positions = 0, varied = 0;
  play(*game_, 10, [&](const State& state, int) {
    if (state.move_number() < state.num_players()) return;  // nothing dealt to hide yet
    for (Player p = 0; p < state.num_players(); ++p) {
      const auto sampler = game_->new_world_sampler(p, state.seat_stream(p));
      std::set<std::vector<Action>> worlds;
      for (int k = 0; k < 6; ++k) {
        sampler->sample(rng, *world);
        worlds.insert(world->history());
      }
      ++positions;
      varied += worlds.size() >= 2;
    }
  });
  EXPECT_GE(varied * 10, positions * 9) << varied << " of " << positions;
}

TEST_P(SamplerSpecTest, ReadingTheStatesOwnStreamKnowsTheSame) {
  const auto& game = static_cast<const LoyalistSpiesGame&>(*game_);
  SpiesKnowledge checked, own;
  play(*game_, 11, [&](const State& state, int) {
    for (Player p = 0; p < state.num_players(); ++p) {
      const SeatStream stream = state.seat_stream(p);
      checked.read(game, p, stream);
      own.read_own(game, p, stream);
      ASSERT_EQ(checked.history_length(), own.history_length());
      ASSERT_EQ(checked.history_length(), static_cast<int>(state.history().size()));
      ASSERT_EQ(checked.events().size(), own.events().size());
      for (std::size_t i = 0; i < own.events().size(); ++i) {
        const Event& a = checked.events()[i];
        const Event& b = own.events()[i];
        ASSERT_TRUE(a.kind == b.kind && a.seat == b.seat && a.card == b.card && a.aux == b.aux) << "event " << i;
      }
      ASSERT_EQ(checked.rounds().size(), own.rounds().size());
      for (std::size_t r = 0; r < own.rounds().size(); ++r) {
        EXPECT_EQ(checked.rounds()[r].must_play, own.rounds()[r].must_play);
        EXPECT_EQ(checked.rounds()[r].entries, own.rounds()[r].entries);
      }
    }
  });
}

INSTANTIATE_TEST_SUITE_P(Specs, SamplerSpecTest, ::testing::ValuesIn(game_info().test_specs),
                         [](const auto& p) { return "spec_" + std::to_string(p.index); });

// --- Streams the rules cannot produce ---------------------------------------

// A scripted table (deal=direct, 3 seats, no Jokers) as P0 sees it.
Script small_game() {
  Script s("loyalist_spies(players=3,deal=direct,jokers=0,refill=false,rounds=1)");
  s.aces("AD AC AS");
  s.deal({"2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"});
  s.chance("2H").chances("7S 8S 9S");  // P0's Hearts mission
  s.act(0, "play 2S").act(1, "play 2C").act(2, "play 2D");
  s.chance("JS").act(1, "peek P2");  // P1 looks at P2's ace: a match
  return s;
}

// The index (from 0) of the first observation whose text is `text`.
std::size_t find(const SeatStream& stream, const StreamSpec& spec, const std::string& text) {
  for (std::size_t i = 0; i < stream.size(); ++i) {
    if (spec.to_text(stream[i]) == text) return i;
  }
  ADD_FAILURE() << "no observation '" << text << "'";
  return 0;
}

std::string refusal(const Game& game, Player seat, const SeatStream& stream) {
  return error_of([&] { game.new_world_sampler(seat, stream); });
}

// The message names the observation by its number and text.
void expect_named(const std::string& message, std::size_t index, const std::string& text, const std::string& why) {
  EXPECT_NE(message.find("observation " + std::to_string(index + 1) + " ('" + text + "')"), std::string::npos)
      << message;
  EXPECT_NE(message.find(why), std::string::npos) << message;
}

TEST(SpiesSamplerRefusals, TheScriptedStreamItselfIsAccepted) {
  Script s = small_game();
  EXPECT_EQ(refusal(s.game(), 0, s.state().seat_stream(0)), "");
}

TEST(SpiesSamplerRefusals, ACardTheSeatHoldsCannotBeFlipped) {
  Script s = small_game();
  const StreamSpec& spec = s.game().stream_spec();
  SeatStream stream = s.state().seat_stream(0);
  const std::size_t at = find(stream, spec, "P1 flips JS");
  stream[at] = spec.from_text("P1 flips 5S");  // P0 holds 5S
  expect_named(refusal(s.game(), 0, stream), at, "P1 flips 5S", "the seat saw it elsewhere");
}

TEST(SpiesSamplerRefusals, ASeatPlaysOnlyInItsTurn) {
  Script s = small_game();
  const StreamSpec& spec = s.game().stream_spec();
  SeatStream stream = s.state().seat_stream(0);
  const std::size_t at = find(stream, spec, "P1 plays");
  stream[at] = spec.from_text("P2 plays");
  expect_named(refusal(s.game(), 0, stream), at, "P2 plays", "it is P1's play");
}

TEST(SpiesSamplerRefusals, ARevealMustAddUp) {
  Script s = small_game();
  const StreamSpec& spec = s.game().stream_spec();
  SeatStream stream = s.state().seat_stream(0);
  const std::size_t at = find(stream, spec, "mission 2H revealed 2D 2S 7S 8S 9S 2C total 30");
  stream[at] = spec.from_text("mission 2H revealed 2D 2S 7S 8S 9S 2C total 31");
  expect_named(refusal(s.game(), 0, stream), at, "mission 2H revealed 2D 2S 7S 8S 9S 2C total 31",
               "add up to 30");
  stream[at] = spec.from_text("mission 2H revealed 2D 7S 8S 9S 2C 3C total 31");  // lacks P0's own 2S
  expect_named(refusal(s.game(), 0, stream), at, "mission 2H revealed 2D 7S 8S 9S 2C 3C total 31", "lacks 2S");
}

TEST(SpiesSamplerRefusals, AStreamCannotStopBeforeTheRevealThatEndsAMission) {
  Script s = small_game();
  const StreamSpec& spec = s.game().stream_spec();
  SeatStream stream = s.state().seat_stream(0);
  stream.resize(find(stream, spec, "mission 2H revealed 2D 2S 7S 8S 9S 2C total 30"));
  const std::string message = refusal(s.game(), 0, stream);
  EXPECT_NE(message.find("stops where the game cannot stop"), std::string::npos) << message;
  EXPECT_NE(message.find("reveal"), std::string::npos) << message;
}

TEST(SpiesSamplerRefusals, AnUnknownKindOrAWrongSeatIsNamed) {
  Script s = small_game();
  SeatStream stream = s.state().seat_stream(0);
  stream[5].kind = 99;
  EXPECT_NE(refusal(s.game(), 0, stream).find("observation 6 "), std::string::npos);
  stream = s.state().seat_stream(0);
  stream[4].values[0] = 7;  // "P7 is dealt a card" in a game of 3
  EXPECT_NE(refusal(s.game(), 0, stream).find("observation 5 "), std::string::npos) << refusal(s.game(), 0, stream);
}

// Three Jacks by P2 look at P1's ace: Spades and Hearts no match, Clubs a
// match (P1 holds AC). P0 holds AD and sees none of P1's ace itself.
Script jack_game() {
  Script s("loyalist_spies(players=3,deal=direct,jokers=0,refill=false,rounds=1)");
  s.aces("AD AC AS");
  s.deal({"2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"});
  s.chance("2H").chances("7S 8S 9S");
  s.act(0, "play 2S").act(1, "play 2C").act(2, "play 2D");
  s.chance("3H").chances("7D 8D 9D");
  s.act(1, "play 3C").act(2, "play 3D").act(0, "play 3S");
  s.chance("JS").act(2, "peek P1");
  s.chance("4H").chances("7C 8C 9C");
  s.act(0, "play 4S").act(1, "play 4C").act(2, "play 4D");
  s.chance("5H").chances("TD TS TH");
  s.act(1, "play 5C").act(2, "play 5D").act(0, "play 5S");
  s.chance("JH").act(2, "peek P1");
  s.chance("QD").chances("JC QS QH").act(0, "order QS,QH,JC");
  s.chance("QS").chance("QC").act(1, "order JC,QH,QC");
  s.chance("JC").act(2, "peek P1");
  return s;
}

TEST(SpiesSamplerRefusals, TheJackIsTheDeterminers) {
  Script s = jack_game();
  const StreamSpec& spec = s.game().stream_spec();
  SeatStream stream = s.state().seat_stream(0);
  const std::size_t at = find(stream, spec, "P2 looks at P1's ace: match");
  stream[at] = spec.from_text("P1 looks at P2's ace: match");
  expect_named(refusal(s.game(), 0, stream), at, "P1 looks at P2's ace: match", "it is P2's Jack");
}

// Turning the Clubs match into a miss rules out every ace P0 does not hold
// for P1: nothing in any one observation says so, and the reading accepts
// it; the draw finds no ace for P1, and the complete search proves that no
// world exists (it runs out of branches), naming the round.
TEST(SpiesSamplerRefusals, AStreamNoDealExplainsIsRefusedNamingTheRound) {
  Script s = jack_game();
  const StreamSpec& spec = s.game().stream_spec();
  SeatStream stream = s.state().seat_stream(0);
  const std::size_t at = find(stream, spec, "P2 looks at P1's ace: match");
  stream[at] = spec.from_text("P2 looks at P1's ace: no match");
  SpiesKnowledge knowledge;
  EXPECT_NO_THROW(knowledge.read(static_cast<const LoyalistSpiesGame&>(s.game()), 0, stream));
  const std::string message = refusal(s.game(), 0, stream);
  EXPECT_NE(message.find("no world gives seat P0 the observations of round 1 (observations 1 to " +
                         std::to_string(stream.size()) + ")"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("every way to place the cards it did not see contradicts one of them"), std::string::npos)
      << message;
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
