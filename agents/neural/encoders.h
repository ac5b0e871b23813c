// Encoders: which tensor a network reads for each game, and its version
// (STYLE 3). A game's encoder is its State::information_state_tensor of the
// seat to act; the version here names that layout, so a checkpoint trained
// on one layout is refused by a build whose game encodes differently.
//
// A game a network may play declares its encoder's version in its manifest
// (GameInfo::encoder_version, env/games/<game>/manifest.cc); 0 means none.
// Bump a game's version whenever its information_state_tensor changes
// meaning or size.
#pragma once

#include <string>
#include <string_view>

#include "env/core/game.h"

namespace kibitz::neural {

// What a network's input is: one game's encoder at one version.
struct EncoderInfo {
  std::string game_name;
  int version = 0;
  // Floats per input row: the game's information_state_tensor_size().
  int input_size = 0;

  bool operator==(const EncoderInfo&) const = default;
};

// The encoder version of a registered game name; throws KibitzError for a
// game without a network encoder, listing those that have one.
int encoder_version(std::string_view game_name);

// The encoder of `game` (its name, version and input size).
EncoderInfo encoder_info(const Game& game);

}  // namespace kibitz::neural
