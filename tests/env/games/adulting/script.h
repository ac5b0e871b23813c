// Scripted Adulting games for the rule tests: moves written as people write
// them ("score H3 hearts", "bid 3", chance as "top H-back", "draw H3",
// "truth adult"), each checked to be the named seat's turn, and helpers
// for the steps every round repeats.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <string>
#include <string_view>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting::testing {

class Script {
 public:
  explicit Script(const std::string& spec)
      : game_(load_game(spec)), state_(game_->new_initial_state()) {}

  const AdultingState& state() const { return static_cast<const AdultingState&>(*state_); }
  const AdultingGame& game() const { return static_cast<const AdultingGame&>(*game_); }
  int card(std::string_view name) const {
    const int c = game().deck().find(name);
    EXPECT_GE(c, 0) << "no card " << name;
    return c;
  }
  CardMask cards(std::string_view names) const {
    CardMask mask = 0;
    std::size_t at = 0;
    while (at < names.size()) {
      const std::size_t end = std::min(names.find(' ', at), names.size());
      if (end > at) mask |= card_bit(card(names.substr(at, end - at)));
      at = end + 1;
    }
    return mask;
  }

  // A chance outcome, by its text.
  Script& chance(std::string_view text) {
    EXPECT_TRUE(state_->is_chance_node()) << "not a chance node for '" << text << "': " << state_->to_string();
    state_->apply_action(state_->string_to_action(kChancePlayer, text));
    return *this;
  }
  // A seat's move, by its text.
  Script& act(int seat, std::string_view text) {
    EXPECT_EQ(state_->current_player(), seat) << "not " << seat_name(seat) << "'s turn for '" << text
                                               << "': " << state_->to_string();
    state_->apply_action(state_->string_to_action(seat, text));
    return *this;
  }
  // The top card shows `name`'s back (when chance has a choice).
  Script& top(std::string_view name) {
    if (state().phase() == Phase::kTopBack) {
      const int back = game().card(card(name)).back;
      chance("top " + game().back_name(back));
    }
    return *this;
  }
  // The dealer draws `name` (when chance has a choice).
  Script& draw(std::string_view name) {
    if (state().phase() == Phase::kDrawCard) chance(std::string("draw ") + std::string(name));
    EXPECT_EQ(state().round_card(), card(name));
    return *this;
  }
  // Every truth of this sorting phase is `truth` ("child" or "adult").
  Script& truths(std::string_view truth = "child") {
    while (state().phase() == Phase::kTruth) chance(std::string("truth ") + std::string(truth));
    return *this;
  }
  // Sorting with `winner` the only adult claim, voted up by everyone, then
  // its bid: the card goes to `winner` for `bid`.
  Script& give(int winner, int bid = 0) {
    truths();
    while (state().phase() == Phase::kClaim || state().phase() == Phase::kVote) {
      const int seat = state_->current_player();
      if (state().phase() == Phase::kVote) {
        act(seat, "vote up");
      } else {
        act(seat, seat == winner ? "claim adult" : "claim child");
      }
    }
    if (state().phase() == Phase::kBid) act(winner, "bid " + std::to_string(bid));
    return *this;
  }
  // Everyone in the scoring phase passes.
  Script& all_pass() {
    while (state().phase() == Phase::kScore) act(state_->current_player(), "pass");
    return *this;
  }

  // The seat's stream as text, one observation a line.
  std::string stream(int seat) const {
    std::string out;
    for (const Observation& o : state_->seat_stream(seat)) out += game_->stream_spec().to_text(o) + "\n";
    return out;
  }
  std::vector<double> returns() const { return state_->returns(); }
  State& mutable_state() { return *state_; }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
};

inline bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

}  // namespace kibitz::adulting::testing
