// Tea Game: office days of tea games, deciding who makes the tea.
// Rules text: rules/tea_game.md; our rulings: spec/tea_game.md; the rules as
// implemented (the specification of this folder): docs/rules/tea_game.md.
//
// The folder:
//   config.h     parameters, action and chance numbers, the 54-card deck
//   showdown.h   hand worth and a round's verdict (shared with the odds tool)
//   table.h      the rules as a value, one move at a time (table.cc, draws.cc)
//   stream.h     the observation kinds (the one source of what a seat knows)
//   tea_state.h  the State: a Table, the history and the observation log
//   knowledge.h  public knowledge read from one seat's stream (agents, tensor)
//   seat_knowledge.h  that knowledge folded one observation at a time (SeatFeed)
//   sampler.h    worlds drawn from one seat's stream
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/games/tea_game/config.h"

namespace kibitz::tea_game {

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

class TeaGame : public Game {
 public:
  explicit TeaGame(const Params& params);

  const Config& config() const { return config_; }

  int num_players() const override { return config_.players; }
  int num_distinct_actions() const override { return kNumActions; }
  int max_chance_outcomes() const override { return kNumChanceOutcomes; }
  int max_game_length() const override { return max_game_length_; }
  int observation_log_capacity() const override { return log_capacity_; }
  RewardModel reward_model() const override { return RewardModel::kGeneralSum; }
  double min_return() const override { return min_return_; }
  double max_return() const override { return max_return_; }
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const override;
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;  // seat_knowledge.cc

 private:
  Config config_;
  int max_game_length_ = 0;
  int log_capacity_ = 0;
  double min_return_ = 0.0;
  double max_return_ = 0.0;
  StreamSpec stream_spec_;
};

}  // namespace kibitz::tea_game
