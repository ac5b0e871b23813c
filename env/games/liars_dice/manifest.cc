#include "env/games/liars_dice/manifest.h"

#include "env/core/error.h"
#include "env/games/liars_dice/export_notes.h"
#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  info.encoder_version = kEncoderVersion;
  info.examples = {
      {"liars_dice(players=3,dice=2)", "three players, two dice each"},
      {"liars_dice(players=4,dice=5)", "the table game: four players, five dice each"},
  };
  return info;
}

}  // namespace kibitz::liars_dice
