// What one seat of Leduc poker knows, folded from its stream one observation
// at a time: its card, the public card and each round's bets. LeducState
// renders its information-state string and tensor from a Knowledge folded
// over the whole stream; LeducSeatKnowledge (env/core/seat_knowledge.h)
// folds the same one as a SeatFeed hands it each new observation, so both
// render alike by construction.
#pragma once

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

// "seat 0 card Js public Kh round 2 betting rrc,r" into `out`, allocating
// nothing past its capacity (the layout: leduc_poker.h, "Views of a seat").
void write_information_state_string(const Knowledge& k, Player seat, std::string& out);
// The 38 floats of leduc_poker.h's "Views of a seat".
void write_information_state_tensor(const Knowledge& k, Player seat, std::span<float> out);

class LeducSeatKnowledge final : public SeatKnowledge {
 public:
  explicit LeducSeatKnowledge(Player seat) : seat_(seat) {}

  void read(const Observation& observation) override { knowledge_.read(observation); }
  void encode(std::span<float> out) const override { write_information_state_tensor(knowledge_, seat_, out); }
  void describe(std::string& out) const override { write_information_state_string(knowledge_, seat_, out); }
  std::unique_ptr<SeatKnowledge> clone() const override { return std::make_unique<LeducSeatKnowledge>(*this); }

 private:
  Player seat_;
  Knowledge knowledge_;
};

}  // namespace kibitz::leduc_poker
