// `kibitz seat` driven as a person at a physical table drives it: the test
// holds the real game (cards dealt at random, the other seats playing at
// random), types into the built binary what the AI's seat sees as it
// happens, in the readable forms, and plays the moves it is told to make,
// from the deal to the end of the game. The observations the console fills
// in by itself must be the ones the real game then gives.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "tests/tools/kibitz_child.h"

namespace kibitz::tools {
namespace {

using testing::KibitzChild;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The console's output, one prompt at a time.
class Console {
 public:
  Console(const std::string& game, Player seat, const std::string& agent)
      : child_({"seat", "--game", game, "--seat", std::to_string(seat), "--agent", agent, "--seed", "1", "--no-records"}),
        prompt_(seat_text(seat) + "> ") {}

  // Everything written up to the next prompt (nothing once the output ends).
  std::string until_prompt() {
    if (!child_.read_until(prompt_)) return {};
    const std::size_t at = child_.out().find(prompt_, read_);
    std::string text = child_.out().substr(read_, at - read_);
    read_ = at + prompt_.size();
    return text;
  }
  std::string type(const std::string& line) {
    child_.type(line + "\n");
    return until_prompt();
  }
  KibitzChild& child() { return child_; }

 private:
  KibitzChild child_;
  std::string prompt_;
  std::size_t read_ = 0;
};

// The observation texts the console accepted in `text`: typed ("  ok: ")
// or filled in ("  + "); and those it holds as the beginning of a move
// ("  held: "), until they come back accepted.
void take_accepted(const std::string& text, std::vector<std::string>& accepted,
                   std::vector<std::string>& held) {
  if (text.find("\n  ok: ") != std::string::npos) held.clear();
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.rfind("  ok: ", 0) == 0) accepted.push_back(line.substr(6));
    if (line.rfind("  + ", 0) == 0) accepted.push_back(line.substr(4, line.find("   (") - 4));
    if (line.rfind("  held: ", 0) == 0) held.push_back(line.substr(8));
    start = end + 1;
  }
}

// The line the console prints when the seat's stream settles the returns.
std::string result_line(const std::vector<double>& returns) {
  std::string line = "Result:";
  for (std::size_t s = 0; s < returns.size(); ++s) {
    char value[32];
    std::snprintf(value, sizeof value, "%+.2f", returns[s]);
    line += (s == 0 ? " " : ", ") + seat_text(static_cast<Player>(s)) + " " + value;
  }
  return line + "\n";
}

// The move the console says to make in `text`, or "".
std::string advice_in(const std::string& text) {
  const std::size_t at = text.find(" to act. Play: ");
  if (at == std::string::npos) return {};
  const std::size_t start = at + 15;
  const std::size_t end = std::min(text.find('\n', start), text.find("   (", start));
  return text.substr(start, end - start);
}

// Plays one whole game of `spec` with the AI in `seat`; returns the moves it advised.
int play_through(const std::string& spec, Player seat, const std::string& agent, std::uint64_t seed) {
  const auto game = load_game(spec);
  const StreamSpec& stream_spec = game->stream_spec();
  Console console(spec, seat, agent);
  std::string said = console.until_prompt();
  std::vector<std::string> accepted, held;
  take_accepted(said, accepted, held);
  std::string advice = advice_in(said);
  std::string own_action;  // the AI's move, entered as its action text
  Rng rng(seed);
  auto state = game->new_initial_state();
  int advised = 0;
  while (true) {
    std::vector<std::string> truth;
    for (const Observation& o : state->seat_stream(seat)) truth.push_back(stream_spec.to_text(o));
    for (std::size_t i = 0; i < std::min(truth.size(), accepted.size()); ++i) {
      EXPECT_EQ(accepted[i], truth[i]) << "observation " << i << " (filled in wrongly?)";
      if (accepted[i] != truth[i]) return advised;
    }
    if (accepted.size() + held.size() < truth.size()) {
      const std::string entry = !own_action.empty() ? own_action : truth[accepted.size() + held.size()];
      own_action.clear();
      said = console.type(entry);
      if (said.empty()) {
        const int status = console.child().wait();
        ADD_FAILURE() << "the console ended (status " << status << ") after '" << entry
                      << "':\n" << console.child().err();
        return advised;
      }
      EXPECT_FALSE(contains(said, "refused")) << entry << "\n" << said;
      if (contains(said, "refused")) return advised;
      take_accepted(said, accepted, held);
      if (!advice_in(said).empty()) advice = advice_in(said);
      continue;
    }
    if (state->is_terminal()) {
      EXPECT_TRUE(contains(said, "The game is over")) << said;
      // Every game's end settles the returns for the seat (a showdown shows
      // the cards still in), so the console says them.
      EXPECT_TRUE(contains(said, result_line(state->returns()))) << said;
      break;
    }
    Action move = kInvalidAction;
    if (state->current_player() == seat) {
      EXPECT_FALSE(advice.empty()) << "no move advised; the console said:\n" << said;
      if (advice.empty()) return advised;
      move = state->string_to_action(seat, advice);
      own_action = advice;
      advice.clear();
      ++advised;
    } else if (state->is_chance_node()) {
      move = state->sample_chance_outcome(rng);
    } else {
      const ActionList legal = state->legal_actions();
      move = legal[rng.uniform_int(legal.size())];
    }
    state->apply_action(move);
  }
  said = console.type("quit");
  EXPECT_EQ(console.child().wait(), 0) << console.child().err();
  return advised;
}

TEST(SeatCommand, KuhnPokerFromTheDealToTheEnd) {
  for (Player seat : {0, 1}) {
    for (std::uint64_t seed : {1, 2, 3}) EXPECT_GT(play_through("kuhn_poker", seat, "ismcts(sims=50)", seed), 0);
  }
}

TEST(SeatCommand, LeducPokerFromTheDealToTheEnd) {
  for (std::uint64_t seed : {1, 2}) EXPECT_GT(play_through("leduc_poker", 1, "ismcts(sims=50)", seed), 0);
}

// Liar's Dice at a table of three with two dice each: seat 1 always has a
// turn (seat 0 opens with a bid), advised by the game's heuristic and by a
// search drawing the unseen dice from what was typed.
TEST(SeatCommand, LiarsDiceFromTheRollToTheChallenge) {
  for (const std::string agent : {"heuristic", "ismcts(sims=50)"}) {
    for (std::uint64_t seed : {1, 2}) {
      EXPECT_GT(play_through("liars_dice(players=3,dice=2)", 1, agent, seed), 0) << agent;
    }
  }
}

// The test of done: the fourth seat of a four-player Loyalist Spies
// game, from the deal to the final score.
TEST(SeatCommand, LoyalistSpiesFourthSeatFromTheDealToTheFinalScore) {
  EXPECT_GT(play_through("loyalist_spies(players=4)", 3, "ismcts(sims=8)", 1), 0);
}

// A dealer calls a hand: the seat's cards on one line, the other seats'
// cards dealt between them filled in.
TEST(SeatCommand, AWholeHandOnOneLine) {
  const std::string spec = "loyalist_spies(players=4)";
  const auto game = load_game(spec);
  auto state = game->new_initial_state();
  Rng rng(5);
  while (state->is_chance_node()) state->apply_action(state->sample_chance_outcome(rng));
  std::string ace, hand;
  int cards = 0;
  for (const Observation& o : state->seat_stream(3)) {
    const std::string text = game->stream_spec().to_text(o);
    if (text.rfind("your ace is ", 0) == 0) ace = text;
    if (text.rfind("dealt ", 0) == 0) {
      hand += " " + text.substr(6);
      ++cards;
    }
  }
  ASSERT_GT(cards, 5);
  Console console(spec, 3, "random");
  console.until_prompt();
  console.type(ace);
  const std::string said = console.type("dealt" + hand);
  EXPECT_FALSE(contains(said, "refused")) << said;
  std::size_t ok = 0;
  for (std::size_t at = said.find("  ok: dealt "); at != std::string::npos; at = said.find("  ok: dealt ", at + 1)) ++ok;
  EXPECT_EQ(ok, static_cast<std::size_t>(cards)) << said;
  EXPECT_TRUE(contains(said, "  + P0 is dealt a card")) << said;
  console.type("quit");
  EXPECT_EQ(console.child().wait(), 0);
}

TEST(SeatCommand, ListsWhatCanComeRefusesContradictionsAndUndoes) {
  Console console("kuhn_poker", 1, "ismcts(sims=20)");
  std::string said = console.until_prompt();
  EXPECT_TRUE(contains(said, "  + P0 is dealt a card")) << said;  // forced, filled in
  said = console.type("?");
  for (const char* card : {"dealt J", "dealt Q", "dealt K"}) EXPECT_TRUE(contains(said, card)) << said;
  said = console.type("dealt k");
  EXPECT_TRUE(contains(said, "  ok: dealt K")) << said;
  said = console.type("dealt Q");
  EXPECT_TRUE(contains(said, "refused:")) << said;
  said = console.type("P1 bets");
  EXPECT_TRUE(contains(said, "refused:")) << said;
  said = console.type("p0\t");  // Tab: the list, narrowed to what begins so
  EXPECT_TRUE(contains(said, "P0 bets") && contains(said, "P0 passes")) << said;
  said = console.type("P0 bets");
  EXPECT_TRUE(contains(said, "P1 to act. Play: ")) << said;
  EXPECT_TRUE(contains(said, "sure: ")) << said;
  said = console.type("undo");
  EXPECT_TRUE(contains(said, "taken back: P0 bets")) << said;
  said = console.type("show");
  EXPECT_TRUE(contains(said, "    dealt K")) << said;
  EXPECT_FALSE(contains(said, "P0 bets")) << said;
  said = console.type("help");
  EXPECT_TRUE(contains(said, "undo")) << said;
  console.child().close_input();
  // The input ends in the middle of a game: exit status 2, as play's.
  EXPECT_EQ(console.child().wait(), 2);
}

// A Kuhn showdown typed one observation a line: the call is held until the
// cards are shown, and then the console says the result.
TEST(SeatCommand, AKuhnShowdownEndsWithTheResult) {
  Console console("kuhn_poker", 0, "random");
  console.until_prompt();
  std::string said = console.type("dealt K");
  EXPECT_TRUE(contains(said, "  + P1 is dealt a card")) << said;
  console.type("P0 passes");
  console.type("P1 bets");
  said = console.type("P0 bets");
  EXPECT_TRUE(contains(said, "  held: P0 bets")) << said;
  EXPECT_FALSE(contains(said, "Result")) << said;
  said = console.type("P0 shows K");
  EXPECT_TRUE(contains(said, "  held: P0 shows K")) << said;
  said = console.type("P1 shows Q");
  EXPECT_TRUE(contains(said, "  ok: P1 shows Q")) << said;
  EXPECT_TRUE(contains(said, "Result: P0 +2.00, P1 -2.00\n")) << said;
  EXPECT_TRUE(contains(said, "The game is over")) << said;
  // A showdown that contradicts the deal is refused: seat 0 holds the K.
  said = console.type("new");
  said = console.type("dealt J");
  console.type("P0 passes");
  said = console.type("P1 passes; P0 shows Q; P1 shows K");
  EXPECT_TRUE(contains(said, "refused: ")) << said;
  EXPECT_TRUE(contains(said, "not your card")) << said;
  said = console.type("P1 passes; P0 shows J; P1 shows K");
  EXPECT_TRUE(contains(said, "Result: P0 -1.00, P1 +1.00\n")) << said;
  console.type("quit");
  EXPECT_EQ(console.child().wait(), 0);
}

TEST(SeatCommand, BadFlagsAreRefused) {
  KibitzChild seat({"seat", "--game", "kuhn_poker", "--seat", "2", "--agent", "random"});
  EXPECT_EQ(seat.wait(), 2);
  EXPECT_TRUE(contains(seat.err(), "seats 0 to 1")) << seat.err();
  KibitzChild both({"seat", "--game", "kuhn_poker", "--seat", "0", "--agent", "random", "--sims", "5",
                    "--time-ms", "5"});
  EXPECT_EQ(both.wait(), 2);
}

}  // namespace
}  // namespace kibitz::tools
