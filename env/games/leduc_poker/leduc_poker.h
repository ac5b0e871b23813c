// Leduc poker: two betting rounds over a six-card deck; the standard reference
// game of the research literature (Southey et al. 2005), as in OpenSpiel.
//
// Rules (2 players):
//  - The deck holds six cards: J, Q, K in two suits (spades s, hearts h).
//  - Each player antes 1. Chance deals one private card to seat 0, then one
//    to seat 1.
//  - Round 1 of betting, raise amount 2. Then chance turns one public card.
//    Round 2 of betting, raise amount 4.
//  - In each round seat 0 acts first and at most 2 raises are made. Actions:
//    fold (only when facing a raise: with nothing to call there is nothing to
//    give up), call (a check when there is nothing to call), raise (call the
//    outstanding amount, then add the raise amount). A round ends when a
//    player calls after a raise, or when both have checked. A fold ends the
//    hand at once: the other seat takes the pot.
//  - Showdown after round 2: a private card that pairs the public card wins;
//    otherwise the higher rank wins; equal ranks split the pot.
//
// Why fold is illegal with nothing to call: it reproduces the published
// tree (9457 histories, 936 information sets) and the uniform-random NashConv
// 4.747222222222222; allowing it would only add dominated moves (10717
// histories, same information sets).
//
// Parameters: none.
//
// Actions: 0 = fold, 1 = call, 2 = raise. Chance outcomes: the card dealt,
// 0..5 = Js Jh Qs Qh Ks Kh (rank = card / 2, suit = card % 2).
// Returns are chips won minus chips put in (zero-sum), in [-13, 13].
//
// Seat stream (what each seat observes, env/core/observation.h; the kinds
// are declared in leduc_stream.cc): its own private card ("dealt Js"), that
// the other seat got one ("P1 is dealt a card"), the public card when it is
// turned ("public card Kh"), and every bet with its seat ("P0 checks",
// "P1 raises", "P0 calls", "P1 folds"; a call with nothing to match is a
// check). At a showdown (round 2 ends without a fold) both seats show their
// cards, seat 0 first, as part of the last call's move ("P0 shows Js", "P1
// shows Qh"); a fold shows nothing. Every move adds one observation to both
// streams, the last call of a showdown three. The public stream
// (seat_stream(kSpectator), what an onlooker sees) shows both deals face
// down, as the other seat sees each, then the same public card, bets and
// showdown. Each move appends these to the state's observation log
// (env/core/observation_log.h) as it is made: a private deal as two entries
// (the card to its seat, "dealt a card" to the other seat and the
// spectator), the public card, a bet and each show as one entry heard by
// everyone; the core seat_stream reads a seat's stream off it.
//
// Worlds (LeducWorldSampler, sample_world) give the other seat's private
// card uniformly among the cards this seat has not seen (its own and the
// public card), or the card it showed at the showdown: betting is legal
// whatever the cards and every deal is equally likely, so this is exactly
// the distribution of the deals that agree with the stream, weighted by
// chance alone (the other seat's bets are not weighed by any model of how
// it plays).
//
// Views of a seat, all rendered from its stream except the observation:
//  - information state string: "seat 0 card Js public Kh round 2 betting rrc,r"
//    (f/c/r per action, rounds split by ',', '-' for a round with no action,
//    '?' for a card not yet dealt); policy files are keyed by it, so it
//    never changes, and it leaves the showdown out (nobody decides after
//    it);
//  - information state tensor (38): seat one-hot (2), private card one-hot
//    (6), public card one-hot (6), then for each round 4 betting slots of a
//    (fold, call, raise) one-hot (2 * 4 * 3; a check is a call); the
//    showdown is left out, as from the string;
//  - observation string: "seat 0 card Js public Kh chips in 5 5; round 1:
//    P0 raise, P1 call; round 2: P0 check", the betting named move by move
//    for people (the information state string stays the compact key that
//    policy files are written with);
//  - observation tensor (16): seat, private card, public card one-hots, then
//    the chips each seat has put in (2).
// The rules for players, with an example hand: docs/rules/leduc_poker.md.
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
#include "env/core/world_sampler.h"

namespace kibitz::leduc_poker {

inline constexpr int kNumPlayers = 2;
inline constexpr int kNumCards = 6;
inline constexpr int kNumRounds = 2;
inline constexpr int kMaxRaisesPerRound = 2;
// Longest round: check, raise, re-raise, then call or fold.
inline constexpr int kMaxActionsPerRound = 4;
inline constexpr int kAnte = 1;
inline constexpr std::array<int, kNumRounds> kRaiseAmount = {2, 4};

inline constexpr Action kFold = 0;
inline constexpr Action kCall = 1;
inline constexpr Action kRaise = 2;
inline constexpr int kNumActions = 3;

// Information-state tensor layout: seat one-hot, private card one-hot, public
// card one-hot, then one (fold, call, raise) one-hot per betting slot.
inline constexpr int kSeatOffset = 0;
inline constexpr int kPrivateOffset = kSeatOffset + kNumPlayers;
inline constexpr int kPublicOffset = kPrivateOffset + kNumCards;
inline constexpr int kBetsOffset = kPublicOffset + kNumCards;
inline constexpr int kInfoStateSize = kBetsOffset + kNumRounds * kMaxActionsPerRound * kNumActions;
// Observation tensor: the same first three blocks, then chips put in per seat.
inline constexpr int kChipsOffset = kPublicOffset + kNumCards;
inline constexpr int kObservationSize = kChipsOffset + kNumPlayers;
// Letters of the information-state string's betting, indexed by action.
inline constexpr char kBetLetters[] = "fcr";
// The most entries a hand logs (LeducGame::observation_log_capacity).
inline constexpr int kObservationLogCapacity = 2 * kNumPlayers + 1 + kNumRounds * kMaxActionsPerRound + kNumPlayers;

// Card numbers (chance outcomes) and their names.
inline constexpr int card_rank(int card) { return card / 2; }  // 0 = J, 1 = Q, 2 = K
inline constexpr int card_suit(int card) { return card % 2; }  // 0 = s, 1 = h
std::string card_name(int card);                               // "Js", ... ; "?" for -1

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

// The rules of Leduc poker (no parameters) and the factory of its states.
class LeducGame : public Game {
 public:
  explicit LeducGame(const Params& params);

  int num_players() const override { return kNumPlayers; }
  int num_distinct_actions() const override { return kNumActions; }
  int max_chance_outcomes() const override { return kNumCards; }
  // Two private deals, the public deal, and two rounds of betting.
  int max_game_length() const override { return 3 + kNumRounds * kMaxActionsPerRound; }
  // Two entries per private deal (4), one for the public card, one per bet
  // (at most 8), and one per seat at the showdown (2): 15, reached by a
  // hand of two re-raised rounds that ends in a call. Tight, since
  // clone_into copies the log and the rest of a state is a few dozen bytes.
  int observation_log_capacity() const override { return kObservationLogCapacity; }
  RewardModel reward_model() const override { return RewardModel::kZeroSum; }
  // Ante plus two raises in each round, all lost.
  double min_return() const override { return -13.0; }
  double max_return() const override { return 13.0; }
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  // A LeducWorldSampler: checks the stream once, then draws without allocating.
  std::unique_ptr<WorldSampler> new_world_sampler(
      Player seat, std::span<const Observation> stream) const override;
  // Folds a seat's stream as it comes (seat_knowledge.h).
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;

 private:
  StreamSpec stream_spec_;
};

// The observation kinds, in the order of stream_spec().
enum class Seen : std::uint8_t {
  kDealt,
  kDealtTo,
  kPublic,
  kFolded,
  kChecked,
  kCalled,
  kRaised,
  kShows
};

// The declaration of the kinds above (templates and help lines).
StreamSpec leduc_stream_spec();

// One position of a Leduc hand. Every member is a small fixed-size value, so
// the copy assignment behind clone_into allocates nothing and copies a few
// dozen bytes besides the history.
class LeducState : public GameState<LeducState> {
 public:
  explicit LeducState(std::shared_ptr<const Game> game);

  Player current_player() const override { return current_player_; }
  void legal_actions(ActionList& out) const override;
  bool is_legal(Action action) const override;
  void chance_outcomes(ChanceOutcomeList& out) const override;
  // Uniform over the undealt cards, picked without listing them: the
  // outcomes list was the largest cost of a random game.
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  using State::information_state_string;
  using State::information_state_tensor;
  // Both rendered from the seat's stream (leduc_stream.cc).
  void information_state_string(Player player, std::string& out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  // Through sample_world below, into `out` without allocating.
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // The private card of a seat, or -1 before it is dealt.
  int private_card(Player seat) const { return private_cards_[static_cast<std::size_t>(seat)]; }
  // The public card, or -1 before it is turned.
  int public_card() const { return public_card_; }
  // 0 for the first betting round, 1 for the second.
  int round() const { return round_; }
  // Chips a seat has put in the pot, ante included.
  int contribution(Player seat) const { return contribution_[static_cast<std::size_t>(seat)]; }
  // The hand is over and nobody folded: both seats show their cards.
  bool at_showdown() const { return current_player_ == kTerminalPlayer && folder_ < 0; }
  // Back to the initial state, keeping the history's and the log's buffers.
  void reset();

 protected:
  void do_apply_action(Action action) override;
  // "check" for a call with nothing to match, and why fold or raise is
  // refused when it is.
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  void apply_bet(Action action);
  // The observations a move makes, appended to the log (see "Seat
  // stream"): a private deal, the public card, a bet (`raised`:
  // the round had a raise before it, so a call calls rather than checks),
  // and the showdown.
  void log_private_deal(Player seat, int card);
  void log_public_card(int card);
  void log_bet(Player seat, Action action, bool raised);
  void log_showdown();
  // Calls f(observation) for each observation of `seat`'s stream, oldest
  // first, read off the log (leduc_stream.cc): what the renderers and the
  // resampler read, with no buffer to fill.
  template <typename F>
  void for_each_observation(Player seat, F&& f) const;
  // Bit c set when card c has been dealt (private or public).
  std::uint8_t dealt_mask() const { return dealt_mask_; }
  // "rrc,r": one sequence of f/c/r per round reached, "-" for an empty one.
  std::string betting_string() const;
  // The same moves for people: "; round 1: P0 raise, P1 call; round 2: P0
  // check" ("round 1: no moves yet" at the start).
  std::string named_betting() const;

  std::array<std::int8_t, kNumPlayers> private_cards_{-1, -1};
  std::int8_t public_card_ = -1;
  std::int8_t round_ = 0;
  std::int8_t num_raises_ = 0;  // in the current round
  std::int8_t folder_ = -1;     // seat that folded, or -1
  std::array<std::int8_t, kNumRounds> num_bets_{0, 0};
  std::array<std::array<std::int8_t, kMaxActionsPerRound>, kNumRounds> bets_{};
  std::array<std::int16_t, kNumPlayers> contribution_{kAnte, kAnte};
  // Kept up to date by do_apply_action so the hot current_player() is a load.
  Player current_player_ = kChancePlayer;
  // The cards dealt so far as bits, and how many: kept up to date with the
  // cards above, since every chance node reads them (and the log's entries
  // took the time that recomputing them here would have cost again).
  std::uint8_t dealt_mask_ = 0;
  std::int8_t num_dealt_ = 0;
};

// Draws into `out` (a LeducState) a world for `seat` from its stream alone:
// the other seat's private card, if dealt, uniformly among the cards the
// stream does not show, then the stream's moves replayed. Throws KibitzError
// naming the first observation Leduc poker cannot produce at that point.
void sample_world(const LeducGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                  State& out);

// The fast sampler behind LeducGame::new_world_sampler (tested against the
// generic ReplayWorldSampler by tests/env/core/world_sampler_test.cc).
class LeducWorldSampler final : public WorldSampler {
 public:
  LeducWorldSampler(std::shared_ptr<const Game> game, Player seat,
                    std::span<const Observation> stream);
  void sample(Rng& rng, State& out) const override;
};

}  // namespace kibitz::leduc_poker
