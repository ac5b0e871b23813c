#include "env/games/leduc_poker/manifest.h"

#include "env/core/error.h"
#include "env/games/leduc_poker/export_notes.h"
#include "env/games/leduc_poker/leduc_poker.h"

namespace kibitz::leduc_poker {

GameInfo manifest() {
  GameInfo info = game_info();
  KIBITZ_CHECK(info.name == kGameName, "the manifest's name differs from game_info()'s");
  info.export_notes = export_notes();
  // The first layout, unchanged since: the trained models read it.
  info.encoder_version = 1;
  // The default spec is the only variant.
  return info;
}

}  // namespace kibitz::leduc_poker
