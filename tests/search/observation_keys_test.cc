// ObservationKeys (agents/search/observation_keys.h) against keys of whole
// streams, for every registered game spec (those with an observation log and
// those without): along random games, from several roots, the key of what a
// move showed a seat is stream_key of the observations its stream gained,
// and the searching seat's key is stream_key of its whole stream. This is
// what keeps searches the same now that keys are read off the log.
#include "agents/search/observation_keys.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/observation.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz {
namespace {

constexpr std::uint64_t kSeed = 0x6b657973;  // "keys"
constexpr int kRootsPerGame = 2;

std::vector<std::string> all_test_specs() {
  std::vector<std::string> specs;
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) specs.push_back(spec);
  }
  return specs;
}

Action random_move(const State& state, Rng& rng) {
  if (state.is_chance_node()) return state.sample_chance_outcome(rng);
  const ActionList legal = state.legal_actions();
  return legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))];
}

// From `root` (a position of a random game) to the end: at every move, every
// seat's change key and the observer's whole-stream key against stream_key.
void check_from(const State& root, Player observer, Rng& rng, const std::string& spec) {
  const int n = root.num_players();
  ObservationKeys keys;
  keys.start_search(observer, root.seat_stream(observer));
  auto world = root.clone();
  keys.start_simulation(*world);
  std::vector<SeatStream> before(static_cast<std::size_t>(n));
  std::vector<std::size_t> marks(static_cast<std::size_t>(n));
  int moves = 0;
  while (!world->is_terminal()) {
    for (Player p = 0; p < n; ++p) {
      before[static_cast<std::size_t>(p)] = world->seat_stream(p);
      marks[static_cast<std::size_t>(p)] = keys.mark(*world, p);
    }
    world->apply_action(random_move(*world, rng));
    ++moves;
    for (Player p = 0; p < n; ++p) {
      const SeatStream after = world->seat_stream(p);
      const std::span<const Observation> gained =
          std::span<const Observation>(after).subspan(before[static_cast<std::size_t>(p)].size());
      ASSERT_EQ(keys.change_key(*world, p, marks[static_cast<std::size_t>(p)]), stream_key(gained))
          << spec << ": seat " << p << "'s change key at move " << world->move_number();
    }
    // Asked only at some moves, as a tree asks it: the key must catch up
    // over every move in between.
    if (moves % 3 == 1 || world->is_terminal()) {
      ASSERT_EQ(keys.observer_key(*world), stream_key(world->seat_stream(observer)))
          << spec << ": the observer's key at move " << world->move_number();
    }
  }
}

TEST(ObservationKeys, EqualKeysOfWholeStreamsInEveryGame) {
  int with_log = 0;
  for (const std::string& spec : all_test_specs()) {
    auto game = load_game(spec);
    Rng rng = Rng(kSeed).child(spec);
    for (int r = 0; r < kRootsPerGame; ++r) {
      // A root partway into a random game: at the start, and a few moves in.
      auto root = game->new_initial_state();
      const int depth = r * 7;
      for (int m = 0; m < depth && !root->is_terminal(); ++m) root->apply_action(random_move(*root, rng));
      if (root->is_terminal()) continue;
      with_log += root->keeps_observation_log() ? 1 : 0;
      const Player observer = static_cast<Player>(r % game->num_players());
      check_from(*root, observer, rng, spec);
      if (HasFatalFailure()) return;
    }
  }
  // Both paths must have been exercised (Laws and Disorder keeps a log).
  EXPECT_GT(with_log, 0) << "no registered game keeps an observation log";
}

TEST(ObservationKeys, ExtendingAKeyEqualsKeyingTheWhole) {
  SeatStream stream;
  std::uint64_t key = kEmptyStreamKey;
  EXPECT_EQ(stream_key(stream), kEmptyStreamKey);
  for (int i = 0; i < 5; ++i) {
    Observation o(i);
    for (int v = 0; v < i; ++v) o.add(v * 300 - 7);
    stream.push_back(o);
    key = extend_stream_key(key, o);
    EXPECT_EQ(key, stream_key(stream)) << "after " << i + 1 << " observations";
  }
}

}  // namespace
}  // namespace kibitz
