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
//                  "text":[TEXT,...]}
//                 the stream's entries K, K+1, ... (a seat's own stream, or
//                 the public stream for a spectator); a rejoin starts at 0.
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

// Entries from..end of `stream`.
std::string observations_message(const StreamSpec& spec, std::span<const Observation> stream,
                                 std::size_t from);

// What `seat` may do at `state` (legal actions are the same in every world
// the seat cannot rule out, so they tell it nothing beyond its stream).
std::string turn_message(const State& state, Player seat);

// Everything about a finished game; `final_state` must be terminal.
std::string game_over_message(const State& final_state);

std::string aborted_message(std::string_view reason);

// A JSON array of the observations' JSON forms.
std::string observations_json(const StreamSpec& spec, std::span<const Observation> stream);

}  // namespace kibitz::web
