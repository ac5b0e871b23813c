// Scripted Liar's Dice games for the rule tests: moves written as people
// type them ("roll 5", "bid 3 5s", "liar").
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"

namespace kibitz::liars_dice::testing {

inline std::unique_ptr<State> play(std::string_view spec, const std::vector<std::string>& moves) {
  auto s = load_game(spec)->new_initial_state();
  for (const std::string& move : moves) s->apply_action(s->string_to_action(s->current_player(), move));
  return s;
}

// A seat's stream (or the spectator's) as text, one observation a line.
inline std::string stream_text(const State& state, Player seat) {
  std::string out;
  for (const Observation& o : state.seat_stream(seat)) out += state.game().stream_spec().to_text(o) + "\n";
  return out;
}

}  // namespace kibitz::liars_dice::testing
