// The replay viewer's document of a seat record (replays/seat_record.h):
// what one seat saw of a game, its decisions and the result, and nothing
// else, since the record holds nothing else (docs/serve.md, "A seat
// record's document").
//
// Step k is the seat having seen k observations (0 to the stream's length
// N), so observation i first exists at step i + 1, as a full record's
// entry made by move k - 1 exists from step k; a decision taken with k
// observations seen sits at step k, where the seat is to act. That is also
// the `move` kibitz review gives a seat record's decision, so a review's
// decisions land on their steps as a full record's do.
//
// The document is built from the record's parsed observations, written
// back in the game's own JSON and text forms, so nothing of the file but
// what the game's stream can say reaches the page. No game analysis runs:
// the analyses read the true state, which a seat record never had.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "replays/seat_record.h"
#include "web/replay_view.h"

namespace kibitz::web {

inline constexpr std::string_view kSeatRecordKind = "seat_record";

// Whether `bytes` start like a JSON document (a seat record) rather than a
// replay file's frames, which start with the tag "KBZR".
bool looks_like_seat_record(std::string_view bytes);

// The document of `record`, named `source_name`.
std::string seat_record_view_json(const replays::SeatRecord& record, std::string_view source_name);

// The document of the seat record in `bytes`. A seat record holds one game,
// so `index` must be 0. With options.game_policy set (a file from the
// network), the record's game spec must pass the policy before any game is
// built, and no error quotes the file (a key, a kind, the game's name):
// KibitzError names the problem only.
std::string seat_record_view_of_bytes(std::string_view bytes, std::string_view source_name, std::size_t index,
                                      const ReplayViewOptions& options = {});

}  // namespace kibitz::web
