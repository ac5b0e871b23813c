// The declaration of Spoon Nomic's observation kinds (stream.h), one per Obs,
// in its order.
#include "env/games/spoon_nomic/stream.h"

#include <string>
#include <vector>

namespace kibitz::spoon_nomic {

StreamSpec spoon_stream_spec(int packs) {
  // Index = card number; 0 is no card and never appears in a stream.
  std::vector<std::string> names = {"no-card"};
  for (int id = 1; id <= packs * cards::kCardsPerPack; ++id) {
    names.push_back(cards::Card::from_id(id).to_string());
  }
  return StreamSpec(
      {{"dealt_seen", "{seat} is dealt {card:card}", "the card the Dealer deals you"},
       {"dealt_red", "{seat} is dealt a red card", "the Dealer's Report: another seat gets a red card"},
       {"dealt_blue", "{seat} is dealt a blue card", "the Dealer's Report: another seat gets a blue card"},
       {"dealt_fish", "{seat} is dealt a fish card", "the Dealer's Report: another seat gets a fish card"},
       {"dealt_corporate", "{seat} is dealt a corporate card",
        "the Dealer's Report: another seat gets a corporate card"},
       {"roll_again", "the Dealer rolls again for {seat}",
        "the die showed a card not in the Deck (which one is not told)"},
       {"proposal", "the proposal gives {seat} {change:number} points",
        "the drawn proposal's point change for a seat"},
       {"vote_yes", "{seat} votes yes", "a vote for the proposal"},
       {"vote_no", "{seat} votes no", "a vote against the proposal"},
       {"abstain", "{seat} abstains", "a seat does not vote (and earns no card)"},
       {"passes", "the proposal passes {yes:number} to {no:number}", "more yes than no: the points change"},
       {"fails", "the proposal fails {yes:number} to {no:number}", "no more yes than no: nothing changes"},
       {"nweek", "nweek {nweek:number} begins", "a new nweek: last nweek's voters get their cards"},
       {"shows", "{seat} shows {hand:cards}", "at the end, every hand is shown"}},
      std::move(names));
}

}  // namespace kibitz::spoon_nomic
