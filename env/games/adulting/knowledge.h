// What one seat knows, read from its stream alone (Knowledge), and the
// fixed-size tensor written from it: the information-state tensor and the
// observation tensor of Adulting. Nothing here reads the true state.
//
// Tensor layout (n = players; seat blocks in absolute seat order):
//   viewer one-hot n | dealer one-hot n | round / 32, cards drawn / 64 |
//   spades scored one-hot 3 | stage one-hot 5 (scoring, work, sorting,
//   bidding, over) | monies n (/ 16) | mantle columns 3n (/ 8) | scores n
//   (/ 64) | hand bits 64 per seat (own hand exact; others: the cards known
//   or believed held) n x 64 | hand sizes n (/ 8) | discards 64 | the
//   round's card 64 | the top card's back class 64 | job one-hot 4 | own
//   truth 2 | this round per seat: claimed adult, claimed child, stands,
//   falls, committed, through by effect 6n | votes up, down on the claim
//   being voted (/ 8) 2 | own bid (/ 16) 1 | own measurement one-hot 10 |
//   per seat: declared (/ 9), payout (/ 3), quality (/ 9), eliminated (k /
//   n), ruling right, wrong, unknown, disqualified, ranked (place / n) 9n |
//   per seat, its claims over the whole game: claims (/ 16), adult claims
//   (/ 16), adult claims less the sum of the cards' adult chances (/ 4), that
//   excess as a z-score against honest claiming, clipped to +-4 (/ 4) 4n
//
// With the legal system (legal=true) the same slots carry its facts: the
// monies are the seat's best knowledge, i.e. as publicly known: they leave
// out the extras others took from the bank that the seat did not see (its
// own and those it watched are counted; a called-out extra is public), and
// a payment "as far as they can" takes them down to 0 at least; the votes
// are those of the legal vote under way (reset when an appeal, a fought
// suit or a motion begins); shown evidence on a ruling sets its right or
// wrong slot; an overturned elimination is cleared. (Same size, same
// layout, same kEncoderVersion.)
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "env/core/observation.h"
#include "env/games/adulting/adulting_game.h"

namespace kibitz::adulting {

// Bumped whenever the tensor layout changes, so that a saved network refuses
// a tensor it was not trained on.
inline constexpr int kEncoderVersion = 2;

int tensor_size(int players);

// The public table and the seat's private facts, as its stream tells them.
struct Knowledge {
  enum class Stage : std::uint8_t { kScoring, kWork, kSorting, kBidding, kOver };

  Knowledge(const AdultingGame& game, int viewer);
  void read(const Observation& o);
  void encode(std::span<float> out) const;
  // "P1 | round 3 dealer P2 | card H3 | monies 5 2 0 1 | ...": what the seat
  // sees now.
  std::string describe() const;

  const AdultingGame* game;
  int viewer;
  int n;
  int round = 0;
  int dealer = 0;
  int drawn = 0;
  int spades = 0;
  Stage stage = Stage::kScoring;
  int card = -1;
  int top_back = -1;
  CardMask discards = 0;
  std::array<int, kMaxPlayers> monies{};
  std::array<std::array<std::uint8_t, kNumColumns>, kMaxPlayers> columns{};
  std::array<CardMask, kMaxPlayers> held{};   // cards known or believed held
  std::array<int, kMaxPlayers> hand_size{};
  int own_truth = -1;
  int own_bid = -1;
  int own_measure = -1;
  std::array<std::array<std::uint8_t, 6>, kMaxPlayers> sorting{};
  int ups = 0;
  int downs = 0;
  std::array<std::int8_t, kMaxPlayers> declared{};
  std::array<std::int8_t, kMaxPlayers> payout{};
  std::array<std::int8_t, kMaxPlayers> quality{};
  std::array<std::int8_t, kMaxPlayers> eliminated{};
  std::array<std::int8_t, kMaxPlayers> ruling{};  // 0 none, 1 right, 2 wrong, 3 unknown
  std::array<std::int8_t, kMaxPlayers> ranked{};
  // Each seat's claims over the whole game: how many, how many adult, and
  // what honest claims would give (the sums of the cards' adult chances p
  // and of p (1 - p)).
  std::array<std::uint8_t, kMaxPlayers> claims{};
  std::array<std::uint8_t, kMaxPlayers> adult_claims{};
  std::array<float, kMaxPlayers> claims_expected{};
  std::array<float, kMaxPlayers> claims_variance{};
  unsigned disqualified = 0;
  int eliminations = 0;
  int rankings = 0;
  int peek_target = -1;  // the next hand_seen replaces this seat's cards
  // The legal system (legal=true): not in the tensor.
  std::array<std::int8_t, kMaxPlayers> shown_measure{};  // by oral arguments this round, -1 none
  std::array<std::int8_t, kMaxPlayers> unseen_extras{};  // extras taken unseen by the viewer (each 0..2)
  int price = 0;             // the suit under way: proposed, then set
  bool extra_seen = false;   // the viewer knows the last extra taken

 private:
  void new_round(int round_number, int new_dealer);
  void read_work(const Observation& o);
  void read_legal(const Observation& o);
  void pay(int seat, int amount);
  void lose_card(int seat, int card_index);
};

}  // namespace kibitz::adulting
