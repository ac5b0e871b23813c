// The bid-and-claim events of one Adulting game, read from the seats'
// streams (docs/bid_claim_report.md). Each seat's facts come from that
// seat's own stream: its truth before it claims, its sealed bid and what
// the card was worth to it at that moment (its Knowledge, knowledge.h, and
// marginal_value, valuation.h), its true measurement before it declares.
// Public facts (votes, verdicts, the winner, refunds, lawsuits) are read
// from the stream of the seat they concern, which sees them like everyone.
// Nothing here reads the true State: the analyst's omniscience is the union
// of what every seat's stream says.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "env/core/observation.h"
#include "replays/replay_record.h"

namespace kibitz::adulting {
class AdultingGame;
}

namespace kibitz::replays::analysis {

// One sealed bid, set against the bidder's own valuation of the card.
struct AdultingBid {
  int seat = -1;
  int bid = 0;
  int value = 0;   // marginal_value of the card to the bidder when it bid (points)
  int monies = 0;  // what the bidder held when it bid (the cap on its bid)
  bool won = false;
  int refund = 0;  // a tie refund it received (its bid back), else 0
  // 1 money = 1 point: a bid above the card's value in points overbids.
  bool overbid() const { return bid > value; }
  bool underbid() const { return bid < value; }
};

// One round's auction: the card, its bids in reveal order, who took it.
struct AdultingAuction {
  int round = 0;  // 0-based
  int card = -1;
  std::vector<AdultingBid> bids;
  int winner = -1;  // -1: nobody qualified and the card was discarded
  int price = 0;
};

// One sorting claim, set against the claimer's private truth.
struct AdultingClaim {
  int round = 0;
  int seat = -1;
  bool truth_adult = false;  // from the claimer's stream ("your truth is ...")
  bool claim_adult = false;
  int ups = 0;  // votes on an adult claim
  int downs = 0;
  bool stands = false;  // an adult claim that stood (the claimer bid)
  bool won_card = false;  // the claimer then took the round's card
  bool lie() const { return truth_adult != claim_adult; }
  // A child claiming adult: the lie that gets a seat into the auction.
  bool adult_lie() const { return claim_adult && !truth_adult; }
  bool voted_down() const { return claim_adult && !stands; }
  // A lie that qualified the claimer for a card it then won.
  bool successful_bluff() const { return adult_lie() && stands && won_card; }
};

// How a lawsuit ended.
enum class Verdict { kNone, kOpen, kDismissed, kConceded, kGuilty, kNotGuilty };
const char* verdict_name(Verdict verdict);  // "none", "open", "dismissed", ...

// One rank declaration, set against the declarer's true measurement, and
// the lawsuit it drew, if any.
struct AdultingDeclaration {
  int round = 0;
  int seat = -1;
  int measured = -1;  // from the declarer's stream; -1 when it never saw one
  int declared = 0;
  int prosecutor = -1;  // who sued, -1 when nobody did
  int proposed = 0;     // the prosecutor's price
  int price = 0;        // the dealer's price, when the case was allowed
  Verdict verdict = Verdict::kNone;
  bool inflated() const { return measured >= 0 && declared > measured; }
};

// Everything the report reads from one game.
struct AdultingGameEvents {
  std::size_t record_index = 0;
  int players = 0;
  std::vector<std::string> agents;  // per seat: the seat label (or agent spec)
  std::vector<double> returns;      // per seat; empty when unfinished
  std::vector<int> points;          // per seat, the final mantle scores; empty when unfinished
  bool finished = false;
  int rounds = 0;
  std::vector<std::string> card_names;  // the deck's, by card index
  std::vector<AdultingAuction> auctions;  // in round order
  std::vector<AdultingClaim> claims;      // in round order, then claim order
  std::vector<AdultingDeclaration> declarations;
};

// The events of a game from every seat's stream (streams[p] is seat p's,
// the game's end included or not). Throws KibitzError when the streams do
// not fit together (a bid with no auction, a vote with no claim).
AdultingGameEvents adulting_events(const adulting::AdultingGame& game,
                                   std::span<const SeatStream> streams);

// Whether a record is an Adulting game (by its spec's name).
bool is_adulting_record(const ReplayRecord& record);

// Replays record `record_index` (checking each action) and reads its
// events from the seats' streams; agents and returns come from the record.
// Throws KibitzError naming the record when it is not a legal Adulting game.
AdultingGameEvents adulting_events(const ReplayRecord& record, std::size_t record_index);

}  // namespace kibitz::replays::analysis
