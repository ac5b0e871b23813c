// Jk and Jk2 are the same card to the rules: choices that differ only by
// which Joker goes where are offered once (a Queen's order, a keep), every
// outcome stays reachable, and resampled worlds respect the same rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "env/core/rng.h"
#include "tests/env/games/loyalist_spies/script.h"
#include "tests/support/error_of.h"

namespace kibitz::loyalist_spies::testing {
namespace {

constexpr const char* kDirectJokers = "loyalist_spies(deal=direct,rounds=1)";

// Four players, direct deal: no Joker in any hand, both in the deck.
Script hands_without_jokers() {
  Script s(kDirectJokers);
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  return s;
}

// Where the one card that is not a Joker lands in each order offered.
std::set<int> positions_of(const std::vector<std::string>& orders, const std::string& card) {
  std::set<int> positions;
  for (const std::string& order : orders) {
    const std::string cards = order.substr(std::string("order ").size());
    positions.insert(
        static_cast<int>(std::count(cards.begin(), cards.begin() + cards.find(card), ',')));
  }
  return positions;
}

TEST(QueenOrder, BothJokersShownGiveThreeOrdersNotSix) {
  Script s = hands_without_jokers();
  s.chance("QD");          // P0 flips a Queen
  s.chances("Jk 9C Jk2");  // and sees both Jokers and the 9 of Clubs
  ASSERT_EQ(s.state().phase(), Phase::kQueenOrder);
  // The Jokers keep the order the Queen showed them in (Jk above Jk2); only
  // where the 9C goes is a choice.
  const std::vector<std::string> orders = s.legal_strings();
  EXPECT_EQ(orders,
            (std::vector<std::string>{"order Jk,9C,Jk2", "order 9C,Jk,Jk2", "order Jk,Jk2,9C"}));
  EXPECT_EQ(positions_of(orders, "9C"), (std::set<int>{0, 1, 2}));  // every outcome is reachable
  // The same order with the Jokers swapped reads as the one offered.
  EXPECT_EQ(s.state().string_to_action(0, "order Jk2,9C,Jk"),
            s.state().string_to_action(0, "order Jk,9C,Jk2"));
  EXPECT_EQ(s.state().string_to_action(0, "ORDER 9c jk2 JK"),
            s.state().string_to_action(0, "order 9C,Jk,Jk2"));
  s.act(0, "order 9C,Jk,Jk2");  // P0 puts the 9C on top
  s.chance("9C");               // P1 flips it: a mission
  ASSERT_TRUE(s.state().mission_active());
  s.chance("Jk").chance("Jk2");  // the Jokers come next, face down
}

TEST(QueenOrder, JokersShownTheOtherWayRoundKeepThatOrder) {
  Script s = hands_without_jokers();
  s.chance("QD").chances("Jk2 Jk 9C");  // Jk2 shown above Jk
  EXPECT_EQ(s.legal_strings(),
            (std::vector<std::string>{"order Jk2,Jk,9C", "order Jk2,9C,Jk", "order 9C,Jk2,Jk"}));
}

TEST(QueenOrder, OneJokerStillGivesSixOrders) {
  Script s = hands_without_jokers();
  s.chance("QD").chances("Jk 9C 8C");
  EXPECT_EQ(s.legal_strings().size(), 6u);
  // An order of cards the Queen did not show says what she shows.
  EXPECT_NE(error_of([&] {
              s.state().string_to_action(0, "order 9C,8C,7C");
            }).find("put back all 3 cards the Queen shows (Jk,9C,8C), top first"),
            std::string::npos);
}

// A seat dealt both Jokers that keeps one keeps Jk: `keep Jk2` first would
// be the same choice.
TEST(Keep, OneJokerOfTwoIsKeptAsJk) {
  Script s("loyalist_spies(rounds=1)");
  s.aces("AD AS AH AC");
  s.deal_all({"Jk Jk2 2C 3C 4C 5C 6C 2D 3D 4D 5D 6D", "", "", ""});
  ASSERT_EQ(s.state().current_player(), 0);
  std::vector<std::string> legal = s.legal_strings();
  EXPECT_NE(std::find(legal.begin(), legal.end(), "keep Jk"), legal.end());
  EXPECT_EQ(std::find(legal.begin(), legal.end(), "keep Jk2"), legal.end());
  // Asked for by name, Jk2 is the same card: it reads as keep Jk.
  EXPECT_EQ(s.state().string_to_action(0, "keep Jk2"), kKeepBase + parse_card("Jk"));
  s.act(0, "keep Jk");
  legal = s.legal_strings();
  EXPECT_NE(std::find(legal.begin(), legal.end(), "keep Jk2"), legal.end());  // both: a choice
  s.act(0, "keep 2D");  // one Joker only: Jk2 is given up
  EXPECT_EQ(s.state().kept(0), mask_of("Jk 2D"));
}

// Worlds drawn for the other seats replay legally under these rules:
// chance here favours Jokers and Queens, so Queens often show both Jokers
// and seats are often dealt both.
TEST(Resample, WorldsOfferOnlyTheOrdersAndKeepsTheGameOffers) {
  for (const char* spec : {"loyalist_spies(rounds=1)", "loyalist_spies(deal=direct,rounds=1)",
                           "loyalist_spies(players=3,rounds=1)"}) {
    const auto game = make_game(spec);
    Rng rng(7);
    int both_shown = 0, both_dealt = 0;
    auto world = game->new_initial_state();
    for (int g = 0; g < 60; ++g) {
      auto state = game->new_initial_state();
      for (int step = 0; !state->is_terminal(); ++step) {
        const auto& s = static_cast<const LoyalistSpiesState&>(*state);
        if (s.phase() == Phase::kQueenOrder && s.legal_actions().size() == 3) ++both_shown;
        if (step % 3 == 0 && s.phase() != Phase::kDeal) {
          for (Player p = 0; p < game->num_players(); ++p) {
            s.resample_from_infostate(p, rng, *world);
            ASSERT_EQ(world->information_state_string(p), state->information_state_string(p))
                << spec << " seat " << p;
            // Replaying checks every action's legality.
            ASSERT_NO_THROW(game->state_from_history(world->history())) << spec << " seat " << p;
          }
        }
        if (s.phase() == Phase::kKeep && s.kept(s.current_player()) == 0 &&
            (s.hand(s.current_player()) & kJokerMask) == kJokerMask) {
          ++both_dealt;
        }
        const ActionList legal = state->legal_actions();
        Action a = legal[rng.uniform_int(legal.size())];
        if (state->is_chance_node() && rng.uniform_int(2) == 0) {
          for (Action c : legal) {
            // Jokers to P1 at a keep5 deal (a direct deal leaves them in
            // the deck), onto the deck's top for the rest.
            const bool wanted =
                s.phase() == Phase::kDeal
                    ? s.config().keep5 && is_joker(c) &&
                          state->action_to_string(kChancePlayer, c).ends_with("to P1")
                    : is_joker(c) || (s.phase() == Phase::kFlip && rank_of(c) == kRankQueen);
            if (s.phase() != Phase::kDealAces && wanted) {
              a = c;
              break;
            }
          }
        }
        state->apply_action(a);
      }
    }
    EXPECT_GT(both_shown, 3) << spec << ": the bias did not make Queens show both Jokers";
    if (std::string(spec) != "loyalist_spies(deal=direct,rounds=1)") {
      EXPECT_GT(both_dealt, 3) << spec << ": the bias did not deal a seat both Jokers";
    }
  }
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
