// The replay viewer's document: one record of a replay file as the browser
// steps through it (its fields: docs/serve.md, "The replay viewer's document").
//
// The record's actions are replayed on a fresh state of its game. Step k is
// the state after k moves (0..M). At every step the document keeps what
// each seat's stream and the public stream had gained (each entry tagged
// with the step at which it first existed), the move's text as its mover
// would say it, what its agent reported about it (DecisionInfo), and the
// full state text. Annotations and belief charts come from the game's own
// after-the-game analysis, declared in its web part (web/game_part.h,
// web/games/<game>/): Loyalist Spies' bluff report (P(Traitor) tracks and
// the verdict on every face-down card, replays/analysis/game_analysis.h)
// and Adulting's claims, bids and declarations (adulting_events.h), each
// placed at the step of the stream entry that made it known. Reading the true
// state is fine here: a replay is looked at after its game.
//
// A browser shows a seat's view at step k from streams[s] filtered to
// step <= k, with the table's own renderers (the JSON and text forms are
// the game's StreamSpec::to_json/to_text, as the live table sends them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "replays/analysis/game_analysis.h"
#include "replays/replay_record.h"
#include "web/spec_policy.h"

namespace kibitz::web {

// The Loyalist Spies analysis the viewer runs: 400 particles and 2
// replicates (so a bluff must still beat twice its standard error), the
// report's seed, policy and threshold. `kibitz replay report` uses 1000 and 4;
// a page waits for this one.
replays::analysis::ReportOptions viewer_report_options();

struct ReplayViewOptions {
  // The state texts of every step are left out ("full": null, with
  // "full_omitted" saying why) when together they would be longer than this.
  std::size_t max_full_bytes = std::size_t{4} << 20;
  // The Loyalist Spies bluff analysis.
  replays::analysis::ReportOptions spies = viewer_report_options();
  // For a file a server shows a client (an upload, or one of its own
  // replays, which record catalogue names, not paths): the record's game
  // spec must pass this policy, and the game is built from the checked spec,
  // so a spec that names a file can only name a catalogue entry, found by
  // its name (or its path, as older replays hold it); the document and any
  // error name the entry, not its path. Null: the spec is built as it is.
  const SpecPolicy* game_policy = nullptr;
};

// Where the record came from, for the document's header fields.
struct ReplaySource {
  std::string name;        // "games.kbr", or "uploaded file"
  std::size_t games = 1;   // records in the file
  std::size_t index = 0;   // which one this is
};

// The document for `record` (one JSON object). Throws KibitzError naming
// the source, the record and the move when the record is not a legal game.
std::string replay_view_json(const replays::ReplayRecord& record, const ReplaySource& source,
                             const ReplayViewOptions& options = {});

// The document for record `index` of the replay file's bytes `bytes`: every
// frame is checked, only record `index` is decoded. Throws KibitzError for
// damaged bytes, an empty input, or an index the file does not hold ("the
// file holds 3 games; game=5 does not exist").
std::string replay_view_of_bytes(std::string_view bytes, std::string_view source_name,
                                 std::size_t index, const ReplayViewOptions& options = {});

// The same for the file at `path`, named `source_name` in the document.
std::string replay_view_of_file(const std::string& path, std::string_view source_name,
                                std::size_t index, const ReplayViewOptions& options = {});

// A "game=N" query value as a record index: digits only (empty: 0); a
// KibitzError naming the value otherwise.
std::size_t parse_game_index(std::string_view text);

}  // namespace kibitz::web
