// Laws and Disorder's Knowledge against the true state: over seeded random
// games of every size and variant, at every move and for every seat, what
// the seat rebuilt from its own stream matches the state's public facts
// (positions, monies, hand sizes, the deck, the laws on the table and the
// law in progress, the final round) and its own hand; the tensor keeps its
// size and holds finite values; the state's information-state tensor and
// observation string are the ones Knowledge writes.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/stream_spec.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {
namespace {

// Each seat's Knowledge, fed the new part of its stream after every move.
class Readers {
 public:
  Readers(const Config& config, int players) {
    for (int s = 0; s < players; ++s) {
      readers_.emplace_back(config, s);
      read_.push_back(0);
    }
  }
  void catch_up(const State& state) {
    for (int s = 0; s < static_cast<int>(readers_.size()); ++s) {
      state.seat_stream(s, stream_);
      const auto seat = static_cast<std::size_t>(s);
      for (std::size_t i = read_[seat]; i < stream_.size(); ++i) {
        readers_[seat].read(stream_[i]);
        ++kinds_seen[stream_[i].kind];
      }
      read_[seat] = stream_.size();
    }
  }
  const Knowledge& of(int seat) const { return readers_[static_cast<std::size_t>(seat)]; }

  // How often each observation kind was read, over every seat.
  std::array<int, kNumObsKinds> kinds_seen{};

 private:
  std::vector<Knowledge> readers_;
  std::vector<std::size_t> read_;
  SeatStream stream_;
};

// What the seat knows must be what is true, field by field; `where` names
// the game and the move for the failure message.
void expect_matches(const LawsAndDisorderState& state, const Knowledge& k, const std::string& where) {
  const int n = state.num_players();
  const int seat = k.viewer;
  for (int p = 0; p < n; ++p) {
    ASSERT_EQ(k.monies[static_cast<std::size_t>(p)], state.monies(p)) << where << " monies of P" << p;
    ASSERT_EQ(k.hand_size[static_cast<std::size_t>(p)], state.hand_size(p)) << where << " hand size of P" << p;
    if (state.move_number() >= n) {  // the positions are dealt
      ASSERT_EQ(k.position_of[static_cast<std::size_t>(p)], static_cast<int>(state.position_of(p)))
          << where << " position of P" << p;
    }
  }
  for (int pos = 0; pos < kNumPositions; ++pos) {
    if (state.move_number() < n) break;
    ASSERT_EQ(k.holder[static_cast<std::size_t>(pos)], state.holder(static_cast<Position>(pos)))
        << where << " holder of " << position_name(static_cast<Position>(pos));
  }
  ASSERT_EQ(k.hand, state.hand(seat)) << where << " own hand of P" << seat;
  ASSERT_EQ(k.deck_size, state.deck_size()) << where;
  ASSERT_EQ(k.num_laws, state.num_laws()) << where;
  for (int slot = 0; slot < state.num_laws(); ++slot) {
    const TableLaw& truth = state.law_at(slot);
    const KnownLaw& known = k.laws[static_cast<std::size_t>(slot)];
    ASSERT_EQ(known.serial, truth.serial) << where << " slot " << slot;
    ASSERT_EQ(known.maker, truth.maker) << where << " slot " << slot;
    ASSERT_EQ(known.law, truth.law) << where << " " << law_name(truth.serial) << ": " << law_sentence(known.law)
                                    << " vs " << law_sentence(truth.law);
  }
  ASSERT_EQ(k.building, state.law_in_progress()) << where;
  // The belief about others never holds more cards than their hands.
  for (int p = 0; p < n; ++p) {
    const KindCounts& belief = k.seen[static_cast<std::size_t>(p)];
    const int believed = std::accumulate(belief.begin(), belief.end(), 0);
    ASSERT_LE(believed, p == seat ? 0 : state.hand_size(p)) << where << " belief about P" << p;
  }
  // A choice inside an effect is the effect's subject's: the context says so.
  if (state.phase() == Phase::kPick || state.phase() == Phase::kRecipient) {
    ASSERT_EQ(k.effect_seat, state.current_player()) << where;
    ASSERT_FALSE(k.effect_law.empty()) << where;
  }
  if (state.phase() == Phase::kThiefTake) {
    ASSERT_GE(k.theft_victim, 0) << where;
  }
  // The state counts the final turns including the current one and starts
  // counting at the first of them; Knowledge counts those after the current.
  if (state.turns_left() > 0) {
    ASSERT_EQ(k.turns_left, state.turns_left() - 1) << where;
  } else if (!state.is_terminal()) {
    ASSERT_EQ(k.turns_left, k.last_card_drawn ? n : -1) << where;
  }
  ASSERT_EQ(k.last_card_drawn, state.deck_size() == 0) << where;
  if (state.phase() != Phase::kDealPosition && state.phase() != Phase::kTerminal && k.turn_player >= 0) {
    ASSERT_EQ(k.turn_player, state.turn_player()) << where;
  }
}

void expect_tensor(const LawsAndDisorderState& state, const Knowledge& k, const std::string& where) {
  std::vector<float> mine(static_cast<std::size_t>(tensor_size(state.num_players())));
  k.encode(mine);
  for (const float v : mine) ASSERT_TRUE(std::isfinite(v)) << where;
  const State& base = state;  // the vector-returning overloads
  ASSERT_EQ(base.information_state_tensor(k.viewer), mine) << where;
  ASSERT_EQ(base.observation_tensor(k.viewer), mine) << where;
}

// Plays `games` random games of `spec`, checking every seat at every move;
// adds to `kinds` how often each observation kind was read.
void play_and_check(const std::string& spec, int games, std::uint64_t seed, std::array<int, kNumObsKinds>& kinds) {
  const std::shared_ptr<const Game> game = load_game(spec);
  const Config config = static_cast<const LawsAndDisorderGame&>(*game).config();
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    const std::unique_ptr<State> state = game->new_initial_state();
    const auto& ld = static_cast<const LawsAndDisorderState&>(*state);
    Readers readers(config, config.players);
    for (int move = 0;; ++move) {
      readers.catch_up(*state);
      const std::string where = spec + " game " + std::to_string(g) + " move " + std::to_string(move);
      for (int s = 0; s < config.players; ++s) {
        expect_matches(ld, readers.of(s), where + " seat P" + std::to_string(s));
        if (::testing::Test::HasFatalFailure()) return;
        // The tensor costs more than the facts: every few moves.
        if (move % 7 == s % 7 || state->is_terminal()) expect_tensor(ld, readers.of(s), where);
        if (::testing::Test::HasFatalFailure()) return;
      }
      if (state->is_terminal()) break;
      if (state->is_chance_node()) {
        state->apply_action(state->sample_chance_outcome(rng));
      } else {
        const ActionList legal = state->legal_actions();
        state->apply_action(legal[rng.uniform_int(legal.size())]);
      }
    }
    for (int k = 0; k < kNumObsKinds; ++k) kinds[static_cast<std::size_t>(k)] += readers.kinds_seen[static_cast<std::size_t>(k)];
    for (int s = 0; s < config.players; ++s) {
      EXPECT_TRUE(readers.of(s).game_over);
    }
    // The one-line description is the state's observation string.
    EXPECT_EQ(state->observation_string(0), readers.of(0).describe());
  }
}

// The checks are worth what the games exercise: over all the games every
// observation kind must have been read at least once (but a law dropped,
// without max_laws).
void expect_every_kind(const std::array<int, kNumObsKinds>& kinds, bool max_laws) {
  const StreamSpec spec = laws_and_disorder_stream_spec();
  for (int k = 0; k < kNumObsKinds; ++k) {
    if (!max_laws && k == static_cast<int>(Obs::kDropped)) continue;
    EXPECT_GT(kinds[static_cast<std::size_t>(k)], 0) << "no game read a '" << spec.kind(k).name << "' observation";
  }
}

TEST(KnowledgePlay, MatchesTheTrueStateForEveryPlayerCount) {
  std::array<int, kNumObsKinds> kinds{};
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    SCOPED_TRACE(players);
    play_and_check("laws_and_disorder(players=" + std::to_string(players) + ")", 100, 1000 + players, kinds);
    if (HasFatalFailure()) return;
  }
  expect_every_kind(kinds, false);
}

TEST(KnowledgePlay, MatchesTheTrueStateInEveryVariant) {
  std::array<int, kNumObsKinds> kinds{};
  for (const char* spec : {"laws_and_disorder(players=4,draw_at=start,hand_limit=11,max_laws=8)",
                           "laws_and_disorder(players=3,max_laws=2,hand_limit=3)",
                           "laws_and_disorder(players=6,reward=score,max_laws=1,hand_limit=2)",
                           "laws_and_disorder(players=2,draw_at=start,hand_limit=1)"}) {
    SCOPED_TRACE(spec);
    play_and_check(spec, 60, 77, kinds);
    if (HasFatalFailure()) return;
  }
  expect_every_kind(kinds, true);
}

TEST(KnowledgePlay, TheTensorSizeIsTheGamesShape) {
  for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
    const auto game = load_game("laws_and_disorder(players=" + std::to_string(players) + ")");
    EXPECT_EQ(game->information_state_tensor_shape(), std::vector<int>{tensor_size(players)});
    EXPECT_EQ(game->observation_tensor_shape(), std::vector<int>{tensor_size(players)});
  }
}

}  // namespace
}  // namespace kibitz::laws_and_disorder
