// The JSON messages a table sends its listeners (web/subscription.h), one
// object per message with a "type", written with the seat protocol's
// MessageWriter (agents/external/seat_protocol.h) so that escaping and
// numbers are done one way in kibitz. Observations appear in the game's
// own forms, StreamSpec::to_json and to_text, exactly as `kibitz engine`
// sends them: a browser needs no per-game code to show them.
//
//   welcome       {"type":"welcome","table":ID,"game":SPEC,"players":N,
//                  "seat":S,"spectator":false,"seats":[LABEL,...]}
//                 first message of every subscription; "seat" is -1 for a
//                 spectator.
//   observations  {"type":"observations","from":K,"observations":[OBS,...],
//                  "text":[TEXT,...]} and, for a game whose web part declares
//                  observation notes, "notes":[NOTE or null,...]
//                 the stream's entries K, K+1, ... (a seat's own stream, or
//                 the public stream for a spectator); a rejoin starts at 0.
//                 A NOTE is an object of facts the game's rules derive from
//                 the stream up to that entry (ObservationNotes below).
//   turn          {"type":"turn","to_act":BOOL,"legal":[TEXT,...]}
//                 to a seat after its observations: whether it is to act and
//                 its legal actions as it would type them (empty when not).
//   game_over     {"type":"game_over","returns":[R,...],"streams":[[OBS,...],...],
//                  "public":[OBS,...],"history":[{"type":"move","player":P,"action":A,
//                  "text":TEXT},...]}
//                 to everyone once the game has ended: every seat's whole
//                 stream, the public stream and the full history.
//   aborted       {"type":"aborted","reason":TEXT}
//                 the table stopped without an end (an agent failed, the
//                 server is shutting down); no replay is written.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/observation.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"

namespace kibitz::web {

// `game_spec` as clients may see it (Table::game_spec), `players` its seats.
std::string welcome_message(std::string_view table_id, std::string_view game_spec, int players,
                            Player seat, std::span<const std::string> seat_labels);

// What a game's rules derive from a seat's stream that its page shows but
// should not work out again in the browser (a Loyalist Spies mission's covert
// value and VP): for entry `index` of `stream`, given the entries before it,
// a JSON object's text, or "" when that entry has none. It reads the stream
// alone, so a note tells a seat nothing its stream did not. Declared by the
// game's web part (web/game_part.h); never part of an observation's own JSON,
// which seat records and the engine protocol read back.
using ObservationNotes = std::function<std::string(std::span<const Observation> stream, std::size_t index)>;

// Entries from..end of `stream`, with their notes when `notes` is set.
std::string observations_message(const StreamSpec& spec, std::span<const Observation> stream,
                                 std::size_t from, const ObservationNotes& notes = nullptr);

// The viewers' form of a stream: [{"step":K,"json":OBS,"text":TEXT},...],
// entry i at step `steps[i]`, and with "notes":NOTE where `notes` gives one.
std::string stream_entries_json(const StreamSpec& spec, std::span<const Observation> stream,
                                std::span<const int> steps, const ObservationNotes& notes);

// [NOTE or null, ...] for entries from..end of `stream`.
std::string notes_json(const ObservationNotes& notes, std::span<const Observation> stream, std::size_t from);

// What `seat` may do at `state` (legal actions are the same in every world
// the seat cannot rule out, so they tell it nothing beyond its stream).
std::string turn_message(const State& state, Player seat);

// Everything about a finished game; `final_state` must be terminal.
std::string game_over_message(const State& final_state);

std::string aborted_message(std::string_view reason);

// A JSON array of the observations' JSON forms.
std::string observations_json(const StreamSpec& spec, std::span<const Observation> stream);

}  // namespace kibitz::web
