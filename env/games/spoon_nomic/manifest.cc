#include "env/games/spoon_nomic/manifest.h"

#include "env/core/error.h"
#include "env/games/spoon_nomic/export_notes.h"
#include "env/games/spoon_nomic/knowledge.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"

namespace kibitz::spoon_nomic {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  info.encoder_version = kEncoderVersion;
  info.examples = {
      {"spoon_nomic(players=3,packs=1,nweeks=3)", "a short game of three nweeks"},
      {"spoon_nomic(reward=win)", "paid for winning instead of by score"},
  };
  return info;
}

}  // namespace kibitz::spoon_nomic
