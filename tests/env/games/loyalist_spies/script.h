// A scripted Loyalist Spies game for rule tests: chance outcomes are named by
// card ("7H"), seat actions by their action strings ("play QS"), and every
// step goes through apply_action, so an illegal script fails loudly.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "env/cards/card_set.h"
#include "env/core/params.h"
#include "env/core/spec.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies::testing {

// Builds a game from a spec without the registry.
inline std::shared_ptr<const Game> make_game(std::string_view spec) {
  const GameInfo info = game_info();
  return info.factory(validate_params("game " + info.name, info.params, parse_spec(spec)));
}

// Card names to indices, in the written order.
inline std::vector<int> cards_of(std::string_view text) {
  std::vector<int> out;
  for (const cards::Card c : cards::parse_card_list(text)) out.push_back(parse_card(c.to_string()));
  return out;
}

inline CardMask mask_of(std::string_view text) {
  CardMask m = 0;
  for (int c : cards_of(text)) m |= card_bit(c);
  return m;
}

class Script {
 public:
  explicit Script(std::string_view spec)
      : game_(make_game(spec)), state_(game_->new_initial_state()) {}

  const LoyalistSpiesState& state() const {
    return static_cast<const LoyalistSpiesState&>(*state_);
  }
  const Game& game() const { return *game_; }
  std::unique_ptr<State> clone() const { return state_->clone(); }

  // The next chance outcome is this card.
  Script& chance(std::string_view card) {
    EXPECT_TRUE(state_->is_chance_node()) << "not a chance node: " << state_->to_string();
    state_->apply_action(parse_card(card));
    return *this;
  }
  // The lowest card the chance node allows (for steps a test does not care about).
  Script& chance_any() {
    EXPECT_TRUE(state_->is_chance_node()) << "not a chance node: " << state_->to_string();
    state_->apply_action(state_->legal_actions().front());
    return *this;
  }
  // Several chance outcomes, space-separated.
  Script& chances(std::string_view cards) {
    for (int c : cards_of(cards)) {
      EXPECT_TRUE(state_->is_chance_node()) << "not a chance node at " << card_name(c);
      state_->apply_action(c);
    }
    return *this;
  }
  // The seat to act does `text`; `seat` must be that seat.
  Script& act(Player seat, std::string_view text) {
    EXPECT_EQ(state_->current_player(), seat) << "expected " << seat_name(seat) << " to act for '"
                                              << text << "'; " << state_->to_string();
    state_->apply_action(state_->string_to_action(state_->current_player(), text));
    return *this;
  }
  // Aces to seats 0.. in order.
  Script& aces(std::string_view cards) { return chances(cards); }
  // Deals hands (by seat) round-robin from the seat after the first
  // determiner: each seat's cards in the order written.
  Script& deal(const std::vector<std::string>& hands) {
    const int n = state_->num_players();
    std::vector<std::vector<int>> cards;
    std::size_t total = 0;
    for (const std::string& h : hands) {
      cards.push_back(cards_of(h));
      total += cards.back().size();
    }
    std::vector<std::size_t> next(static_cast<std::size_t>(n), 0);
    int seat = (state().first_determiner() + 1) % n;
    for (std::size_t i = 0; i < total; ++i) {
      auto& hand = cards[static_cast<std::size_t>(seat)];
      EXPECT_LT(next[static_cast<std::size_t>(seat)], hand.size())
          << "hand of " << seat_name(seat) << " too short";
      state_->apply_action(hand[next[static_cast<std::size_t>(seat)]++]);
      seat = (seat + 1) % n;
    }
    return *this;
  }
  // deal=keep5: each seat is dealt `must_have` plus the lowest cards nobody
  // asked for, up to its share of the round-robin deal.
  Script& deal_all(const std::vector<std::string>& must_have) {
    const int n = state_->num_players();
    const Config& cfg = state().config();
    CardMask left = (kPackMask & ~kAceMask);
    for (int j = 0; j < cfg.jokers; ++j) left |= card_bit(kFirstJoker + j);
    std::vector<std::vector<int>> hands(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) {
      hands[static_cast<std::size_t>(s)] = cards_of(must_have[static_cast<std::size_t>(s)]);
      for (int c : hands[static_cast<std::size_t>(s)]) left &= ~card_bit(c);
    }
    const int total = cfg.cards_in_play();
    const int first = (state().first_determiner() + 1) % n;
    for (int i = 0; i < total; ++i) {
      const auto s = static_cast<std::size_t>((first + i) % n);
      if (static_cast<int>(hands[s].size()) <= i / n) {
        hands[s].push_back(lowest_card(left));
        left &= ~card_bit(hands[s].back());
      }
    }
    std::vector<std::string> names;
    for (const auto& h : hands) {
      std::string text;
      for (int c : h) text += card_name(c) + " ";
      names.push_back(text);
    }
    return deal(names);
  }
  // deal=keep5: each seat, in keep order, keeps these five cards (by seat).
  Script& keep(const std::vector<std::string>& kept) {
    for (int k = 0; k < state_->num_players(); ++k) {
      const Player seat = state_->current_player();
      std::vector<int> cards = cards_of(kept[static_cast<std::size_t>(seat)]);
      std::sort(cards.begin(), cards.end(), [](int a, int b) {
        return (is_joker(a) ? a - 100 : a) < (is_joker(b) ? b - 100 : b);
      });
      for (int c : cards) act(seat, "keep " + card_name(c));
    }
    return *this;
  }

  std::string info(Player p) const { return state_->information_state_string(p); }
  InfoView view(Player p) const {
    return decode_information_state(state_->information_state_tensor(p));
  }
  std::vector<std::string> legal_strings() const {
    std::vector<std::string> out;
    const Player p = state_->current_player();
    for (Action a : state_->legal_actions()) out.push_back(state_->action_to_string(p, a));
    return out;
  }

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
};

inline bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

}  // namespace kibitz::loyalist_spies::testing
