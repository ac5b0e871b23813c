#include "env/games/tea_game/stream.h"

#include <string>
#include <vector>

#include "env/games/tea_game/config.h"

namespace kibitz::tea_game {

StreamSpec tea_game_stream_spec() {
  std::vector<std::string> names;
  for (int c = 0; c < kNumCards; ++c) names.push_back(card_name(c));
  // One declaration per Obs, in its order.
  return StreamSpec(
      {{"game_start", "day {day:number} game {game:number} begins", "a tea game begins"},
       {"birthday", "{seat} has a birthday today", "exempt all day: orders, never draws or loses"},
       {"expires", "{seat}'s exemption expires", "an exemption reaches its last game"},
       {"own_delayed", "you are delayed", "private: you cannot start the tea within 10 minutes"},
       {"own_on_time", "you are on time", "private: no delay for you this game"},
       {"other_delay", "{seat} knows whether they are delayed", "another player's private delay"},
       {"spend", "{seat} spends the exemption to deal", "an exempt player sits out as dealer"},
       {"play", "{seat} keeps the exemption and plays", "an exempt player plays, drawing one card fewer"},
       {"announce", "{seat} announces a delay", "the others may now withdraw"},
       {"quiet", "{seat} announces nothing", "on time, or hiding a delay"},
       {"withdraw", "{seat} withdraws", "out of this game after an announcement"},
       {"stay", "{seat} stays in", "stays in after an announcement"},
       {"not_played", "only {count:number} players draw: the game is not played",
        "fewer than 3 players: no game"},
       {"order", "{seat} orders {drinks:number} drinks", "drinks declared before drawing"},
       {"draw", "{seat} draws {card:card}", "a card drawn, face up"},
       {"ten", "{seat} pays 10p into the fund, now {fund:number}p", "a 10 was drawn"},
       {"queen",
        "{seat} buys biscuits: the fund pays {paid:number}p, {players:number} players pay "
        "{each:number}p each, fund now {fund:number}p",
        "the Queen of Hearts buys biscuits for 100p"},
       {"joker_exempt", "{seat} is joker-exempt for the rest of the day", "the Joker was drawn"},
       {"second_joker", "{seat} draws the Joker again and loses at once", "a joker-exempt player drew the Joker"},
       {"reversed", "the order is reversed: the highest hand loses", "the Reverse Joker was drawn"},
       {"joker_lost", "{seat} loses the joker exemption but not this game",
        "a joker-exempt player drew the Reverse Joker"},
       {"odd_one_out", "{seat} is the odd one out", "all but one drew the same"},
       {"tied", "{seat} ties and redraws", "a tie for losing: the tied redraw"},
       {"reshuffle", "too few cards remain: the drawn cards are shuffled back in", "the deck is refilled"},
       {"lot", "the lot falls on {seat}", "after too many tied rounds"},
       {"loser", "{seat} makes the tea: {drinks:number} drinks", "the loser of the game"},
       {"nobody_loses", "nobody can lose: no tea is made", "every player drawing was safe"},
       {"forfeit", "{seat} hid a delay: no exemption", "a hidden delay that lost is evident"},
       {"exempt", "{seat} is exempt through game {game:number}", "the loser's new exemption"},
       {"spent", "{seat}'s exemption is spent", "a dealer's exemption, used"},
       {"deathmatch", "biscuit deathmatch: the fund holds {fund:number}p", "the fund reached the mark"},
       {"deathmatch_draw", "{seat} draws {card:card} in the deathmatch", "a deathmatch card"},
       {"deathmatch_out", "{seat} has the highest card and is out", "out of the deathmatch"},
       {"deathmatch_tie", "the round is tied and drawn again", "a deathmatch round without a verdict"},
       {"deathmatch_loser",
        "{seat} takes {taken:number}p from the fund and buys biscuits, fund now {fund:number}p",
        "the deathmatch's loser"}},
      std::move(names));
}

}  // namespace kibitz::tea_game
