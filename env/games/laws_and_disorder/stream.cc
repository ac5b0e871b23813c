// The declaration of Laws and Disorder's observation kinds (stream.h), one
// per Obs, in its order.
#include "env/games/laws_and_disorder/stream.h"

#include <string>
#include <vector>

#include "env/games/laws_and_disorder/cards.h"

namespace kibitz::laws_and_disorder {

StreamSpec laws_and_disorder_stream_spec() {
  std::vector<std::string> names;
  for (const KindInfo& info : all_kinds()) names.emplace_back(info.name);
  return StreamSpec(
      {{"holds", "{seat} holds {position:card}", "a seat's position: the deal and every job change"},
       {"unheld", "nobody holds {position:card}", "a position nobody holds"},
       {"draw_seen", "{seat} draws {card:card}", "a card you draw (the deal too)"},
       {"draw", "{seat} draws a card", "another seat draws a card"},
       {"turn", "turn {turn:number} of {seat}", "a turn begins"},
       {"last_card", "the last card is drawn", "the deck is empty: everyone takes one more turn"},
       {"end_turn", "{seat} ends the turn", "a seat ends its turn"},
       {"law_card", "{seat} puts {card:card} in the law", "a card of the law being made"},
       {"law_made", "{seat} makes L{law:number} {cards:cards}", "a law goes on the table"},
       {"law_paid", "{seat} is paid {amount:number} for L{law:number}", "the maker's pay"},
       {"dropped", "L{law:number} is dropped", "max_laws: the oldest law leaves the table"},
       {"effect", "L{law:number} takes effect for {seat}", "a law takes effect for a seat"},
       {"no_holder", "L{law:number} takes effect for nobody", "nobody holds the law's subject"},
       {"gains", "{seat} gains {amount:number} monies by L{law:number}", "monies from the bank"},
       {"loses", "{seat} loses {amount:number} monies by L{law:number}", "monies to the bank"},
       {"gives_monies", "{seat} gives {amount:number} monies to {to:seat} by L{law:number}",
        "monies handed to another seat"},
       {"gains_cards", "{seat} gains {amount:number} cards by L{law:number}", "the draws follow"},
       {"loses_cards", "{seat} loses {amount:number} cards by L{law:number}", "the discards follow"},
       {"gives_cards", "{seat} gives {amount:number} cards by L{law:number}", "picks and the hand-over follow"},
       {"nothing_to_give", "{seat} has nothing to give", "a giver with no monies or no cards"},
       {"keeps", "{seat} keeps it", "the recipient is the giver's own position"},
       {"nobody_receives", "nobody receives from {seat}", "the recipient's position is unheld: the gift is lost"},
       {"discard_seen", "{seat} discards {card:card}", "a card you discard"},
       {"discard", "{seat} discards a card", "another seat discards a card"},
       {"pick_seen", "{seat} picks {card:card} to give", "a card you pick to give"},
       {"pick", "{seat} picks a card to give", "another seat picks a card to give"},
       {"hand_over", "{seat} hands {cards:cards} to {to:seat}", "cards given, seen by giver and receiver"},
       {"hand_over_hidden", "{seat} hands {count:number} cards to {to:seat}", "cards given between others"},
       {"play_job", "{seat} plays {card:card} to change job", "a job card played for its position"},
       {"judge_enforce", "{seat} uses the judge to enforce L{law:number}", "the law takes effect now"},
       {"judge_destroy", "{seat} uses the judge to destroy L{law:number}", "the law leaves the table"},
       {"thief", "{seat} uses the thief on {victim:seat}", "a theft"},
       {"hand_seen", "{seat} shows {cards:cards}", "the victim's hand, to the thief"},
       {"take_seen", "{seat} takes {card:card} from {victim:seat}", "the stolen card, to thief and victim"},
       {"take", "{seat} takes a card from {victim:seat}", "a theft seen by the others"},
       {"scientist_add", "{seat} uses the scientist to add {card:card} to L{law:number}", "a WHEN added"},
       {"scientist_take", "{seat} uses the scientist to take {card:card} from L{law:number}",
        "a WHEN taken into the hand"},
       {"merchant_swap", "{seat} uses the merchant to put {in:card} for {out:card} in L{law:number}",
        "a verb swapped"},
       {"merchant_trade", "{seat} uses the merchant to trade", "draw 2, then discard 2"},
       {"priest_swap", "{seat} uses the priest to put {in:card} for {out:card} in L{law:number} as card {index:number}",
        "a position card swapped (card 1 the subject, 3 the recipient)"},
       {"final", "{seat} ends with {monies:number} monies", "the final score"}},
      std::move(names));
}

}  // namespace kibitz::laws_and_disorder
