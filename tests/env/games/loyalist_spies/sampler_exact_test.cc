// Loyalist Spies worlds against exact enumeration (issue 16), by a
// chi-square test at a fixed seed:
//  - set-up positions small enough to enumerate every consistent history
//    (depth first, as tests/env/core/world_sampler_test.cc does): the
//    game's sampler, resample_from_infostate and the generic
//    ReplayWorldSampler each draw every world equally often (all chance, so
//    every consistent history has the same probability);
//  - scripted end-game positions, too deep to enumerate whole: the worlds
//    are compared on the few hidden facts that vary (the other seats' aces;
//    which of a mission's unseen cards went face down and which each seat
//    played). The candidates are enumerated by rewriting the true history
//    and keeping those that give the seat its stream again, checked by the
//    game itself; a symmetry of the rules (the aces touch nothing else; the
//    unseen cards of a revealed set can be relabelled among themselves)
//    makes every consistent candidate equally likely among the consistent
//    histories, so the exact distribution is uniform over them.
// The complete method alone (no fast attempt) is checked to reach every
// candidate, and the chi-square check is shown to fail a biased sampler.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/loyalist_spies/resample.h"
#include "tests/env/games/loyalist_spies/script.h"

namespace kibitz::loyalist_spies::testing {
namespace {

constexpr std::uint64_t kSeed = 0x5350494553;  // "SPIES"

// About six standard deviations above the statistic's mean: at a fixed seed
// a correct sampler passes, and one that draws a world 10 % off does not.
double bound(int df) { return df + 6 * std::sqrt(2.0 * df) + 6; }

using Key = std::vector<Action>;
using Draw = std::function<void(Rng&, State&)>;
using Project = std::function<Key(const State&)>;

// Counts `draws` worlds by their key and returns the chi-square statistic
// against `exact` (key -> probability); a key outside it is a failure, and
// so is a key never drawn. `df` gets the degrees of freedom.
double chi_square(const Game& game, const std::map<Key, double>& exact, const Draw& draw, const Project& key,
                  int draws, int& df) {
  std::map<Key, int> counts;
  Rng rng(kSeed);
  auto world = game.new_initial_state();
  for (int i = 0; i < draws; ++i) {
    draw(rng, *world);
    const Key k = key(*world);
    if (exact.count(k) == 0) {
      ADD_FAILURE() << "drew a world no enumeration gives: " << world->to_string();
      return 0;
    }
    ++counts[k];
  }
  double statistic = 0;
  for (const auto& [k, p] : exact) {
    const double expected = draws * p;
    const double gap = counts[k] - expected;
    statistic += gap * gap / expected;
    EXPECT_GT(counts[k], 0) << "a consistent world was never drawn";
  }
  df = static_cast<int>(exact.size()) - 1;
  return statistic;
}

void expect_exact(const Game& game, const std::map<Key, double>& exact, const Draw& draw, const Project& key,
                  int draws, const std::string& what) {
  int df = 0;
  const double statistic = chi_square(game, exact, draw, key, draws, df);
  EXPECT_LT(statistic, bound(df)) << what << " strays from the exact distribution over " << exact.size()
                                  << " worlds: chi-square " << statistic << " with " << df << " degrees of freedom";
}

Key whole_history(const State& s) { return s.history(); }

// --- Set-up positions: every consistent history, enumerated ----------------

void enumerate(const State& state, Player seat, const SeatStream& target, std::map<Key, double>& out) {
  const SeatStream stream = state.seat_stream(seat);
  if (!stream_starts_with(target, stream)) return;
  if (stream.size() == target.size()) {
    out[state.history()] += 1;
    return;
  }
  if (state.is_terminal()) return;
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply_action(a);
    enumerate(*child, seat, target, out);
  }
}

// Every chance node of these positions is uniform over a set whose size the
// seat knows, so every consistent history is equally likely.
std::map<Key, double> exact_worlds(const Game& game, Player seat, const SeatStream& target) {
  std::map<Key, double> worlds;
  enumerate(*game.new_initial_state(), seat, target, worlds);
  for (auto& [history, w] : worlds) w = 1.0 / static_cast<double>(worlds.size());
  return worlds;
}

struct SetupCase {
  const char* spec;
  int deals;  // cards dealt after the aces
  Player seat;
};

// So failure messages print the position instead of the struct's bytes.
void PrintTo(const SetupCase& c, std::ostream* out) {
  *out << c.spec << " after the aces and " << c.deals << " dealt cards, seat P" << c.seat;
}

class SetupExactTest : public ::testing::TestWithParam<SetupCase> {};

TEST_P(SetupExactTest, SamplersDrawEveryWorldEquallyOften) {
  const auto game = make_game(GetParam().spec);
  auto state = game->new_initial_state();
  Rng play(3);
  while (static_cast<int>(state->history().size()) < game->num_players() + GetParam().deals) {
    state->apply_action(state->sample_chance_outcome(play));
  }
  const Player seat = GetParam().seat;
  const SeatStream stream = state->seat_stream(seat);
  const auto exact = exact_worlds(*game, seat, stream);
  ASSERT_GE(exact.size(), 6u);
  const int draws = static_cast<int>(exact.size()) * 60;
  const auto sampler = game->new_world_sampler(seat, stream);
  ASSERT_NE(dynamic_cast<const SpiesWorldSampler*>(sampler.get()), nullptr);
  expect_exact(*game, exact, [&](Rng& rng, State& out) { sampler->sample(rng, out); }, whole_history, draws,
               "the game's sampler");
  expect_exact(*game, exact, [&](Rng& rng, State& out) { state->resample_from_infostate(seat, rng, out); },
               whole_history, draws, "resample_from_infostate");
  const ReplayWorldSampler generic(game, seat, stream);
  expect_exact(*game, exact, [&](Rng& rng, State& out) { generic.sample(rng, out); }, whole_history, draws,
               "the generic ReplayWorldSampler");
}

// After the aces and one or two cards of the deal: the other seats' aces
// and cards (a keep5 deal holds the Jokers too).
INSTANTIATE_TEST_SUITE_P(
    Positions, SetupExactTest,
    ::testing::Values(SetupCase{"loyalist_spies(players=3,deal=direct,jokers=0,rounds=1)", 1, 0},
                      SetupCase{"loyalist_spies(players=3,rounds=1)", 1, 2},
                      SetupCase{"loyalist_spies(players=3,deal=direct,jokers=0,rounds=1)", 2, 1},
                      SetupCase{"loyalist_spies(players=3,rounds=1)", 0, 1}),
    [](const auto& p) { return "position_" + std::to_string(p.index); });

// --- End-game positions: the hidden facts that vary -------------------------

// The candidates among `candidates` (each a history) that give `seat` the
// stream of `truth`, by the game's own replay; each with equal probability.
std::map<Key, double> consistent(const Game& game, Player seat, const State& truth,
                                 const std::vector<std::vector<Action>>& candidates, const Project& key) {
  const SeatStream target = truth.seat_stream(seat);
  std::set<Key> keys;
  for (const auto& history : candidates) {
    std::unique_ptr<State> world;
    try {
      world = game.state_from_history(history);
    } catch (const KibitzError&) {
      continue;  // not a legal history
    }
    if (world->seat_stream(seat) == target) keys.insert(key(*world));
  }
  std::map<Key, double> exact;
  for (const Key& k : keys) exact[k] = 1.0 / static_cast<double>(keys.size());
  return exact;
}

// Three Jacks by P2 look at P1's ace (no match for Spades and Hearts, a
// match for Clubs), among missions and Queens. P0 holds AD, so P1
// holds AC (public) and P2 AS or AH; 3 players: one ace is set aside.
Script jack_game() {
  Script s("loyalist_spies(players=3,deal=direct,jokers=0,refill=false,rounds=1)");
  s.aces("AD AC AS");
  s.deal({"2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"});
  s.chance("2H").chances("7S 8S 9S");  // P0's Hearts mission: 32, a success
  s.act(0, "play 2S").act(1, "play 2C").act(2, "play 2D");
  s.chance("3H").chances("7D 8D 9D");  // P1's: 36
  s.act(1, "play 3C").act(2, "play 3D").act(0, "play 3S");
  s.chance("JS").act(2, "peek P1");  // no match
  s.chance("4H").chances("7C 8C 9C");  // P0's: 40
  s.act(0, "play 4S").act(1, "play 4C").act(2, "play 4D");
  s.chance("5H").chances("TD TS TH");  // P1's: 50, equal succeeds
  s.act(1, "play 5C").act(2, "play 5D").act(0, "play 5S");
  s.chance("JH").act(2, "peek P1");  // no match
  s.chance("QD").chances("JC QS QH").act(0, "order QS,QH,JC");
  s.chance("QS").chance("QC").act(1, "order JC,QH,QC");  // P1's Queen: QH, JC on top, then QC
  s.chance("JC").act(2, "peek P1");  // a match: P1 holds AC
  return s;
}

Key aces_of(const State& s) {
  const auto& w = static_cast<const LoyalistSpiesState&>(s);
  Key k;
  for (Player p = 0; p < w.num_players(); ++p) k.push_back(w.ace(p));
  return k;
}

TEST(SpiesEndGameExact, TheOtherSeatsAcesFollowTheJacks) {
  Script s = jack_game();
  const Game& game = s.game();
  ASSERT_EQ(s.state().phase(), Phase::kFlip);
  // Every assignment of the aces P0 does not hold to P1 and P2.
  std::vector<std::vector<Action>> candidates;
  for (int a1 : {13, 26, 39}) {
    for (int a2 : {13, 26, 39}) {
      if (a1 == a2) continue;
      std::vector<Action> h = s.state().history();
      h[1] = a1;
      h[2] = a2;
      candidates.push_back(h);
    }
  }
  const auto exact = consistent(game, 0, s.state(), candidates, aces_of);
  ASSERT_EQ(exact.size(), 2u);  // AC to P1; AS or AH to P2
  const SeatStream stream = s.state().seat_stream(0);
  const auto sampler = game.new_world_sampler(0, stream);
  expect_exact(game, exact, [&](Rng& rng, State& out) { sampler->sample(rng, out); }, aces_of, 2000,
               "the game's sampler");
  expect_exact(game, exact, [&](Rng& rng, State& out) { s.state().resample_from_infostate(0, rng, out); }, aces_of,
               2000, "resample_from_infostate");
}

// P0's Queen puts 7H 8H 9H on top; P1 flips 7H (a mission), 8H and 9H go
// face down where P0 saw them, a third card comes face down from the deck,
// and each seat plays. Of the set P0 sees revealed, three cards were never
// seen before: which went face down and which each other seat played is
// hidden, and any relabelling of the three gives P0 the same stream.
Script mission_game() {
  Script s("loyalist_spies(players=3,deal=direct,jokers=0,rounds=1)");
  s.aces("AD AC AS");
  s.deal({"2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"});
  s.chance("QD").chances("7H 8H 9H").act(0, "order 7H,8H,9H");
  s.chance("7H").chances("8H 9H TC");                           // the mission; TC from the deck
  s.act(1, "play 2C").act(2, "play 2D").act(0, "play 2S");  // 8+9+10+2+2+2 = 33: a success
  return s;
}

TEST(SpiesEndGameExact, AMissionsUnseenCardsAreSplitUniformly) {
  Script s = mission_game();
  const Game& game = s.game();
  const std::vector<Action>& truth = s.state().history();
  // Where the three unseen cards lie in the history: the third face-down
  // card, P1's play and P2's play, and P1's and P2's deal.
  const std::vector<int> unseen = {parse_card("TC"), parse_card("2C"), parse_card("2D")};
  const auto slots = [&](const State& w) {
    // The third face-down card and the two plays, by position.
    const auto& h = w.history();
    const std::size_t fd = truth.size() - 4;  // ... TC, play 2C, play 2D, play 2S
    return Key{h[fd], h[fd + 1] - kPlayBase, h[fd + 2] - kPlayBase};
  };
  std::vector<std::vector<Action>> candidates;
  std::vector<int> perm = {0, 1, 2};
  do {
    // Relabel the three cards everywhere in the history (deals, face-down, plays).
    std::vector<Action> h = truth;
    for (Action& a : h) {
      for (int i = 0; i < 3; ++i) {
        const int c = unseen[static_cast<std::size_t>(i)];
        const int to = unseen[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
        if (a == c || a == kPlayBase + c) {
          a += to - c;
          break;
        }
      }
    }
    candidates.push_back(h);
  } while (std::next_permutation(perm.begin(), perm.end()));
  const auto exact = consistent(game, 0, s.state(), candidates, slots);
  ASSERT_EQ(exact.size(), 6u);
  const SeatStream stream = s.state().seat_stream(0);
  const auto sampler = game.new_world_sampler(0, stream);
  expect_exact(game, exact, [&](Rng& rng, State& out) { sampler->sample(rng, out); }, slots, 3000,
               "the game's sampler");
  expect_exact(game, exact, [&](Rng& rng, State& out) { s.state().resample_from_infostate(0, rng, out); }, slots,
               3000, "resample_from_infostate");

  // Those relabelled histories are true states with P0's stream: from each,
  // one seed gives one world.
  std::set<std::vector<Action>> worlds;
  for (const auto& h : candidates) {
    const auto other = game.state_from_history(h);
    Rng rng(kSeed);
    worlds.insert(other->resample_from_infostate(0, rng)->history());
  }
  EXPECT_EQ(worlds.size(), 1u) << "resample_from_infostate read more than the seat's stream";

  // The complete method alone reaches every candidate too.
  const SpiesWorldSampler complete(s.game().shared(), 0, stream, SamplerOptions{0, kCompleteBudget});
  std::set<Key> reached;
  Rng rng(kSeed);
  auto world = game.new_initial_state();
  for (int i = 0; i < 300; ++i) {
    complete.sample(rng, *world);
    ASSERT_EQ(world->seat_stream(0), stream);
    reached.insert(slots(*world));
  }
  EXPECT_EQ(reached.size(), exact.size());
  EXPECT_EQ(complete.stats().complete, complete.stats().rounds);
}

// The chi-square check above can fail: a sampler that redraws one world
// half the time is caught.
TEST(SpiesEndGameExact, ChiSquareCatchesABiasedSampler) {
  Script s = mission_game();
  const Game& game = s.game();
  const SeatStream stream = s.state().seat_stream(0);
  const auto sampler = game.new_world_sampler(0, stream);
  const auto slots = [&](const State& w) {
    const std::size_t fd = s.state().history().size() - 4;
    return Key{w.history()[fd]};
  };
  const std::map<Key, double> exact = {{{parse_card("TC")}, 1.0 / 3},
                                       {{parse_card("2C")}, 1.0 / 3},
                                       {{parse_card("2D")}, 1.0 / 3}};
  expect_exact(game, exact, [&](Rng& rng, State& out) { sampler->sample(rng, out); }, slots, 3000, "unbiased");
  int df = 0;
  const double biased = chi_square(
      game, exact,
      [&](Rng& rng, State& out) {
        sampler->sample(rng, out);
        if (slots(out) == Key{parse_card("TC")} && rng.uniform_int(2) == 0) sampler->sample(rng, out);
      },
      slots, 3000, df);
  EXPECT_GT(biased, bound(df));
}

}  // namespace
}  // namespace kibitz::loyalist_spies::testing
