#include "agents/neural/encoders.h"

#include <array>
#include <utility>

#include "env/core/error.h"
#include "env/games/adulting/encoder.h"
#include "env/games/laws_and_disorder/encoder.h"
#include "env/games/loyalist_spies/encoder.h"

namespace kibitz::neural {

namespace {

// Every game a network may play, with the version of its encoder. Kuhn and
// Leduc poker keep their first layout; the other games version their own.
constexpr std::array<std::pair<std::string_view, int>, 5> kEncoderVersions = {{
    {"adulting", adulting::kEncoderVersion},
    {"kuhn_poker", 1},
    {"laws_and_disorder", laws_and_disorder::kEncoderVersion},
    {"leduc_poker", 1},
    {"loyalist_spies", loyalist_spies::kEncoderVersion},
}};

}  // namespace

int encoder_version(std::string_view game_name) {
  for (const auto& [name, version] : kEncoderVersions) {
    if (name == game_name) return version;
  }
  std::string names;
  for (const auto& entry : kEncoderVersions) {
    names += (names.empty() ? "" : ", ") + std::string(entry.first);
  }
  throw error("game '", game_name, "' has no network encoder; games with one: ", names);
}

EncoderInfo encoder_info(const Game& game) {
  return {game.name(), encoder_version(game.name()), game.information_state_tensor_size()};
}

}  // namespace kibitz::neural
