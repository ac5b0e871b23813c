#include "env/core/serialize.h"

#include <charconv>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"

namespace kibitz {

std::string serialize_state(const State& state) {
  std::string out = state.game().spec() + "\n";
  for (std::size_t i = 0; i < state.history().size(); ++i) {
    if (i > 0) out += ' ';
    out += std::to_string(state.history()[i]);
  }
  return out + "\n";
}

std::unique_ptr<State> deserialize_state(std::string_view text) {
  const auto newline = text.find('\n');
  if (newline == std::string_view::npos) {
    throw error("serialized state has no newline after the game spec");
  }
  auto game = load_game(text.substr(0, newline));
  std::string_view rest = text.substr(newline + 1);
  std::vector<Action> history;
  while (!rest.empty()) {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\n')) rest.remove_prefix(1);
    if (rest.empty()) break;
    Action a = 0;
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), a);
    if (ec != std::errc()) {
      throw error("serialized state: expected an action number at '", rest.substr(0, 16), "'");
    }
    history.push_back(a);
    rest.remove_prefix(static_cast<std::size_t>(ptr - rest.data()));
  }
  return game->state_from_history(history);
}

}  // namespace kibitz
