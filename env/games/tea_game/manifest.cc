#include "env/games/tea_game/manifest.h"

#include "env/core/error.h"
#include "env/games/tea_game/export_notes.h"
#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz::tea_game {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  info.encoder_version = kEncoderVersion;
  info.examples = {
      {"tea_game(players=3,days=1)", "one office day for three"},
      {"tea_game(delay_prob=0.5)", "tea often delayed"},
  };
  return info;
}

}  // namespace kibitz::tea_game
