// What the corpus keeps of one replay record, before it is written: the
// game's facts (spec, seed, seats, returns, winners, length, forfeit) and,
// where the game's analysis gives them, its decisions: every face-down card
// of Loyalist Spies judged for bluffs (replays/analysis/bluffs.h), the
// claims, bids and declarations with their lawsuits of Adulting
// (analysis/adulting/), the laws of Laws and Disorder (analysis/
// laws_and_disorder/). The analyses are the ones `kibitz replay report` runs,
// with the same options, so the corpus counts what the report counts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/bluffs.h"
#include "replays/analysis/game_analysis.h"
#include "replays/analysis/laws_and_disorder/laws_events.h"
#include "replays/replay_record.h"

namespace kibitz::replays::corpus {

// How records are analysed. With `bluffs` false, Spies plays are kept
// (their role fit, their honest alternative) but not judged: the belief
// filters are the whole cost of a Spies game's analysis.
struct AnalysisOptions {
  bool bluffs = true;
  analysis::ReportOptions report;  // particles, seed, ...: `replay report`'s defaults
};

// One seat of one game. The counts are set only for the games whose
// analysis gives them (plays and bluffs: Spies, bluffs only when judged;
// claims, lies, bids, overbids: Adulting).
struct SeatRow {
  int seat = 0;
  std::string agent;  // the name reports count it under (analysis::agent_name)
  std::string label;
  std::string agent_spec;
  std::optional<double> game_return;  // none when the record has no returns
  bool won = false;                   // the top return, ties included
  double win_share = 0.0;             // 1/k for each of k seats with the top return
  std::optional<int> plays, bluffs, claims, lies, bids, overbids;
};

// Everything the corpus stores about one record.
struct GameRows {
  std::size_t record_index = 0;
  std::string game;  // the registered name, e.g. "loyalist_spies"
  std::string spec;
  std::uint64_t seed = 0;
  int players = 0;
  int length = 0;  // actions, chance outcomes included
  bool finished = false;
  Forfeit forfeit;
  std::string start_time;
  double duration_seconds = 0.0;
  std::vector<SeatRow> seats;
  bool bluffs_judged = false;
  std::vector<analysis::PlayVerdict> spies_plays;
  std::optional<analysis::AdultingGameEvents> adulting;
  std::optional<analysis::LawsGameEvents> laws;
};

// The rows of record `record_index` of `source`. Throws KibitzError naming
// the source and the record when it is not a legal game.
GameRows game_rows(const ReplayRecord& record, const std::string& source, std::size_t record_index,
                   const AnalysisOptions& options);

}  // namespace kibitz::replays::corpus
