// The figures of the Adulting bid-and-claim report, from the events of its
// games (adulting_events.h): counts per seat of one game, the same counts
// per agent over a whole file (agents rotate through the seats, so seats
// mean little across games) with 95% Wilson intervals on every share, and
// the games that hold events an analyst will want to look at. Definitions:
// docs/bid_claim_report.md.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/wilson_interval.h"

namespace kibitz::replays::analysis {

// Counts over some claims, bids and declarations (one seat's, one agent's).
struct AdultingTally {
  int games = 0;      // games played (seat-games)
  int game_wins = 0;  // games with the top return (ties included)
  int game_wins_with_bluff = 0;
  // Sorting.
  int claims = 0;
  int lies = 0;               // claim differs from the private truth
  int adult_lies = 0;         // a child claiming adult
  int adult_lies_caught = 0;  // ... voted down
  int truthful_adult_claims = 0;
  int false_accusations = 0;  // truthful adult claims voted down
  int successful_bluffs = 0;  // adult lies that stood and took the card
  // Bidding (1 money = 1 point).
  int bids = 0;
  int overbids = 0;   // bid > valuation
  int underbids = 0;  // bid < valuation
  int capped_underbids = 0;  // underbids by a bidder holding less than the valuation
  int auction_wins = 0;
  int cursed_wins = 0;     // won paying more than the valuation
  long margin_sum = 0;     // sum over won auctions of price - valuation
  int refunds = 0;         // tie refunds received
  long refunded = 0;       // monies refunded
  long value_sum = 0;      // sums over bids, for the mean bid and valuation
  long bid_sum = 0;
  // Rank declarations and lawsuits.
  int declarations = 0;
  int inflated = 0;  // declared > measured
  int sued = 0;      // declarations this seat was sued over
  int sued_inflated = 0;
  int suits_brought = 0;  // lawsuits this seat brought as prosecutor
  int dismissed = 0;
  int conceded = 0;
  int guilty = 0;
  int not_guilty = 0;

  void add(const AdultingTally& other);
};

// The shares of a tally, each with its 95% Wilson interval.
struct AdultingRates {
  Proportion lie;               // lies / claims
  Proportion adult_lie;         // adult lies / claims
  Proportion caught;            // adult lies voted down / adult lies
  Proportion false_accusation;  // truthful adult claims voted down / truthful adult claims
  // The voters' discrimination: caught - false_accusation, how much more
  // often an adult lie is voted down than a truthful adult claim (0: the
  // voters cannot tell them apart), with its 95% interval.
  ProportionDifference discrimination;
  Proportion overbid;           // overbids / bids
  Proportion underbid;          // underbids / bids
  Proportion curse;             // won above valuation / auctions won
  Proportion bluff_wins;        // cards won through a successful bluff / auctions won
  Proportion game_bluff_wins;   // games won holding a successful bluff / games won
  Proportion inflated;          // inflated declarations / declarations
  Proportion guilty;            // guilty / suits decided by a vote (guilty + not guilty)
  double mean_margin = 0.0;     // mean price - valuation over auctions won (NaN: none won)
};
AdultingRates rates(const AdultingTally& tally);

// Seat `seat`'s counts in one game.
AdultingTally seat_tally(const AdultingGameEvents& game, int seat);

// A game that holds events worth a look, with what they are.
struct FlaggedGame {
  std::size_t record_index = 0;
  int successful_bluffs = 0;
  int overbid_wins = 0;  // auctions won paying above the valuation
  int guilty = 0;        // guilty verdicts
  std::vector<std::string> notes;  // "round 3: P1 (random) took H4 on an adult lie", ...
};
// The flags of one game; empty notes when it has none.
FlaggedGame flag_game(const AdultingGameEvents& game);

// One agent's figures over a file.
struct AgentFigures {
  std::string agent;
  AdultingTally tally;
  AdultingRates rates;
};

// One scatter point: how many bids of an agent had this valuation and bid.
struct BidPoint {
  int value = 0;
  int bid = 0;
  int count = 0;
};

// The whole-file figures.
struct AdultingFileFigures {
  std::size_t games = 0;    // Adulting games analysed
  std::size_t skipped = 0;  // records of other games
  std::vector<AgentFigures> agents;  // by name
  std::map<std::string, std::vector<BidPoint>> bid_points;  // per agent, by (value, bid)
  std::vector<FlaggedGame> flagged;  // games with flags, in file order
};

// Adds games one at a time, in file order.
class AdultingFiguresBuilder {
 public:
  void add(const AdultingGameEvents& game);
  void skip() { ++skipped_; }
  AdultingFileFigures figures() const;

 private:
  std::size_t games_ = 0;
  std::size_t skipped_ = 0;
  std::map<std::string, AdultingTally> tallies_;
  std::map<std::string, std::map<std::pair<int, int>, int>> points_;
  std::vector<FlaggedGame> flagged_;
};

}  // namespace kibitz::replays::analysis
