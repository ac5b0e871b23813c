// The information-state tensor read off a seat's stream (seat_facts.h) is,
// bit for bit, the tensor of encoder version 1 that the shipped model
// (training/models/loyalist_spies) was trained on: that encoder read the
// true State. Before it was removed, the tensors it gave every seat at every
// move of random games of every test spec were recorded as one hash per game
// (tensor_golden.txt); the tensors of the state (the stream read whole) and
// of a SeatFeed's knowledge (folded once per observation) must hash the same.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/seat_knowledge.h"
#include "tests/env/games/loyalist_spies/script.h"

namespace kibitz::loyalist_spies::testing {
namespace {

constexpr std::uint64_t kSeed = 0x7370696573;  // "spies"
const std::string kGoldenFile = std::string(KIBITZ_SPIES_TEST_DIR) + "/tensor_golden.txt";

// Games recorded per spec: the one spec that plays to 40 points is long.
int games_for(const std::string& spec) { return spec == "loyalist_spies" ? 3 : 12; }

// FNV-1a over the tensors' bytes.
struct TensorHash {
  std::uint64_t value = 14695981039346656037ull;
  void add(const std::vector<float>& tensor) {
    for (const float f : tensor) {
      std::uint32_t bits = 0;
      std::memcpy(&bits, &f, sizeof bits);
      for (int b = 0; b < 4; ++b) {
        value ^= (bits >> (8 * b)) & 0xffu;
        value *= 1099511628211ull;
      }
    }
  }
};

struct GameRecord {
  std::string spec;
  int game = 0;
  int moves = 0;
  std::uint64_t hash = 0;
};

std::vector<GameRecord> read_golden() {
  std::ifstream in(kGoldenFile);
  EXPECT_TRUE(in.good()) << "cannot read " << kGoldenFile;
  std::vector<GameRecord> records;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    GameRecord r;
    fields >> r.spec >> r.game >> r.moves >> std::hex >> r.hash;
    EXPECT_FALSE(fields.fail()) << "bad line in " << kGoldenFile << ": " << line;
    records.push_back(r);
  }
  return records;
}

// Plays game `g` of `spec` at random and hashes every seat's tensor at every
// move (the end included), as the state gives it and as each seat's feed's
// knowledge gives it.
void play_and_hash(const std::string& spec, int g, GameRecord& by_state, GameRecord& by_feed) {
  const auto game = make_game(spec);
  const int n = game->num_players();
  std::vector<SeatFeed> feeds;
  for (Player p = 0; p < n; ++p) feeds.emplace_back(p);
  std::vector<float> tensor(static_cast<std::size_t>(game->information_state_tensor_size()));
  TensorHash state_hash, feed_hash;
  Rng rng = Rng(kSeed).child(spec, static_cast<std::uint64_t>(g));
  auto state = game->new_initial_state();
  int moves = 0;
  for (;; ++moves) {
    for (SeatFeed& feed : feeds) {
      state->information_state_tensor(feed.seat(), tensor);
      state_hash.add(tensor);
      feed.update(*state);
      feed.knowledge(*game)->encode(tensor);
      feed_hash.add(tensor);
    }
    if (state->is_terminal()) break;
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
    } else {
      const ActionList legal = state->legal_actions();
      state->apply_action(legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))]);
    }
  }
  by_state = {spec, g, moves, state_hash.value};
  by_feed = {spec, g, moves, feed_hash.value};
}

TEST(SpiesTensorFromStream, EqualsTheRecordedTensorsOfTheStateEncoder) {
  const std::vector<GameRecord> golden = read_golden();
  std::size_t expected_records = 0;
  for (const std::string& spec : game_info().test_specs) expected_records += static_cast<std::size_t>(games_for(spec));
  ASSERT_EQ(golden.size(), expected_records) << kGoldenFile << " does not cover every test spec";
  std::size_t i = 0;
  for (const std::string& spec : game_info().test_specs) {
    for (int g = 0; g < games_for(spec); ++g, ++i) {
      const GameRecord& want = golden[i];
      ASSERT_EQ(want.spec, spec);
      ASSERT_EQ(want.game, g);
      GameRecord by_state, by_feed;
      play_and_hash(spec, g, by_state, by_feed);
      ASSERT_EQ(by_state.moves, want.moves) << spec << " game " << g << ": the random game went otherwise";
      EXPECT_EQ(by_state.hash, want.hash) << spec << " game " << g << ": the state's tensors differ from the record";
      EXPECT_EQ(by_feed.hash, want.hash) << spec << " game " << g << ": the feed's tensors differ from the record";
    }
  }
}

// A clone taken anywhere reads on by itself: what it and the original render
// after the same further observations is the same, and the original is
// untouched by the clone's reading.
TEST(SpiesTensorFromStream, AKnowledgeCloneReadsOnByItself) {
  const auto game = make_game("loyalist_spies(players=3,rounds=1)");
  Rng rng(17);
  for (int g = 0; g < 4; ++g) {
    auto state = game->new_initial_state();
    while (!state->is_terminal()) {
      if (state->is_chance_node()) {
        state->apply_action(state->sample_chance_outcome(rng));
      } else {
        const ActionList legal = state->legal_actions();
        state->apply_action(legal[static_cast<std::size_t>(rng.uniform_int(legal.size()))]);
      }
    }
    for (Player p = 0; p < game->num_players(); ++p) {
      const SeatStream stream = state->seat_stream(p);
      const std::size_t cut = static_cast<std::size_t>(rng.uniform_int(stream.size()));
      auto original = game->new_seat_knowledge(p);
      for (std::size_t i = 0; i < cut; ++i) original->read(stream[i]);
      std::string before;
      original->describe(before);
      auto copy = original->clone();
      for (std::size_t i = cut; i < stream.size(); ++i) copy->read(stream[i]);
      std::string text;
      original->describe(text);
      EXPECT_EQ(text, before) << "reading into the clone changed the original";
      for (std::size_t i = cut; i < stream.size(); ++i) original->read(stream[i]);
      std::vector<float> a(kTensorSize), b(kTensorSize);
      original->encode(a);
      copy->encode(b);
      EXPECT_EQ(a, b) << "seat " << p << " cut at " << cut;
      EXPECT_EQ(a, state->information_state_tensor(p));
      std::string copy_text;
      original->describe(text);
      copy->describe(copy_text);
      EXPECT_EQ(text, copy_text);
      EXPECT_EQ(text, state->information_state_string(p));
    }
  }
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
