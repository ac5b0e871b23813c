// The SQL and columns of the named reports beyond `agents` (docs/corpus.md
// "Reports"), each over the tables the corpus documents and nothing else.
// The per-agent reports start from `seats` (through `seats_by_agent`, in
// agent order, so the grouping needs no sort) and join each seat's tallies
// (corpus_tallies.h) by primary key, or its laws through `laws_by_game`.
#pragma once

#include "replays/corpus/report_columns.h"

namespace kibitz::replays::corpus {

// Per game name: games, finished share, mean length and duration, forfeits.
ReportQuery games_query();
// Adulting, per agent: claims, lie, adult-lie, voted-down and successful-bluff rates.
ReportQuery claims_query();
// Adulting, per agent: bids, overbid rate and mean overbid, underbid rate, won share.
ReportQuery bids_query();
// Loyalist Spies, per agent and role, over games judged for bluffs: plays,
// bluff rate, bluffs caught, mean effect.
ReportQuery bluffs_query();
// Laws and Disorder, per agent: laws made, enforced share, monies, fates.
ReportQuery laws_query();
// The seat-games in which the seat bluffed and won (Spies bluffs, Adulting
// adult lies that stood).
ReportQuery bluff_wins_query();

}  // namespace kibitz::replays::corpus
