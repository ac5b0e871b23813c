// The Adulting seat stream: the declaration of its kinds (stream.h) and
// AdultingState::seat_stream, which collects it from for_each_observation
// (stream_writer.h).
#include "env/games/adulting/stream.h"

#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream_writer.h"

namespace kibitz::adulting {

StreamSpec adulting_stream_spec(const Deck& deck, const std::vector<std::string>& back_names) {
  std::vector<std::string> names;
  for (const Card& card : deck.cards) names.push_back(card.name);
  for (const std::string& back : back_names) names.push_back(back);
  // One declaration per kind of Obs, in its order.
  return StreamSpec(
      {{"round", "round {round:number} dealer {seat}", "a round begins: its number and dealer"},
       {"top_back", "top card {back:card}", "the back of the new top card of the deck"},
       {"draws", "{seat} draws {card:card}", "the dealer draws the top card; its front is read out"},
       {"income", "everyone takes {amount:number}", "variant=bidding: every player's income"},
       {"score_hearts", "{seat} scores {card:card} in hearts", "a card onto a mantle's hearts column"},
       {"score_clubs", "{seat} scores {card:card} in clubs", "a card onto a mantle's clubs column"},
       {"score_diamonds", "{seat} scores {card:card} in diamonds",
        "a card onto a mantle's diamonds column"},
       {"discards", "{seat} discards {card:card}", "an effect card played for its effect"},
       {"passes", "{seat} passes", "a player plays no card in the scoring phase"},
       {"bank", "{seat} takes {amount:number} from the bank", "monies from the bank"},
       {"pays", "{seat} pays {to:seat} {amount:number}", "monies from one player to another"},
       {"peeks", "{seat} peeks at {target:seat}", "a Peek names whose hand to see"},
       {"hand_seen", "{target:seat} holds {cards:cards}", "your Peek: the hand you see"},
       {"steals_from", "{seat} steals from {target:seat}", "a Steal names whom to take from"},
       {"takes", "{seat} takes {card:card} from {target:seat}",
        "the card a Steal takes, seen by the thief and the target"},
       {"takes_a_card", "{seat} takes a card from {target:seat}", "a Steal takes a card you do not see"},
       {"truth_adult", "your truth is adult", "your private truth: adult"},
       {"truth_child", "your truth is child", "your private truth: child"},
       {"truth_to", "{seat} gets a truth", "another player's private truth"},
       {"claim_adult", "{seat} claims adult", "an adult claim, which goes to a vote"},
       {"claim_child", "{seat} claims child", "a child claim"},
       {"vote_up", "{seat} votes up", "an up vote"},
       {"vote_down", "{seat} votes down", "a down vote"},
       {"stands", "{seat}'s claim stands", "the adult claim stands: the player bids"},
       {"falls", "{seat}'s claim falls", "down votes outnumbered up votes"},
       {"you_bid", "you bid {bid:number}", "your sealed bid"},
       {"commits", "{seat} commits a bid", "another player's sealed bid"},
       {"bid_shown", "{seat} bid {bid:number}", "the bids revealed together, in order"},
       {"wins", "{seat} takes {card:card} for {price:number}", "the highest bid takes the card"},
       {"refund", "{seat} is refunded {amount:number}", "a tied bidder gets the bid back"},
       {"no_taker", "nobody qualifies: {card:card} is discarded", "no player qualified to bid"},
       {"end_spade", "game over: third spade", "the third spade was scored"},
       {"end_deck", "game over: the deck is empty", "the dealer could not draw"},
       {"points", "{seat} has {points:number} points", "the final score of a mantle"},
       {"eliminated", "{seat} is eliminated", "category: the next contestant out"},
       {"no_ruling", "no ruling on {seat}", "the elimination was not the dealer's ruling"},
       {"ruling", "ruling on {seat}", "the elimination was the dealer's ruling"},
       {"ruling_right", "ruling on {seat}: right", "a ruling on you, or yours as dealer, was right"},
       {"ruling_wrong", "ruling on {seat}: wrong", "a ruling on you, or yours as dealer, was wrong"},
       {"measured", "your measurement is {value:number}", "rank: your true measurement"},
       {"measured_to", "{seat} is measured", "rank: another contestant's measurement"},
       {"declares", "{seat} declares {value:number}", "rank: a declared measurement"},
       {"payout", "{seat}'s payout is {value:number}", "payout: monies paid at once"},
       {"quality", "{seat} performs at {quality:number}", "challenge: a performance's quality"},
       {"ranks", "{seat} ranks {target:seat} next", "challenge: the dealer's ranking, best first"},
       {"disqualified", "{seat} is disqualified", "out of rank and challenge pay and of sorting"},
       {"appeals", "{seat} appeals", "an eliminated contestant appeals the ruling"},
       {"no_appeal", "{seat} accepts the ruling", "no appeal"},
       {"evidence_none", "oral arguments show nothing", "oral arguments: no evidence"},
       {"evidence_right", "oral arguments: the ruling on {seat} was right", "evidence on a ruling"},
       {"evidence_wrong", "oral arguments: the ruling on {seat} was wrong", "evidence on a ruling"},
       {"evidence_measure", "oral arguments: {seat} measured {value:number}",
        "evidence: a defendant's true measurement"},
       {"evidence_fair", "oral arguments: the ranking follows the qualities", "evidence on a ranking"},
       {"evidence_corrupt", "oral arguments: the ranking does not follow the qualities",
        "evidence on a ranking"},
       {"overturned", "the ruling on {seat} is overturned", "an appeal carried"},
       {"upheld", "the ruling on {seat} is upheld", "an appeal failed"},
       {"sues", "{seat} sues {target:seat}", "a lawsuit against a declaration"},
       {"no_suit", "{seat} does not sue", "a contestant lets the declaration stand"},
       {"proposes", "{seat} proposes a price of {price:number}", "the prosecutor's price"},
       {"allows", "{seat} allows the case", "the dealer allows the case"},
       {"dismisses", "{seat} dismisses the case", "the dealer dismisses the case"},
       {"sets_price", "{seat} sets the price at {price:number}", "the dealer's price"},
       {"concedes", "{seat} concedes", "the defendant concedes"},
       {"fights", "{seat} fights", "the defendant fights the case"},
       {"guilty", "{seat} is found guilty", "the lawsuit's verdict"},
       {"not_guilty", "{seat} is found not guilty", "the lawsuit's verdict"},
       {"you_take_extra", "you take {extra:number} extra", "your extra from a bank payment"},
       {"chooses_extra", "{seat} chooses an extra", "another player may take extra"},
       {"watches", "{seat} watches", "a player watches the payment"},
       {"does_not_watch", "{seat} does not watch", "a player does not watch"},
       {"sees_extra", "you see {seat} take {extra:number} extra", "what you saw as a watcher"},
       {"calls_out", "{seat} calls out {target:seat}", "a watcher calls out the extra"},
       {"stays_quiet", "{seat} stays quiet", "a watcher does not call out"},
       {"impeaches", "{seat} moves to impeach", "a motion to impeach the dealer"},
       {"no_impeach", "{seat} does not impeach", "no motion"},
       {"impeach_passes", "the impeachment by {seat} passes", "the dealer is impeached"},
       {"impeach_fails", "the impeachment by {seat} fails", "the mover is out of the round"},
       {"pays_bank", "{seat} pays the bank {amount:number}", "a fine: twice the extra, as far as they can"},
       {"extra_shown", "{seat} took {extra:number} extra", "called out: the extra taken is public"}},
      std::move(names));
}

void AdultingState::seat_stream(Player seat, SeatStream& out) const {
  KIBITZ_CHECK(seat == kSpectator || (seat >= 0 && seat < num_players()), "adulting: seat_stream of seat ", seat,
               "; the game has seats 0 to ", num_players() - 1, " and the spectator");
  out.clear();
  // Reserving the longest stream once keeps a reused buffer from growing.
  out.reserve(static_cast<std::size_t>(game_->max_stream_length()));
  for_each_observation(*this, seat, [&out](const Observation& o) { out.push_back(o); });
}

}  // namespace kibitz::adulting
