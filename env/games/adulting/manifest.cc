#include "env/games/adulting/manifest.h"

#include "env/core/error.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/knowledge.h"
#include "env/games/adulting/export_notes.h"

namespace kibitz::adulting {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  info.encoder_version = kEncoderVersion;
  info.examples = {
      {"adulting(players=4,variant=bidding)",
       "the bidding game alone: blind bids and adult claims, no work phase"},
      {"adulting(players=3,legal=false)", "three seats without the legal system"},
  };
  return info;
}

}  // namespace kibitz::adulting
