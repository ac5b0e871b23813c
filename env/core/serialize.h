// Serialization by history: a state is its game spec plus its action list.
// Text form, two lines:  "<game spec>\n<action> <action> ...\n".
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "env/core/state.h"

namespace kibitz {

std::string serialize_state(const State& state);

// Rebuilds the game and replays the actions; a malformed text or an illegal
// action is a KibitzError naming it.
std::unique_ptr<State> deserialize_state(std::string_view text);

}  // namespace kibitz
