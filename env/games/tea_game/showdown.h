// Tea Game showdown: what a drawn hand is worth and who is in line to lose a
// round (rulings: ../shared/spec/tea_game.md, "Fine points").
//
// These are pure functions of the cards on the table, shared by the game
// (env/games/tea_game/), the odds tool (`kibitz tea odds`) and the heuristic,
// so the three can never disagree about who makes the tea. The game decides
// beforehand who can lose at all (joker exemptions, a second Joker that loses
// at once); this file only ranks the hands of the players who can.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "env/cards/card.h"

namespace kibitz::tea_game {

// The deck of one tea game: pack 0 of env/cards plus these two jokers.
inline constexpr int kJokerId = cards::kFirstJokerId;             // the Joker
inline constexpr int kReverseJokerId = cards::kFirstJokerId + 1;  // the Reverse Joker
inline constexpr int kDeckSize = cards::kCardsPerPack + 2;

bool is_joker(cards::Card card);          // the Joker (not the Reverse Joker)
bool is_reverse_joker(cards::Card card);  // the Reverse Joker
// A number card's value: 2..10, J=11, Q=12, K=13, A=14 (1 with aces_low).
// 0 for either joker, which has no value.
int card_value(cards::Card card, bool aces_low);

// What a hand is worth. A hand with no two cards of one value is worth its
// lowest card (set_size 1). A hand with a set is worth its biggest set
// (set_size = the set's size, value = its value; between two sets of the same
// size, the higher value). A hand of jokers only has no value (set_size 0).
// Larger set_size beats smaller; equal sizes compare by value; equal worths tie.
struct HandWorth {
  int set_size = 0;  // 0: no valued card; 1: single cards only; >= 2: a set
  int value = 0;     // the lowest single's value, or the biggest set's value
  friend bool operator==(const HandWorth&, const HandWorth&) = default;
  friend auto operator<=>(const HandWorth&, const HandWorth&) = default;
  bool has_value() const { return set_size > 0; }
};

HandWorth hand_worth(std::span<const cards::Card> hand, bool aces_low);

// One player who can lose this round, with the worth of the hand they drew.
struct Contender {
  int seat = 0;
  HandWorth worth;
};

// The verdict of one round among the players who can lose.
//  - Odd one out comes first and ignores reversal: with at least 4 contenders
//    holding a value, if all but one of them hold the same worth, that one
//    loses (odd_one_out = true).
//  - Otherwise the lowest worth loses, or the highest when `reversed`.
//    Contenders with no value are safe while anyone holds a value; when no
//    contender holds a value they all tie.
//  - losers holds the seats in line to lose, in the order given: one seat is
//    the loser; several seats tie and redraw the same number of cards.
//  - With no contenders, losers is empty (nobody can lose this round).
struct RoundVerdict {
  std::vector<int> losers;
  bool odd_one_out = false;
  friend bool operator==(const RoundVerdict&, const RoundVerdict&) = default;
};

RoundVerdict judge_round(std::span<const Contender> contenders, bool reversed);

// The same verdict without allocating, for the game's hot path (apply_action
// allocates nothing): judge_round is this with the losers copied into a
// vector, so the two cannot disagree. At most kMaxContenders contenders.
inline constexpr int kMaxContenders = 16;
struct FixedVerdict {
  std::array<int, kMaxContenders> losers{};
  int num_losers = 0;
  bool odd_one_out = false;
};
void judge_round_into(std::span<const Contender> contenders, bool reversed, FixedVerdict& out);

}  // namespace kibitz::tea_game
