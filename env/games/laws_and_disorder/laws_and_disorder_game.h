// Laws and Disorder: players hold positions (Judge, Banker, Thief, Scientist,
// Merchant, Priest), make laws out of cards ("THE JUDGE LOSES 2 MONIES") and
// are paid per card; the richest player when the deck has run out wins.
// Rules text: rules/laws_and_disorder.txt; our rulings:
// spec/laws_and_disorder.md; the rules as implemented (the specification of
// this folder): docs/rules/laws_and_disorder.md.
//
// The folder:
//   cards.h     the 20 kinds of card and the 78-card deck, as data
//   law.h       the law grammar: what may come next, what a hand can finish
//   stream.h    the observation kinds every seat receives (the one source
//               of what a seat knows)
//   laws_and_disorder_state.h   the state; its rules are split by step:
//     turn.cc       deal, draws, the turn's main step, hand limit, the end
//     effects.cc    laws taking effect, triggers, the subject's choices
//     abilities.cc  the five abilities and job changes
//     action_text.cc  action strings ("law JUDGE", "ability thief P3")
//   knowledge.h what a seat knows, read from its stream alone (Knowledge),
//               and the information-state tensor written from it
//   seat_knowledge.h  that fold and the stream text, as the seat's
//               SeatKnowledge (observation by observation)
//   sampler.h   worlds drawn from one seat's stream
//
// Cards are kinds: copies of a kind are interchangeable, so a hand is a count
// per kind and the deck a count per kind; a draw is a chance node over the
// kinds left, in proportion to their counts.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/games/laws_and_disorder/cards.h"
#include "env/games/laws_and_disorder/law.h"

namespace kibitz::laws_and_disorder {

inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;
inline constexpr int kStartingCards = 7;
inline constexpr int kStartingMonies = 3;
inline constexpr int kAbilityCost = 2;
inline constexpr int kCardsPerDraw = 2;
// The most laws the table can hold: every law takes at least 3 of the 78
// cards.
inline constexpr int kMaxTableLaws = kDeckSize / 3;  // 26

// --- Player actions ----------------------------------------------------------
// One fixed space; the text of an action depends on the step (action_text.cc).
inline constexpr Action kPlayBase = 0;                                   // + kind: "law JUDGE", then "GIVES"
inline constexpr Action kEndLaw = kPlayBase + kNumKinds;                 // 20: "end-law"
inline constexpr Action kJobBase = kEndLaw + 1;                          // 21 + position: "job THIEF"
inline constexpr Action kEndTurn = kJobBase + kNumPositions;             // 27: "end-turn"
inline constexpr Action kPickBase = kEndTurn + 1;                        // 28 + kind: "give X", "discard X", "take X"
inline constexpr Action kToBase = kPickBase + kNumKinds;                 // 48 + seat: "to P3"
inline constexpr Action kThiefBase = kToBase + kMaxPlayers;              // 54 + seat: "ability thief P3"
inline constexpr Action kMerchantTrade = kThiefBase + kMaxPlayers;       // 60: "ability merchant trade"
inline constexpr Action kJudgeEnforceBase = kMerchantTrade + 1;          // 61 + slot: "ability judge enforce L4"
inline constexpr Action kJudgeDestroyBase = kJudgeEnforceBase + kMaxTableLaws;  // 87 + slot
inline constexpr int kNumWhens = 3;
inline constexpr Action kScientistAddBase = kJudgeDestroyBase + kMaxTableLaws;  // 113 + slot * 3 + when
inline constexpr Action kScientistTakeBase = kScientistAddBase + kMaxTableLaws * kNumWhens;  // 191 + slot
inline constexpr int kNumVerbs = 3;
inline constexpr Action kMerchantSwapBase = kScientistTakeBase + kMaxTableLaws;  // 217 + slot * 3 + verb
// Priest: (slot * 2 + side) * 7 + the position-slot kind (a job or ANY-POSITION);
// side 0 the subject, 1 the recipient.
inline constexpr int kNumPositionSlotKinds = kNumPositions + 1;
inline constexpr Action kPriestBase = kMerchantSwapBase + kMaxTableLaws * kNumVerbs;  // 295
inline constexpr int kNumActions = kPriestBase + kMaxTableLaws * 2 * kNumPositionSlotKinds;  // 659

// --- Chance outcomes -----------------------------------------------------------
// A draw: the kind drawn (0..19), in proportion to the deck's counts. The
// deal of positions: the position (0..5) the next player takes.
inline constexpr int kNumChanceOutcomes = kNumKinds;

enum class DrawAt : std::uint8_t { kEnd, kStart };

// The validated parameters, in the form the rules use them.
struct Config {
  int players = 4;
  DrawAt draw_at = DrawAt::kEnd;
  int hand_limit = 0;  // 0: none
  int max_laws = 0;    // 0: none
  bool reward_score = false;
  friend bool operator==(const Config&, const Config&) = default;
};

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

class LawsAndDisorderGame : public Game {
 public:
  explicit LawsAndDisorderGame(const Params& params);

  const Config& config() const { return config_; }
  // The most laws the table holds at once (max_laws, or kMaxTableLaws).
  int table_limit() const { return config_.max_laws > 0 ? config_.max_laws : kMaxTableLaws; }

  int num_players() const override { return config_.players; }
  int num_distinct_actions() const override { return kNumActions; }
  int max_chance_outcomes() const override { return kNumChanceOutcomes; }
  int max_game_length() const override { return max_game_length_; }
  int observation_log_capacity() const override { return log_capacity_; }
  RewardModel reward_model() const override {
    return config_.reward_score ? RewardModel::kGeneralSum : RewardModel::kZeroSum;
  }
  double min_return() const override { return config_.reward_score ? 0.0 : -1.0; }
  double max_return() const override;
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const override;
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;

 private:
  Config config_;
  int max_game_length_ = 0;
  int log_capacity_ = 0;
  StreamSpec stream_spec_;
};

// "P2": how seats are written in action strings and views.
std::string seat_name(int seat);
// "L4": how a law is named, by its serial number (1 for the first law made).
std::string law_name(int serial);

}  // namespace kibitz::laws_and_disorder
