// Scripted Tea Games for the rules tests: chance outcomes are chosen, not
// drawn (each delay and each card is applied as the chance action it is),
// and seats' moves are given by their text, as a player would type them.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "env/games/tea_game/config.h"
#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/table.h"
#include "env/games/tea_game/tea_state.h"

namespace kibitz::tea_game::testing {

// A card's index from its name ("7H", "TD", "Joker", "Reverse-Joker").
inline int card(std::string_view name) {
  for (int c = 0; c < kNumCards; ++c)
    if (card_name(c) == name) return c;
  ADD_FAILURE() << "no card named " << name;
  return 0;
}

class Script {
 public:
  explicit Script(const std::string& spec) : game_(load_game(spec)), state_(game_->new_initial_state()) {}

  TeaState& state() { return static_cast<TeaState&>(*state_); }
  const Table& table() { return state().table(); }
  const SeatState& seat(int s) { return table().seat(s); }

  // Every player's delay for the game, in seat order: '1' delayed, '0' not.
  void delays(std::string_view pattern) {
    for (char c : pattern) chance(c == '1' ? kDelayed : kNotDelayed);
  }
  // The seat to act does what `text` says; it must be that seat's turn.
  void act(Player seat, std::string_view text) {
    ASSERT_EQ(state_->current_player(), seat) << "expected P" << seat << " to act at " << state_->to_string();
    state_->apply_action(state_->string_to_action(seat, text));
  }
  // The next cards drawn, by name, separated by spaces.
  void draw(std::string_view cards) {
    std::istringstream in{std::string(cards)};
    std::string name;
    while (in >> name) chance(card(name));
  }
  void chance(Action a) {
    ASSERT_TRUE(state_->is_chance_node()) << "expected chance at " << state_->to_string();
    state_->apply_action(a);
  }
  // Whether seat `s` has seen an observation whose text is `text`.
  bool saw(Player s, std::string_view text) {
    for (const Observation& o : state_->seat_stream(s))
      if (game_->stream_spec().to_text(o) == text) return true;
    return false;
  }
  // The seat's stream as text, one observation a line (for failure messages).
  std::string stream_text(Player s) {
    std::string out;
    for (const Observation& o : state_->seat_stream(s)) out += game_->stream_spec().to_text(o) + "\n";
    return out;
  }
  Knowledge knowledge(Player s) {
    Knowledge k(state().tea_game().config(), s);
    k.read_all(state_->seat_stream(s));
    return k;
  }
  std::vector<double> returns() { return state_->returns(); }

  // A whole game start without delays or exemptions to decide: nobody
  // delayed, everybody says nothing, each orders `drinks` (one digit per
  // seat, in seat order, for those who order).
  void quiet_start(std::string_view drinks) {
    delays(std::string(static_cast<std::size_t>(game_->num_players()), '0'));
    while (state_->current_player() >= 0 && table().phase() == Phase::kAnnouncements) act(state_->current_player(), "on time");
    order(drinks);
  }
  void order(std::string_view drinks) {
    for (char d : drinks) act(state_->current_player(), std::string("drinks ") + d);
  }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
};

}  // namespace kibitz::tea_game::testing
