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
#include "env/games/loyalist_spies/public_state.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {


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
  // The public course of the game (whose turn, counts, the mission, the
  // scores), the machine every seat's reader runs too.
  const PublicState& public_state() const { return pub_; }
  Phase phase() const { return pub_.phase(); }
  int round() const { return pub_.round(); }  // 0-based
  int games_finished() const override { return pub_.round(); }
  int determiner() const { return pub_.determiner(); }
  int first_determiner() const { return pub_.first_determiner(); }
  int ace(Player seat) const { return ace_[static_cast<std::size_t>(seat)]; }  // card or -1
  int ace_suit(Player seat) const { return ace(seat) < 0 ? -1 : suit_of(ace(seat)); }
  CardMask hand(Player seat) const { return hand_[static_cast<std::size_t>(seat)]; }
  CardMask kept(Player seat) const { return kept_[static_cast<std::size_t>(seat)]; }
  CardMask deck() const { return deck_; }
  int deck_size() const { return popcount(deck_); }
  // The cards a Queen has fixed on top of the deck, top first.
  std::span<const std::int8_t> top_cards() const {
    return {prefix_.data(), static_cast<std::size_t>(pub_.top_len())};
  }
  CardMask public_cards() const { return public_; }
  int total(Player seat) const { return pub_.total(seat); }
  const MissionTally& tally() const { return pub_.tally(); }
  bool mission_active() const { return pub_.mission_active(); }
  int mission_suit() const { return pub_.mission_suit(); }
  int mission_rank() const { return pub_.mission_rank(); }
  int kings() const { return pub_.kings(); }
  MissionTerms mission() const { return pub_.terms(); }
  int jack_suit() const { return pub_.jack_suit(); }
  int missions_this_round() const { return pub_.missions(); }
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
  int face_down_count() const { return pub_.face_down_count(); }

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

  // Phase transitions, one function per step of the rules, each moving the
  // cards and then the public machine (pub_).
  void start_round();
  void apply_ace(int card);
  void apply_deal(int card);
  void apply_keep(int card);
  void finish_keep();
  void apply_flip(int card);
  // The determiner's Queen sees the cards already fixed on top.
  void show_top_to_determiner_of(int determiner);
  void apply_peek(int card);
  void apply_order(int order);
  void apply_jack(int target);
  void start_mission_cards();
  void apply_face_down(int card);
  void apply_play(int card);
  // What the public machine waits for, done at once since the State knows
  // every card: seats holding only Jokers pass, a mission is revealed, a
  // round ends.
  void follow(Next next);
  Next reveal();
  void apply_draw(int card);
  void apply_discard(int card);
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

  const Config* config_;
  PublicState pub_;
  Player current_ = kChancePlayer;
  int round_log_begin_ = 0;  // index in log_ of the current round's first event
  int last_keep_rank_ = -1;  // keep order of the keeping seat's last kept card

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
  std::array<std::uint8_t, kQueenLook> prefix_pos_known_{};  // seats knowing each slot's card
  std::uint8_t top_known_by_ = 0;  // seats that knew the card take_top just removed
  std::array<CardMask, kMaxPlayers> prefix_seen_{};  // per seat: seen on top, not seen leave
  std::array<CardMask, kMaxPlayers> deck_known_{};   // per seat: given up, not seen since
  std::array<std::array<CardMask, kMaxPlayers>, kMaxPlayers> known_held_{};  // [viewer][seat]

  // Aces: who knows whose, and suits publicly ruled out.
  std::array<std::uint8_t, kMaxPlayers> ace_known_by_{};
  std::array<std::uint8_t, kMaxPlayers> suit_excluded_{};

  // The mission in play: its cards, and who played which.
  CardMask mission_set_ = 0;
  int mission_total_ = 0;
  unsigned played_mask_ = 0;
  std::array<std::int8_t, kMaxPlayers> plays_{-1, -1, -1, -1};

  std::array<double, kMaxPlayers> last_rewards_{};
  GameLog log_;
};

}  // namespace kibitz::loyalist_spies
