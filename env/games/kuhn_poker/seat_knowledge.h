// What one seat of Kuhn poker knows, folded from its stream one observation
// at a time: its card and the betting. KuhnState renders its information-
// state string and tensor from a Knowledge folded over the whole stream;
// KuhnSeatKnowledge (env/core/seat_knowledge.h) folds the same one as a
// SeatFeed hands it each new observation, so both render alike by
// construction.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>

#include "env/core/observation.h"
#include "env/core/seat_knowledge.h"
#include "env/games/kuhn_poker/kuhn_poker.h"

namespace kibitz::kuhn_poker {

struct Knowledge {
  int card = -1;  // -1 before the deal
  std::array<Action, 2 * kMaxPlayers - 1> betting{};
  int num_betting = 0;

  // Reads the next observation of a stream. Inline: the State folds a
  // whole stream at each call, a few observations long.
  void read(const Observation& o) {
    switch (static_cast<Seen>(o.kind)) {
      case Seen::kDealt:
        card = o.value(0);
        break;
      case Seen::kDealtTo:
        break;
      case Seen::kPassed:
      case Seen::kBetted:
        betting[static_cast<std::size_t>(num_betting++)] = o.kind == static_cast<int>(Seen::kBetted) ? kBet : kPass;
        break;
      case Seen::kShows:
        // Left out of the information state: it keys decisions, and none
        // follows the showdown (policy files keep their keys).
        break;
    }
  }
};

// The renderers are inline, as the fold is: the State's calls compile to
// what they were when all of it sat in kuhn_poker.cc.

// "seat 0 card J betting pb" into `out`, allocating nothing past its capacity.
inline void write_information_state_string(const Knowledge& k, Player seat, std::string& out) {
  out.assign("seat ");
  out += static_cast<char>('0' + seat);
  out += " card ";
  if (k.card < 0) {
    out += '?';
  } else {
    out += kCardNames[static_cast<std::size_t>(k.card)];
  }
  out += " betting ";
  if (k.num_betting == 0) out += '-';  // visible in strings, unlike an empty word
  for (int i = 0; i < k.num_betting; ++i) out += k.betting[static_cast<std::size_t>(i)] == kBet ? 'b' : 'p';
}

// Seat one-hot, card one-hot, then (pass, bet) bits for each betting turn
// (KuhnGame::information_state_tensor_shape; the caller checks out.size()).
inline void write_information_state_tensor(const Knowledge& k, int num_players, Player seat, std::span<float> out) {
  const int n = num_players;
  std::fill(out.begin(), out.end(), 0.0f);
  out[static_cast<std::size_t>(seat)] = 1.0f;
  if (k.card >= 0) out[static_cast<std::size_t>(n + k.card)] = 1.0f;
  for (int i = 0; i < k.num_betting; ++i) {
    out[static_cast<std::size_t>(n + n + 1 + 2 * i + k.betting[static_cast<std::size_t>(i)])] = 1.0f;
  }
}

class KuhnSeatKnowledge final : public SeatKnowledge {
 public:
  KuhnSeatKnowledge(int num_players, Player seat) : num_players_(num_players), seat_(seat) {}

  void read(const Observation& observation) override { knowledge_.read(observation); }
  void encode(std::span<float> out) const override;
  void describe(std::string& out) const override { write_information_state_string(knowledge_, seat_, out); }
  std::unique_ptr<SeatKnowledge> clone() const override { return std::make_unique<KuhnSeatKnowledge>(*this); }
  // The string is rendered from the fold, so keep_text changes nothing.
  void restart() override { knowledge_ = Knowledge{}; }

 private:
  int num_players_;
  Player seat_;
  Knowledge knowledge_;
};

}  // namespace kibitz::kuhn_poker
