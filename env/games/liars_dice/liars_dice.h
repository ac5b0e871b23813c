// Liar's Dice: one round of bids and a challenge, as OpenSpiel's liars_dice
// plays it (its default "reset-face" bid order).
//
// Rules (N players with D dice of S sides each; T = N * D dice in all):
//  - Chance rolls every die, seat 0's first, then seat 1's, ...; each seat
//    sees only its own dice.
//  - Seats bid in turn from seat 0. A bid (quantity q, face f) claims that
//    at least q of all T dice show f, counting the highest face S as wild
//    (it matches every face). Each bid must be higher than the last: a
//    greater quantity, or the same quantity and a greater face. The first
//    bid may be any; "liar" (a challenge of the last bid) needs one before
//    it. Once "T Ss", the highest bid, is made, only "liar" is left.
//  - A challenge ends the game: every die is shown and the dice matching
//    the last bid's face (that face or S) are counted. At least q: the
//    bidder wins and the challenger loses; fewer: the bidder loses.
//
// Parameters:
//   players  int in [2, 4]  default 2
//   dice     int in [1, 5]  default 1   dice per player (OpenSpiel's numdice)
//   sides    int in [2, 6]  default 6   faces of a die (OpenSpiel's dice_sides)
//
// Actions: bid (q, f) is (q - 1) * S + (f - 1), written "bid 3 5s"; liar
// is T * S, written "liar". OpenSpiel's numbering and its "3-5" spelling
// read too, as does "challenge". Chance outcomes: face - 1, written "roll 5".
//
// Returns: the loser of the challenge gets -1 and every other seat
// +1 / (N - 1) (zero-sum; with two players, OpenSpiel's +1 / -1).
//
// Seat stream (kept in the core observation log, env/core/observation_log.h):
// its own dice as they are rolled ("rolled 5"), every other die as rolled
// face down ("P1 rolled a die"), every bid ("P0 bids 3 5s") and the
// challenge ("P1 calls liar"), after which every seat's dice are shown to
// all in seat order ("P0 shows 2 5") and the count of matching dice names
// the loser ("2 matching dice, P0 loses"). The spectator sees every die
// face down, the bids and the end. The information-state string and tensor
// are rendered from the seat's stream (own dice sorted, the bids; they
// leave the reveal out: no decision follows it).
//
// Worlds (LiarsDiceWorldSampler): the seat's own dice and the dice shown
// at the end are kept; every other die is drawn uniformly and
// independently. Bids are legal whatever the dice, so this is exactly the
// distribution of the worlds that give the seat its stream, weighed by
// chance alone.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "env/core/registry.h"
#include "env/core/seat_knowledge.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"

namespace kibitz::liars_dice {

inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxDicePerPlayer = 5;
inline constexpr int kMaxSides = 6;
inline constexpr int kMaxDice = kMaxPlayers * kMaxDicePerPlayer;

// The network encoder's version (GameInfo::encoder_version): the layout of
// the information-state tensor, LiarsDiceKnowledge::encode (seat one-hot,
// the own dice sorted, one bit per bid made and one for liar; every value
// 0 or 1). Bump it whenever that layout changes meaning or size, so a
// checkpoint trained on the old one is refused.
inline constexpr int kEncoderVersion = 1;

// The registry entry: name, parameters, factory, conformance specs.
GameInfo game_info();

// A bid: at least `quantity` dice show `face` (1-based), wilds included.
struct Bid {
  int quantity = 0;
  int face = 0;
};

class LiarsDiceGame : public Game {
 public:
  explicit LiarsDiceGame(const Params& params);

  int num_players() const override { return num_players_; }
  int dice_per_player() const { return dice_per_player_; }
  int sides() const { return sides_; }
  int total_dice() const { return num_players_ * dice_per_player_; }
  // The action of "liar"; bids are the actions below it.
  Action liar_action() const { return total_dice() * sides_; }
  Action bid_action(Bid bid) const { return (bid.quantity - 1) * sides_ + (bid.face - 1); }
  Bid bid_of(Action action) const {
    return {static_cast<int>(action / sides_) + 1, static_cast<int>(action % sides_) + 1};
  }

  int num_distinct_actions() const override { return total_dice() * sides_ + 1; }
  int max_chance_outcomes() const override { return sides_; }
  // Every die, every bid in increasing order, then liar.
  int max_game_length() const override { return total_dice() + total_dice() * sides_ + 1; }
  // Two entries per die (the roller's and the others'), one per bid, and the
  // challenge's liar, a show per seat and the result.
  int observation_log_capacity() const override {
    return 2 * total_dice() + total_dice() * sides_ + 1 + num_players_ + 1;
  }
  RewardModel reward_model() const override { return RewardModel::kZeroSum; }
  double min_return() const override { return -1.0; }
  double max_return() const override { return 1.0 / (num_players_ - 1); }
  std::vector<int> information_state_tensor_shape() const override;
  std::vector<int> observation_tensor_shape() const override;
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat, std::span<const Observation> stream) const override;
  std::unique_ptr<SeatKnowledge> new_seat_knowledge(Player seat) const override;

 private:
  int num_players_;
  int dice_per_player_;
  int sides_;
  StreamSpec stream_spec_;
};

// The observation kinds, in the order of stream_spec().
enum class Seen : std::uint8_t { kRolled, kRolledDie, kBid, kLiar, kShows, kResult };

class LiarsDiceState : public GameState<LiarsDiceState> {
 public:
  explicit LiarsDiceState(std::shared_ptr<const Game> game);

  using State::information_state_string;
  using State::information_state_tensor;

  Player current_player() const override;
  void legal_actions(ActionList& out) const override;
  bool is_legal(Action action) const override;
  void chance_outcomes(ChanceOutcomeList& out) const override;
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  // "seat 0 dice 2 5 bids 1-3 2-6", rendered from the stream.
  void information_state_string(Player player, std::string& out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  // "seat 0 dice 2 5 bid 2-6 by P1", what the seat sees on the table now.
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  // Through sample_world below, reading the seat's stream off the log.
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  const LiarsDiceGame& liars_game() const { return static_cast<const LiarsDiceGame&>(game()); }
  // Seat `seat`'s die `index` (in roll order): its face 1..S, 0 unrolled.
  int die(Player seat, int index) const;
  int num_rolled() const { return num_rolled_; }
  int num_bids() const { return num_bids_; }
  // The last bid's action, or -1 before any.
  Action last_bid() const { return last_bid_; }
  // The seat that called liar, or -1.
  Player challenger() const { return challenger_; }
  // The seat that lost the challenge, or -1 before it.
  Player loser() const { return loser_; }
  // How many dice match `bid` (its face, or the wild highest face).
  int count_matching(Bid bid) const;
  // Back to the initial state, keeping the history's and the log's buffers.
  void reset();

 protected:
  void do_apply_action(Action action) override;
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  void apply_roll(int face);
  void resolve_challenge();
  // Calls f(observation) for each observation in `seat`'s stream, read off
  // the log without a buffer (the renderers and the resampler).
  template <typename F>
  void for_each_observation(Player seat, F&& f) const;

  // Fixed-size fields: copying a state never allocates.
  std::array<std::int8_t, kMaxDice> dice_{};  // seat-major, roll order; 0 unrolled
  int num_rolled_ = 0;
  int num_bids_ = 0;
  Action last_bid_ = -1;
  Player challenger_ = -1;
  Player loser_ = -1;
};

// What a seat's stream says (env/core/seat_knowledge.h), folded one
// observation at a time and checked as far as the stream alone allows (a
// KibitzError names the first observation that does not fit): what the
// information state is rendered from, and what the sampler reads.
class LiarsDiceKnowledge final : public SeatKnowledge {
 public:
  // Borrows `game`; `owner`, when given, keeps it alive (a fold handed out
  // by Game::new_seat_knowledge may outlive the caller's game pointer).
  LiarsDiceKnowledge(const LiarsDiceGame& game, Player seat, std::shared_ptr<const Game> owner = nullptr);
  void read(const Observation& o) override;
  // The information-state tensor: seat one-hot, the own dice sorted, one
  // bit per bid made and one for liar.
  void encode(std::span<float> out) const override;
  // "seat 0 dice 2 5 bids 1-3 2-6 liar".
  void describe(std::string& out) const override;
  std::unique_ptr<SeatKnowledge> clone() const override { return std::make_unique<LiarsDiceKnowledge>(*this); }
  // The string is rendered from the fold, so keep_text changes nothing.
  void restart() override;

  int num_rolls() const { return num_rolls_; }
  // The seat's own dice in roll order (0 until rolled).
  int own_die(int index) const { return own_[static_cast<std::size_t>(index)]; }
  int num_bids() const { return num_bids_; }
  Action bid(int i) const { return bids_[static_cast<std::size_t>(i)]; }
  bool challenged() const { return challenged_; }
  int num_shows() const { return num_shows_; }
  // Seat s's die `index` as shown at the end (valid when s < num_shows()).
  int shown_die(Player s, int index) const;
  bool has_result() const { return result_loser_ >= 0; }
  int result_count() const { return result_count_; }
  Player result_loser() const { return result_loser_; }

 private:
  [[noreturn]] void refuse(const Observation& o, std::string_view why) const;
  void read_roll(const Observation& o);
  void read_bid(const Observation& o);
  void read_shows(const Observation& o);
  void read_result(const Observation& o);

  const LiarsDiceGame* game_;
  std::shared_ptr<const Game> owner_;
  Player seat_;
  int num_rolls_ = 0;
  std::array<std::int8_t, kMaxDicePerPlayer> own_{};
  std::array<Action, kMaxDice * kMaxSides> bids_{};
  int num_bids_ = 0;
  bool challenged_ = false;
  std::array<std::int8_t, kMaxDice> shown_{};
  int num_shows_ = 0;
  int result_count_ = -1;
  Player result_loser_ = -1;
};

// Draws into `out` (a LiarsDiceState) a world for `seat` from what its
// stream says; throws KibitzError when no world gives that stream.
void sample_world(const LiarsDiceGame& game, Player seat, const LiarsDiceKnowledge& known, Rng& rng, State& out);

class LiarsDiceWorldSampler final : public WorldSampler {
 public:
  LiarsDiceWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream);
  void sample(Rng& rng, State& out) const override;

 private:
  LiarsDiceKnowledge known_;
};

template <typename F>
void LiarsDiceState::for_each_observation(Player seat, F&& f) const {
  const ObservationLog& log = observation_log();
  for (int i = 0; i < log.size(); ++i) {
    if (log.heard_by(i, seat)) f(log.observation(i));
  }
}

}  // namespace kibitz::liars_dice
