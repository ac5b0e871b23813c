// The State of a Loyalist Spies game: one position, with the phases of a
// round as an enum driven by one switch. Every field is fixed-size, so a copy
// never allocates; the Success deck is a set whose order is decided lazily by
// chance (each flip or draw is uniform over the cards left), except for the
// top cards a Queen has fixed, which come out in the order she left them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "env/core/state.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/events.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {

enum class Phase : std::uint8_t {
  kDealAces,    // chance: one ace to each seat in seat order
  kDeal,        // chance: cards dealt round-robin from the seat after the first determiner
  kKeep,        // each seat, from the first determiner, keeps 5 (deal=keep5)
  kFlip,        // chance: the determiner flips the top Success card
  kJackTarget,  // the determiner picks whose ace to look at
  kQueenPeek,   // chance: the next card a Queen lets the determiner see
  kQueenOrder,  // the determiner orders the top cards
  kFaceDown,    // chance: a deck card face down onto the mission
  kPlay,        // each seat from the determiner plays a card (not a Joker)
  kDraw,        // chance: a suit-effect or refill draw for seat actor
  kDiscard,     // each seat from the determiner discards (Hearts failure, discard variant)
  kTerminal,
};
inline constexpr int kNumPhases = 12;
std::string_view phase_name(Phase phase);

// Enough for the longest round of any configuration (checked by the Game),
// and for the longest game.
inline constexpr int kMaxRoundEvents = 256;
inline constexpr int kMaxGameEvents = kMaxRoundEvents * kMaxRoundsLimit;
using GameLog = FixedLog<Event, kMaxGameEvents>;

class LoyalistSpiesState final : public GameState<LoyalistSpiesState> {
 public:
  explicit LoyalistSpiesState(std::shared_ptr<const Game> game);
  LoyalistSpiesState(const LoyalistSpiesState&) = default;
  LoyalistSpiesState& operator=(const LoyalistSpiesState&) = default;

  // The base class's convenience overloads, hidden by the overrides below otherwise.
  using State::chance_outcomes;
  using State::information_state_tensor;
  using State::legal_actions;
  using State::observation_tensor;
  using State::resample_from_infostate;
  using State::returns;
  using State::rewards;

  Player current_player() const override { return current_; }
  void legal_actions(ActionList& out) const override;
  bool is_legal(Action action) const override;
  void chance_outcomes(ChanceOutcomeList& out) const override;
  // Every chance node is uniform over a card set (a Queen's fixed top card is
  // a set of one): the card is picked straight from the mask.
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  void rewards(std::span<double> out) const override;
  using State::information_state_string;
  void information_state_string(Player player, std::string& out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // Read access for the encoder, the views, the resampler and tests.
  const Config& config() const { return *config_; }
  Phase phase() const { return phase_; }
  int round() const { return round_; }  // 0-based
  int determiner() const { return determiner_; }
  int first_determiner() const { return first_determiner_; }
  int ace(Player seat) const { return ace_[static_cast<std::size_t>(seat)]; }  // card or -1
  int ace_suit(Player seat) const { return ace(seat) < 0 ? -1 : suit_of(ace(seat)); }
  CardMask hand(Player seat) const { return hand_[static_cast<std::size_t>(seat)]; }
  CardMask kept(Player seat) const { return kept_[static_cast<std::size_t>(seat)]; }
  CardMask deck() const { return deck_; }
  int deck_size() const { return popcount(deck_); }
  // The cards a Queen has fixed on top of the deck, top first.
  std::span<const std::int8_t> top_cards() const {
    return {prefix_.data(), static_cast<std::size_t>(prefix_len_)};
  }
  CardMask public_cards() const { return public_; }
  int total(Player seat) const { return totals_[static_cast<std::size_t>(seat)]; }
  const MissionTally& tally() const { return tally_; }
  bool mission_active() const { return mission_active_; }
  int mission_suit() const { return mission_suit_; }
  int mission_rank() const { return mission_rank_; }
  int kings() const { return kings_; }
  MissionTerms mission() const { return terms_; }
  int jack_suit() const { return jack_suit_; }
  int missions_this_round() const { return missions_; }
  // The events of the whole game, every round in order (copying a state
  // copies only the entries used), and where the current round's begin:
  // what the replays and reports read (export_notes.cc); the seats' streams
  // are the observation log's (stream_log.cc).
  const GameLog& log() const { return log_; }
  int round_log_begin() const { return round_log_begin_; }

  // Facts of the mission in play (the seats' tensors and strings read their
  // own folds of the streams instead: seat_facts.h).
  unsigned excluded_suits(Player seat) const {  // publicly ruled out by a failed Jack match
    return suit_excluded_[static_cast<std::size_t>(seat)];
  }
  int own_play(Player seat) const { return plays_[static_cast<std::size_t>(seat)]; }
  unsigned played_mask() const { return played_mask_; }
  int face_down_count() const { return face_down_count_; }

  // Applies actions known to be legal here (the resampler's rebuild, after
  // reset()) and appends them to the history: the state apply_action on each
  // would give, without the legality checks, and with the bookkeeping that
  // only the last action's result needs (the seat to act, the last
  // transition's rewards) done once.
  void replay_unchecked(std::span<const Action> actions);
  // Back to the initial state, keeping the buffers (no allocation).
  void reset();

 protected:
  void do_apply_action(Action action) override;
  // Other spellings of cards, keeps naming several cards in any order, and
  // why a keep out of keep order is refused (action_text.cc).
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  // The seat to act (or chance, or terminal) for the phase: cached in
  // current_ after every transition, since callers ask for it several times
  // per move.
  Player compute_current_player() const;
  // The phase's transition for one action, without that bookkeeping.
  void transition(Action action);

  // Phase transitions, one function per step of the rules.
  void start_round();
  void apply_ace(int card);
  void apply_deal(int card);
  void apply_keep(int card);
  void finish_keep();
  void start_turn();
  void apply_flip(int card);
  void start_queen();
  void apply_peek(int card);
  void after_peek();
  void apply_order(int order);
  void apply_jack(int target);
  void start_mission(int card);
  void apply_face_down(int card);
  void next_player_to_play();
  void apply_play(int card);
  void reveal();
  void next_drawer();
  void start_refill();
  void apply_draw(int card);
  void next_discarder();
  void apply_discard(int card);
  void end_turn();
  void end_round();

  // to_string's end of a finished game: the last mission's reveal, and every
  // seat's role, Jokers and points in the last round.
  void append_last_round(std::string& s) const;
  // Removes the top card (the fixed top if any) from the deck and updates
  // who knows what about the top cards.
  void take_top(int card);
  // The set a chance node draws from.
  CardMask chance_set() const;
  CardMask legal_keeps() const;
  // Whether order k of the top cards is offered (keeps_joker_order).
  bool is_offered_order(int order) const;
  // Appends an event to the event log, and what it makes each seat observe
  // to the observation log (log_event).
  void push_event(EventKind kind, int seat, int card, int aux);

  // The observation log's writers (stream_log.cc): the entries of one event,
  // logged after the state has taken it in.
  void log_event(const Event& e);
  // `seen` to `seat`, `hidden` to the other seats and the spectator.
  void log_split(int seat, const Observation& seen, const Observation& hidden);
  void log_public(const Observation& observation);
  // The cards fixed on top (top first) as an observation of `kind`, to `seat` alone.
  void log_top_cards(Obs kind, int seat);
  void log_jack(const Event& e);
  void log_reveal();
  void log_round_end(const Event& e);
  int next_seat(int seat) const { return seat + 1 == num_players() ? 0 : seat + 1; }
  // The seat `steps` places after `seat` (steps < num_players), without a division.
  int seat_after(int seat, int steps) const {
    const int s = seat + steps;
    return s >= num_players() ? s - num_players() : s;
  }

  const Config* config_;
  Phase phase_ = Phase::kDealAces;
  Player current_ = kChancePlayer;
  int round_ = 0;
  int round_log_begin_ = 0;  // index in log_ of the current round's first event
  int first_determiner_ = 0;
  int determiner_ = 0;
  int actor_ = 0;            // seat acting in a keep, play, draw or discard sequence
  int steps_ = 0;            // seats done in the current sequence
  int count_ = 0;            // aces dealt, cards dealt, or cards kept by actor_
  int last_keep_rank_ = -1;  // keep order of actor_'s last kept card
  bool refill_stage_ = false;

  std::array<std::int8_t, kMaxPlayers> ace_{-1, -1, -1, -1};
  CardMask aces_left_ = kAceMask;
  CardMask undealt_ = 0;
  std::array<CardMask, kMaxPlayers> hand_{};
  std::array<CardMask, kMaxPlayers> dealt_{};
  std::array<CardMask, kMaxPlayers> kept_{};
  CardMask deck_ = 0;
  CardMask public_ = 0;  // flipped cards and revealed mission sets
  CardMask discarded_ = 0;

  // The Queen's fixed top cards and who knows what about them.
  std::array<std::int8_t, kQueenLook> prefix_{};
  int prefix_len_ = 0;
  int queen_len_ = 0;
  std::array<std::uint8_t, kQueenLook> prefix_pos_known_{};  // seats knowing each slot's card
  std::uint8_t top_known_by_ = 0;  // seats that knew the card take_top just removed
  std::array<CardMask, kMaxPlayers> prefix_seen_{};  // per seat: seen on top, not seen leave
  std::array<CardMask, kMaxPlayers> deck_known_{};   // per seat: given up, not seen since
  std::array<std::array<CardMask, kMaxPlayers>, kMaxPlayers> known_held_{};  // [viewer][seat]

  // Aces: who knows whose, and suits publicly ruled out.
  std::array<std::uint8_t, kMaxPlayers> ace_known_by_{};
  std::array<std::uint8_t, kMaxPlayers> suit_excluded_{};

  // The turn in progress.
  int kings_ = 0;
  int jack_suit_ = -1;
  bool mission_active_ = false;
  int mission_suit_ = -1;
  int mission_rank_ = 0;
  MissionTerms terms_;
  int face_down_left_ = 0;
  int face_down_count_ = 0;
  CardMask mission_set_ = 0;
  int mission_total_ = 0;
  unsigned played_mask_ = 0;
  std::array<std::int8_t, kMaxPlayers> plays_{-1, -1, -1, -1};
  std::array<std::int8_t, kMaxPlayers> draws_owed_{};
  int missions_ = 0;
  MissionTally tally_;

  std::array<int, kMaxPlayers> totals_{};
  std::array<double, kMaxPlayers> last_rewards_{};
  GameLog log_;
};

}  // namespace kibitz::loyalist_spies
