// The incremental seat feed (issue 31) over every registered game and test
// spec: a SeatFeed that follows a game move by move, for every seat and the
// spectator, holds at every position exactly the stream State::seat_stream
// builds whole; what update() returns is exactly the new tail; a feed that
// follows a clone continues the original's stream; a game that keeps an
// observation log keeps its copies (clone_into) equal entry for entry; and a
// game that folds a SeatKnowledge gives, from the knowledge folded once per
// observation, the information-state tensor and string the state renders
// from the whole stream, also after restart() between games and from a
// feed that keeps the tensor alone.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "env/core/observation.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/seat_knowledge.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"
#include "tests/conformance/game_cases.h"

namespace kibitz::conformance {
namespace {

// Observations compared per spec, and the games played whatever it costs.
constexpr long kBudget = 400000;
constexpr int kMinGames = 3;
constexpr int kMaxGames = 500;
constexpr std::uint64_t kSeed = 0x66656564;  // "feed"

// One move of a random game: chance drawn by the game, a seat's move uniform
// over its legal actions.
void apply_random_move(State& state, Rng& rng) {
  if (state.is_chance_node()) {
    state.apply_action(state.sample_chance_outcome(rng));
    return;
  }
  const ActionList legal = state.legal_actions();
  state.apply_action(legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))]);
}

class SeatFeedConformanceTest : public ::testing::TestWithParam<GameCase> {
 protected:
  void SetUp() override { game_ = load_game(GetParam().spec); }

  // Whether seat_stream(kSpectator) is written: every game in env/games is.
  bool writes_public_stream() const {
    try {
      game_->new_initial_state()->public_stream();
      return true;
    } catch (const KibitzError&) {
      return false;
    }
  }

  std::shared_ptr<const Game> game_;
};

TEST_P(SeatFeedConformanceTest, FeedsEqualTheWholeStreamAtEveryMove) {
  const int n = game_->num_players();
  std::vector<Player> viewers;
  for (Player p = 0; p < n; ++p) viewers.push_back(p);
  if (writes_public_stream()) viewers.push_back(kSpectator);
  std::vector<SeatFeed> feeds;
  for (Player v : viewers) feeds.emplace_back(v);
  SeatStream whole;
  long work = 0;
  const Rng root(kSeed);
  for (int g = 0; g < kMaxGames && (g < kMinGames || work < kBudget); ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    auto state = game_->new_initial_state();
    for (SeatFeed& feed : feeds) feed.reset();
    for (;;) {
      for (SeatFeed& feed : feeds) {
        const std::size_t before = feed.stream().size();
        const auto added = feed.update(*state);
        state->seat_stream(feed.seat(), whole);
        work += static_cast<long>(whole.size());
        ASSERT_EQ(feed.stream(), whole) << "viewer " << feed.seat() << " at move " << state->move_number()
                                        << " of game " << g << ": the fed stream differs from the whole one";
        ASSERT_EQ(added.size(), whole.size() - before) << "update() returned other than the new tail";
      }
      if (state->is_terminal()) break;
      apply_random_move(*state, rng);
    }
  }
}

TEST_P(SeatFeedConformanceTest, AFeedFollowsAClone) {
  const Rng root(kSeed + 1);
  for (int g = 0; g < kMinGames; ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    auto state = game_->new_initial_state();
    SeatFeed feed(0);
    auto copy = game_->new_initial_state();
    while (!state->is_terminal()) {
      feed.update(*state);
      // clone_into and clone carry the log (and so every stream) along.
      state->clone_into(*copy);
      ASSERT_EQ(copy->observation_log().size(), state->observation_log().size());
      ASSERT_EQ(copy->seat_stream(0), state->seat_stream(0));
      const auto action = state->is_chance_node() ? state->sample_chance_outcome(rng)
                                                   : state->legal_actions()[0];
      copy->apply_action(action);
      state = copy->clone();
    }
    feed.update(*state);
    ASSERT_EQ(feed.stream(), state->seat_stream(0)) << "a feed that followed clones lost its place";
  }
}

TEST_P(SeatFeedConformanceTest, TheLogStaysWithinTheDeclaredCapacity) {
  if (game_->observation_log_capacity() == 0) GTEST_SKIP() << GetParam().spec << " keeps no observation log yet";
  // A push past the capacity throws; random play to the end must never do so.
  const Rng root(kSeed + 2);
  for (int g = 0; g < kMinGames * 10; ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    auto state = game_->new_initial_state();
    while (!state->is_terminal()) {
      apply_random_move(*state, rng);
    }
    EXPECT_LE(state->observation_log().size(), game_->observation_log_capacity());
  }
}

TEST_P(SeatFeedConformanceTest, FoldedKnowledgeRendersTheStateTensorAndString) {
  if (game_->new_seat_knowledge(0) == nullptr) {
    GTEST_SKIP() << GetParam().spec << " folds no SeatKnowledge (Game::new_seat_knowledge)";
  }
  const int n = game_->num_players();
  std::vector<SeatFeed> feeds;
  for (Player p = 0; p < n; ++p) feeds.emplace_back(p);
  const auto size = static_cast<std::size_t>(game_->information_state_tensor_size());
  std::vector<float> folded(size);
  std::vector<float> fresh(size);
  std::string folded_text;
  std::string fresh_text;
  long work = 0;
  const Rng root(kSeed + 3);
  for (int g = 0; g < kMaxGames && (g < kMinGames || work < kBudget); ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    auto state = game_->new_initial_state();
    for (SeatFeed& feed : feeds) feed.reset();
    for (;;) {
      for (SeatFeed& feed : feeds) {
        const Player seat = feed.seat();
        feed.update(*state);
        const SeatKnowledge* knowledge = feed.knowledge(*game_);
        ASSERT_NE(knowledge, nullptr);
        knowledge->encode(folded);
        knowledge->describe(folded_text);
        work += static_cast<long>(feed.stream().size());
        ASSERT_EQ(folded, state->information_state_tensor(seat))
            << "seat " << seat << " at move " << state->move_number() << " of game " << g
            << ": the folded tensor differs from the state's";
        ASSERT_EQ(folded_text, state->information_state_string(seat))
            << "seat " << seat << " at move " << state->move_number() << ": the folded string differs";
        // Folded from scratch over the whole stream: the same again.
        auto whole = game_->new_seat_knowledge(seat);
        for (const Observation& o : feed.stream()) whole->read(o);
        whole->encode(fresh);
        ASSERT_EQ(fresh, folded) << "a fold from the start differs from the incremental one";
        // A view on the feed renders from the knowledge.
        if (state->current_player() == seat) {
          const SeatView view(*state, feed);
          std::vector<float> through_view(size);
          view.information_state_tensor(through_view);
          ASSERT_EQ(through_view, folded);
          view.information_state_string(fresh_text);
          ASSERT_EQ(fresh_text, folded_text);
        }
      }
      if (state->is_terminal()) break;
      apply_random_move(*state, rng);
    }
  }
}

// Feeds that restart() between games, as the gym's do at each reset: the
// knowledge restarted in place folds each game from its start, and a
// tensor-only feed (Keeps::kTensor, folding straight off the log) encodes
// the state's tensor too. Every seat's feeds follow several games in a row.
TEST_P(SeatFeedConformanceTest, RestartedFeedsFoldEachGameFromItsStart) {
  if (game_->new_seat_knowledge(0) == nullptr) {
    GTEST_SKIP() << GetParam().spec << " folds no SeatKnowledge (Game::new_seat_knowledge)";
  }
  const int n = game_->num_players();
  std::vector<SeatFeed> streams;
  std::vector<SeatFeed> tensors;
  for (Player p = 0; p < n; ++p) {
    streams.emplace_back(p);
    tensors.emplace_back(p, SeatFeed::Keeps::kTensor);
  }
  const auto size = static_cast<std::size_t>(game_->information_state_tensor_size());
  std::vector<float> from_stream(size);
  std::vector<float> from_tensor_feed(size);
  std::string text;
  long work = 0;
  const Rng root(kSeed + 4);
  for (int g = 0; g < kMaxGames && (g < kMinGames || work < kBudget); ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    auto state = game_->new_initial_state();
    for (Player p = 0; p < n; ++p) {
      streams[static_cast<std::size_t>(p)].restart();
      tensors[static_cast<std::size_t>(p)].restart();
    }
    for (;;) {
      for (Player p = 0; p < n; ++p) {
        SeatFeed& stream_feed = streams[static_cast<std::size_t>(p)];
        SeatFeed& tensor_feed = tensors[static_cast<std::size_t>(p)];
        stream_feed.update(*state);
        ASSERT_TRUE(tensor_feed.update(*state).empty()) << "a tensor-only feed hands out no stream";
        ASSERT_TRUE(tensor_feed.stream().empty());
        const SeatKnowledge* kept = tensor_feed.knowledge(*game_);
        ASSERT_FALSE(kept->keeps_text());
        stream_feed.knowledge(*game_)->encode(from_stream);
        kept->encode(from_tensor_feed);
        const std::vector<float> truth = state->information_state_tensor(p);
        ASSERT_EQ(from_stream, truth) << "seat " << p << " at move " << state->move_number() << " of game " << g
                                      << ": a restarted fold differs from the state's tensor";
        ASSERT_EQ(from_tensor_feed, truth) << "seat " << p << " at move " << state->move_number() << " of game "
                                           << g << ": the tensor-only feed differs from the state's tensor";
        stream_feed.knowledge(*game_)->describe(text);
        ASSERT_EQ(text, state->information_state_string(p)) << "seat " << p << " at move " << state->move_number()
                                                            << " of game " << g << ": a restarted string differs";
        work += static_cast<long>(stream_feed.stream().size());
      }
      if (state->is_terminal()) break;
      apply_random_move(*state, rng);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, SeatFeedConformanceTest, ::testing::ValuesIn(game_cases()), game_case_name);

}  // namespace
}  // namespace kibitz::conformance
