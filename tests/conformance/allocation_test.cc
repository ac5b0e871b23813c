// The hot-path allocation contract (DESIGN "Hot path", env/core/state.h) for
// every registered game spec: after a warm-up, apply_action, legal_actions
// and chance_outcomes into reused buffers, sample_chance_outcome (the game's
// and the default), clone_into and
// resample_from_infostate into an existing state and the tensor writers
// into a reused buffer allocate nothing, and
// clone() allocates only the new state (and its history buffer).
//
// This executable links kibitz_counting_allocator
// (tests/support/counting_allocator.h), which replaces the global operator
// new/delete with counting versions; that is why it is separate from
// the conformance suite.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "tests/conformance/game_cases.h"
#include "tests/support/counting_allocator.h"

namespace kibitz::conformance {
namespace {

constexpr int kWarmupGames = 20;  // thread_local buffers inside may grow here
constexpr int kMeasuredGames = 200;
// Long games (Adulting's full variant: over a thousand moves, each checked
// with a resample that replays the history) stop both stages early: the
// warm-up after this many moves, the measured games after this many more.
// A short game never reaches them.
constexpr std::int64_t kWarmupMoves = 6000;
constexpr std::int64_t kMeasuredMoves = 20000;
constexpr std::uint64_t kSeed = 0xa110c;

// Allocations made while running `f`.
template <typename F>
std::int64_t allocations_in(F&& f) {
  const std::int64_t before = testing_support::allocation_count();
  f();
  return testing_support::allocation_count() - before;
}

// The counter must see what it is meant to see, or every test below would
// pass vacuously.
TEST(CountingAllocator, SeesEveryKindOfAllocation) {
  // Through a volatile pointer, since a bare new/delete pair may be elided.
  static void* volatile sink = nullptr;
  EXPECT_EQ(allocations_in([] {
              sink = new int(3);
              delete static_cast<int*>(sink);
            }),
            1);
  EXPECT_EQ(allocations_in([] {
              sink = new int[7];
              delete[] static_cast<int*>(sink);
            }),
            1);
  EXPECT_EQ(allocations_in([] {
              std::vector<int> v(100);
              sink = v.data();
            }),
            1);
  EXPECT_EQ(allocations_in([] {
              auto s = std::make_unique<std::string>(1000, 'x');
              sink = s.get();
            }),
            2);
  struct alignas(64) Wide {
    char bytes[64];
  };
  EXPECT_EQ(allocations_in([] {
              sink = new Wide();
              delete static_cast<Wide*>(sink);
            }),
            1);
  EXPECT_EQ(allocations_in([] {
              int x = 1;
              (void)x;
            }),
            0);
}

// What one operation allocated over the measured games.
struct OperationTally {
  explicit OperationTally(std::string n) : name(std::move(n)) {}
  std::string name;
  std::int64_t calls = 0;
  std::int64_t allocations = 0;
  std::string first_history;  // where it first allocated, for the message
};

std::string history_text(const State& state) {
  std::string out;
  for (Action a : state.history()) out += (out.empty() ? "" : " ") + std::to_string(a);
  return "[" + out + "]";
}

class AllocationTest : public ::testing::TestWithParam<GameCase> {};

TEST_P(AllocationTest, HotPathAllocatesNothingAfterWarmUp) {
  const std::shared_ptr<const Game> game = load_game(GetParam().spec);
  const int n = game->num_players();
  // Caller-owned buffers are sized once, as a hot loop would size them.
  const auto widest =
      static_cast<std::size_t>(std::max(game->num_distinct_actions(), game->max_chance_outcomes()));
  ActionList actions;
  actions.reserve(widest);
  ChanceOutcomeList outcomes;
  outcomes.reserve(widest);
  std::unique_ptr<State> scratch = game->new_initial_state();
  std::unique_ptr<State> world = game->new_initial_state();
  std::vector<float> infostate_buffer(static_cast<std::size_t>(game->information_state_tensor_size()));
  std::vector<float> observation_buffer(static_cast<std::size_t>(game->observation_tensor_size()));

  OperationTally legal("legal_actions(out)"), chance("chance_outcomes(out)"),
      sample("sample_chance_outcome"),
      default_sample("State::sample_chance_outcome (the default, with its per-thread list)"),
      copy_into("clone_into"), resample("resample_from_infostate(p, rng, out)"),
      apply("apply_action"), tensors("information_state_tensor / observation_tensor into a buffer"),
      apply_on_clone(
          "apply_action on a state made by clone() (a copy must keep the history reserved)"),
      clone_extra("clone() beyond the new state, its history buffer and its log buffer");
  std::int64_t clone_calls_by_count[3] = {0, 0, 0};

  std::int64_t warmup_moves = 0;
  std::int64_t measured_moves = 0;
  int measured_games = 0;
  for (int g = 0; measured_games < kMeasuredGames && measured_moves < kMeasuredMoves; ++g) {
    const bool measured = g >= kWarmupGames || warmup_moves >= kWarmupMoves;
    if (measured) ++measured_games;
    std::int64_t& moves = measured ? measured_moves : warmup_moves;
    Rng rng = Rng(kSeed).child(GetParam().spec, static_cast<std::uint64_t>(g));
    std::unique_ptr<State> state = game->new_initial_state();
    auto run = [&](OperationTally& tally, auto&& f) {
      const std::int64_t count = allocations_in(f);
      if (!measured) return;
      ++tally.calls;
      tally.allocations += count;
      if (count > 0 && tally.first_history.empty()) tally.first_history = history_text(*state);
    };
    while (!state->is_terminal()) {
      run(legal, [&] { state->legal_actions(actions); });
      if (state->is_chance_node()) run(chance, [&] { state->chance_outcomes(outcomes); });
      run(copy_into, [&] { state->clone_into(*scratch); });
      for (Player q = 0; q < n; ++q) {
        run(resample, [&] { state->resample_from_infostate(q, rng, *world); });
        run(tensors, [&] {
          state->information_state_tensor(q, infostate_buffer);
          state->observation_tensor(q, observation_buffer);
        });
      }

      std::unique_ptr<State> copy;
      const std::int64_t clone_count = allocations_in([&] { copy = state->clone(); });
      // The new object, plus its history buffer when the copy holds one,
      // plus its observation log's buffer when the game keeps a log
      // (env/core/observation_log.h: a copy reserves the log's capacity).
      const std::int64_t expected = 1 + (copy->history().capacity() > 0 ? 1 : 0) +
                                    (copy->keeps_observation_log() ? 1 : 0);
      if (measured) {
        ++clone_extra.calls;
        clone_extra.allocations += clone_count - expected;
        ++clone_calls_by_count[std::min<std::int64_t>(clone_count, 2)];
        if (clone_count != expected && clone_extra.first_history.empty()) {
          clone_extra.first_history = history_text(*state);
        }
      }

      Action a;
      if (state->is_chance_node()) {
        // The default too, though a game may override it: games that do not
        // get it, so it must keep the contract as well.
        Rng spare = rng;
        run(default_sample, [&] { state->State::sample_chance_outcome(spare); });
        run(sample, [&] { a = state->sample_chance_outcome(rng); });
      } else {
        state->legal_actions(actions);
        a = actions[rng.uniform_int(actions.size())];
      }
      run(apply_on_clone, [&] { copy->apply_action(a); });
      run(apply, [&] { state->apply_action(a); });
      ++moves;
    }
  }

  for (const OperationTally* t : {&legal, &chance, &sample, &default_sample, &copy_into, &resample,
                                  &tensors, &apply, &apply_on_clone}) {
    EXPECT_EQ(t->allocations, 0) << GetParam().spec << ": " << t->name << " allocated "
                                 << t->allocations << " times in " << t->calls
                                 << " calls; first at history " << t->first_history;
  }
  EXPECT_EQ(clone_extra.allocations, 0)
      << GetParam().spec << ": " << clone_extra.name << " allocated " << clone_extra.allocations
      << " times in " << clone_extra.calls << " calls; first at history "
      << clone_extra.first_history;
  EXPECT_GT(legal.calls, 0);
  EXPECT_GT(apply.calls, 0);
  // Reported, not asserted: how many clones took one allocation and how many two.
  RecordProperty("clones_with_one_allocation", std::to_string(clone_calls_by_count[1]));
  RecordProperty("clones_with_two_allocations", std::to_string(clone_calls_by_count[2]));
}

INSTANTIATE_TEST_SUITE_P(AllGames, AllocationTest, ::testing::ValuesIn(game_cases()),
                         game_case_name);

}  // namespace
}  // namespace kibitz::conformance
