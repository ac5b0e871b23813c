// SeatView: everything an agent playing one seat may look at, and nothing
// more. It exposes the seat's information state, the legal actions and
// worlds resampled from the seat's information set; never the true state,
// its history (which holds hidden chance outcomes) or other seats' views.
// This is how "no hidden information reaches an agent" is enforced by type.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz {

class SeatView {
 public:
  // `seat` must be the state's current player.
  SeatView(const State& state, Player seat);

  Player seat() const { return seat_; }
  const Game& game() const { return state_.game(); }
  int move_number() const { return state_.move_number(); }

  void legal_actions(ActionList& out) const { state_.legal_actions(out); }
  ActionList legal_actions() const { return state_.legal_actions(); }
  void legal_action_mask(std::span<float> mask) const { state_.legal_action_mask(mask); }

  std::string information_state_string() const { return state_.information_state_string(seat_); }
  void information_state_tensor(std::span<float> out) const {
    state_.information_state_tensor(seat_, out);
  }
  std::string observation_string() const { return state_.observation_string(seat_); }
  void observation_tensor(std::span<float> out) const { state_.observation_tensor(seat_, out); }

  std::string action_to_string(Action action) const { return state_.action_to_string(seat_, action); }
  Action string_to_action(std::string_view text) const { return state_.string_to_action(seat_, text); }

  // A full state drawn from the worlds this seat cannot tell apart from the
  // real one: what search works from.
  std::unique_ptr<State> sample_world(Rng& rng) const { return state_.resample_from_infostate(seat_, rng); }
  void sample_world(Rng& rng, State& out) const { state_.resample_from_infostate(seat_, rng, out); }

 private:
  const State& state_;
  Player seat_;
};

}  // namespace kibitz
