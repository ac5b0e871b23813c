// The figures of the Laws and Disorder laws report, from the events of its
// games (laws_events.h): who profited from whose laws, per game as a maker
// x beneficiary matrix of seats, and over a whole file by agent (agents
// rotate through the seats, so seats mean little across games), with 95%
// intervals on every mean and share. Definitions: docs/laws_report.md.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "replays/analysis/laws_and_disorder/laws_events.h"
#include "replays/analysis/wilson_interval.h"

namespace kibitz::replays::analysis {

// net[m][b]: the monies seat b is up by the laws seat m made (the maker's
// pay counted on the diagonal), in one game.
using SeatMatrix = std::vector<std::vector<int>>;
SeatMatrix maker_matrix(const LawsGameEvents& game);

// One seat's figures in one game.
struct SeatLawFigures {
  int laws_made = 0;
  int pay = 0;           // paid for its laws
  int own_effects = 0;   // net monies its own laws' effects brought it (pay aside)
  int to_others = 0;     // net monies its laws brought the other seats
  int from_others = 0;   // net monies the other seats' laws brought it
  int abilities = 0;     // monies spent on abilities (2 a use)
  int final_monies = 0;  // 0 when unfinished
  bool won = false;      // the most final monies (ties included)
  int self_harming = 0;  // its laws whose effects left it with fewer monies
};
SeatLawFigures seat_figures(const LawsGameEvents& game, int seat);

// A mean over independent units (seat-games), kept as sums so tallies add
// up; the interval is the normal approximation mean +- z s / sqrt(n).
struct MeanTally {
  long n = 0;
  double sum = 0.0;
  double sum_squares = 0.0;
  void add(double x);
  void add(const MeanTally& other);
};
struct MeanInterval {
  long n = 0;
  double mean = 0.0;  // NaN when n = 0
  double low = 0.0;   // NaN when n < 2: the spread is unknown
  double high = 0.0;
};
MeanInterval mean_interval(const MeanTally& tally);

// One agent's tallies over seat-games.
struct LawsAgentTally {
  int games = 0;
  int wins = 0;
  int laws = 0;
  int self_harming = 0;
  MeanTally final_monies, laws_made, pay, own_effects, to_others, from_others, abilities;
  // Per beneficiary agent: net monies per maker seat-game that this agent's
  // laws brought that agent's seats, the maker itself left out (it is `self`).
  MeanTally self;
  std::map<std::string, MeanTally> to_agent;
  void add(const LawsAgentTally& other);
};

struct LawsAgentFigures {
  std::string agent;
  LawsAgentTally tally;
  Proportion win;           // games won (ties included) / games
  Proportion self_harming;  // laws whose effects cost their maker / laws made
};

// A game's summary line for the file's list.
struct LawsGameLine {
  std::size_t record_index = 0;
  int turns = 0;
  int laws = 0;
  std::vector<int> winners;
  std::vector<int> final_monies;
  std::vector<std::string> agents;
  SeatMatrix matrix;  // maker x beneficiary net monies
};

// The whole-file figures.
struct LawsFileFigures {
  std::size_t games = 0;    // Laws and Disorder games analysed
  std::size_t skipped = 0;  // records of other games
  std::vector<LawsAgentFigures> agents;  // by name
  std::vector<LawsGameLine> game_lines;  // every game, in file order
};

// Adds games one at a time, in file order.
class LawsFiguresBuilder {
 public:
  void add(const LawsGameEvents& game);
  void skip() { ++skipped_; }
  LawsFileFigures figures() const;

 private:
  std::size_t games_ = 0;
  std::size_t skipped_ = 0;
  std::map<std::string, LawsAgentTally> tallies_;
  std::vector<LawsGameLine> lines_;
};

}  // namespace kibitz::replays::analysis
