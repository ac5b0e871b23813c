#include "env/games/loyalist_spies/manifest.h"

#include "env/core/error.h"
#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/export_notes.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"

namespace kibitz::loyalist_spies {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  info.encoder_version = kEncoderVersion;
  info.examples = {
      {"loyalist_spies(rounds=1)", "one round: the quickest whole game"},
      {"loyalist_spies(players=3)", "three seats"},
  };
  return info;
}

}  // namespace kibitz::loyalist_spies
