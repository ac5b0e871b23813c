// Rule-by-rule tests of Kuhn poker for two and three players, written as
// scripted deals with a comment per action.
#include "env/games/kuhn_poker/kuhn_poker.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "tests/support/error_of.h"

namespace kibitz::kuhn_poker {
namespace {

std::unique_ptr<State> new_hand(std::string_view spec = "kuhn_poker") {
  return load_game(spec)->new_initial_state();
}

// Applies a move written as people read it: "deal Q", "pass", "bet".
void play(State& state, std::string_view move) {
  state.apply_action(state.string_to_action(state.current_player(), move));
}

const KuhnState& kuhn(const State& state) { return static_cast<const KuhnState&>(state); }

// The message of the KibitzError that applying `action` throws ("" if none).
std::string apply_error(State& state, Action action) {
  return error_of([&] { state.apply_action(action); });
}

using Returns = std::vector<double>;

TEST(KuhnPokerTest, GamesDescribeTheirShape) {
  const auto two = load_game("kuhn_poker");
  EXPECT_EQ(two->spec(), "kuhn_poker(players=2)");
  EXPECT_EQ(two->num_players(), 2);
  EXPECT_EQ(two->num_distinct_actions(), 2);
  EXPECT_EQ(two->max_chance_outcomes(), 3);
  EXPECT_EQ(two->max_game_length(), 5);  // 2 deals + pass, bet, call
  const auto three = load_game("kuhn_poker(players=3)");
  EXPECT_EQ(three->num_players(), 3);
  EXPECT_EQ(three->max_chance_outcomes(), 4);
  EXPECT_EQ(three->max_game_length(), 8);  // 3 deals + pass, pass, bet, call, call
  EXPECT_EQ(three->max_return(), 4.0);     // two callers' chips
  EXPECT_THROW(load_game("kuhn_poker(players=4)"), KibitzError);
}

TEST(KuhnPokerTest, DealsInSeatOrderThenSeatZeroActs) {
  auto s = new_hand();
  ASSERT_TRUE(s->is_chance_node());
  EXPECT_EQ(s->chance_outcomes().size(), 3u);
  play(*s, "deal K");  // seat 0
  const auto outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);  // the K is gone
  EXPECT_EQ(outcomes[0].action, 0);
  EXPECT_EQ(outcomes[1].action, 1);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  EXPECT_FALSE(s->is_legal(2));  // the K cannot be dealt twice
  play(*s, "deal J");            // seat 1
  EXPECT_EQ(kuhn(*s).card(0), 2);
  EXPECT_EQ(kuhn(*s).card(1), 0);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->legal_actions(), (ActionList{kPass, kBet}));  // both always legal
}

// Plays a two-player hand: seat 0 holds `card0`, seat 1 `card1`, then the
// betting line, one letter per action (p = pass, b = bet).
Returns play_line(std::string_view card0, std::string_view card1, std::string_view line) {
  auto s = new_hand();
  play(*s, "deal " + std::string(card0));
  play(*s, "deal " + std::string(card1));
  for (char c : line) {
    EXPECT_FALSE(s->is_terminal()) << line;
    play(*s, c == 'b' ? "bet" : "pass");
  }
  EXPECT_TRUE(s->is_terminal()) << line;
  return s->returns();
}

TEST(KuhnPokerTest, TwoPlayerBettingLinesPayAsTheRulesSay) {
  // pass, pass: showdown for the antes; Q beats J.
  EXPECT_EQ(play_line("J", "Q", "pp"), (Returns{-1, 1}));
  // pass, bet, pass: seat 0 folds to the bet and loses its ante, even with K.
  EXPECT_EQ(play_line("K", "J", "pbp"), (Returns{-1, 1}));
  // pass, bet, bet: seat 0 calls; showdown for 2 each; K beats Q.
  EXPECT_EQ(play_line("K", "Q", "pbb"), (Returns{2, -2}));
  // bet, pass: seat 1 folds; seat 0 wins the ante with the worst card.
  EXPECT_EQ(play_line("J", "K", "bp"), (Returns{1, -1}));
  // bet, bet: called; showdown for 2 each; K beats J.
  EXPECT_EQ(play_line("J", "K", "bb"), (Returns{-2, 2}));
}

TEST(KuhnPokerTest, TwoPlayerTurnOrder) {
  auto s = new_hand();
  play(*s, "deal J");  // seat 0
  play(*s, "deal Q");  // seat 1
  EXPECT_EQ(s->current_player(), 0);
  play(*s, "pass");  // seat 0 checks
  EXPECT_EQ(s->current_player(), 1);
  play(*s, "bet");                    // seat 1 bets
  EXPECT_EQ(s->current_player(), 0);  // seat 0 must answer the bet
  play(*s, "pass");                   // seat 0 folds
  EXPECT_EQ(s->current_player(), kTerminalPlayer);
}

// Plays a three-player hand with the given cards ("J".."A") and betting line.
Returns play_line3(const std::vector<std::string>& cards, std::string_view line) {
  auto s = new_hand("kuhn_poker(players=3)");
  for (const std::string& card : cards) play(*s, "deal " + card);
  for (char c : line) {
    EXPECT_FALSE(s->is_terminal()) << line;
    play(*s, c == 'b' ? "bet" : "pass");
  }
  EXPECT_TRUE(s->is_terminal()) << line;
  return s->returns();
}

TEST(KuhnPokerTest, ThreePlayerBettingLinesPayAsTheRulesSay) {
  // Everyone passes: the highest card (seat 1's A) takes the three antes.
  EXPECT_EQ(play_line3({"J", "A", "Q"}, "ppp"), (Returns{-1, 2, -1}));
  // Seat 0 bets, both others fold: seat 0 takes their antes.
  EXPECT_EQ(play_line3({"J", "A", "Q"}, "bpp"), (Returns{2, -1, -1}));
  // Seat 1 bets, seat 2 folds, seat 0 calls: showdown between seats 0 and 1
  // for a pot of 2 + 2 + 1; seat 0's K beats seat 1's Q.
  EXPECT_EQ(play_line3({"K", "Q", "A"}, "pbpb"), (Returns{3, -2, -1}));
  // Seat 2 bets after two checks; both call; seat 2's A beats all for 6.
  EXPECT_EQ(play_line3({"Q", "K", "A"}, "ppbbb"), (Returns{-2, -2, 4}));
  // Seat 0 bets, seat 1 calls, seat 2 folds its A: seat 1's K beats seat 0's Q.
  EXPECT_EQ(play_line3({"Q", "K", "A"}, "bbp"), (Returns{-2, 3, -1}));
}

TEST(KuhnPokerTest, ThreePlayerTurnOrderWrapsAroundAfterALateBet) {
  auto s = new_hand("kuhn_poker(players=3)");
  play(*s, "deal J");                             // seat 0
  play(*s, "deal Q");                             // seat 1
  play(*s, "deal K");                             // seat 2
  play(*s, "pass");                               // seat 0 checks
  play(*s, "pass");                               // seat 1 checks
  play(*s, "bet");                                // seat 2 bets
  EXPECT_EQ(s->current_player(), 0);              // the turn wraps to seat 0...
  play(*s, "pass");                               // seat 0 folds
  EXPECT_EQ(s->current_player(), 1);              // ...and on to seat 1
  play(*s, "bet");                                // seat 1 calls
  EXPECT_TRUE(s->is_terminal());                  // everyone has answered the bet
  EXPECT_EQ(s->returns(), (Returns{-1, -2, 3}));  // seat 2's card is highest
}

TEST(KuhnPokerTest, IllegalActionsThrowAndNameTheLegalOnes) {
  auto s = new_hand();
  play(*s, "deal Q");                     // seat 0
  std::string message = apply_error(*s, 1);  // the Q is already dealt
  EXPECT_NE(message.find("legal: 0 (deal J), 2 (deal K)"), std::string::npos) << message;
  play(*s, "deal K");         // seat 1
  message = apply_error(*s, 2);  // no such action
  EXPECT_NE(message.find("legal: 0 (pass), 1 (bet)"), std::string::npos) << message;
  EXPECT_EQ(s->move_number(), 2);  // nothing changed
  play(*s, "bet");                 // seat 0
  play(*s, "pass");                // seat 1 folds
  message = apply_error(*s, kBet);
  EXPECT_NE(message.find("game is over"), std::string::npos) << message;
  EXPECT_TRUE(s->legal_actions().empty());
}

TEST(KuhnPokerTest, InformationStateShowsOwnCardAndBettingOnly) {
  auto s = new_hand();
  play(*s, "deal Q");  // seat 0
  play(*s, "deal K");  // seat 1
  play(*s, "pass");    // seat 0
  play(*s, "bet");     // seat 1
  EXPECT_EQ(s->information_state_string(0), "seat 0 card Q betting pb");
  EXPECT_EQ(s->information_state_string(1), "seat 1 card K betting pb");
  EXPECT_EQ(s->to_string(), "cards Q K betting pb");
  EXPECT_EQ(s->observation_string(0), "seat 0 card Q chips in 1 2");
}

TEST(KuhnPokerTest, ThreePlayerCardsAreNamedJQKAInEveryString) {
  auto s = new_hand("kuhn_poker(players=3)");
  EXPECT_EQ(s->action_to_string(kChancePlayer, 3), "deal A");  // four cards: J Q K A
  play(*s, "deal A");                                          // seat 0
  play(*s, "deal J");                                          // seat 1
  play(*s, "deal K");                                          // seat 2
  play(*s, "bet");                                             // seat 0
  EXPECT_EQ(s->information_state_string(0), "seat 0 card A betting b");
  EXPECT_EQ(s->information_state_string(2), "seat 2 card K betting b");
  EXPECT_EQ(s->observation_string(1), "seat 1 card J chips in 2 1 1");
  EXPECT_EQ(s->to_string(), "cards A J K betting b");
  // Records and scenarios written when these cards were numbers still read.
  auto old = new_hand("kuhn_poker(players=3)");
  EXPECT_EQ(old->string_to_action(kChancePlayer, "deal 3"), 3);
  EXPECT_THROW(old->string_to_action(kChancePlayer, "deal 4"), KibitzError);
}

TEST(KuhnPokerTest, NamingAnActionTheGameDoesNotHaveIsAnErrorNamingIt) {
  for (const char* spec : {"kuhn_poker", "kuhn_poker(players=3)"}) {
    SCOPED_TRACE(spec);
    auto s = new_hand(spec);
    const int n = s->num_players();
    // A chance outcome past the deck (a damaged record) reads nothing out of bounds.
    EXPECT_NE(error_of([&] {
                s->action_to_string(kChancePlayer, n + 1);
              }).find("has no card " + std::to_string(n + 1)),
              std::string::npos);
    EXPECT_NE(error_of([&] { s->action_to_string(kChancePlayer, -1); }).find("has no card -1"),
              std::string::npos);
    EXPECT_NE(error_of([&] { s->action_to_string(0, 2); }).find("kuhn_poker has no action 2"),
              std::string::npos);
    EXPECT_NE(error_of([] { card_name(3, 7); }).find("has no card 7"), std::string::npos);
  }
}

TEST(KuhnPokerTest, InputIgnoresCaseAndExtraSpaces) {
  auto s = new_hand();
  EXPECT_EQ(s->string_to_action(kChancePlayer, "  Deal   q "), 1);
  play(*s, "DEAL k");  // seat 0
  play(*s, "deal J");  // seat 1
  EXPECT_EQ(s->string_to_action(0, "BET"), kBet);
  EXPECT_EQ(s->string_to_action(0, " pass\t"), kPass);
  EXPECT_EQ(s->string_to_action(0, " 1 "), kBet);  // the number, spaced
  EXPECT_THROW(s->string_to_action(0, "be t"), KibitzError);
}

TEST(KuhnPokerTest, InformationStateHidesOtherSeatsCards) {
  for (const char* spec : {"kuhn_poker", "kuhn_poker(players=3)"}) {
    const int n = load_game(spec)->num_players();
    // Two hands that differ only in which unseen card each other seat holds.
    auto a = new_hand(spec);
    auto b = new_hand(spec);
    for (int seat = 0; seat < n; ++seat) {
      a->apply_action(seat);                          // a: seat i gets card i
      b->apply_action(seat == 0 ? 0 : n - seat + 1);  // b: the others get the rest reversed
    }
    for (auto* s : {a.get(), b.get()}) {
      play(*s, "pass");  // seat 0
      play(*s, "bet");   // seat 1
    }
    SCOPED_TRACE(spec);
    EXPECT_EQ(a->information_state_string(0), b->information_state_string(0));
    EXPECT_EQ(a->information_state_tensor(0), b->information_state_tensor(0));
    EXPECT_EQ(a->observation_string(0), b->observation_string(0));
    EXPECT_EQ(a->observation_tensor(0), b->observation_tensor(0));
    EXPECT_NE(a->information_state_string(1), b->information_state_string(1));
  }
}

// Checks one resampled world against the state it was drawn from.
void expect_consistent_world(const State& real, Player seat, const State& world) {
  EXPECT_EQ(world.information_state_string(seat), real.information_state_string(seat));
  EXPECT_EQ(kuhn(world).card(seat), kuhn(real).card(seat));  // own card never changes
  const int n = real.num_players();
  // Deals are moves 0..n-1; the betting after them is kept as it was.
  for (std::size_t i = static_cast<std::size_t>(n); i < real.history().size(); ++i) {
    EXPECT_EQ(world.history()[i], real.history()[i]);
  }
  EXPECT_TRUE(states_equal(*world.game().state_from_history(world.history()), world));
}

TEST(KuhnPokerTest, ResampleKeepsOwnCardAndBettingAndCoversEveryDeal) {
  for (const char* spec : {"kuhn_poker", "kuhn_poker(players=3)"}) {
    SCOPED_TRACE(spec);
    auto s = new_hand(spec);
    const int n = s->num_players();
    for (int seat = 0; seat < n; ++seat) s->apply_action(seat);  // seat i holds card i
    play(*s, "pass");                                            // seat 0
    play(*s, "bet");                                             // seat 1
    Rng rng(5);
    auto world = new_hand(spec);
    for (Player seat = 0; seat < n; ++seat) {
      std::set<std::vector<int>> deals;
      for (int i = 0; i < 300; ++i) {
        s->resample_from_infostate(seat, rng, *world);
        expect_consistent_world(*s, seat, *world);
        std::vector<int> cards;
        for (int other = 0; other < n; ++other) cards.push_back(kuhn(*world).card(other));
        deals.insert(cards);
      }
      // Every way to hand the n unseen cards to the n-1 other seats appears:
      // 2 for two players, 3 * 2 = 6 for three.
      EXPECT_EQ(deals.size(), n == 2 ? 2u : 6u) << "seat " << seat;
    }
  }
}

// Walks every history, counting nodes and the distinct information states of
// the seat to act.
void walk(const State& state, int& nodes, std::set<std::string>& infosets) {
  ++nodes;
  if (state.is_terminal()) return;
  if (!state.is_chance_node()) {
    infosets.insert(state.information_state_string(state.current_player()));
  }
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply_action(a);
    walk(*child, nodes, infosets);
  }
}

TEST(KuhnPokerTest, TreesHaveTheKnownSize) {
  int nodes = 0;
  std::set<std::string> infosets;
  walk(*new_hand(), nodes, infosets);
  // 4 chance nodes, then 6 deals of 9 betting histories each.
  EXPECT_EQ(nodes, 58);
  EXPECT_EQ(infosets.size(), 12u);
  nodes = 0;
  infosets.clear();
  walk(*new_hand("kuhn_poker(players=3)"), nodes, infosets);
  // 17 chance nodes, then 24 deals of 25 betting histories each.
  EXPECT_EQ(nodes, 617);
  EXPECT_EQ(infosets.size(), 48u);
}

}  // namespace
}  // namespace kibitz::kuhn_poker
