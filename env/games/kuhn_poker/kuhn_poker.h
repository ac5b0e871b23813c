// Kuhn poker: the smallest poker, a reference game with a known equilibrium.
//
// Rules (N players, N+1 cards ranked 0 < 1 < ... < N, written J Q K, and A
// with three players):
//  - Every player antes 1. Chance deals one card to each seat in seat order.
//  - Seats act in order from seat 0, each once, choosing pass or bet (1 chip).
//    Before anyone bets, pass means check. After a bet, bet means call and
//    pass means fold. Betting ends when every seat has acted since the first
//    bet, or when everyone passed.
//  - Showdown among the seats still in (all of them if nobody bet, else the
//    bettor and callers): the highest card takes the pot.
//
// Parameters:
//   players  int in [2, 3]  default 2
//
// Actions: 0 = pass, 1 = bet. Chance outcomes: the card dealt (0..N),
// written "deal Q"; "deal 2" (the number) reads too.
//
// Seat stream (what each seat observes, env/core/observation.h): its own
// card ("dealt Q"), that each other seat got one ("P1 is dealt a card"),
// every pass and bet ("P0 passes", "P1 bets"), and at a showdown (betting
// over with two or more seats still in) every seat still in showing its
// card, in seat order, as part of the last bet's move ("P0 shows K", "P1
// shows Q"). A fold hides the cards: a hand won uncontested shows nothing.
// The public stream (seat_stream(kSpectator), what an onlooker sees) is the
// same with every deal face down ("P0 is dealt a card", as the other seats
// see it), the betting, and the showdown. Each move appends these to the
// state's observation log (env/core/observation_log.h) as it is made: a
// deal as two entries (the card to its seat, "dealt a card" to the rest and
// the spectator), a bet and each show as one entry heard by everyone; the
// core seat_stream reads a seat's stream off it.
// The information-state string and tensor are rendered from this stream
// (a Knowledge folded from it, one observation at a time: seat_knowledge.h);
// they leave the showdown out (they key decisions, and nobody decides after
// it: policy files keyed by the string stay valid). Worlds
// (KuhnWorldSampler) give the shown cards to the seats that showed them and
// deal the other cards the seat has not seen uniformly to the other seats:
// betting says nothing about cards, so that is exactly the distribution of
// the consistent deals. Returns are chips won minus chips put in
// (zero-sum).
//
// This file is the annotated template for adding a game: see env/README.md.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"

namespace kibitz::kuhn_poker {

inline constexpr int kMaxPlayers = 3;
inline constexpr Action kPass = 0;
inline constexpr Action kBet = 1;

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

// Ranks from the lowest: two players use J Q K, three add the A.
inline constexpr std::array<const char*, kMaxPlayers + 1> kCardNames = {"J", "Q", "K", "A"};

// A card's name: J, Q, K, then A (the fourth card of three-player Kuhn).
// A card outside 0..num_players is a KibitzError naming it.
std::string card_name(int num_players, int card);

class KuhnGame : public Game {
 public:
  explicit KuhnGame(const Params& params);

  int num_players() const override { return num_players_; }
  int num_distinct_actions() const override { return 2; }
  int max_chance_outcomes() const override { return num_players_ + 1; }
  // N deals plus at most 2N-1 betting actions.
  int max_game_length() const override { return 3 * num_players_ - 1; }
  // Two entries per deal (2N), one per betting action (at most 2N-1), and
  // one per seat still in at a showdown (at most N): 5N - 1, reached when
  // the last seat bets and everyone calls. Tight, since clone_into copies
  // the log and Kuhn's states are otherwise a few dozen bytes.
  int observation_log_capacity() const override { return 5 * num_players_ - 1; }
  RewardModel reward_model() const override { return RewardModel::kZeroSum; }
  double min_return() const override { return -2.0; }
  double max_return() const override { return 2.0 * (num_players_ - 1); }
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const override;
  // Folds a seat's stream as it comes (seat_knowledge.h).
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;

 private:
  int num_players_;
  StreamSpec stream_spec_;
};

// The observation kinds, in the order of stream_spec().
enum class Seen : std::uint8_t { kDealt, kDealtTo, kPassed, kBetted, kShows };

class KuhnState final : public GameState<KuhnState> {
 public:
  explicit KuhnState(std::shared_ptr<const Game> game);

  using State::information_state_string;
  using State::information_state_tensor;

  // Kept up to date by do_apply_action: callers ask several times a move,
  // and working it out was 29% of a random game's instructions.
  Player current_player() const override { return current_; }
  void legal_actions(ActionList& out) const override;
  bool is_legal(Action action) const override;
  void chance_outcomes(ChanceOutcomeList& out) const override;
  // Uniform over the undealt cards, picked without listing them.
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  // "seat 0 card J betting pb", rendered from the stream.
  void information_state_string(Player player, std::string& out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  // Through sample_world below, into `out` without allocating.
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // The card dealt to a seat, or -1 before the deal.
  int card(Player seat) const { return cards_[static_cast<std::size_t>(seat)]; }
  // Whether `seat` is still in the hand: everyone until a bet, then the
  // bettor and those who called it.
  bool in_hand(Player seat) const;
  // The hand is over and two or more seats are still in: they show their
  // cards.
  bool at_showdown() const;
  // Back to the initial state, keeping the history's and the log's buffers.
  void reset();

 protected:
  void do_apply_action(Action action) override;
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  int num_dealt() const { return num_dealt_; }
  // The seat to act from the fields above (after every move).
  Player compute_current_player() const;
  int num_bets() const;
  bool is_card_dealt(int card) const;
  std::string betting_string() const;
  // The observations a move makes, appended to the log (see "Seat stream").
  void log_deal(Player seat, int card);
  void log_bet(Player seat, Action action);
  void log_showdown();
  // Calls f(observation) for each observation of `seat`'s stream, oldest
  // first, read off the log: what the renderers and the resampler read,
  // with no buffer to fill.
  template <typename F>
  void for_each_observation(Player seat, F&& f) const;

  // All fields are fixed-size so copying a state never allocates.
  std::array<int, kMaxPlayers> cards_{-1, -1, -1};
  std::array<int, kMaxPlayers> contribution_{1, 1, 1};  // antes
  std::array<Action, 2 * kMaxPlayers - 1> betting_{};     // actions after the deal
  int num_betting_ = 0;
  int first_bettor_ = -1;  // seat of the first bet, or -1
  int num_dealt_ = 0;
  Player current_ = kChancePlayer;
};

// Draws into `out` (a KuhnState) a world for `seat` from its stream alone.
// Throws KibitzError when the stream is not one Kuhn poker can produce.
void sample_world(const KuhnGame& game, Player seat, std::span<const Observation> stream, Rng& rng, State& out);

class KuhnWorldSampler final : public WorldSampler {
 public:
  KuhnWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  void sample(Rng& rng, State& out) const override;
};

}  // namespace kibitz::kuhn_poker
