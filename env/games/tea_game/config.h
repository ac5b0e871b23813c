// Tea Game: the validated parameters, the action and chance-outcome numbers,
// and the 54-card deck by index (rulings: ../shared/spec/tea_game.md; the
// rules as implemented: docs/rules/tea_game.md).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "env/cards/card.h"
#include "env/core/params.h"
#include "env/core/types.h"

namespace kibitz::tea_game {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 10;
inline constexpr int kMaxDays = 20;
inline constexpr int kMaxGamesPerDay = 6;
inline constexpr int kMaxGames = kMaxDays * kMaxGamesPerDay;
inline constexpr int kMaxDrinks = 3;
// A game needs this many players drawing to be played at all.
inline constexpr int kMinDrawers = 3;
// Tied redraw rounds before the lot decides (ours). The rulings redraw until
// one loses; a bound keeps the history buffer of fixed size. Two tied players
// drawing one card each tie again with a chance of about 3/53, so reaching
// the lot takes about 9 ties in a row (a chance near 1e-11): in practice the
// rulings' rule, at a history bound only twice that of 4.
inline constexpr int kMaxRedraws = 8;
inline constexpr int kTenPence = 10;
inline constexpr int kBiscuitPence = 100;

// --- Player actions ------------------------------------------------------------
inline constexpr Action kSpend = 0;     // "spend": deal and sit out, using the exemption
inline constexpr Action kPlay = 1;      // "play": keep the exemption and play
inline constexpr Action kAnnounce = 2;  // "announce": a delayed player says so
inline constexpr Action kHide = 3;      // "hide": a delayed player says nothing
inline constexpr Action kOnTime = 4;    // "on time": a player without delay (says nothing)
inline constexpr Action kWithdraw = 5;  // "withdraw": after an announcement
inline constexpr Action kStay = 6;      // "stay"
inline constexpr Action kDrinksBase = 7;  // + (n - 1): "drinks n"
inline constexpr int kNumActions = kDrinksBase + kMaxDrinks;

// --- Chance outcomes -----------------------------------------------------------
// Cards by index: 0..51 the pack (suit * 13 + rank - 1, suits D S H C as in
// env/cards), 52 the Joker, 53 the Reverse Joker.
inline constexpr int kNumCards = 54;
inline constexpr int kPackCards = 52;
inline constexpr Action kJokerCard = 52;
inline constexpr Action kReverseJokerCard = 53;
inline constexpr Action kNotDelayed = 54;  // a player's private delay draw
inline constexpr Action kDelayed = 55;
inline constexpr Action kLotBase = 56;  // + seat: the lot after too many tied rounds
inline constexpr int kNumChanceOutcomes = kLotBase + kMaxPlayers;

cards::Card card_of(int index);
// "7H", "TD", "QH", "Joker", "Reverse-Joker".
std::string card_name(int index);
bool is_ten(int index);
bool is_queen_of_hearts(int index);

// The validated parameters.
struct Config {
  int players = 5;
  int days = 5;
  int games_per_day = 3;
  bool aces_low = false;
  int exemption_games = 15;
  double delay_prob = 0.1;
  // Bit d (0-based day) of birthdays[seat]: the seat's birthday.
  std::array<std::uint32_t, kMaxPlayers> birthdays{};
  double drink_value = 1.0;
  double late_drink_value = 0.5;
  double make_cost = 0.5;
  double pence_value = 0.01;
  int deathmatch_fund = 200;

  int total_games() const { return days * games_per_day; }
  // day is 0-based.
  bool birthday(int seat, int day) const {
    return (birthdays[static_cast<std::size_t>(seat)] >> day) & 1u;
  }
};

// Reads the validated Params; a birthday naming a seat or day the table does
// not have is a KibitzError naming it.
Config make_config(const Params& params);
// "1@2+3@1": seat 1 on day 2, seat 3 on day 1 (seats from 0, days from 1);
// "none" for none. Errors name the bad entry; a seat-day pair given twice,
// or a list longer than players x days entries, is refused.
void parse_birthdays(std::string_view text, Config& config);

}  // namespace kibitz::tea_game
