// Laws and Disorder's move-value block of the tensor
// (env/games/laws_and_disorder/move_values.h), read off the acting seat's
// information-state tensor over whole heuristic games:
//  - at the main step and while building, its reach flags are exactly the
//    law cards and end-law the rules offer;
//  - where the heuristic picks by worth alone (the next card of a law, a
//    card to give, discard or take, a recipient, and which law to start),
//    the heuristic's choice has the block's best worth among the legal
//    moves;
//  - the block is written from the seat's stream alone, so two seats in the
//    same state see different blocks and a seat not acting sees no law
//    cards, jobs or abilities.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"
#include "env/games/laws_and_disorder/move_values.h"
#include "tests/agents/heuristic_test_support.h"

namespace kibitz::laws_and_disorder {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The move-value block of `seat`'s information-state tensor.
std::vector<float> block_of(const State& state, int seat) {
  std::vector<float> tensor(static_cast<std::size_t>(tensor_size(state.num_players())));
  state.information_state_tensor(seat, tensor);
  return {tensor.end() - kMoveValueFloats, tensor.end()};
}

float worth(const std::vector<float>& block, Action a) { return block[at(a)]; }
bool reach(const std::vector<float>& block, Action a) { return block[at(kNumActions + a)] == 1.0f; }

enum class Step { kMain, kBuild, kPick, kRecipient, kOther };

Step step_of(const ActionList& legal) {
  if (std::find(legal.begin(), legal.end(), kEndTurn) != legal.end()) return Step::kMain;
  const Action first = *std::min_element(legal.begin(), legal.end());
  if (first <= kEndLaw) return Step::kBuild;
  if (first >= kPickBase && first < kToBase) return Step::kPick;
  if (first >= kToBase && first < kThiefBase) return Step::kRecipient;
  return Step::kOther;
}

// The best worth among `candidates` of `legal`.
template <typename Keep>
float best_worth(const std::vector<float>& block, const ActionList& legal, Keep keep) {
  float best = -1e9f;
  for (Action a : legal) {
    if (keep(a)) best = std::max(best, worth(block, a));
  }
  return best;
}

struct Tally {
  int decisions = 0;
  int by_worth = 0;  // decisions the block's worths alone decide
};

void check_decision(const State& state, int seat, Action action, Tally& tally) {
  ActionList legal;
  state.legal_actions(legal);
  const std::vector<float> block = block_of(state, seat);
  const Step step = step_of(legal);
  ++tally.decisions;
  // Where law cards may be offered, the reach flags are the rules' law
  // cards and end-law, exactly.
  for (Action a = kPlayBase; a <= kEndLaw && (step == Step::kMain || step == Step::kBuild); ++a) {
    const bool offered = std::find(legal.begin(), legal.end(), a) != legal.end();
    EXPECT_EQ(reach(block, a), offered) << "law card or end-law " << a << " in\n" << state.to_string();
  }
  const auto is_law_card = [](Action a) { return a <= kEndLaw; };
  const auto any = [](Action) { return true; };
  float best = 0.0f;
  if (step == Step::kBuild || step == Step::kPick || step == Step::kRecipient) {
    best = best_worth(block, legal, any);
  } else if (step == Step::kMain && action < kEndLaw) {
    best = best_worth(block, legal, is_law_card);
  } else {
    return;
  }
  ++tally.by_worth;
  EXPECT_GE(worth(block, action), best - 1e-6f)
      << "the heuristic chose " << action << " worth " << worth(block, action) << " where the best legal is "
      << best << " in\n" << state.to_string();
}

TEST(LawsMoveValues, TheHeuristicsChoicesHaveTheBestWorth) {
  Tally tally;
  for (const std::string spec : {"laws_and_disorder(players=4)", "laws_and_disorder(players=3)",
                                 "laws_and_disorder(players=6,hand_limit=5,max_laws=3)"}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      heuristic_testing::play_checked(load_game(spec), {"heuristic"}, seed,
                                      [&](int seat, Agent&, Action action, const State& state) {
                                        check_decision(state, seat, action, tally);
                                      });
    }
  }
  EXPECT_GT(tally.decisions, 1000);
  // Most decisions are decided by worth alone (the rest are end-turn, jobs
  // and abilities against their margins, and forced steps).
  EXPECT_GT(tally.by_worth, tally.decisions / 3);
}

TEST(LawsMoveValues, ASeatNotActingSeesNoMainStepOrBuildingWorths) {
  const auto game = load_game("laws_and_disorder(players=4)");
  int checked = 0;
  heuristic_testing::play_checked(game, {"heuristic"}, 7, [&](int seat, Agent&, Action, const State& state) {
    const auto& laws = static_cast<const LawsAndDisorderState&>(state);
    if (laws.current_player() != seat) return;
    ActionList legal;
    state.legal_actions(legal);
    if (step_of(legal) != Step::kMain) return;
    for (int other = 0; other < state.num_players(); ++other) {
      if (other == seat) continue;
      const std::vector<float> block = block_of(state, other);
      for (Action a = kPlayBase; a < kPickBase; ++a) {
        EXPECT_EQ(worth(block, a), 0.0f) << "seat " << other << " action " << a;
      }
      for (Action a = kThiefBase; a < kNumActions; ++a) EXPECT_EQ(worth(block, a), 0.0f);
    }
    ++checked;
  });
  EXPECT_GT(checked, 20);
}

}  // namespace
}  // namespace kibitz::laws_and_disorder
