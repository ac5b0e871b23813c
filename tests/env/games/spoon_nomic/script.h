// Scripted Spoon Nomic games for the rules tests: chosen die faces, proposals
// and votes, each move checked to be the kind of move the script expects.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"

namespace kibitz::spoon_nomic::testing {

class Script {
 public:
  explicit Script(const std::string& spec) : game_(load_game(spec)), state_(game_->new_initial_state()) {}

  SpoonState& state() { return static_cast<SpoonState&>(*state_); }
  const Table& table() { return state().table(); }
  const Game& game() const { return *game_; }

  // Rolls the die: each face must come at a deal (rejected or not).
  void roll(std::initializer_list<int> faces) {
    for (int face : faces) {
      ASSERT_EQ(table().phase(), Phase::kDeal) << "roll " << face << " when no deal is due";
      state_->apply_action(face);
    }
  }
  // Draws the proposal: one change per seat, in seat order.
  void propose(std::initializer_list<int> changes) {
    ASSERT_EQ(static_cast<int>(changes.size()), state_->num_players());
    for (int change : changes) {
      ASSERT_EQ(table().phase(), Phase::kPropose) << "a proposal when none is drawn";
      state_->apply_action(change_action(change));
    }
  }
  // Votes by their text, in turn order from the nweek's first voter.
  void vote(std::initializer_list<const char*> votes) {
    for (const char* v : votes) {
      ASSERT_EQ(table().phase(), Phase::kVote) << "a vote '" << v << "' when none is due";
      const Player seat = state_->current_player();
      state_->apply_action(state_->string_to_action(seat, v));
    }
  }
  // A whole nweek with no deal due: a proposal of zeros that everyone votes yes on.
  void quiet_nweek() {
    ASSERT_EQ(table().phase(), Phase::kPropose) << "a quiet nweek while a deal is due";
    std::vector<int> zeros(static_cast<std::size_t>(state_->num_players()), 0);
    for (int z : zeros) state_->apply_action(change_action(z));
    for (int s = 0; s < state_->num_players(); ++s) state_->apply_action(kYes);
  }
  SeatStream stream(Player seat) const { return state_->seat_stream(seat); }
  std::string text(const Observation& o) const { return game_->stream_spec().to_text(o); }
  // Every observation of a seat's stream as text, one per line.
  std::string stream_text(Player seat) const {
    std::string s;
    for (const Observation& o : stream(seat)) s += text(o) + "\n";
    return s;
  }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
};

}  // namespace kibitz::spoon_nomic::testing
