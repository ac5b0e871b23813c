#include "agents/neural/encoders.h"

#include "env/core/error.h"
#include "env/core/registry.h"

namespace kibitz::neural {

namespace {

// "adulting, kuhn_poker, ...": the registered games with an encoder.
std::string games_with_encoders() {
  std::string names;
  for (const GameInfo& info : registered_games()) {
    if (info.encoder_version > 0) names += (names.empty() ? "" : ", ") + info.name;
  }
  return names;
}

}  // namespace

int encoder_version(std::string_view game_name) {
  for (const GameInfo& info : registered_games()) {
    if (info.name == game_name && info.encoder_version > 0) return info.encoder_version;
  }
  throw error("game '", game_name, "' has no network encoder; games with one: ", games_with_encoders());
}

EncoderInfo encoder_info(const Game& game) {
  return {game.name(), encoder_version(game.name()), game.information_state_tensor_size()};
}

}  // namespace kibitz::neural
