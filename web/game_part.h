// A game's part of the web layer: the annotations and charts the replay
// viewer adds for its records, the module that draws its table in the
// browser, and the notes its pages get beside the observations. A game
// declares it in web/games/<game>/manifest.cc (env/core/game_parts.h); the viewer's document (replay_view.cc) and the
// server's list of games (GET /api/games, which the pages read) look it up
// here, so no code of the web layer names a game.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "env/core/game_parts.h"
#include "replays/replay_record.h"
#include "web/message_json.h"
#include "web/replay_view.h"
#include "web/replay_view_parts.h"

namespace kibitz::web {

struct WebPart {
  // Optional: the viewer's notes on record `record_index` of a file, a game
  // of this game, replayed to its end (web/replay_view_parts.h).
  std::function<view::GameNotes(const replays::ReplayRecord& record, std::size_t record_index,
                                const view::ReplayedRecord& replayed,
                                const ReplayViewOptions& options)>
      viewer_notes;
  // Optional: the table page's renderer, the file name of a module in
  // web/static/js/renderers/ ("adulting.js"; renderers/index.js says what
  // it exports and loads it). Empty: the generic renderer.
  std::string renderer;
  // Optional: the notes the table, the replay viewer and the seat-record view
  // send beside each observation (web/message_json.h, ObservationNotes), so
  // that the renderer draws what the rules derive instead of keeping its own
  // copy of them.
  ObservationNotes observation_notes;
};

using WebParts = GameParts<WebPart>;

// The observation notes of `game` (a registry name), or an empty function.
inline ObservationNotes observation_notes_of(std::string_view game) {
  const WebPart* part = WebParts::find(game);
  return part == nullptr ? ObservationNotes() : part->observation_notes;
}

}  // namespace kibitz::web
