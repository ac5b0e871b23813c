// Serialization by history: the text form round-trips, and every kind of bad
// text is a KibitzError that says where it went wrong.
#include "env/core/serialize.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "tests/support/error_of.h"

namespace kibitz {
namespace {

// The message of the KibitzError that deserializing `text` throws.
std::string load_error(const std::string& text) {
  return error_of([&] { deserialize_state(text); });
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Serialize, TextIsTheCanonicalSpecAndTheActions) {
  const auto game = load_game("kuhn_poker");
  const auto state = game->state_from_history(std::vector<Action>{2, 0, 1});
  EXPECT_EQ(serialize_state(*state), "kuhn_poker(players=2)\n2 0 1\n");
  EXPECT_EQ(serialize_state(*game->new_initial_state()), "kuhn_poker(players=2)\n\n");
}

TEST(Serialize, RoundTripsEveryPrefixOfAGame) {
  const auto game = load_game("kuhn_poker(players=3)");
  const std::vector<Action> history = {3, 0, 2, 0, 1, 1, 0};
  for (std::size_t n = 0; n <= history.size(); ++n) {
    const auto state = game->state_from_history(std::span<const Action>(history.data(), n));
    const auto loaded = deserialize_state(serialize_state(*state));
    EXPECT_TRUE(states_equal(*loaded, *state)) << "prefix of length " << n;
    EXPECT_EQ(loaded->game().spec(), game->spec());
  }
}

TEST(Serialize, AcceptsLooseWhitespaceAndAMissingFinalNewline) {
  const auto expected = load_game("kuhn_poker")->state_from_history(std::vector<Action>{1, 2, 1});
  for (const char* text :
       {"kuhn_poker\n1 2 1", "kuhn_poker\n  1  2\n1 \n\n", "kuhn_poker(players=2)\n1 2 1\n"}) {
    const auto state = deserialize_state(text);
    EXPECT_TRUE(states_equal(*state, *expected)) << text;
  }
}

TEST(Serialize, MissingNewlineIsNamed) {
  EXPECT_TRUE(contains(load_error("kuhn_poker"), "no newline after the game spec"));
  EXPECT_TRUE(contains(load_error(""), "no newline"));
}

TEST(Serialize, BadActionTextIsQuoted) {
  const std::string message = load_error("kuhn_poker\n0 1 bet 0\n");
  EXPECT_TRUE(contains(message, "expected an action number at 'bet 0")) << message;
  EXPECT_TRUE(contains(load_error("kuhn_poker\n0,1\n"), "at ',1"))
      << load_error("kuhn_poker\n0,1\n");
}

TEST(Serialize, BadGameSpecIsNamed) {
  EXPECT_TRUE(contains(load_error("no_such_game\n0\n"), "unknown game 'no_such_game'"));
  EXPECT_TRUE(contains(load_error("kuhn_poker(players=9)\n0\n"), "parameter 'players'"));
}

TEST(Serialize, IllegalActionNamesItsPosition) {
  // Card 0 dealt twice: the second action (position 1) is illegal.
  std::string message = load_error("kuhn_poker\n0 0 1\n");
  EXPECT_TRUE(contains(message, "position 1")) << message;
  EXPECT_TRUE(contains(message, "illegal action 0")) << message;
  EXPECT_TRUE(contains(message, "kuhn_poker(players=2)")) << "names the game: " << message;

  // A betting action out of range at position 3.
  message = load_error("kuhn_poker\n0 1 1 5\n");
  EXPECT_TRUE(contains(message, "position 3")) << message;
  EXPECT_TRUE(contains(message, "illegal action 5")) << message;

  // Moves after the end: pass, pass ends a two-player hand.
  message = load_error("kuhn_poker\n0 1 0 0 1\n");
  EXPECT_TRUE(contains(message, "position 4")) << message;
  EXPECT_TRUE(contains(message, "game is over")) << message;

  message = load_error("kuhn_poker\n-1\n");
  EXPECT_TRUE(contains(message, "position 0")) << message;
  EXPECT_TRUE(contains(message, "illegal action -1")) << message;
}

TEST(Serialize, ActionNumberOverflowIsAnError) {
  EXPECT_THROW(deserialize_state("kuhn_poker\n99999999999999999999\n"), KibitzError);
}

}  // namespace
}  // namespace kibitz
