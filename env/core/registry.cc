#include "env/core/registry.h"

#include "env/core/error.h"
#include "env/core/spec.h"

namespace kibitz {

const GameInfo& find_game(std::string_view name) {
  for (const GameInfo& info : registered_games()) {
    if (info.name == name) return info;
  }
  std::string names;
  for (const GameInfo& info : registered_games()) names += (names.empty() ? "" : ", ") + info.name;
  throw error("unknown game '", name, "'; registered games: ", names);
}

std::shared_ptr<const Game> load_game(std::string_view spec_text) {
  const Spec spec = parse_spec(spec_text);
  const GameInfo& info = find_game(spec.name);
  return info.factory(validate_params("game " + info.name, info.params, spec));
}

}  // namespace kibitz
