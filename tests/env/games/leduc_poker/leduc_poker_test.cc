// Rule-by-rule tests of Leduc poker, written as scripted deals with a comment
// per action, plus the published ground truth: the size of the game tree and
// the NashConv of the uniform random policy.
#include "env/games/leduc_poker/leduc_poker.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "tests/support/error_of.h"

namespace kibitz::leduc_poker {
namespace {

std::unique_ptr<State> new_hand() { return load_game("leduc_poker")->new_initial_state(); }

// Applies a move written as people read it: "deal Js", "call", "raise".
void play(State& state, std::string_view move) {
  state.apply_action(state.string_to_action(state.current_player(), move));
}

const LeducState& leduc(const State& state) { return static_cast<const LeducState&>(state); }

// The message of the KibitzError that applying `action` throws ("" if none).
std::string apply_error(State& state, Action action) {
  return error_of([&] { state.apply_action(action); });
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

TEST(LeducPokerTest, GameDescribesItsShape) {
  const auto game = load_game("leduc_poker");
  EXPECT_EQ(game->spec(), "leduc_poker");
  EXPECT_EQ(game->num_players(), 2);
  EXPECT_EQ(game->num_distinct_actions(), 3);
  EXPECT_EQ(game->max_chance_outcomes(), 6);
  EXPECT_EQ(game->max_game_length(), 11);  // 3 deals + 4 bets in each round
  EXPECT_EQ(game->reward_model(), RewardModel::kZeroSum);
  EXPECT_EQ(game->min_return(), -13.0);
  EXPECT_EQ(game->max_return(), 13.0);
  EXPECT_EQ(game->information_state_tensor_size(), 2 + 6 + 6 + 2 * 4 * 3);
  EXPECT_EQ(game->observation_tensor_size(), 2 + 6 + 6 + 2);
}

TEST(LeducPokerTest, DealsSeatZeroThenSeatOneThenSeatZeroActs) {
  auto s = new_hand();
  ASSERT_TRUE(s->is_chance_node());
  auto outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 6u);  // any of the six cards
  for (const ChanceOutcome& o : outcomes) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 6);
  play(*s, "deal Js");  // seat 0's private card
  EXPECT_EQ(leduc(*s).private_card(0), 0);
  ASSERT_TRUE(s->is_chance_node());
  outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 5u);  // the Js is gone from the deck
  EXPECT_EQ(outcomes.front().action, 1);
  EXPECT_DOUBLE_EQ(outcomes.front().probability, 1.0 / 5);
  play(*s, "deal Qh");  // seat 1's private card
  EXPECT_EQ(leduc(*s).private_card(1), 3);
  EXPECT_EQ(s->current_player(), 0);        // seat 0 opens round 1
  EXPECT_EQ(leduc(*s).contribution(0), 1);  // antes
  EXPECT_EQ(leduc(*s).contribution(1), 1);
}

TEST(LeducPokerTest, FoldIsLegalOnlyWhenFacingARaise) {
  auto s = new_hand();
  play(*s, "deal Js");                                         // seat 0
  play(*s, "deal Qh");                                         // seat 1
  EXPECT_EQ(s->legal_actions(), (ActionList{kCall, kRaise}));  // nothing to call: no fold
  EXPECT_FALSE(s->is_legal(kFold));
  play(*s, "call");                                            // seat 0 checks
  EXPECT_EQ(s->legal_actions(), (ActionList{kCall, kRaise}));  // still nothing to call
  play(*s, "raise");                                           // seat 1 bets 2
  EXPECT_EQ(s->legal_actions(), (ActionList{kFold, kCall, kRaise}));
  EXPECT_TRUE(s->is_legal(kFold));
}

TEST(LeducPokerTest, FoldEndsTheHandAndTheOtherSeatTakesThePot) {
  auto s = new_hand();
  play(*s, "deal Ks");  // seat 0 holds the best card...
  play(*s, "deal Jh");  // ...seat 1 the worst
  play(*s, "raise");    // seat 0 raises: 3 in against 1
  play(*s, "raise");    // seat 1 re-raises: 5 in against 3
  play(*s, "fold");     // seat 0 gives up its 3 chips, best card or not
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(leduc(*s).public_card(), -1);  // no public card after a fold in round 1
  EXPECT_EQ(s->returns(), (std::vector<double>{-3, 3}));
  EXPECT_EQ(s->rewards(), (std::vector<double>{-3, 3}));
  EXPECT_TRUE(s->legal_actions().empty());
}

TEST(LeducPokerTest, FoldInRoundTwoLosesEverythingPutIn) {
  auto s = new_hand();
  play(*s, "deal Qs");  // seat 0
  play(*s, "deal Kh");  // seat 1
  play(*s, "raise");    // seat 0: 3
  play(*s, "call");     // seat 1: 3; round 1 over
  play(*s, "deal Qh");  // public card pairs seat 0
  play(*s, "call");     // seat 0 checks
  play(*s, "raise");    // seat 1 bets 4: 7
  play(*s, "fold");     // seat 0 folds its pair, losing 3
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{-3, 3}));
}

TEST(LeducPokerTest, RaisesCapAtTwoPerRoundAndTheCapResetsInRoundTwo) {
  auto s = new_hand();
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  play(*s, "call");     // seat 0 checks
  play(*s, "raise");    // seat 1 raises (1st raise)
  play(*s, "raise");    // seat 0 re-raises (2nd raise, the cap)
  EXPECT_EQ(s->legal_actions(), (ActionList{kFold, kCall}));
  EXPECT_FALSE(s->is_legal(kRaise));
  play(*s, "call");                                            // seat 1 calls: round 1 over
  play(*s, "deal Kh");                                         // public card
  EXPECT_EQ(s->legal_actions(), (ActionList{kCall, kRaise}));  // a fresh round, raises allowed
  play(*s, "raise");                                           // seat 0 (1st raise of round 2)
  play(*s, "raise");                                           // seat 1 (2nd raise of round 2)
  EXPECT_EQ(s->legal_actions(), (ActionList{kFold, kCall}));
}

TEST(LeducPokerTest, RaiseIsTwoInRoundOneAndFourInRoundTwo) {
  auto s = new_hand();
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  play(*s, "raise");    // seat 0: 1 + 2
  EXPECT_EQ(leduc(*s).contribution(0), 3);
  play(*s, "raise");  // seat 1 calls 3 and adds 2
  EXPECT_EQ(leduc(*s).contribution(1), 5);
  play(*s, "call");  // seat 0 matches 5
  EXPECT_EQ(leduc(*s).contribution(0), 5);
  play(*s, "deal Kh");  // public card
  play(*s, "raise");    // seat 0: 5 + 4
  EXPECT_EQ(leduc(*s).contribution(0), 9);
  play(*s, "raise");  // seat 1 calls 9 and adds 4
  EXPECT_EQ(leduc(*s).contribution(1), 13);
  play(*s, "call");  // seat 0 matches 13: the largest pot there is
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{-13, 13}));  // Q beats J, no pair
}

TEST(LeducPokerTest, PublicCardIsDealtOnlyAfterRoundOneEnds) {
  auto s = new_hand();
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  play(*s, "call");     // seat 0 checks: the round goes on
  EXPECT_EQ(s->current_player(), 1);
  play(*s, "raise");  // seat 1 raises after the check: still round 1
  EXPECT_EQ(s->current_player(), 0);
  play(*s, "call");  // seat 0 calls: round 1 over
  ASSERT_TRUE(s->is_chance_node());
  EXPECT_EQ(leduc(*s).round(), 0);
  const auto outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 4u);  // neither private card can be the public one
  for (const ChanceOutcome& o : outcomes) {
    EXPECT_NE(o.action, 0);
    EXPECT_NE(o.action, 3);
    EXPECT_DOUBLE_EQ(o.probability, 0.25);
  }
  play(*s, "deal Kh");  // public card
  EXPECT_EQ(leduc(*s).round(), 1);
  EXPECT_EQ(s->current_player(), 0);  // seat 0 opens round 2 too

  auto checked = new_hand();
  play(*checked, "deal Js");  // seat 0
  play(*checked, "deal Qh");  // seat 1
  play(*checked, "call");     // seat 0 checks
  play(*checked, "call");     // seat 1 checks: both checked, round 1 over
  EXPECT_TRUE(checked->is_chance_node());
}

TEST(LeducPokerTest, PairWithThePublicCardBeatsAHigherCard) {
  auto s = new_hand();
  play(*s, "deal Js");  // seat 0: the lowest rank...
  play(*s, "deal Kh");  // seat 1: the highest
  play(*s, "raise");    // seat 0: 3
  play(*s, "call");     // seat 1: 3
  play(*s, "deal Jh");  // ...but the public jack pairs seat 0
  play(*s, "raise");    // seat 0: 7
  play(*s, "call");     // seat 1: 7; showdown
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{7, -7}));
}

TEST(LeducPokerTest, WithoutAPairTheHigherRankWins) {
  auto s = new_hand();
  play(*s, "deal Kh");  // seat 0
  play(*s, "deal Qs");  // seat 1
  play(*s, "call");     // seat 0 checks
  play(*s, "call");     // seat 1 checks
  play(*s, "deal Jh");  // public card pairs nobody
  play(*s, "call");     // seat 0 checks
  play(*s, "call");     // seat 1 checks; showdown for the antes
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1}));  // K beats Q
}

TEST(LeducPokerTest, EqualRanksSplitThePot) {
  auto s = new_hand();
  play(*s, "deal Qs");  // seat 0
  play(*s, "deal Qh");  // seat 1: the same rank in the other suit
  play(*s, "raise");    // seat 0: 3
  play(*s, "call");     // seat 1: 3
  play(*s, "deal Ks");  // public card pairs nobody
  play(*s, "call");     // seat 0 checks
  play(*s, "raise");    // seat 1: 7
  play(*s, "call");     // seat 0: 7; showdown
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{0, 0}));  // suits never break ties
}

TEST(LeducPokerTest, IllegalActionsThrowAndNameTheLegalOnes) {
  auto s = new_hand();
  play(*s, "deal Js");                    // seat 0
  std::string message = apply_error(*s, 0);  // the Js is already dealt
  EXPECT_TRUE(contains(message, "illegal action 0 for chance")) << message;
  play(*s, "deal Qh");            // seat 1
  message = apply_error(*s, kFold);  // seat 0 has nothing to call
  EXPECT_TRUE(contains(message, "legal: 1 (call), 2 (raise)")) << message;
  EXPECT_EQ(s->move_number(), 2);  // the failed action changed nothing
  EXPECT_EQ(s->current_player(), 0);
  message = apply_error(*s, 7);  // outside the action space
  EXPECT_TRUE(contains(message, "illegal action 7")) << message;
  play(*s, "raise");               // seat 0: 1st raise
  play(*s, "raise");               // seat 1: 2nd raise
  message = apply_error(*s, kRaise);  // the cap is reached
  EXPECT_TRUE(contains(message, "legal: 0 (fold), 1 (call)")) << message;
  play(*s, "fold");  // seat 0
  message = apply_error(*s, kCall);
  EXPECT_TRUE(contains(message, "game is over")) << message;
  EXPECT_THROW(s->string_to_action(0, "check"), KibitzError);
}

TEST(LeducPokerTest, ActionStringsRoundTrip) {
  auto s = new_hand();
  EXPECT_EQ(s->action_to_string(kChancePlayer, 0), "deal Js");
  EXPECT_EQ(s->action_to_string(kChancePlayer, 5), "deal Kh");
  EXPECT_EQ(s->string_to_action(kChancePlayer, "deal Qs"), 2);
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  play(*s, "raise");    // seat 0, so that fold is legal
  EXPECT_EQ(s->action_to_string(1, kFold), "fold");
  EXPECT_EQ(s->action_to_string(1, kCall), "call");
  EXPECT_EQ(s->action_to_string(1, kRaise), "raise");
  for (Action a : s->legal_actions()) {
    EXPECT_EQ(s->string_to_action(1, s->action_to_string(1, a)), a);
  }
  EXPECT_EQ(s->string_to_action(1, "2"), kRaise);  // numbers are accepted too
  EXPECT_THROW(s->action_to_string(1, 3), KibitzError);
}

TEST(LeducPokerTest, InformationStateShowsOwnCardPublicCardAndBetting) {
  auto s = new_hand();
  EXPECT_EQ(s->information_state_string(0), "seat 0 card ? public ? round 1 betting -");
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  EXPECT_EQ(s->information_state_string(0), "seat 0 card Js public ? round 1 betting -");
  EXPECT_EQ(s->information_state_string(1), "seat 1 card Qh public ? round 1 betting -");
  play(*s, "raise");  // seat 0
  play(*s, "raise");  // seat 1
  play(*s, "call");   // seat 0; round 1 over
  EXPECT_EQ(s->information_state_string(1), "seat 1 card Qh public ? round 1 betting rrc");
  play(*s, "deal Kh");  // public card
  EXPECT_EQ(s->information_state_string(0), "seat 0 card Js public Kh round 2 betting rrc,-");
  play(*s, "raise");  // seat 0
  EXPECT_EQ(s->information_state_string(0), "seat 0 card Js public Kh round 2 betting rrc,r");
  EXPECT_EQ(s->observation_string(1),
            "seat 1 card Qh public Kh chips in 9 5; round 1: P0 raise, P1 raise, P0 call; "
            "round 2: P0 raise");
  EXPECT_EQ(s->to_string(), "cards Js Qh public Kh round 2 betting rrc,r chips in 9 5");
  for (Player p : {0, 1}) {
    const std::string info = s->information_state_string(p);
    EXPECT_EQ(info.find_first_of("\t\n"), std::string::npos) << info;
  }
}

TEST(LeducPokerTest, ObservationNamesEveryMoveSoFarByItsSeat) {
  // The information state is the compact key of policy files ("betting cr");
  // the observation names the moves for a person, so a seat sees what the
  // other one just did.
  auto s = new_hand();
  EXPECT_EQ(s->observation_string(0), "seat 0 card ? public ? chips in 1 1; round 1: no moves yet");
  play(*s, "deal Js");  // seat 0
  const std::string before_other_deal = s->observation_string(0);
  play(*s, "deal Qh");  // seat 1: seat 0 sees nothing of it
  EXPECT_EQ(s->observation_string(0), before_other_deal);
  EXPECT_EQ(s->observation_string(0),
            "seat 0 card Js public ? chips in 1 1; round 1: no moves yet");
  play(*s, "call");   // seat 0 checks
  play(*s, "raise");  // seat 1 raises 2
  EXPECT_EQ(s->observation_string(0),
            "seat 0 card Js public ? chips in 1 3; round 1: P0 check, P1 raise");
  play(*s, "call");     // seat 0 calls: round 1 over
  play(*s, "deal Kh");  // the public card
  EXPECT_EQ(s->observation_string(1),
            "seat 1 card Qh public Kh chips in 3 3; round 1: P0 check, P1 raise, P0 call; "
            "round 2: no moves yet");
  play(*s, "call");  // seat 0 checks
  play(*s, "call");  // seat 1 checks: showdown
  EXPECT_EQ(s->observation_string(0),
            "seat 0 card Js public Kh chips in 3 3; round 1: P0 check, P1 raise, P0 call; "
            "round 2: P0 check, P1 check");
  auto folded = new_hand();
  for (const char* move : {"deal Js", "deal Qh", "raise", "fold"}) play(*folded, move);
  EXPECT_TRUE(contains(folded->observation_string(0), "round 1: P0 raise, P1 fold"));
}

TEST(LeducPokerTest, InputIgnoresCaseAndSpacesAndReadsCheck) {
  auto s = new_hand();
  EXPECT_EQ(s->string_to_action(kChancePlayer, "  DEAL  js "), 0);
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  EXPECT_EQ(s->string_to_action(0, "Raise"), kRaise);
  EXPECT_EQ(s->string_to_action(0, " check"), kCall);  // nothing to match: a check
  // Fold with nothing to call is refused with the reason.
  EXPECT_TRUE(contains(error_of([&] { s->string_to_action(0, "FOLD"); }),
                       "'FOLD' is not a legal action here: there is nothing to call"));
  play(*s, "raise");  // seat 0
  EXPECT_TRUE(
      contains(error_of([&] { s->string_to_action(1, "check"); }), "there is a raise to answer"));
  play(*s, "raise");  // seat 1: the cap of two raises
  EXPECT_TRUE(contains(error_of([&] { s->string_to_action(0, "raise"); }),
                       "already has its 2 raises; legal: fold (0), call (1)"));
}

TEST(LeducPokerTest, NamingAnUnknownCardOrActionIsAnErrorNamingIt) {
  auto s = new_hand();
  EXPECT_EQ(card_name(-1), "?");
  EXPECT_TRUE(contains(error_of([] { card_name(6); }), "leduc_poker has no card 6"));
  EXPECT_TRUE(contains(error_of([] { card_name(-2); }), "has no card -2"));
  EXPECT_TRUE(
      contains(error_of([&] { s->action_to_string(kChancePlayer, 6); }), "no chance outcome 6"));
  EXPECT_TRUE(contains(error_of([&] { s->action_to_string(0, -1); }), "no action -1"));
}

TEST(LeducPokerTest, InformationStateHidesTheOtherSeatsCard) {
  // Two hands that differ only in seat 1's card look the same to seat 0.
  auto a = new_hand();
  auto b = new_hand();
  for (auto* s : {a.get(), b.get()}) play(*s, "deal Js");  // seat 0, both hands
  play(*a, "deal Qh");                                     // seat 1 in hand a
  play(*b, "deal Ks");                                     // seat 1 in hand b
  for (auto* s : {a.get(), b.get()}) {
    play(*s, "raise");    // seat 0
    play(*s, "call");     // seat 1
    play(*s, "deal Jh");  // public card
  }
  EXPECT_EQ(a->information_state_string(0), b->information_state_string(0));
  EXPECT_EQ(a->information_state_tensor(0), b->information_state_tensor(0));
  EXPECT_EQ(a->observation_string(0), b->observation_string(0));
  EXPECT_EQ(a->observation_tensor(0), b->observation_tensor(0));
  EXPECT_NE(a->information_state_string(1), b->information_state_string(1));
  EXPECT_NE(a->information_state_tensor(1), b->information_state_tensor(1));
}

TEST(LeducPokerTest, TensorsEncodeSeatCardsBettingAndChips) {
  auto s = new_hand();
  play(*s, "deal Qs");  // seat 0: card 2
  play(*s, "deal Kh");  // seat 1: card 5
  play(*s, "call");     // seat 0 checks
  play(*s, "raise");    // seat 1 raises
  play(*s, "call");     // seat 0 calls
  play(*s, "deal Jh");  // public card 1
  play(*s, "raise");    // seat 0 raises
  std::vector<float> expected(38, 0.0f);
  expected[1] = 1;                    // seat 1
  expected[2 + 5] = 1;                // own card Kh
  expected[8 + 1] = 1;                // public Jh
  expected[14 + 0 * 3 + kCall] = 1;   // round 1, slot 0
  expected[14 + 1 * 3 + kRaise] = 1;  // round 1, slot 1
  expected[14 + 2 * 3 + kCall] = 1;   // round 1, slot 2
  expected[14 + 4 * 3 + kRaise] = 1;  // round 2, slot 0
  EXPECT_EQ(s->information_state_tensor(1), expected);
  const std::vector<float> observation = {1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 7, 3};
  EXPECT_EQ(s->observation_tensor(0), observation);  // seat 0, Qs, Jh public, chips 7 and 3
}

TEST(LeducPokerTest, CloneIntoCopiesAndStaysIndependent) {
  auto s = new_hand();
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  play(*s, "raise");    // seat 0
  auto copy = new_hand();
  s->clone_into(*copy);
  EXPECT_TRUE(states_equal(*s, *copy));
  play(*copy, "call");  // seat 1, in the copy only
  EXPECT_EQ(s->move_number(), 3);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_TRUE(copy->is_chance_node());
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

TEST(LeducPokerTest, TreeHasThePublishedSize) {
  int nodes = 0;
  std::set<std::string> infosets;
  walk(*new_hand(), nodes, infosets);
  EXPECT_EQ(nodes, 9457);  // chance and terminal histories included
  EXPECT_EQ(infosets.size(), 936u);
}

// Value of a best response by `seat` to the uniform random policy of the other
// seat, computed over information sets: the response must pick one action for
// all histories it cannot tell apart.
class UniformBestResponse {
 public:
  explicit UniformBestResponse(Player seat) : seat_(seat) {}

  double value(const State& root) {
    collect(root, 1.0);
    return value_of(root);
  }

 private:
  // Gathers, per information set of seat_, its histories with the probability
  // that chance and the other seat reach them.
  void collect(const State& state, double reach) {
    if (state.is_terminal()) return;
    const bool mine = state.current_player() == seat_;
    if (mine) members_[state.information_state_string(seat_)].emplace_back(state.clone(), reach);
    for (const auto& [action, p] : outcome_probabilities(state)) {
      auto child = state.clone();
      child->apply_action(action);
      collect(*child, mine ? reach : reach * p);
    }
  }

  double value_of(const State& state) {
    if (state.is_terminal()) return state.returns()[static_cast<std::size_t>(seat_)];
    if (state.current_player() == seat_) return child_value(state, best_action(state));
    double v = 0;
    for (const auto& [action, p] : outcome_probabilities(state))
      v += p * child_value(state, action);
    return v;
  }

  Action best_action(const State& state) {
    const std::string key = state.information_state_string(seat_);
    if (auto it = best_.find(key); it != best_.end()) return it->second;
    Action best = kInvalidAction;
    double best_value = -1e100;
    for (Action a : state.legal_actions()) {
      double v = 0;
      for (const auto& [member, reach] : members_.at(key)) v += reach * child_value(*member, a);
      if (v > best_value) best = a, best_value = v;
    }
    return best_[key] = best;
  }

  double child_value(const State& state, Action action) {
    auto child = state.clone();
    child->apply_action(action);
    return value_of(*child);
  }

  // Chance probabilities, or uniform over the legal actions of a player.
  static std::vector<std::pair<Action, double>> outcome_probabilities(const State& state) {
    std::vector<std::pair<Action, double>> out;
    if (state.is_chance_node()) {
      for (const ChanceOutcome& o : state.chance_outcomes())
        out.emplace_back(o.action, o.probability);
    } else {
      const ActionList legal = state.legal_actions();
      for (Action a : legal) out.emplace_back(a, 1.0 / legal.size());
    }
    return out;
  }

  Player seat_;
  std::map<std::string, std::vector<std::pair<std::unique_ptr<State>, double>>> members_;
  std::map<std::string, Action> best_;
};

// Expected returns of both seats under uniform random play.
void uniform_values(const State& state, double weight, std::vector<double>& out) {
  if (state.is_terminal()) {
    const std::vector<double> r = state.returns();
    for (std::size_t i = 0; i < r.size(); ++i) out[i] += weight * r[i];
    return;
  }
  if (state.is_chance_node()) {
    for (const ChanceOutcome& o : state.chance_outcomes()) {
      auto child = state.clone();
      child->apply_action(o.action);
      uniform_values(*child, weight * o.probability, out);
    }
    return;
  }
  const ActionList legal = state.legal_actions();
  for (Action a : legal) {
    auto child = state.clone();
    child->apply_action(a);
    uniform_values(*child, weight / legal.size(), out);
  }
}

TEST(LeducPokerTest, UniformRandomNashConvMatchesThePublishedValue) {
  const auto root = new_hand();
  std::vector<double> uniform(2, 0.0);
  uniform_values(*root, 1.0, uniform);
  EXPECT_NEAR(uniform[0] + uniform[1], 0.0, 1e-12);  // zero-sum
  double nash_conv = 0;
  for (Player seat : {0, 1}) {
    nash_conv += UniformBestResponse(seat).value(*root) - uniform[static_cast<std::size_t>(seat)];
  }
  EXPECT_NEAR(nash_conv, 4.747222222222222, 1e-9);
}

// Checks one resampled world against the state it was drawn from.
void expect_consistent_world(const State& real, Player seat, const State& world) {
  const auto& r = leduc(real);
  const auto& w = leduc(world);
  EXPECT_EQ(world.information_state_string(seat), real.information_state_string(seat));
  EXPECT_EQ(w.private_card(seat), r.private_card(seat));
  EXPECT_EQ(w.public_card(), r.public_card());
  const int other_card = w.private_card(1 - seat);
  EXPECT_NE(other_card, w.private_card(seat));
  if (w.public_card() >= 0) {
    EXPECT_NE(other_card, w.public_card());
  }
  // Only the other seat's deal (move 1 - seat) may differ in the history.
  ASSERT_EQ(world.history().size(), real.history().size());
  for (std::size_t i = 0; i < real.history().size(); ++i) {
    if (i != static_cast<std::size_t>(1 - seat)) {
      EXPECT_EQ(world.history()[i], real.history()[i]);
    }
  }
  // The world replays legally and is the state its history describes.
  EXPECT_TRUE(states_equal(*world.game().state_from_history(world.history()), world));
}

TEST(LeducPokerTest, ResampleRedrawsOnlyTheOtherSeatsCardAmongUnseenCards) {
  auto s = new_hand();
  play(*s, "deal Js");  // seat 0
  play(*s, "deal Qh");  // seat 1
  play(*s, "raise");    // seat 0
  play(*s, "call");     // seat 1
  play(*s, "deal Kh");  // public card
  play(*s, "call");     // seat 0 checks
  Rng rng(7);
  auto world = new_hand();
  for (Player seat : {0, 1}) {
    std::map<int, int> seen;
    for (int i = 0; i < 400; ++i) {
      s->resample_from_infostate(seat, rng, *world);
      expect_consistent_world(*s, seat, *world);
      ++seen[leduc(*world).private_card(1 - seat)];
    }
    // Four cards are unseen by either seat; each is drawn about 100 times.
    ASSERT_EQ(seen.size(), 4u) << "seat " << seat;
    for (const auto& [card, count] : seen) EXPECT_GT(count, 50) << card_name(card);
  }
}

TEST(LeducPokerTest, ResampleBeforeThePublicCardUsesFiveCards) {
  auto s = new_hand();
  play(*s, "deal Ks");  // seat 0
  play(*s, "deal Kh");  // seat 1
  Rng rng(11);
  std::set<int> seen;
  for (int i = 0; i < 300; ++i) {
    auto world = s->resample_from_infostate(1, rng);
    expect_consistent_world(*s, 1, *world);
    seen.insert(leduc(*world).private_card(0));
  }
  EXPECT_EQ(seen, (std::set<int>{0, 1, 2, 3, 4}));  // anything but seat 1's Kh
}

TEST(LeducPokerTest, ResampleLeavesUndealtCardsUndealt) {
  auto s = new_hand();
  play(*s, "deal Qs");  // seat 0 only
  Rng rng(3);
  auto world = s->resample_from_infostate(0, rng);  // seat 0 sees everything dealt
  EXPECT_TRUE(states_equal(*world, *s));
  std::set<int> seen;
  for (int i = 0; i < 300; ++i) {
    s->resample_from_infostate(1, rng, *world);  // seat 1 has seen nothing
    expect_consistent_world(*s, 1, *world);
    seen.insert(leduc(*world).private_card(0));
  }
  EXPECT_EQ(seen.size(), 6u);
}

}  // namespace
}  // namespace kibitz::leduc_poker
