// Tea Game's seat streams (docs/rules/tea_game.md "What each seat sees"):
// the observation kinds, declared once here. A seat's own delay is private;
// everything else is public: announcements, spends, withdrawals, orders,
// every card drawn, the verdicts, the fund, exemptions and their expiry.
// Each move logs its observations with their audience as it makes them
// (table.h, the state's observation log); a seat's stream is what reaches
// that seat.
//
// Games are numbered through the episode from 1 ("game 7"); "day 2 game 1"
// names the day and the game within it. Cards are written as in env/cards
// ("7H", "TD", "QH") plus "Joker" and "Reverse-Joker".
#pragma once

#include <cstdint>

#include "env/core/observation.h"
#include "env/core/stream_spec.h"

namespace kibitz::tea_game {

// The observation kinds, in StreamSpec order. Audience and values in comments.
enum class Obs : std::uint8_t {
  kGameStart,     // public: "day 2 game 1 begins" (day, game of the day)
  kBirthday,      // public: "P1 has a birthday today" (seat): the day's first game
  kExpires,       // public: "P1's exemption expires" (seat)
  kOwnDelayed,    // the seat itself: "you are delayed"
  kOwnOnTime,     // the seat itself: "you are on time"
  kOtherDelay,    // the others: "P1 knows whether they are delayed" (seat)
  kSpends,        // public: "P1 spends the exemption to deal" (seat)
  kPlays,         // public: "P1 keeps the exemption and plays" (seat)
  kAnnounces,     // public: "P1 announces a delay" (seat)
  kQuiet,         // public: "P1 announces nothing" (seat): on time, or hiding a delay
  kWithdraws,     // public: "P1 withdraws" (seat)
  kStays,         // public: "P1 stays in" (seat)
  kNotPlayed,     // public: "only 2 players draw: the game is not played" (count)
  kOrder,         // public: "P1 orders 2 drinks" (seat, drinks)
  kDraw,          // public: "P1 draws 7H" (seat, card)
  kTen,           // public: "P1 pays 10p into the fund, now 30p" (seat, fund)
  kQueen,         // public: "P1 buys biscuits: the fund pays 40p, 4 players pay 15p each, fund now 0p"
                  //   (seat, from the fund, players, each, fund after)
  kJokerExempt,   // public: "P1 is joker-exempt for the rest of the day" (seat)
  kSecondJoker,   // public: "P1 draws the Joker again and loses at once" (seat)
  kReversed,      // public: "the order is reversed: the highest hand loses"
  kJokerLost,     // public: "P1 loses the joker exemption but not this game" (seat)
  kOddOneOut,     // public: "P1 is the odd one out" (seat)
  kTied,          // public: "P1 ties and redraws" (seat), one per tied seat
  kReshuffle,     // public: "too few cards remain: the drawn cards are shuffled back in"
  kLot,           // public: "the lot falls on P1" (seat)
  kLoser,         // public: "P1 makes the tea: 7 drinks" (seat, drinks)
  kNobodyLoses,   // public: "nobody can lose: no tea is made"
  kForfeit,       // public: "P1 hid a delay: no exemption" (seat)
  kExempt,        // public: "P1 is exempt through game 17" (seat, last game, from 1)
  kSpent,         // public: "P1's exemption is spent" (seat): a dealer, once the game is played
  kDeathmatch,    // public: "biscuit deathmatch: the fund holds 210p" (fund)
  kDeathmatchDraw,  // public: "P1 draws 7H in the deathmatch" (seat, card)
  kDeathmatchOut,   // public: "P1 has the highest card and is out" (seat)
  kDeathmatchTie,   // public: "the round is tied and drawn again"
  kDeathmatchLoser, // public: "P1 takes 100p from the fund and buys biscuits, fund now 110p" (seat, taken, fund)
};
inline constexpr int kNumObsKinds = static_cast<int>(Obs::kDeathmatchLoser) + 1;

StreamSpec tea_game_stream_spec();

inline Obs obs_kind(const Observation& o) { return static_cast<Obs>(o.kind); }
inline Observation make_obs(Obs kind) { return Observation(static_cast<int>(kind)); }

}  // namespace kibitz::tea_game
