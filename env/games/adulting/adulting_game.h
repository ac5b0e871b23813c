// Adulting: a bidding and bluffing card game for 3 to 8 players. Rules text:
// rules/adulting.md; our rulings: spec/adulting.md; the rules as implemented
// (the specification of this folder): docs/rules/adulting.md.
//
// Rules summary (one round; P0 deals first, the dealer passes left):
//  - Scoring (not in round 1): from the dealer going left (scoring=dealer:
//    the dealer alone) each player may play one card from hand onto their
//    mantle, in a column its back allows (spades: any column), or discard an
//    effect card for its effect (bank N, tax N, peek, steal, qualify), or
//    pass. The third spade scored (all mantles, dual backs count, discards
//    do not) ends the game at once.
//  - The draw: the dealer draws the top card (everyone sees its front); an
//    empty deck ends the game. The next card's back is then visible to all.
//  - Work (variant=full, work_phase.cc): category, rank, payout or
//    challenge pay from the bank; variant=bidding: `income` to everyone.
//    With legal=true the legal system (legal_*.cc) steps in: appeals of
//    rulings, lawsuits against declarations, fines for extra taken from the
//    bank (on work pay, a Bank card's takings and tie refunds: bank_pay.cc),
//    impeachment of the dealer.
//  - Sorting: chance gives each player a private truth; in order from the
//    dealer's left each claims adult or child; an adult claim goes to an
//    up/down vote of everyone else and stands unless downs outnumber ups.
//  - Bidding: the qualified commit sealed bids in order (0..their monies,
//    at most 127), revealed together; the highest pays the bank and takes
//    the card; tied players after the first in order get their bid back
//    from the bank; nobody qualified: the card is discarded.
//  - Score: per mantle the sum of its columns' sizes squared, plus 7 per
//    complete row. reward=win: the top scorers share +1, the rest -1.
//
// Parameters (docs/rules/adulting.md has the table):
//   players       int in [3, 8]       default 4
//   variant       full | bidding      default full
//   income        int in [0, 20]      default 2   (variant=bidding)
//   scoring       all | dealer        default all
//   legal         bool                default true (variant=full)
//   evidence      real in [0, 1]      default 0.5
//   notice        real in [0, 1]      default 0.3
//   ruling        real in [0, 1]      default 0.25
//   ruling_right  real in [0, 1]      default 0.5
//   reward        win | score         default win
//   deck          text                default builtin (a deck file; builtin: the built-in deck)
//
// Player actions (one fixed space of kNumActions; the constants below):
//   score <card> <column>   card x column ("score H3 hearts")
//   discard <card>          an effect card for its effect ("discard Tax")
//   pass                    play nothing in the scoring phase
//   target P#               whom a Peek or Steal names
//   claim adult | child     sorting claims
//   vote up | down          votes (sorting and the legal system)
//   bid 0..127              sealed bids
//   declare 0..9            rank jobs
//   the legal words: sue, decline, appeal, impeach, price 1..10, allow,
//   dismiss, concede, fight, take +0..+2, call out, rank P#
// Chance outcomes (their own space of kNumChanceOutcomes):
//   a card index (0..63): the card drawn among those with the top card's
//     back, the card a Steal takes;
//   kBackOutcomeBase + k: the new top card shows back class k (each class
//     with the chance of its cards among those left: the identity is drawn
//     only at the draw, so nothing hidden is fixed early);
//   small numbers for truths (0 child, 1 adult) and the work phase.
//
// Seat stream (stream.h; docs/rules/adulting.md "What each seat observes"):
// every move adds at least one observation to every seat's stream: the move
// as that seat saw it ("P1 scores H3 in hearts", "your truth is adult" /
// "P2 gets a truth", "you bid 3" / "P2 commits a bid") and the derived
// public events right after it ("P1 bid 3" at the reveal, "P1 takes H3 for
// 3", "P2 is refunded 3", "round 2 dealer P1", the end and final points).
// Private: your truth, your bid until the reveal, the hand you peeked at,
// the card you stole or that was stolen from you, your measurement,
// whether a ruling on you was right, the extra you took from the bank (and
// the extra you saw taken as a watcher). The information-state
// string lists the stream one observation a line; the tensor is encoded
// from the stream (knowledge.h). Worlds are drawn from the stream by
// AdultingWorldSampler (sampler.h).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/games/adulting/cards.h"

namespace kibitz::adulting {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxCards = kMaxDeckCards;  // 64: a hand is a 64-bit mask
inline constexpr int kMaxBid = 127;
inline constexpr int kMaxDeclare = 9;
inline constexpr int kMaxPrice = 10;
inline constexpr int kMaxExtra = 2;
// The `deck` parameter's value for the built-in deck (a spec cannot write an
// empty value, and the canonical spec names every parameter).
inline constexpr std::string_view kBuiltinDeck = "builtin";

using CardMask = std::uint64_t;
inline constexpr CardMask card_bit(int card) { return CardMask{1} << card; }
// The number of cards in a mask (or seats in a seat mask), inline: without
// -mpopcnt, std::popcount is a library call, too slow for the hot path.
inline constexpr int card_count(std::uint64_t m) {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<int>((m * 0x0101010101010101ull) >> 56);
}

// --- Player actions ----------------------------------------------------------
inline constexpr Action kScoreBase = 0;                                  // + card * 3 + column
inline constexpr Action kDiscardBase = kScoreBase + kMaxCards * kNumColumns;  // 192 + card
inline constexpr Action kPass = kDiscardBase + kMaxCards;                // 256
inline constexpr Action kTargetBase = kPass + 1;                         // 257 + seat
inline constexpr Action kAdultClaim = kTargetBase + kMaxPlayers;         // 265
inline constexpr Action kChildClaim = kAdultClaim + 1;                   // 266
inline constexpr Action kUpVote = kChildClaim + 1;                       // 267
inline constexpr Action kDownVote = kUpVote + 1;                         // 268
inline constexpr Action kBidBase = kDownVote + 1;                        // 269 + bid
inline constexpr Action kDeclareBase = kBidBase + kMaxBid + 1;           // 397 + value
// The legal system's words (legal_system.cc gives them their behaviour).
inline constexpr Action kSue = kDeclareBase + kMaxDeclare + 1;           // 407
inline constexpr Action kDecline = kSue + 1;                             // 408: do not sue/appeal/impeach/call out
inline constexpr Action kAppeal = kDecline + 1;                          // 409
inline constexpr Action kImpeach = kAppeal + 1;                          // 410
inline constexpr Action kPriceBase = kImpeach + 1;                       // 411 + price - 1
inline constexpr Action kAllow = kPriceBase + kMaxPrice;                 // 421
inline constexpr Action kDismiss = kAllow + 1;                           // 422
inline constexpr Action kConcede = kDismiss + 1;                         // 423
inline constexpr Action kFight = kConcede + 1;                           // 424
inline constexpr Action kTakeBase = kFight + 1;                          // 425 + extra
inline constexpr Action kCallOut = kTakeBase + kMaxExtra + 1;            // 428
inline constexpr Action kRankBase = kCallOut + 1;                        // 429 + seat
inline constexpr int kNumActions = kRankBase + kMaxPlayers;              // 437

inline constexpr Action score_action(int card, int column) { return kScoreBase + card * kNumColumns + column; }

// --- Chance outcomes -----------------------------------------------------------
// Cards are outcomes 0..63; back classes follow; small numbers (truths 0/1,
// work-phase values, seats) reuse the low outcomes.
inline constexpr Action kBackOutcomeBase = kMaxCards;                    // 64 + back class
inline constexpr int kNumChanceOutcomes = kBackOutcomeBase + kMaxCards;  // 128
inline constexpr Action kChild = 0;
inline constexpr Action kAdult = 1;

// The validated parameters, in the form the rules use them.
struct Config {
  int players = 4;
  bool bidding = false;  // variant=bidding
  int income = 2;
  bool dealer_scoring = false;
  bool legal = true;
  double evidence = 0.5;
  double notice = 0.3;
  double ruling = 0.25;
  double ruling_right = 0.5;
  bool reward_score = false;
};

// What the hot path needs of a card, precomputed from the deck.
struct CardInfo {
  std::uint8_t columns = 0;  // bit k: the card may go into column k
  bool spade = false;
  Effect effect = Effect::kNone;
  std::uint8_t amount = 0;
  Job job = Job::kCategory;
  std::uint8_t back = 0;     // back class
  double adult = 0.5;
};

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

class AdultingGame : public Game {
 public:
  explicit AdultingGame(const Params& params);

  const Config& config() const { return config_; }
  const Deck& deck() const { return deck_; }
  int num_cards() const { return deck_.size(); }
  const CardInfo& card(int c) const { return info_[static_cast<std::size_t>(c)]; }
  int num_backs() const { return static_cast<int>(back_cards_.size()); }
  // The deck's cards with back class k.
  CardMask back_cards(int k) const { return back_cards_[static_cast<std::size_t>(k)]; }
  // "H/C-back": how a back class is written (a word no card name can be).
  const std::string& back_name(int k) const { return back_names_[static_cast<std::size_t>(k)]; }
  CardMask all_cards() const { return all_cards_; }
  // The most moves a round can take (sizes the history and the event log).
  int max_round_length() const { return max_round_length_; }

  int num_players() const override { return config_.players; }
  int num_distinct_actions() const override { return kNumActions; }
  int max_chance_outcomes() const override { return kNumChanceOutcomes; }
  int max_game_length() const override { return max_game_length_; }
  // The most entries a state's observation log can hold (adulting_game.cc).
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
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;  // seat_knowledge.cc

 private:
  Config config_;
  Deck deck_;
  std::vector<CardInfo> info_;
  std::vector<CardMask> back_cards_;
  std::vector<std::string> back_names_;
  CardMask all_cards_ = 0;
  int max_round_length_ = 0;
  int max_game_length_ = 0;
  int log_capacity_ = 0;
  StreamSpec stream_spec_;
};

// "P2": how seats are written in action strings and views.
std::string seat_name(int seat);

// A mantle's score: each column's size squared, plus 7 per complete row.
int mantle_score(const std::array<std::uint8_t, kNumColumns>& columns);

}  // namespace kibitz::adulting
