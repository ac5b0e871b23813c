// Quiet states (State::stop_logging, issue 31) over every registered game and
// test spec. A state that stopped writing its observation log plays exactly
// as a logging one (legal moves, chance, rewards, returns, history, its
// description); whatever would read its incomplete log refuses with one
// clear message instead of handing out a truncated stream; its copies are
// quiet; a sampler that rebuilds a quiet world in place leaves it logging
// (the search hands its rolled-out world back to the sampler); and its
// serialization reads back as a logging state.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/serialize.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"
#include "tests/conformance/game_cases.h"

namespace kibitz::conformance {
namespace {

// Moves compared per spec, and the games played whatever it costs.
constexpr long kBudget = 20000;
// The renderings and the description are compared every this many moves
// (and at the end): each is a whole pass over the log.
constexpr int kRenderEvery = 8;
constexpr int kMinGames = 3;
constexpr int kMaxGames = 300;
constexpr std::uint64_t kSeed = 0x71756965;  // "quie"

// What every read of a quiet state's log says.
constexpr const char* kRefusal = "stopped logging its observations";

// Whether `read` threw the quiet-state refusal; any other outcome fails the
// test with what happened instead.
::testing::AssertionResult refuses_as_quiet(const std::function<void()>& read) {
  try {
    read();
  } catch (const KibitzError& e) {
    if (std::string(e.what()).find(kRefusal) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "threw another error: " << e.what();
  }
  return ::testing::AssertionFailure() << "read a quiet state's log without complaint";
}

// A read that a game may serve from its true state (then it must equal the
// logging twin's) or from its log (then it must refuse): never anything else.
// (The logging state's is built only when needed: most games refuse.)
template <typename T>
::testing::AssertionResult equal_or_refused(const std::function<T()>& quiet, const std::function<T()>& logged) {
  try {
    if (quiet() == logged()) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "differs from the logging state's";
  } catch (const KibitzError& e) {
    if (std::string(e.what()).find(kRefusal) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "threw another error: " << e.what();
  }
}

// A seat's random move, or chance's draw, at a non-terminal state.
Action random_move(const State& state, Rng& rng) {
  if (state.is_chance_node()) return state.sample_chance_outcome(rng);
  const ActionList legal = state.legal_actions();
  return legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))];
}

bool same_outcomes(const ChanceOutcomeList& a, const ChanceOutcomeList& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].action != b[i].action || a[i].probability != b[i].probability) return false;
  }
  return true;
}

class QuietStateConformanceTest : public ::testing::TestWithParam<GameCase> {
 protected:
  void SetUp() override { game_ = load_game(GetParam().spec); }

  // A random mid-game state (a few moves short of the end when the game is
  // short), logging, from the game of index `g`.
  std::unique_ptr<State> mid_game_state(std::uint64_t g) const {
    Rng rng = Rng(kSeed).child("mid", g);
    auto probe = game_->new_initial_state();
    while (!probe->is_terminal()) probe->apply_action(random_move(*probe, rng));
    rng = Rng(kSeed).child("mid", g);
    auto state = game_->new_initial_state();
    while (state->move_number() < probe->move_number() / 2) state->apply_action(random_move(*state, rng));
    // A seat to act, so the sampler has someone's stream to read.
    while (state->is_chance_node()) state->apply_action(random_move(*state, rng));
    return state;
  }

  std::shared_ptr<const Game> game_;
};

TEST_P(QuietStateConformanceTest, AQuietStatePlaysExactlyAsALoggingOne) {
  const int n = game_->num_players();
  std::vector<double> logged_values(static_cast<std::size_t>(n));
  std::vector<double> quiet_values(static_cast<std::size_t>(n));
  long work = 0;
  const Rng root(kSeed);
  for (int g = 0; g < kMaxGames && (g < kMinGames || work < kBudget); ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    auto logged = game_->new_initial_state();
    auto quiet = game_->new_initial_state();
    // Quiet from the start in the first game, from a random move of the
    // game after (its length known from a game played ahead on a copy).
    int quiet_from = 0;
    if (g > 0) {
      Rng ahead = rng;
      auto probe = game_->new_initial_state();
      while (!probe->is_terminal()) probe->apply_action(random_move(*probe, ahead));
      quiet_from = static_cast<int>(root.child("quiet_from", static_cast<std::uint64_t>(g))
                                        .uniform_int(static_cast<std::size_t>(probe->move_number())));
    }
    for (;;) {
      if (quiet->move_number() == quiet_from) quiet->stop_logging();
      const std::string at = "move " + std::to_string(logged->move_number()) + " of game " + std::to_string(g);
      ASSERT_EQ(quiet->current_player(), logged->current_player()) << at;
      ASSERT_EQ(quiet->legal_actions(), logged->legal_actions()) << at;
      logged->rewards(logged_values);
      quiet->rewards(quiet_values);
      ASSERT_EQ(quiet_values, logged_values) << "rewards at " << at;
      const bool render = logged->move_number() % kRenderEvery == 0 || logged->is_terminal();
      if (render) {
        ASSERT_EQ(quiet->to_string(), logged->to_string()) << at;
      }
      if (render && !quiet->logging()) {
        // Whatever a game renders for a seat is the logging state's, or
        // refused: never something built from a truncated log.
        for (Player p = 0; p < n; ++p) {
          ASSERT_TRUE(equal_or_refused<std::string>([&] { return quiet->information_state_string(p); },
                                                    [&] { return logged->information_state_string(p); }))
              << "information_state_string of P" << p << " at " << at;
          ASSERT_TRUE(equal_or_refused<std::vector<float>>([&] { return quiet->information_state_tensor(p); },
                                                           [&] { return logged->information_state_tensor(p); }))
              << "information_state_tensor of P" << p << " at " << at;
          ASSERT_TRUE(equal_or_refused<std::string>([&] { return quiet->observation_string(p); },
                                                    [&] { return logged->observation_string(p); }))
              << "observation_string of P" << p << " at " << at;
          ASSERT_TRUE(equal_or_refused<std::vector<float>>([&] { return quiet->observation_tensor(p); },
                                                           [&] { return logged->observation_tensor(p); }))
              << "observation_tensor of P" << p << " at " << at;
        }
      }
      if (logged->is_terminal()) break;
      Action action;
      if (logged->is_chance_node()) {
        ASSERT_TRUE(same_outcomes(quiet->chance_outcomes(), logged->chance_outcomes())) << at;
        // The same generator state draws the same outcome from both.
        Rng copy = rng;
        action = logged->sample_chance_outcome(rng);
        ASSERT_EQ(quiet->sample_chance_outcome(copy), action) << at;
      } else {
        action = random_move(*logged, rng);
      }
      logged->apply_action(action);
      quiet->apply_action(action);
      ++work;
    }
    ASSERT_TRUE(quiet->is_terminal());
    ASSERT_EQ(quiet->history(), logged->history()) << "game " << g;
    ASSERT_EQ(quiet->returns(), logged->returns()) << "game " << g;
    ASSERT_EQ(quiet->logging(), false) << "a quiet state started logging again by itself";
  }
}

TEST_P(QuietStateConformanceTest, ReadingAQuietStatesLogFailsWithAClearMessage) {
  for (std::uint64_t g = 0; g < 3; ++g) {
    // Quiet from the start (the log is still complete, but nothing can tell
    // that from outside) and quiet mid-game.
    auto quiet = g == 0 ? game_->new_initial_state() : mid_game_state(g);
    quiet->stop_logging();
    Rng rng(kSeed + g);
    if (g == 2) {
      // A few moves made quietly, so the log really is short.
      for (int m = 0; m < 5 && !quiet->is_terminal(); ++m) quiet->apply_action(random_move(*quiet, rng));
    }
    for (Player p = 0; p < game_->num_players(); ++p) {
      EXPECT_TRUE(refuses_as_quiet([&] { quiet->seat_stream(p); })) << "seat_stream of P" << p;
      SeatFeed feed(p);
      EXPECT_TRUE(refuses_as_quiet([&] { feed.update(*quiet); })) << "SeatFeed::update of P" << p;
    }
    EXPECT_TRUE(refuses_as_quiet([&] { quiet->public_stream(); })) << "public_stream";
    SeatFeed onlooker(kSpectator);
    EXPECT_TRUE(refuses_as_quiet([&] { onlooker.update(*quiet); })) << "the spectator's feed";
    EXPECT_TRUE(refuses_as_quiet([&] { quiet->observation_log(); })) << "observation_log";
    if (!quiet->is_terminal() && !quiet->is_chance_node()) {
      const Player p = quiet->current_player();
      EXPECT_TRUE(refuses_as_quiet([&] { quiet->resample_from_infostate(p, rng); })) << "resample_from_infostate";
      EXPECT_TRUE(refuses_as_quiet([&] { quiet->information_state_string(p); })) << "information_state_string";
    }
  }
}

TEST_P(QuietStateConformanceTest, CopiesOfAQuietStateAreQuietAndCopiesOfALoggingOneLog) {
  auto logging = mid_game_state(7);
  auto quiet = logging->clone();
  quiet->stop_logging();
  ASSERT_TRUE(logging->logging()) << "stop_logging on a clone reached the original";

  const std::unique_ptr<State> cloned = quiet->clone();
  EXPECT_FALSE(cloned->logging());
  EXPECT_TRUE(refuses_as_quiet([&] { cloned->seat_stream(0); })) << "clone() of a quiet state";

  auto into = game_->new_initial_state();
  quiet->clone_into(*into);
  EXPECT_FALSE(into->logging());
  EXPECT_TRUE(refuses_as_quiet([&] { into->seat_stream(0); })) << "clone_into from a quiet state";

  // The destination takes the source's flag both ways: a quiet state
  // overwritten by a logging one logs, with the source's streams.
  logging->clone_into(*into);
  ASSERT_TRUE(into->logging());
  for (Player p = 0; p < game_->num_players(); ++p) EXPECT_EQ(into->seat_stream(p), logging->seat_stream(p));
  EXPECT_EQ(into->public_stream(), logging->public_stream());
}

TEST_P(QuietStateConformanceTest, AWorldSampledIntoAQuietStateLogsAgain) {
  for (std::uint64_t g = 0; g < 4; ++g) {
    const auto truth = mid_game_state(g);
    if (truth->is_terminal()) continue;
    const Player seat = truth->current_player();
    const SeatStream stream = truth->seat_stream(seat);
    // What a search's rollout leaves: a world played on quietly.
    auto world = truth->clone();
    world->stop_logging();
    Rng rng(kSeed + 100 + g);
    while (!world->is_terminal()) world->apply_action(random_move(*world, rng));

    truth->resample_from_infostate(seat, rng, *world);
    ASSERT_TRUE(world->logging()) << "resample_from_infostate left the world quiet";
    EXPECT_EQ(world->seat_stream(seat), stream) << "the resampled world's stream";

    world->stop_logging();
    const std::unique_ptr<WorldSampler> sampler = game_->new_world_sampler(seat, stream);
    sampler->sample(rng, *world);
    ASSERT_TRUE(world->logging()) << "WorldSampler::sample left the world quiet";
    EXPECT_EQ(world->seat_stream(seat), stream) << "the sampled world's stream";
    SeatFeed feed(seat);
    feed.update(*world);
    EXPECT_EQ(feed.stream(), stream) << "a feed on the sampled world";
  }
}

TEST_P(QuietStateConformanceTest, AQuietStateSerializesAsItsHistoryAndReadsBackLogging) {
  for (std::uint64_t g = 0; g < 3; ++g) {
    const auto logging = mid_game_state(g);
    auto quiet = logging->clone();
    quiet->stop_logging();
    const std::string text = serialize_state(*quiet);
    EXPECT_EQ(text, serialize_state(*logging));
    const std::unique_ptr<State> back = deserialize_state(text);
    ASSERT_TRUE(back->logging()) << "a state read back from text must log";
    EXPECT_EQ(back->history(), logging->history());
    for (Player p = 0; p < game_->num_players(); ++p) EXPECT_EQ(back->seat_stream(p), logging->seat_stream(p));
    EXPECT_EQ(back->public_stream(), logging->public_stream());
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, QuietStateConformanceTest, ::testing::ValuesIn(game_cases()), game_case_name);

}  // namespace
}  // namespace kibitz::conformance
