// The Loyalist Spies seat stream: the declaration of its kinds (stream.h).
// The observations themselves are logged as the game goes (stream_log.cc).
#include "env/games/loyalist_spies/stream.h"

#include <array>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {

StreamSpec spies_stream_spec() {
  std::vector<std::string> names;
  for (int c = 0; c < kNumCardIndices; ++c) names.push_back(card_name(c));
  // One declaration per kind of Obs, in its order.
  return StreamSpec(
      {{"ace", "your ace is {ace:card}", "your secret ace is dealt to you"},
       {"ace_to", "{seat} gets an ace", "another seat's ace is dealt, face down"},
       {"dealt", "dealt {card:card}", "a card dealt to you"},
       {"dealt_to", "{seat} is dealt a card", "a card dealt to another seat"},
       {"keep", "you keep {card:card}", "you keep a dealt card (deal=keep5)"},
       {"kept", "{seat} keeps a card", "another seat keeps a card"},
       {"flip", "{seat} flips {card:card}", "the determiner flips the top Success card"},
       {"already_on_top", "already on top {cards:cards}",
        "your Queen: the cards an earlier Queen left on top, top first"},
       {"jack_match", "{seat} looks at {target:seat}'s ace: match",
        "a Jack: the target's ace is the Jack's suit"},
       {"jack_no_match", "{seat} looks at {target:seat}'s ace: no match",
        "a Jack: the target's suit is not the Jack's"},
       {"ace_seen", "{seat}'s ace is {ace:card}",
        "an ace you saw: your Jack's target's, or the determiner's after a match on you"},
       {"queen_shows", "queen shows {card:card}", "your Queen shows you the next deck card"},
       {"queen_shows_to", "queen shows {seat} a card", "another seat's Queen shows it a card"},
       {"order", "you order {cards:cards}", "your Queen: the new top cards, top first"},
       {"reorder", "{seat} reorders the top cards", "another seat's Queen puts the top cards back"},
       {"face_down", "a card goes face down", "a deck card goes face down onto the mission"},
       {"play", "you play {card:card}", "your card on the mission"},
       {"plays", "{seat} plays", "another seat plays a card face down"},
       {"no_play", "{seat} plays nothing", "a seat holding only Jokers (or nothing) plays none"},
       {"reveal", "mission {mission:card} revealed {set:cards} total {total:number}",
        "the mission's cards are revealed, with their total"},
       {"draw", "you draw {card:card}", "you draw a card"},
       {"draws", "{seat} draws a card", "another seat draws a card"},
       {"discard", "you discard {card:card}", "you discard a card (hearts_failure=discard)"},
       {"discards", "{seat} discards a card", "another seat discards a card, face down"},
       {"loyal", "{seat} reveals {ace:card} Loyal +{points:number}", "round end: a Loyal seat"},
       {"compromised", "{seat} reveals {ace:card} Compromised +{points:number}",
        "round end: a Compromised seat"},
       {"traitor", "{seat} reveals {ace:card} {jokers:cards} Traitor +{points:number}",
        "round end: a Traitor and the Jokers it holds"}},
      std::move(names));
}

}  // namespace kibitz::loyalist_spies
