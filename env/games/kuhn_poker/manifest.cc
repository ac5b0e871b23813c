#include "env/games/kuhn_poker/manifest.h"

#include "env/core/error.h"
#include "env/games/kuhn_poker/export_notes.h"
#include "env/games/kuhn_poker/kuhn_poker.h"

namespace kibitz::kuhn_poker {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  // The first layout, unchanged since: the trained models read it.
  info.encoder_version = 1;
  info.examples = {
      {"kuhn_poker(players=3)", "three-player Kuhn poker"},
  };
  return info;
}

}  // namespace kibitz::kuhn_poker
