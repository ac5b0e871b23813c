// What each listener is sent, over many random games played by text: a seat
// hears exactly its own stream (State::seat_stream), in order, and a
// spectator exactly the public stream, until the end, when everyone hears
// every stream. The notes beside the observations (web/message_json.h) are
// exactly what the game's notes make of the listener's own stream.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "env/core/registry.h"
#include "tests/web/web_test_support.h"
#include "web/game_part.h"
#include "web/table.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using testing::Heard;

// Each note heard is the game's note on the listener's own stream at that
// entry (compact JSON either way: the server writes no spaces).
void check_notes(const Heard& heard, const std::string& game_spec) {
  const ObservationNotes notes = observation_notes_of(load_game(game_spec)->name());
  ASSERT_EQ(heard.notes.size(), heard.observations.size()) << game_spec;
  for (std::size_t i = 0; i < heard.notes.size(); ++i) {
    EXPECT_EQ(heard.notes[i], notes ? notes(heard.observations, i) : "") << game_spec << " entry " << i;
  }
}

// Plays `games` games of `game_spec`, seat 0 a person when `agents` (the
// other seats random agents), every seat a person otherwise, and checks
// every listener's messages against the replayed final state.
void check_game(const std::string& game_spec, int games, bool agents) {
  ThinkPool pool(2);
  Rng rng(11);
  const int players = load_game(game_spec)->num_players();
  for (int g = 0; g < games; ++g) {
    std::vector<std::string> seats(static_cast<std::size_t>(players), "human");
    if (agents) {
      for (int s = 1; s < players; ++s) seats[static_cast<std::size_t>(s)] = "random";
    }
    TableOptions options{"t" + std::to_string(g), rng.next()};
    const auto table = Table::create(plan_table({game_spec, seats}, {}, options.seed), options, pool);
    std::vector<std::shared_ptr<Subscription>> listeners;
    for (int s = 0; s < players; ++s) {
      const std::string& token = table->seat_token(s);
      listeners.push_back(token.empty() ? nullptr : table->join(token));
    }
    const auto spectator = table->watch();
    table->begin();
    std::vector<Heard> heard(static_cast<std::size_t>(players));
    ASSERT_TRUE(testing::play_people(*table, listeners, heard, rng, 20s)) << game_spec << " game " << g;
    const auto final_state = testing::replay_state(*table);
    for (int s = 0; s < players; ++s) {
      if (listeners[static_cast<std::size_t>(s)] == nullptr) continue;
      const Heard& h = heard[static_cast<std::size_t>(s)];
      // Exactly the seat's own stream, nothing of anyone else's, in order.
      EXPECT_EQ(h.observations, final_state->seat_stream(s)) << game_spec << " game " << g << " seat " << s;
      EXPECT_TRUE(h.contiguous);
      EXPECT_TRUE(h.over);
      ASSERT_EQ(h.end_streams.size(), static_cast<std::size_t>(players));
      for (int p = 0; p < players; ++p) {
        EXPECT_EQ(h.end_streams[static_cast<std::size_t>(p)], final_state->seat_stream(p));
      }
      for (std::size_t i = 0; i < h.texts.size(); ++i) {
        EXPECT_EQ(h.texts[i], table->game().stream_spec().to_text(h.observations[i]));
      }
      check_notes(h, game_spec);
    }
    Heard watched;
    testing::listen(*spectator, table->game().stream_spec(), watched);
    EXPECT_EQ(watched.observations, final_state->public_stream()) << game_spec << " game " << g;
    check_notes(watched, game_spec);
    EXPECT_TRUE(watched.over);
    EXPECT_EQ(watched.end_public, final_state->public_stream());
    EXPECT_EQ(watched.returns, final_state->returns());
    // Nothing but the public stream came before the end.
    for (const std::string& type : watched.types) EXPECT_NE(type, "turn");
  }
}

TEST(TablePrivacyTest, KuhnSeatsHearOnlyTheirOwnStream) { check_game("kuhn_poker", 40, false); }
TEST(TablePrivacyTest, LeducSeatsHearOnlyTheirOwnStream) { check_game("leduc_poker", 40, false); }
TEST(TablePrivacyTest, LoyalistSpiesSeatsHearOnlyTheirOwnStream) {
  check_game("loyalist_spies", 6, false);
}
TEST(TablePrivacyTest, LiarsDiceSeatsHearOnlyTheirOwnStream) {
  check_game("liars_dice(players=3,dice=2)", 30, false);
}
TEST(TablePrivacyTest, APersonAmongAgentsHearsOnlyTheirOwnStream) {
  check_game("kuhn_poker", 20, true);
  check_game("leduc_poker", 20, true);
  check_game("loyalist_spies", 4, true);
  check_game("liars_dice(players=4,dice=2)", 20, true);
}

}  // namespace
}  // namespace kibitz::web
