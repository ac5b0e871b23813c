// Spoon Nomic, Cards for Votes (rules: docs/rules/spoon_nomic.md; rulings:
// shared/spec/spoon_nomic.md). The Spoon Nomic "Cards" proposal deals cards
// to the players who voted but gives them no use, so the env adds the
// smallest Nomic around it: each nweek a proposal with a public point change
// for every player is drawn and voted on in public, and at the end each
// player's best poker hand scores a bonus.
//
// Parameters:
//   players  int in [3, 8]    default 4
//   packs    int in [1, 4]    default 4 (Red, Blue, Fish, Corporate, in that order)
//   nweeks   int in [1, 100]  default 10
//   reward   score | win      default score
//
// Actions: 0 yes, 1 no, 2 abstain. Chance outcomes: a die face 1..52*packs
// while dealing ("roll 137 (7D@fish)"), a point change -3..+3 as action
// change+3 while drawing the proposal ("P1 +2").
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"
#include "env/games/spoon_nomic/table.h"

namespace kibitz::spoon_nomic {

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

enum class Reward { kScore, kWin };

class SpoonGame : public Game {
 public:
  explicit SpoonGame(const Params& params);

  int num_players() const override { return players_; }
  int packs() const { return packs_; }
  int nweeks() const { return nweeks_; }
  Reward reward() const { return reward_; }
  int die_sides() const { return packs_ * cards::kCardsPerPack; }
  // The most cards a game can deal: the Deck, or one per seat in every nweek
  // but the first.
  int max_deals() const;
  // How many rejected rolls the dice server makes in a game at most (ours):
  // far more than a game is expected to need (the mean plus ten standard
  // deviations of the rejections in dealing max_deals() cards, plus 16).
  // Once they are spent, each roll is among the Deck's cards only; which card
  // is dealt is uniform over the Deck either way. It keeps the game's length
  // bounded.
  int rejection_budget() const { return rejection_budget_; }
  Table initial_table() const { return Table(players_, packs_, nweeks_, rejection_budget_); }

  int num_distinct_actions() const override { return kNumVotes; }
  // Die faces 1..52*packs (0 unused); point changes use 0..6.
  int max_chance_outcomes() const override { return die_sides() + 1; }
  int max_game_length() const override;
  int observation_log_capacity() const override;
  RewardModel reward_model() const override;
  double min_return() const override;
  double max_return() const override;
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const override;
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;  // seat_knowledge.cc

 private:
  int players_;
  int packs_;
  int nweeks_;
  Reward reward_;
  int rejection_budget_;
  StreamSpec stream_spec_;
};

}  // namespace kibitz::spoon_nomic
