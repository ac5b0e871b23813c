// Information sets: what each seat's string and tensor hold, and worlds drawn
// by resample_from_infostate (every one looks the same to the seat, replays
// legally from the start, and the hidden cards really vary).
#include <gtest/gtest.h>

#include <set>

#include "env/core/rng.h"
#include "tests/env/games/loyalist_spies/script.h"

namespace kibitz::loyalist_spies::testing {
namespace {

const LoyalistSpiesState& as_spies(const State& s) {
  return static_cast<const LoyalistSpiesState&>(s);
}

class ResampleTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ResampleTest, WorldsLookTheSameToTheSeatAndReplayLegally) {
  const auto game = make_game(GetParam());
  Rng rng(11);
  std::set<std::string> worlds;
  int checks = 0, unlike_truth = 0;
  auto world = game->new_initial_state();
  for (int g = 0; g < 12; ++g) {
    auto state = game->new_initial_state();
    for (int step = 0; !state->is_terminal(); ++step) {
      // Every seat at every third step (chance nodes included).
      if (step % 3 == g % 3) {
        for (Player p = 0; p < game->num_players(); ++p) {
          state->resample_from_infostate(p, rng, *world);
          ++checks;
          ASSERT_EQ(world->information_state_string(p), state->information_state_string(p))
              << "seat " << p << "\ntruth:\n"
              << state->to_string() << "\nworld:\n"
              << world->to_string();
          ASSERT_EQ(world->information_state_tensor(p), state->information_state_tensor(p))
              << "seat " << p;
          ASSERT_EQ(world->move_number(), state->move_number());
          ASSERT_EQ(world->current_player(), state->current_player());
          if (state->current_player() == p) {
            ASSERT_EQ(world->legal_actions(), state->legal_actions());
          }
          if (step % 9 == 0) {
            ASSERT_TRUE(states_equal(*game->state_from_history(world->history()), *world));
          }
          if (world->to_string() != state->to_string()) ++unlike_truth;
          worlds.insert(world->to_string());
        }
      }
      const ActionList legal = state->legal_actions();
      state->apply_action(legal[rng.uniform_int(legal.size())]);
    }
  }
  EXPECT_GT(unlike_truth, checks * 9 / 10);
  EXPECT_GT(worlds.size(), static_cast<std::size_t>(checks / 2));
}

INSTANTIATE_TEST_SUITE_P(Variants, ResampleTest,
                         ::testing::Values("loyalist_spies(rounds=1)",
                                           "loyalist_spies(players=3,rounds=1)",
                                           "loyalist_spies(deal=direct,rounds=1)",
                                           "loyalist_spies(hearts_failure=discard,rounds=1)",
                                           "loyalist_spies(jokers=0,refill=false,rounds=1)",
                                           "loyalist_spies(players=3,deal=direct,max_rounds=2)"),
                         [](const auto& p) { return "v" + std::to_string(p.index); });

// Uniform random play rarely flips a Queen that another Queen left on top;
// here chance favours Queens at flips and peeks, so seats often see cards a
// later Queen reorders (the hardest case for the resampler).
TEST(Resample, QueenChainsKeepWorldsConsistent) {
  for (const char* spec :
       {"loyalist_spies(rounds=1)", "loyalist_spies(players=3,deal=direct,rounds=1)"}) {
    const auto game = make_game(spec);
    Rng rng(21);
      int chains = 0, checks = 0;
    auto world = game->new_initial_state();
    for (int g = 0; g < 100; ++g) {
      auto state = game->new_initial_state();
      for (int step = 0; !state->is_terminal(); ++step) {
        const auto& s = as_spies(*state);
        if (step % 2 == 0 && s.phase() != Phase::kDeal) {
          for (Player p = 0; p < game->num_players(); ++p) {
            s.resample_from_infostate(p, rng, *world);
            ++checks;
            ASSERT_EQ(world->information_state_string(p), state->information_state_string(p))
                << spec << " seat " << p << "\ntruth:\n"
                << state->to_string();
            ASSERT_EQ(world->information_state_tensor(p), state->information_state_tensor(p));
          }
        }
        ActionList legal = state->legal_actions();
        Action a = legal[rng.uniform_int(legal.size())];
        if ((s.phase() == Phase::kFlip || s.phase() == Phase::kQueenPeek) &&
            rng.uniform_int(2) == 0) {
          for (Action c : legal) {
            if (c < kNumPackCards && rank_of(c) == kRankQueen) {
              a = c;
              break;
            }
          }
        }
        if (s.phase() == Phase::kFlip && !s.top_cards().empty() && a < kNumPackCards &&
            rank_of(a) == kRankQueen) {
          ++chains;
        }
        state->apply_action(a);
      }
    }
    EXPECT_GT(chains, 10) << spec << ": the bias did not produce Queen chains";
    EXPECT_GT(checks, 5000) << spec;
  }
}

TEST(Resample, ASeatThatPlayedNothingHoldsOnlyJokersInEveryWorld) {
  Script s("loyalist_spies(deal=direct,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S", "7C 7S 7H 8C 8S", "Jk Jk2 2H 3H 4H"});
  s.chance("6D").chances("KD KS KH");
  s.act(0, "play 2C").act(1, "play 2S").act(2, "play 7C").act(3, "play 2H");
  s.chance("7D").chances("QD QS QH");
  s.act(1, "play 3S").act(2, "play 7S").act(3, "play 3H").act(0, "play 3C");
  s.chance("8D").chances("JD JS JH");
  s.act(2, "play 7H").act(3, "play 4H").act(0, "play 4C").act(1, "play 4S");
  s.chance("9D").chances("TD TS TH");  // P3 plays nothing
  Rng rng(5);
  auto world = s.game().new_initial_state();
  for (int k = 0; k < 200; ++k) {
    s.state().resample_from_infostate(0, rng, *world);
    EXPECT_EQ(as_spies(*world).hand(3), kJokerMask);  // both Jokers, nothing else
  }
}

TEST(Resample, TheSeatDueToPlayHoldsAPlayableCardInEveryWorld) {
  Script s("loyalist_spies(deal=direct,rounds=1)");
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2S 3S 4S 5S 6S", "7C 7S 7H 8C 8S", "Jk TC 2H 3H 4H"});
  s.chance("6D").chances("KD KS KH");
  s.act(0, "play 2C").act(1, "play 2S").act(2, "play 7C").act(3, "play 2H");
  s.chance("7D").chances("QD QS QH");
  s.act(1, "play 3S").act(2, "play 7S").act(3, "play 3H").act(0, "play 3C");
  s.chance("8D").chances("JD JS JH");
  s.act(2, "play 7H").act(3, "play 4H").act(0, "play 4C").act(1, "play 4S");
  s.chance("9D").chances("TD TS TH");  // P3 determines, holding Jk TC: it must play
  ASSERT_EQ(s.state().current_player(), 3);
  Rng rng(9);
  auto world = s.game().new_initial_state();
  int two_cards = 0;
  for (int k = 0; k < 5000; ++k) {
    s.state().resample_from_infostate(0, rng, *world);
    // Both Jokers in P3's two cards would mean it plays nothing.
    ASSERT_NE(as_spies(*world).hand(3) & ~kJokerMask, 0u);
    ASSERT_EQ(world->current_player(), 3);
    two_cards += popcount(as_spies(*world).hand(3)) == 2;
  }
  EXPECT_EQ(two_cards, 5000);
}

TEST(Resample, CardsTheSeatSawOnTopStayWhereItPutThem) {
  Script s(std::string("loyalist_spies(deal=direct,jokers=0,rounds=1)"));
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chance("QD").chances("8D 9D TD").act(0, "order TD,8D,9D");
  s.chance("TD");  // P1's mission; 8D goes face down next
  Rng rng(6);
  auto world = s.game().new_initial_state();
  std::set<CardMask> p1_hands;
  for (int k = 0; k < 200; ++k) {
    s.state().resample_from_infostate(0, rng, *world);
    const auto top = as_spies(*world).top_cards();
    ASSERT_EQ(top.size(), 2u);
    EXPECT_EQ(top[0], parse_card("8D"));
    EXPECT_EQ(top[1], parse_card("9D"));
    p1_hands.insert(as_spies(*world).hand(1));
  }
  EXPECT_GT(p1_hands.size(), 100u);  // the others' hands are drawn anew
  // P1 did not see the Queen's cards: for P1 they may be anywhere.
  std::set<int> tops;
  for (int k = 0; k < 200; ++k) {
    s.state().resample_from_infostate(1, rng, *world);
    tops.insert(as_spies(*world).top_cards()[0]);
  }
  EXPECT_GT(tops.size(), 5u);
}

TEST(Resample, AcesRespectEveryJack) {
  Script s(std::string("loyalist_spies(deal=direct,jokers=0,rounds=1)"));
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chance("JD").act(0, "peek P2");  // no match: P2 is not Diamonds (and P0 saw AH)
  s.chance("JS").act(1, "peek P3");  // no match: P3 is not Spades
  Rng rng(8);
  auto world = s.game().new_initial_state();
  std::set<int> p3_suits;
  for (int k = 0; k < 300; ++k) {
    s.state().resample_from_infostate(2, rng, *world);  // P2's view: knows its own Hearts
    const auto& w = as_spies(*world);
    EXPECT_EQ(w.ace_suit(2), kSuitHearts);
    EXPECT_NE(w.ace_suit(3), kSuitSpades);
    p3_suits.insert(w.ace_suit(3));
    s.state().resample_from_infostate(0, rng, *world);  // P0 saw P2's ace
    EXPECT_EQ(as_spies(*world).ace_suit(2), kSuitHearts);
  }
  EXPECT_EQ(p3_suits, (std::set<int>{kSuitDiamonds, kSuitClubs}));
}

TEST(Tensor, DecodesWhatTheSeatKnows) {
  Script s(std::string("loyalist_spies(deal=direct,jokers=0,rounds=1)"));
  s.aces("AD AS AH AC");
  s.deal({"2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S", "2H 3H 4H 5H 7H"});
  s.chances("KD 7C 8D 9D TD");  // P0: King, mission 7C, three face down
  s.act(0, "play 2C");
  const InfoView v = s.view(0);
  EXPECT_EQ(v.num_players, 4);
  EXPECT_EQ(v.seat, 0);
  EXPECT_EQ(v.phase, Phase::kPlay);
  EXPECT_EQ(v.own_suit, kSuitDiamonds);
  EXPECT_EQ(v.hand, mask_of("3C 4C 5C 6C"));
  EXPECT_EQ(v.public_cards, mask_of("KD 7C"));
  EXPECT_TRUE(v.mission_active);
  EXPECT_EQ(v.mission_suit, kSuitClubs);
  EXPECT_EQ(v.mission_rank, 7);
  EXPECT_EQ(v.kings, 1);
  EXPECT_EQ(v.covert, 37);
  EXPECT_EQ(v.vp, 7);
  EXPECT_EQ(v.face_down, 3);
  EXPECT_EQ(v.played, 1u);  // rel 0: the viewer
  EXPECT_EQ(v.own_play, parse_card("2C"));
  EXPECT_EQ(v.actor, 1);
  EXPECT_EQ(v.hand_size, (std::array<int, 4>{4, 5, 5, 5}));
  EXPECT_EQ(v.deck_size, 28 - 5);
  // Another seat sees the same table but not P0's card.
  EXPECT_EQ(s.view(2).own_play, -1);
  EXPECT_EQ(s.view(2).played, 1u << 2);  // P0 is two seats after P2
  EXPECT_THROW(decode_information_state(std::vector<float>(5)), KibitzError);
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
