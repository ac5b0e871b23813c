// Scripted Laws and Disorder games for the rule tests: the positions and the
// seven-card hands chosen outright (the deal's chance outcomes applied in
// order), later draws named, and every move written as people write it
// ("law JUDGE", "GIVES", "end-law", "ability thief P3"), each checked to be
// the named seat's move. Also small readers of the log and the streams.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/games/laws_and_disorder/cards.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"
#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder::testing {

// The words of `text`, split at spaces.
inline std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

class Deal {
 public:
  explicit Deal(const std::string& spec = "laws_and_disorder(players=4)")
      : game_(load_game(spec)), state_(game_->new_initial_state()) {}

  const LawsAndDisorderState& state() const { return static_cast<const LawsAndDisorderState&>(*state_); }
  State& raw() { return *state_; }
  int players() const { return game_->num_players(); }

  // Seat s takes the s-th position named ("JUDGE BANKER THIEF SCIENTIST"),
  // then seat s is dealt the s-th hand of exactly seven card names. The
  // deck's counts limit the kinds: a hand asking for a kind the deck no
  // longer holds fails at the chance node.
  Deal& deal(std::string_view positions, const std::vector<std::string>& hands) {
    const auto names = words(positions);
    EXPECT_EQ(static_cast<int>(names.size()), players()) << "one position per seat";
    for (const std::string& name : names) chance("position " + name);
    EXPECT_EQ(static_cast<int>(hands.size()), players()) << "one hand per seat";
    for (const std::string& hand : hands) {
      const auto cards = words(hand);
      EXPECT_EQ(cards.size(), 7u) << "a dealt hand has 7 cards: " << hand;
      draw(hand);
    }
    // The first turn waits for its player, or for its draw (draw_at=start).
    EXPECT_TRUE(state().phase() == Phase::kMain || state().phase() == Phase::kDraw)
        << "the deal is over: " << state_->to_string();
    return *this;
  }

  // A chance outcome by its text ("position JUDGE", "draw GAINS").
  Deal& chance(std::string_view text) {
    EXPECT_TRUE(state_->is_chance_node()) << "not a chance node for '" << text << "': " << state_->to_string();
    state_->apply_action(state_->string_to_action(kChancePlayer, text));
    return *this;
  }
  // The draws, in order, of the named kinds.
  Deal& draw(std::string_view kinds) {
    for (const std::string& kind : words(kinds)) chance("draw " + kind);
    return *this;
  }

  // A seat's move by its text.
  Deal& act(int seat, std::string_view text) {
    EXPECT_EQ(state_->current_player(), seat)
        << "not " << seat_name(seat) << "'s move for '" << text << "': " << state_->to_string();
    state_->apply_action(state_->string_to_action(seat, text));
    return *this;
  }
  // Several moves of one seat, separated by commas: "law JUDGE, GAINS, 2-MONIES, end-law".
  Deal& acts(int seat, std::string_view texts) {
    std::size_t at = 0;
    while (at <= texts.size()) {
      const std::size_t end = std::min(texts.find(',', at), texts.size());
      std::string one(texts.substr(at, end - at));
      one.erase(0, one.find_first_not_of(' '));
      one.erase(one.find_last_not_of(' ') + 1);
      if (!one.empty()) act(seat, one);
      at = end + 1;
    }
    return *this;
  }
  // `seat` ends the turn and draws the named cards (draw_at=end); with no
  // names, whatever the deck offers first (the lowest kind left).
  Deal& end_turn(int seat, std::string_view drawn = "") {
    act(seat, "end-turn");
    if (!drawn.empty()) return draw(drawn);
    while (state().phase() == Phase::kDraw) state_->apply_action(state_->legal_actions().front());
    return *this;
  }

  // Whether `seat` may now write `text` (a legal action of the node).
  bool offered(int seat, std::string_view text) const {
    if (state_->current_player() != seat) return false;
    for (const Action a : state_->legal_actions()) {
      if (state_->action_to_string(seat, a) == text) return true;
    }
    return false;
  }
  // The legal actions' texts, in action order.
  std::vector<std::string> offers() const {
    std::vector<std::string> out;
    const Player p = state_->current_player();
    for (const Action a : state_->legal_actions()) out.push_back(state_->action_to_string(p, a));
    return out;
  }
  // The texts that begin with `prefix` ("ability").
  std::vector<std::string> offers_starting(std::string_view prefix) const {
    std::vector<std::string> out;
    for (const std::string& text : offers()) {
      if (text.starts_with(prefix)) out.push_back(text);
    }
    return out;
  }
  // The message string_to_action gives `seat` for a refused `text`.
  std::string refusal(int seat, std::string_view text) const {
    try {
      state_->string_to_action(seat, text);
    } catch (const KibitzError& e) {
      return e.what();
    }
    ADD_FAILURE() << "'" << text << "' was accepted";
    return "";
  }

  // How many of `kind` the player holds, by name.
  int holds(int player, std::string_view kind) const {
    return state().hand(player)[static_cast<std::size_t>(parse_kind(kind))];
  }

  // The log's length now: a mark for since().
  std::size_t mark() const { return static_cast<std::size_t>(state().observation_log().size()); }
  // The observations logged since `mark`, each once (whatever its audience).
  std::vector<Observation> since(std::size_t mark) const {
    std::vector<Observation> out;
    const auto& log = state().observation_log();
    for (int i = static_cast<int>(mark); i < log.size(); ++i) out.push_back(log.observation(i));
    return out;
  }
  // The kinds logged since `mark`, in order.
  std::vector<Obs> kinds_since(std::size_t mark) const {
    std::vector<Obs> out;
    for (const Observation& o : since(mark)) out.push_back(obs_kind(o));
    return out;
  }
  // The observations of one kind logged since `mark`.
  std::vector<Observation> of_kind(Obs kind, std::size_t mark = 0) const {
    std::vector<Observation> out;
    for (const Observation& o : since(mark)) {
      if (obs_kind(o) == kind) out.push_back(o);
    }
    return out;
  }
  // The length of `seat`'s stream now: a mark for stream_since().
  std::size_t stream_size(int seat) const { return state_->seat_stream(seat).size(); }
  // `seat`'s stream from `mark` on as text, one observation a line, as the
  // stream spec writes it.
  std::string stream_since(int seat, std::size_t mark = 0) const {
    const SeatStream stream = state_->seat_stream(seat);
    std::string out;
    for (std::size_t i = mark; i < stream.size(); ++i) out += game_->stream_spec().to_text(stream[i]) + "\n";
    return out;
  }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
};

}  // namespace kibitz::laws_and_disorder::testing
