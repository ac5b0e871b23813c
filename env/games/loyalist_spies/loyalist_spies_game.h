// Loyalist Spies: a hidden-role card game for 3 or 4 players. Rules text:
// rules/loyalist_spies.md; our rulings: spec/loyalist_spies.md; the rules as
// implemented, for people: docs/rules/loyalist_spies.md.
//
// Rules summary (one round):
//  - Each player gets a secret ace: its suit is theirs. The rest (52 cards
//    without aces, plus up to 2 Jokers) is dealt; each player keeps 5 (a kept
//    Joker makes its holder a Traitor), the rest is shuffled into the Success
//    deck (deal=keep5); or 5 are dealt to each and the rest is the deck
//    (deal=direct).
//  - Turns rotate clockwise. The determiner flips the top Success card: 2-10
//    sets a mission (covert value and VP from the mission guide), a Jack lets
//    them look at another player's ace (a suit match is revealed), a Queen lets
//    them see and reorder the top three cards, a King flips on with +2 VP, a
//    Joker is set aside and they flip again.
//  - A mission gets three face-down deck cards and one card from each player
//    (not a Joker). The set is revealed; a total above the covert value fails
//    it. Suit effects draw (or discard) cards; players refill to 2.
//  - When the deck runs out, roles are scored: Traitors (holding a Joker) gain
//    from failures, the owner of the most common mission suit is Compromised,
//    everyone else is Loyal.
//  - Rounds repeat until a total exceeds target_score or max_rounds is reached.
//
// Parameters:
//   players         int in [3, 4]            default 4
//   deal            keep5 | direct           default keep5
//   jokers          int in [0, 2]            default 2
//   hearts_failure  draw | discard           default draw
//   refill          bool                     default true
//   target_score    int in [1, 1000]         default 40
//   max_rounds      int in [1, 20]           default 10
//   rounds          int in [0, 20]           default 0: play to the target; k > 0: exactly k rounds
//   reward          win | score              default win
//
// Player actions (one fixed space of kNumActions):
//   [0, 54)     keep <card>        (keep5 deal; five per player, in keep order)
//   [54, 106)   play <card>        (a pack card onto the mission)
//   [106, 160)  discard <card>     (hearts_failure=discard)
//   [160, 164)  peek P<seat>       (Jack: whose ace to look at)
//   [164, 170)  order <c1>,<c2>,.. (Queen: a permutation of the top cards, top first)
// Chance outcomes: the card index (cards.h) that comes: an ace, a dealt card,
// a flipped, face-down or drawn card, a card a Queen reveals.
//
// Seat stream (stream.h; docs/rules/loyalist_spies.md "What each seat
// observes"): every move adds one observation to every seat's stream, the
// move as that seat saw it ("dealt 7H" / "P2 is dealt a card", "you play
// QS" / "P1 plays"), and the public events add theirs ("P1 plays nothing",
// "mission 8D revealed 3H QS 8H 7C 4D total 54", "P2 reveals AH Jk Traitor
// +11"); an ace seen through a Jack and the cards already on top when a
// seat's Queen is flipped follow as private observations. The
// information-state string is rendered from the stream.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/games/loyalist_spies/cards.h"

namespace kibitz::loyalist_spies {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kKeepCount = 5;         // cards each player keeps / is dealt
inline constexpr int kMissionDeckCards = 3;  // face-down cards from the deck per mission
inline constexpr int kQueenLook = 3;         // cards a Queen looks at
inline constexpr int kRefillTo = 2;
inline constexpr int kMaxRoundsLimit = 20;

inline constexpr Action kKeepBase = 0;
inline constexpr Action kPlayBase = kKeepBase + kNumCardIndices;     // 54
inline constexpr Action kDiscardBase = kPlayBase + kNumPackCards;    // 106
inline constexpr Action kPeekBase = kDiscardBase + kNumCardIndices;  // 160
inline constexpr Action kOrderBase = kPeekBase + kMaxPlayers;        // 164
inline constexpr int kNumOrders = 6;                                 // 3! permutations
inline constexpr int kNumActions = kOrderBase + kNumOrders;          // 170

// Keep order (deal=keep5): Jokers first (so a player decides about them
// first), then the pack cards by index. Keeps must follow it, so each set of
// five is chosen in exactly one way.
inline constexpr int keep_rank(int card) {
  return is_joker(card) ? card - kFirstJoker : card + kMaxJokers;
}

// Orders of the top cards: new top card i is old card kOrders[k][i]. With two
// cards only the first two orders exist ({0,1}, {1,0}).
inline constexpr std::array<std::array<int, 3>, kNumOrders> kOrders = {
    {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
inline constexpr int num_orders(int cards) { return cards == 3 ? 6 : cards == 2 ? 2 : 0; }

// Whether order k of `top` (the cards a Queen shows, top first) is offered.
// Jk and Jk2 are the same card to the rules, so two orders that differ only
// by swapping them are one: the one offered keeps the Jokers in the order
// the Queen showed them. (Keeping the order that chance dealt, rather than
// always putting Jk first, tells the other seats nothing new.)
inline constexpr bool keeps_joker_order(int order, std::span<const std::int8_t> top) {
  int first_joker = -1;  // old position of the first Joker in the new order
  for (std::size_t i = 0; i < top.size(); ++i) {
    const int old = kOrders[static_cast<std::size_t>(order)][i];
    if (!is_joker(top[static_cast<std::size_t>(old)])) continue;
    if (first_joker >= 0) return first_joker < old;
    first_joker = old;
  }
  return true;
}

// The validated parameters, in the form the rules use them.
struct Config {
  int players = 4;
  bool keep5 = true;
  int jokers = 2;
  bool hearts_discard = false;
  bool refill = true;
  int target_score = 40;
  int max_rounds = 10;
  int rounds = 0;
  bool reward_score = false;

  // The most rounds a game can last.
  int round_limit() const { return rounds > 0 ? rounds : max_rounds; }
  // Cards in play besides the aces: 48 pack cards and the Jokers.
  int cards_in_play() const { return kNumPackCards - kNumSuits + jokers; }
  // Cards in the Success deck once every player holds 5.
  int deck_cards() const { return cards_in_play() - kKeepCount * players; }
};

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

class LoyalistSpiesGame : public Game {
 public:
  explicit LoyalistSpiesGame(const Params& params);

  const Config& config() const { return config_; }

  int num_players() const override { return config_.players; }
  int num_distinct_actions() const override { return kNumActions; }
  int max_chance_outcomes() const override { return kNumCardIndices; }
  int max_game_length() const override { return max_round_length_ * config_.round_limit(); }
  RewardModel reward_model() const override {
    return config_.reward_score ? RewardModel::kGeneralSum : RewardModel::kZeroSum;
  }
  double min_return() const override { return config_.reward_score ? 0.0 : -1.0; }
  double max_return() const override;
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  // The observation kinds of the seat streams (stream.h).
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  // Worlds drawn from a seat's stream alone (resample.h: SpiesWorldSampler).
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const override;
  // What a seat knows, folded one observation at a time (seat_knowledge.h):
  // its information-state tensor and string.
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;

  // Bounds used for sizing: missions in a round, history entries in a round.
  int max_missions_per_round() const { return max_missions_; }
  int max_round_length() const { return max_round_length_; }
  // The most entries a game's observation log can hold (derived in the
  // constructor from the round bounds above).
  int observation_log_capacity() const override { return log_capacity_; }

 private:
  Config config_;
  int max_missions_ = 0;
  int max_round_length_ = 0;
  int log_capacity_ = 0;
  StreamSpec stream_spec_;
};

// "P2": how seats are written in action strings and views.
std::string seat_name(int seat);

}  // namespace kibitz::loyalist_spies
