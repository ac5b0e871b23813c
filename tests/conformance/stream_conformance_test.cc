// The seat-stream suite (issue 16): every registered game, with every spec in
// its GameInfo::test_specs, plays seeded random games while the stream
// contract of env/core/state.h is checked on the positions along them:
//  - every observation reads back from its text and its JSON and passes
//    StreamSpec::validate;
//  - streams only grow, and every move adds an observation to every seat's;
//  - every world drawn from a seat's stream (by the game's sampler and by
//    resample_from_infostate) gives the seat that stream again, and the same
//    information-state string and tensor as the true state: they are
//    functions of the stream;
//  - so do the worlds of the generic ReplayWorldSampler, on the small games;
//  - sampling covers different worlds where the stream hides something;
//  - two true states that give a seat the same stream give the same worlds
//    for the same seed: nothing but the stream is read.
//  - the public stream (State::public_stream, seat_stream(kSpectator): what
//    a spectator of the table sees) only grows, every move adds to it, its
//    observations pass the same checks, and every world drawn from any
//    seat's stream gives the same public stream: it shows no seat's private
//    facts.
// The world checks of a long game that still draws its worlds with the
// generic sampler are skipped with a message, and the generic sampler's own
// checks run on the small games only: on a long game its backtracking can
// take exponential time (it is checked against the fast samplers by
// tests/env/core/world_sampler_test.cc and, on Loyalist Spies set-up
// positions, by tests/env/games/loyalist_spies/sampler_exact_test.cc).
//
// Cost control, as in conformance_test.cc: each spec plays a few games at
// least and kMaxGames at most, as many as fit in a budget of observations
// read (a position costs the length of the streams it reads), so long games
// cost about what short ones do: thousands of positions of the small games,
// a few long games. The whole file runs in a few seconds in Release on a
// 2-core machine.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"
#include "tests/conformance/game_cases.h"

namespace kibitz::conformance {
namespace {

constexpr int kMaxGames = 2000;
// Observations read per spec and test (streams built, compared, round-tripped),
// and the games played whatever the cost.
constexpr long kStreamBudget = 150000;
constexpr int kMinStreamGames = 10;
// Observation-units per spec and test for the world checks: a world costs the
// length of the stream it was drawn for, several times over.
constexpr long kWorldBudget = 200000;
constexpr int kMinWorldGames = 2;
constexpr int kWorldsPerSeat = 3;  // worlds drawn per seat and position
constexpr int kWorldStride = 2;    // world checks at every 2nd step of a game
// Games this short get the generic sampler checked too; its backtracking
// search is exact but may take exponential time on long games.
constexpr int kSmallGameLength = 16;
constexpr std::uint64_t kSeed = 0x73747265616d;  // "stream"

std::string history_text(const State& state) {
  std::string out;
  for (Action a : state.history()) out += (out.empty() ? "" : " ") + std::to_string(a);
  return out.empty() ? "(empty)" : out;
}

std::string stream_text(const StreamSpec& spec, const SeatStream& stream) {
  std::string out;
  for (const Observation& o : stream) out += "\n    " + spec.to_text(o);
  return out.empty() ? " (empty)" : out;
}

// A hash of a history, to tell worlds apart without keeping them.
std::uint64_t history_key(const State& state) {
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  for (Action a : state.history()) h = (h ^ static_cast<std::uint64_t>(a)) * 0x100000001b3ull + 7;
  return h;
}

// Checks that one observation passes StreamSpec::validate and reads back from
// its text and its JSON; `who` names its stream in messages ("seat 1's").
void check_reads_back(const StreamSpec& spec, const Observation& o, int num_players,
                      const std::string& who, std::size_t index) {
  std::string text;
  try {
    spec.validate(o, num_players);
    text = spec.to_text(o);
    EXPECT_EQ(text.find('\n'), std::string::npos) << "an observation's text is one line: " << text;
    const Observation back = spec.from_text(text);
    EXPECT_TRUE(back == o) << who << " observation '" << text << "' (kind "
                           << spec.kind(o.kind).name << ") reads back as kind "
                           << spec.kind(back.kind).name << ", '" << spec.to_text(back) << "'";
    const std::string json = spec.to_json(o);
    const Observation from_json = spec.from_json(json);
    EXPECT_TRUE(from_json == o) << who << " observation " << json << " reads back from JSON as "
                                << spec.to_json(from_json);
  } catch (const KibitzError& e) {
    ADD_FAILURE() << who << " observation " << index + 1 << " ('" << text << "'): " << e.what();
  }
}

class StreamConformanceTest : public ::testing::TestWithParam<GameCase> {
 protected:
  void SetUp() override {
    game_ = load_game(GetParam().spec);
    spec_ = &game_->stream_spec();
    n_ = game_->num_players();
    small_ = game_->max_game_length() <= kSmallGameLength;
    const SeatStream start = game_->new_initial_state()->seat_stream(0);
    generic_ = dynamic_cast<const ReplayWorldSampler*>(game_->new_world_sampler(0, start).get()) !=
               nullptr;
  }

  // The world checks need a sampler that finishes: a fast one, or the generic
  // one on a small game. Why they are skipped, or "".
  std::string why_skip_worlds() const {
    if (!generic_ || small_) return "";
    return GetParam().spec +
           " draws worlds with the generic ReplayWorldSampler, which is checked on "
           "small games only; its world checks run once it has a fast sampler "
           "(Game::new_world_sampler)";
  }

  // Whether the game writes the public stream at all. A game that refuses
  // kSpectator may abort (KIBITZ_CHECK on the seat), so one seeded game is
  // probed in a child process: the game fails here with one clear message
  // and the suite goes on with the other games.
  bool writes_public_stream() {
    EXPECT_EXIT(probe_public_stream(), ::testing::ExitedWithCode(0), "")
        << GetParam().spec
        << " does not write the public stream, seat_stream(kSpectator), what a spectator of the "
           "table sees (env/core/state.h; the child's message is above)";
    return !HasFailure();
  }

  // Calls public_stream on every state of one random game, then exits.
  [[noreturn]] void probe_public_stream() const {
    Rng rng = Rng(kSeed).child(GetParam().spec + "/probe");
    ActionList actions;
    try {
      const std::unique_ptr<State> state = game_->new_initial_state();
      for (state->public_stream(); !state->is_terminal(); state->public_stream()) {
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          state->legal_actions(actions);
          state->apply_action(actions[rng.uniform_int(actions.size())]);
        }
      }
    } catch (const KibitzError& e) {
      std::fprintf(stderr, "%s\n", e.what());
      std::exit(1);
    }
    std::exit(0);
  }

  // Plays seeded random games and calls `check` on the states along them
  // (every `stride`-th step, on an offset that rotates with the game, and the
  // last state), stopping at the first failure. `check` returns the work it
  // did; games stop coming after kMaxGames or once `budget` is spent (but
  // never before `min_games`). Returns the number of positions checked.
  long play_games(const std::string& label, long budget, int min_games, int stride,
                  const std::function<long(const State&, int game)>& check) {
    const Rng root = Rng(kSeed).child(GetParam().spec + "/" + label);
    ActionList actions;
    long work = 0;
    long positions = 0;
    int g = 0;
    for (; g < kMaxGames && (g < min_games || work < budget); ++g) {
      Rng rng = root.child("play", static_cast<std::uint64_t>(g));
      std::unique_ptr<State> state = game_->new_initial_state();
      for (int step = 0;; ++step) {
        if ((step + g) % stride == 0 || state->is_terminal()) {
          SCOPED_TRACE("random game " + std::to_string(g) + ", history " + history_text(*state));
          work += check(*state, g);
          ++positions;
        }
        if (HasFailure()) return positions;
        if (state->is_terminal()) break;
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(rng));
        } else {
          state->legal_actions(actions);
          state->apply_action(actions[rng.uniform_int(actions.size())]);
        }
      }
    }
    RecordProperty("games", g);
    RecordProperty("positions", std::to_string(positions));
    return positions;
  }

  std::shared_ptr<const Game> game_;
  const StreamSpec* spec_ = nullptr;
  int n_ = 0;
  bool small_ = false;
  bool generic_ = false;
};

// ---------------------------------------------------------------------------
TEST_P(StreamConformanceTest, EveryObservationReadsBackFromTextAndJson) {
  std::vector<std::size_t> checked(static_cast<std::size_t>(n_));  // per seat: already checked
  SeatStream stream;
  long observations = 0;
  play_games("text", kStreamBudget, kMinStreamGames, 1, [&](const State& state, int) -> long {
    if (state.move_number() == 0) std::fill(checked.begin(), checked.end(), 0);
    long work = 0;
    for (Player q = 0; q < n_; ++q) {
      state.seat_stream(q, stream);
      work += static_cast<long>(stream.size());
      // Streams only grow (checked below): the new observations are the tail.
      const std::string who = "seat " + std::to_string(q) + "'s";
      for (std::size_t i = std::min(checked[static_cast<std::size_t>(q)], stream.size());
           i < stream.size(); ++i) {
        check_reads_back(*spec_, stream[i], n_, who, i);
        ++observations;
      }
      checked[static_cast<std::size_t>(q)] = stream.size();
    }
    return work;
  });
  RecordProperty("observations", std::to_string(observations));
  EXPECT_GT(observations, 0);
}

TEST_P(StreamConformanceTest, StreamsOnlyGrowAndEveryMoveAddsToEverySeat) {
  std::vector<SeatStream> before(static_cast<std::size_t>(n_));
  SeatStream now;
  play_games("growth", kStreamBudget, kMinStreamGames, 1, [&](const State& state, int) -> long {
    long work = 0;
    for (Player q = 0; q < n_; ++q) {
      SeatStream& prev = before[static_cast<std::size_t>(q)];
      state.seat_stream(q, now);
      work += static_cast<long>(now.size());
      if (state.move_number() > 0) {
        EXPECT_TRUE(stream_starts_with(now, prev))
            << "seat " << q
            << "'s stream changed what it had already said; before:" << stream_text(*spec_, prev)
            << "\n  after:" << stream_text(*spec_, now);
        EXPECT_GT(now.size(), prev.size()) << "the last move added no observation to seat " << q
                                           << "'s stream:" << stream_text(*spec_, now);
      }
      // The stream is a function of the history: a replay gives it too.
      if (state.is_terminal()) {
        EXPECT_EQ(game_->state_from_history(state.history())->seat_stream(q), now);
      }
      prev = now;
    }
    return work;
  });
}

// ---------------------------------------------------------------------------
// The checks of one drawn world against the true state it was drawn for.
class WorldChecker {
 public:
  WorldChecker(const State& truth, Player seat, const SeatStream& stream)
      : truth_(truth), seat_(seat), stream_(stream) {
    truth.information_state_string(seat, infostate_);
    tensor_ = truth.information_state_tensor(seat);
  }

  // `how` names the sampler in messages.
  void check(const State& world, const std::string& how) {
    SCOPED_TRACE(how + " for seat " + std::to_string(seat_) + ", world " + world.to_string() +
                 " (true state " + truth_.to_string() + ")");
    world.seat_stream(seat_, seen_);
    ASSERT_EQ(seen_, stream_) << "the world gives the seat another stream:"
                              << stream_text(world.game().stream_spec(), seen_);
    world.information_state_string(seat_, text_);
    ASSERT_EQ(text_, infostate_) << "the information-state string is not a function of the stream";
    ASSERT_EQ(world.information_state_tensor(seat_), tensor_)
        << "the information-state tensor is not a function of the stream";
    ASSERT_EQ(world.move_number(), truth_.move_number())
        << "every move adds an observation, so equal streams mean equal move counts";
    if (truth_.current_player() == seat_) {
      ASSERT_EQ(world.legal_actions(), truth_.legal_actions())
          << "the seat to act sees other legal actions";
    }
  }

 private:
  const State& truth_;
  Player seat_;
  const SeatStream& stream_;
  std::string infostate_;
  std::vector<float> tensor_;
  SeatStream seen_;
  std::string text_;
};

TEST_P(StreamConformanceTest, SampledWorldsGiveTheSeatItsStreamAndInformationState) {
  if (const std::string why = why_skip_worlds(); !why.empty()) GTEST_SKIP() << why;
  Rng rng = Rng(kSeed).child(GetParam().spec, 1);
  std::unique_ptr<State> world = game_->new_initial_state();
  SeatStream stream;
  auto check = [&](const State& state, int) -> long {
    long work = 0;
    for (Player q = 0; q < n_ && !HasFailure(); ++q) {
      state.seat_stream(q, stream);
      WorldChecker checker(state, q, stream);
      const std::unique_ptr<WorldSampler> sampler = game_->new_world_sampler(q, stream);
      for (int k = 0; k < kWorldsPerSeat && !HasFailure(); ++k) {
        sampler->sample(rng, *world);
        checker.check(*world, "Game::new_world_sampler");
        state.resample_from_infostate(q, rng, *world);
        checker.check(*world, "resample_from_infostate");
      }
      // Reachable: the world is what its own history replays to.
      if (!HasFailure()) {
        EXPECT_TRUE(states_equal(*game_->state_from_history(world->history()), *world))
            << "a world differs from the replay of its history";
      }
      work += kWorldsPerSeat * static_cast<long>(stream.size() + 1) * 3;
    }
    return work;
  };
  play_games("worlds", kWorldBudget, kMinWorldGames, kWorldStride, check);
}

TEST_P(StreamConformanceTest, GenericSamplerGivesTheSeatItsStreamOnSmallGames) {
  if (!small_) {
    GTEST_SKIP() << GetParam().spec
                 << " is too long for the generic sampler's checks (max_game_length "
                 << game_->max_game_length() << " > " << kSmallGameLength << ")";
  }
  Rng rng = Rng(kSeed).child(GetParam().spec, 2);
  std::unique_ptr<State> world = game_->new_initial_state();
  SeatStream stream;
  auto check = [&](const State& state, int) -> long {
    for (Player q = 0; q < n_ && !HasFailure(); ++q) {
      state.seat_stream(q, stream);
      WorldChecker checker(state, q, stream);
      const ReplayWorldSampler sampler(game_, q, stream);
      for (int k = 0; k < kWorldsPerSeat && !HasFailure(); ++k) {
        std::string why;
        const auto result = sampler.try_sample(rng, *world, why);
        EXPECT_EQ(result, ReplayWorldSampler::Result::kFound) << why;
        if (result == ReplayWorldSampler::Result::kFound)
          checker.check(*world, "ReplayWorldSampler");
      }
    }
    // The generic search replays the game: count it as a few moves a world.
    return n_ * kWorldsPerSeat * static_cast<long>(state.move_number() + 1) * 8;
  };
  play_games("generic", kWorldBudget, kMinWorldGames, kWorldStride, check);
}

// ---------------------------------------------------------------------------
// Worlds drawn for streams that some true states share: the seat cannot tell
// those states apart, so its worlds must not always be one of them.
TEST_P(StreamConformanceTest, SamplingCoversDifferentWorlds) {
  if (const std::string why = why_skip_worlds(); !why.empty()) GTEST_SKIP() << why;
  constexpr int kDraws = 6;  // worlds per seat and position, by each way of drawing
  Rng rng = Rng(kSeed).child(GetParam().spec, 3);
  std::unique_ptr<State> world = game_->new_initial_state();
  SeatStream stream;
  // Per (seat, stream): the true histories seen behind it, the positions
  // checked, and those where the game's sampler and resample_from_infostate
  // drew two or more different worlds.
  struct Seen {
    std::set<std::uint64_t> truths;
    int positions = 0;
    int varied = 0;
    int varied_resample = 0;
  };
  std::map<std::pair<Player, std::uint64_t>, Seen> seen;
  std::set<std::uint64_t> sampled;
  std::set<std::uint64_t> resampled;
  auto draw = [&](const State& state, int) -> long {
    long work = 0;
    for (Player q = 0; q < n_; ++q) {
      state.seat_stream(q, stream);
      Seen& s = seen[{q, stream_key(stream)}];
      s.truths.insert(history_key(state));
      const std::unique_ptr<WorldSampler> sampler = game_->new_world_sampler(q, stream);
      sampled.clear();
      resampled.clear();
      for (int k = 0; k < kDraws; ++k) {
        sampler->sample(rng, *world);
        sampled.insert(history_key(*world));
        state.resample_from_infostate(q, rng, *world);
        resampled.insert(history_key(*world));
      }
      ++s.positions;
      s.varied += sampled.size() >= 2;
      s.varied_resample += resampled.size() >= 2;
      work += 2 * kDraws * static_cast<long>(stream.size() + 1);
    }
    return work;
  };
  play_games("coverage", kWorldBudget, kMinWorldGames, kWorldStride, draw);
  // Over the streams seen behind two or more true states (so the seat cannot
  // tell which it is in): positions, and those with varied worlds.
  int positions = 0;
  int varied = 0;
  int varied_resample = 0;
  for (const auto& [key, s] : seen) {
    if (s.truths.size() < 2) continue;
    positions += s.positions;
    varied += s.varied;
    varied_resample += s.varied_resample;
  }
  RecordProperty("ambiguous_positions", positions);
  RecordProperty("varied_positions", varied);
  if (positions == 0) return;  // the game showed no hidden information
  // With two equally likely worlds, six draws are all one world 3 % of the
  // time; a sampler that copies one world does it every time.
  EXPECT_GE(varied * 10, positions * 8)
      << "at " << positions << " positions the seat could not tell the true state from "
      << "another, but the game's sampler drew two or more worlds at only " << varied;
  EXPECT_GE(varied_resample * 10, positions * 8)
      << "at " << positions << " positions the seat could not tell the true state from "
      << "another, but resample_from_infostate drew two or more worlds at only " << varied_resample;
}

// ---------------------------------------------------------------------------
// Draws a second true state `other` with the first's stream for seat q, then
// the worlds of both for one seed; returns whether `other` differs from it.
bool check_same_worlds(const State& state, Player q, Rng& rng, std::uint64_t seed) {
  const Game& game = state.game();
  const SeatStream stream = state.seat_stream(q);
  // Drawn by the sampler, which sees nothing but the stream: a resample that
  // copied its state would still differ between the two.
  const std::unique_ptr<State> other = game.new_world_sampler(q, stream)->sample(rng);
  const SeatStream other_stream = other->seat_stream(q);
  EXPECT_EQ(other_stream, stream) << "a drawn world gives seat " << q << " another stream";
  if (other_stream != stream) return false;
  Rng r1(seed);
  Rng r2(seed);
  const std::unique_ptr<State> a = state.resample_from_infostate(q, r1);
  const std::unique_ptr<State> b = other->resample_from_infostate(q, r2);
  EXPECT_EQ(a->history(), b->history())
      << "resample_from_infostate gave seat " << q
      << " different worlds for one stream and one seed:\n  " << a->to_string() << "\n  "
      << b->to_string() << "\n(true states " << state.to_string() << " and " << other->to_string()
      << ")";
  EXPECT_EQ(r1.next(), r2.next()) << "the two draws used the generator differently";
  Rng r3(seed);
  Rng r4(seed);
  const auto from_state = game.new_world_sampler(q, stream)->sample(r3);
  const auto from_other = game.new_world_sampler(q, other_stream)->sample(r4);
  EXPECT_EQ(from_state->history(), from_other->history())
      << "the game's sampler gave seat " << q << " different worlds for one stream and one seed";
  return history_key(*other) != history_key(state);
}

// A second true state with the same stream for the seat (a world drawn from
// the first's), and the same seed for both: the same world must come out, by
// resample_from_infostate and by the game's sampler built from either state's
// stream. A resampler that read the true state would differ.
TEST_P(StreamConformanceTest, SameStreamAndSeedGiveTheSameWorld) {
  if (const std::string why = why_skip_worlds(); !why.empty()) GTEST_SKIP() << why;
  Rng rng = Rng(kSeed).child(GetParam().spec, 4);
  int different_truths = 0;  // second states unlike the first
  auto check = [&](const State& state, int g) -> long {
    long work = 0;
    for (Player q = 0; q < n_ && !HasFailure(); ++q) {
      const std::uint64_t seed =
          derive_seed(kSeed, "same seed", static_cast<std::uint64_t>(g * 64 + q));
      if (check_same_worlds(state, q, rng, seed)) ++different_truths;
      work += 5 * static_cast<long>(state.move_number() + 1);
    }
    return work;
  };
  play_games("same seed", kWorldBudget, kMinWorldGames, kWorldStride, check);
  RecordProperty("different_true_states", different_truths);
}

// ---------------------------------------------------------------------------
// The public stream: what a spectator of a live table is shown (issue 20).
TEST_P(StreamConformanceTest, PublicStreamOnlyGrowsAndEveryMoveAddsToIt) {
  if (!writes_public_stream()) return;
  SeatStream before;
  SeatStream now;
  play_games("public growth", kStreamBudget, kMinStreamGames, 1, [&](const State& state, int) {
    state.public_stream(now);
    if (state.move_number() > 0) {
      EXPECT_TRUE(stream_starts_with(now, before))
          << "the public stream changed what it had already said; before:"
          << stream_text(*spec_, before) << "\n  after:" << stream_text(*spec_, now);
      EXPECT_GT(now.size(), before.size())
          << "the last move added no observation to the public stream:"
          << stream_text(*spec_, now);
    }
    // A function of the history, like a seat's: a replay gives it too.
    if (state.is_terminal()) {
      EXPECT_EQ(game_->state_from_history(state.history())->public_stream(), now)
          << "the replay of the history gives another public stream";
    }
    before = now;
    return static_cast<long>(now.size());
  });
}

TEST_P(StreamConformanceTest, PublicStreamObservationsAreValidAndReadBack) {
  if (!writes_public_stream()) return;
  std::size_t checked = 0;  // observations of this game's stream already checked
  SeatStream stream;
  long observations = 0;
  play_games("public text", kStreamBudget, kMinStreamGames, 1, [&](const State& state, int) {
    if (state.move_number() == 0) checked = 0;
    state.public_stream(stream);
    for (std::size_t i = std::min(checked, stream.size()); i < stream.size(); ++i) {
      check_reads_back(*spec_, stream[i], n_, "the public stream's", i);
      ++observations;
    }
    checked = stream.size();
    return static_cast<long>(stream.size());
  });
  RecordProperty("observations", std::to_string(observations));
  EXPECT_GT(observations, 0);
}

// A function of every seat's stream: each world a seat's sampler draws is
// one the seat cannot tell from the truth, so a spectator must not either.
// A public stream that showed a private fact (a card, an ace) would differ
// between the worlds that differ in it.
TEST_P(StreamConformanceTest, WorldsDrawnFromAnySeatGiveThePublicStream) {
  if (const std::string why = why_skip_worlds(); !why.empty()) GTEST_SKIP() << why;
  if (!writes_public_stream()) return;
  Rng rng = Rng(kSeed).child(GetParam().spec, 5);
  std::unique_ptr<State> world = game_->new_initial_state();
  SeatStream stream;
  SeatStream truth;
  SeatStream seen;
  auto check = [&](const State& state, int) -> long {
    state.public_stream(truth);
    long work = static_cast<long>(truth.size());
    for (Player q = 0; q < n_ && !HasFailure(); ++q) {
      state.seat_stream(q, stream);
      const std::unique_ptr<WorldSampler> sampler = game_->new_world_sampler(q, stream);
      for (int k = 0; k < kWorldsPerSeat && !HasFailure(); ++k) {
        sampler->sample(rng, *world);
        world->public_stream(seen);
        EXPECT_EQ(seen, truth) << "a world drawn from seat " << q
                               << "'s stream gives another public stream, so it shows what seat "
                               << q << " cannot know; true state " << state.to_string()
                               << ", world " << world->to_string()
                               << "\n  true public stream:" << stream_text(*spec_, truth)
                               << "\n  the world's:" << stream_text(*spec_, seen);
      }
      work += kWorldsPerSeat * static_cast<long>(stream.size() + truth.size() + 1) * 2;
    }
    return work;
  };
  play_games("public worlds", kWorldBudget, kMinWorldGames, kWorldStride, check);
}

INSTANTIATE_TEST_SUITE_P(AllGames, StreamConformanceTest, ::testing::ValuesIn(game_cases()),
                         game_case_name);

}  // namespace
}  // namespace kibitz::conformance
