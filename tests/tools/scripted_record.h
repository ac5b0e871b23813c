// A two-seat replay record written as its actions' texts, chance's deals
// included ("deal Qh", "raise"): the review tests script their poker games
// with it.
#pragma once

#include <string>
#include <vector>

#include "env/core/registry.h"
#include "replays/replay_record.h"

namespace kibitz::tools::testing {

inline replays::ReplayRecord scripted_record(const std::string& game_spec,
                                             const std::vector<std::string>& texts) {
  const auto game = load_game(game_spec);
  auto state = game->new_initial_state();
  replays::ReplayRecord record;
  record.game = game->spec();
  record.seat_labels = record.agent_specs = {"a", "b"};
  for (const std::string& text : texts) {
    const Action a = state->string_to_action(state->current_player(), text);
    record.actions.push_back(a);
    state->apply_action(a);
  }
  record.returns = state->returns();
  return record;
}

}  // namespace kibitz::tools::testing
