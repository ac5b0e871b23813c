// What one seat of Leduc poker knows, folded from its stream one observation
// at a time: its card, the public card and each round's bets. LeducState
// renders its information-state string and tensor from a Knowledge folded
// over the whole stream; LeducSeatKnowledge (env/core/seat_knowledge.h)
// folds the same one as a SeatFeed hands it each new observation, so both
// render alike by construction.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>

#include "env/core/observation.h"
#include "env/core/seat_knowledge.h"
#include "env/games/leduc_poker/leduc_poker.h"

namespace kibitz::leduc_poker {

struct Knowledge {
  int card = -1;         // -1 while unseen
  int public_card = -1;  // -1 while unseen
  std::array<int, kNumRounds> num_bets{};
  std::array<std::array<Action, kMaxActionsPerRound>, kNumRounds> bets{};

  // Reads the next observation of a stream this game wrote (a state's own),
  // so it trusts the order: bets before the public card are round 1's.
  // Inline: the State folds a whole stream at each call.
  void read(const Observation& o) {
    const auto round = static_cast<std::size_t>(public_card < 0 ? 0 : 1);
    Action bet = kInvalidAction;
    switch (static_cast<Seen>(o.kind)) {
      case Seen::kDealt:
        card = o.value(0);
        break;
      case Seen::kDealtTo:
        break;
      case Seen::kPublic:
        public_card = o.value(0);
        break;
      case Seen::kFolded:
        bet = kFold;
        break;
      case Seen::kChecked:
      case Seen::kCalled:
        bet = kCall;
        break;
      case Seen::kRaised:
        bet = kRaise;
        break;
      case Seen::kShows:
        // Left out of the information state: it keys decisions, and none
        // follows the showdown (policy files keep their keys).
        break;
    }
    if (bet != kInvalidAction && num_bets[round] < kMaxActionsPerRound) {
      bets[round][static_cast<std::size_t>(num_bets[round]++)] = bet;
    }
  }
};

// The renderers are inline, as the fold is: the State's calls compile to
// what they were when all of it sat in leduc_stream.cc.

// "Js", or "?" for no card, appended without building a string.
inline void append_card_text(int card, std::string& out) {
  if (card < 0) {
    out += '?';
    return;
  }
  out += "JQK"[card_rank(card)];
  out += "sh"[card_suit(card)];
}

// "seat 0 card Js public Kh round 2 betting rrc,r" into `out`, allocating
// nothing past its capacity (the layout: leduc_poker.h, "Views of a seat").
inline void write_information_state_string(const Knowledge& k, Player seat, std::string& out) {
  out.assign("seat ");
  out += static_cast<char>('0' + seat);
  out += " card ";
  append_card_text(k.card, out);
  out += " public ";
  append_card_text(k.public_card, out);
  // Round 2 begins when the public card is turned.
  const int rounds = k.public_card < 0 ? 1 : 2;
  out += " round ";
  out += static_cast<char>('0' + rounds);
  out += " betting ";
  for (std::size_t r = 0; r < static_cast<std::size_t>(rounds); ++r) {
    if (r > 0) out += ',';
    if (k.num_bets[r] == 0) out += '-';  // visible in strings, unlike an empty word
    for (int i = 0; i < k.num_bets[r]; ++i) out += kBetLetters[k.bets[r][static_cast<std::size_t>(i)]];
  }
}

// The 38 floats of leduc_poker.h's "Views of a seat" (the caller checks
// out.size()).
inline void write_information_state_tensor(const Knowledge& k, Player seat, std::span<float> out) {
  const auto at = [](int i) { return static_cast<std::size_t>(i); };
  std::fill(out.begin(), out.end(), 0.0f);
  out[at(kSeatOffset + seat)] = 1.0f;
  if (k.card >= 0) out[at(kPrivateOffset + k.card)] = 1.0f;
  if (k.public_card >= 0) out[at(kPublicOffset + k.public_card)] = 1.0f;
  for (int r = 0; r < kNumRounds; ++r) {
    for (int i = 0; i < k.num_bets[at(r)]; ++i) {
      const int slot = r * kMaxActionsPerRound + i;
      out[at(kBetsOffset + slot * kNumActions + k.bets[at(r)][at(i)])] = 1.0f;
    }
  }
}

class LeducSeatKnowledge final : public SeatKnowledge {
 public:
  explicit LeducSeatKnowledge(Player seat) : seat_(seat) {}

  void read(const Observation& observation) override { knowledge_.read(observation); }
  void encode(std::span<float> out) const override;
  void describe(std::string& out) const override { write_information_state_string(knowledge_, seat_, out); }
  std::unique_ptr<SeatKnowledge> clone() const override { return std::make_unique<LeducSeatKnowledge>(*this); }
  // The string is rendered from the fold, so keep_text changes nothing.
  void restart() override { knowledge_ = Knowledge{}; }

 private:
  Player seat_;
  Knowledge knowledge_;
};

}  // namespace kibitz::leduc_poker
