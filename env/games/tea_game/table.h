// The Tea Game's rules as a plain value: everything on the table, and one
// move at a time. TeaState (tea_state.h) holds one for the position; each
// move hands its observations, with who hears them, to a sink, which the
// state makes its observation log (env/core/observation_log.h).
//
// One tea game, in order (docs/rules/tea_game.md):
//   delay      chance, seat by seat: each player's private delay
//   exemption  holders of a loss exemption (not on their birthday): spend or play
//   announce   each player taking part: announce / hide (delayed) or on time
//   withdraw   after an announcement, each other player: withdraw or stay
//   (fewer than 3 drawing: the game is not played)
//   order      drawers, dealers and birthday players: drinks 1-3
//   draw       chance, one card per node, drawers in seat order, then tied
//              players' redraws; the lot after kMaxRedraws tied rounds
//   deathmatch when the fund reaches the mark, after a played game
// The files: table.cc (the decisions and the game's start and end), draws.cc
// (cards, action cards, verdicts, the deathmatch).
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "env/core/observation.h"
#include "env/core/observation_log.h"
#include "env/core/rng.h"
#include "env/core/types.h"
#include "env/games/tea_game/config.h"
#include "env/games/tea_game/stream.h"

namespace kibitz::tea_game {

// A set of seats (bit s for seat s): those drawing this round, those still
// in the deathmatch, those the lot chooses among.
using SeatMask = std::uint16_t;

static_assert(kMaxPlayers <= kMaxAudienceSeats, "more seats than an observation's audience has bits");

// Where a move's observations go: the state's log. `audience` is the core
// Audience (observation_log.h): bit s for seat s, and kSpectatorAudience for
// an onlooker, who hears what the seats a private fact does not concern hear.
// emit appends an entry of `kind` and returns it for the Table to add() its
// values in place: an Observation built on the stack and copied in would be
// read back in wide loads right after its narrow stores, a store-forwarding
// stall per entry.
class ObservationSink {
 public:
  virtual Observation& emit(Audience audience, Obs kind) = 0;

 protected:
  ~ObservationSink() = default;
};

enum class Phase : std::uint8_t { kDelays, kExemptions, kAnnouncements, kWithdrawals, kOrders, kDraws, kLot, kDeathmatch, kOver };
enum class LotFor : std::uint8_t { kTea, kDeathmatchOut, kDeathmatchBuyer };

// One office player.
struct SeatState {
  // Across games.
  std::int16_t exempt_through = -1;  // the last game (index from 0) of the loss exemption; -1 none
  bool joker_exempt = false;         // for the rest of the day
  double returns = 0.0;
  double reward = 0.0;  // from the last move
  // This game.
  bool delayed = false;
  bool announced = false;
  bool dealer = false;     // spent the exemption to deal
  bool birthday = false;   // exempt today: orders, never draws
  bool withdrawn = false;
  bool drawer = false;     // draws cards in this game
  bool safe = false;       // cannot lose this game (a Joker, or a joker exemption ended by the Reverse Joker)
  bool joker_before = false;  // joker-exempt when this game began
  std::int8_t drinks = 0;
  std::int8_t draw_count = 0;  // cards per round
  std::array<std::int8_t, kMaxDrinks> hand{};  // this round's cards
  std::int8_t hand_size = 0;
  std::int8_t deathmatch_card = -1;
};

class Table {
 public:
  explicit Table(const Config& config);

  const Config& config() const { return *config_; }
  int num_players() const { return config_->players; }

  Player current_player() const;
  void legal_actions(ActionList& out) const;
  bool is_legal(Action action) const;
  void chance_outcomes(ChanceOutcomeList& out) const;
  // As draw_chance_outcome over chance_outcomes(), without listing.
  Action sample_chance(Rng& rng) const;
  // A legal action; its observations go to `sink`, in stream order.
  void apply(Action action, ObservationSink& sink);

  // Read access for the state's strings, tensors, tests and the sampler.
  Phase phase() const { return phase_; }
  const SeatState& seat(int s) const { return seats_[static_cast<std::size_t>(s)]; }
  int game() const { return game_; }  // from 0 over the episode
  int day() const { return game_ / config_->games_per_day; }  // from 0
  int fund() const { return fund_; }
  bool reversed() const { return reversed_; }
  int cursor() const { return cursor_; }
  std::uint64_t deck() const { return deck_; }  // card indices still in the deck
  SeatMask round() const { return round_; }     // drawing this round / still in the deathmatch
  int last_loser() const { return last_loser_; }
  // Holds a loss exemption valid in the current game.
  bool holds_exemption(int s) const;
  // Draws in this game and is not safe: the round's verdict may fall on it.
  bool can_lose(int s) const;

 private:
  SeatState& at(int s) { return seats_[static_cast<std::size_t>(s)]; }
  // Every seat and the spectator; every seat but `s`, and the spectator;
  // seat `s` alone.
  Audience everyone() const { return everyone_audience(num_players()); }
  // Seats are 0..kMaxPlayers-1 here (static_assert above), so the hot path
  // skips seat_audience's range check.
  static Audience seat_bit(int s) { return static_cast<Audience>(Audience{1} << s); }
  Audience all_but(int s) const { return static_cast<Audience>(everyone() & ~seat_bit(s)); }
  // The first seat from `from` on for which pred(seat) holds, or players.
  template <typename Pred>
  int next_seat(int from, Pred&& pred) const {
    for (int s = from; s < num_players(); ++s)
      if (pred(s)) return s;
    return num_players();
  }
  bool takes_part(int s) const;  // not a dealer, not on a birthday
  bool receives(int s) const;    // orders drinks
  void begin_game(ObservationSink& sink);
  void apply_delay(Action action, ObservationSink& sink);
  void enter_exemption(int from, ObservationSink& sink);
  void enter_announce(int from, ObservationSink& sink);
  void enter_withdraw(int from, ObservationSink& sink);
  void check_minimum(ObservationSink& sink);
  void enter_order(int from, ObservationSink& sink);
  void finish_game(int loser, ObservationSink& sink);
  void next_game();
  void reward(int s, double amount);
  // draws.cc
  void start_round(SeatMask seats, ObservationSink& sink);
  void apply_draw(int card, ObservationSink& sink);
  // Whether the card ended the game (a second Joker).
  bool card_effects(int s, int card, ObservationSink& sink);
  void judge(ObservationSink& sink);
  void apply_lot(int s, ObservationSink& sink);
  void start_deathmatch(ObservationSink& sink);
  void start_deathmatch_round(ObservationSink& sink);
  void apply_deathmatch_draw(int card, ObservationSink& sink);
  void judge_deathmatch(ObservationSink& sink);
  void deathmatch_out(int s, ObservationSink& sink);
  void deathmatch_buyer(int s, ObservationSink& sink);
  void start_lot(SeatMask seats, LotFor what);

  const Config* config_;
  std::array<SeatState, kMaxPlayers> seats_{};
  Phase phase_ = Phase::kDelays;
  LotFor lot_for_ = LotFor::kTea;
  bool reversed_ = false;
  bool any_announced_ = false;
  std::int16_t game_ = 0;
  std::int16_t cursor_ = 0;      // the seat deciding, drawing or whose delay is drawn
  std::int16_t cards_left_ = 0;  // of the drawer at cursor_ in this round
  std::int16_t redraws_ = 0;     // tied rounds in a row
  std::int16_t last_loser_ = -1;
  std::int32_t fund_ = 0;
  SeatMask round_ = 0;
  SeatMask lot_ = 0;
  std::uint64_t deck_ = 0;
};

inline constexpr std::uint64_t kFullDeck = (std::uint64_t{1} << kNumCards) - 1;
inline constexpr std::uint64_t kPackOnly = (std::uint64_t{1} << kPackCards) - 1;

}  // namespace kibitz::tea_game
