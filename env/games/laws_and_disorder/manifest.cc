#include "env/games/laws_and_disorder/manifest.h"

#include "env/core/error.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/export_notes.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"

namespace kibitz::laws_and_disorder {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  info.encoder_version = kEncoderVersion;
  info.examples = {
      {"laws_and_disorder(players=2)", "two seats: every law hits the other"},
      {"laws_and_disorder(players=6,reward=score)", "a full table paid by score"},
  };
  return info;
}

}  // namespace kibitz::laws_and_disorder
