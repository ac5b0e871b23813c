// The analysis of one replay record for `kibitz replay report`: every move
// with its text (all revealed: this is after the game), and for Loyalist
// Spies the timeline with hidden cards, the public belief track, each seat's
// own belief track and the verdict on every face-down card. Other games get
// the moves and returns only. No presentation here: tools/replay renders it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "replays/analysis/belief_filter.h"
#include "replays/analysis/bluffs.h"
#include "replays/analysis/spies_timeline.h"
#include "replays/replay_record.h"

namespace kibitz::replays::analysis {

// What a report analyses and how.
struct ReportOptions {
  int particles = 1000;           // particles of each belief filter
  int replicates = 4;             // independent filters per viewer, averaged
  std::uint64_t seed = 1;         // every filter's generator derives from it
  double epsilon = 0.3;           // the reference policy's share of uniform choice
  double joker_keep = 0.5;        // the reference policy's chance of keeping a dealt Joker
  double bluff_threshold = 0.05;  // the effect on a belief that makes a play a bluff
};

// One move, as its mover would say it (chance outcomes included).
struct MoveLine {
  int move = 0;
  int player = 0;  // a seat, or kChancePlayer
  std::string text;
};

// Everything the report shows about one record.
struct GameAnalysis {
  std::size_t record_index = 0;
  ReplayRecord record;  // the record itself (moves and annotations included)
  int num_players = 0;
  bool finished = false;
  std::vector<MoveLine> moves;  // filled only for a full analysis
  bool spies = false;           // a Loyalist Spies game: the fields below are set
  SpiesSetup setup;
  SpiesTimeline timeline;
  BeliefTrack public_track;              // the mean of the replicates
  std::vector<BeliefTrack> seat_tracks;  // one per seat (means), full analysis only
  std::vector<PlayVerdict> verdicts;
};

// Analyses record `record_index` of a file. `full` adds the move list and
// the seats' own tracks (the summary of many games needs neither). Throws
// KibitzError naming the record when it does not replay or the options are bad.
GameAnalysis analyze_game(const ReplayRecord& record, std::size_t record_index,
                          const ReportOptions& options, bool full);

// The belief-filter options of replicate `replicate` of record
// `record_index` (its own seed).
FilterOptions filter_options(const ReportOptions& options, std::size_t record_index, int replicate);

}  // namespace kibitz::replays::analysis
