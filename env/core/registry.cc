#include "env/core/registry.h"

#include <algorithm>
#include <utility>

#include "env/core/error.h"
#include "env/core/spec.h"

namespace kibitz {
namespace {

// Games added by add_game before the registry was built.
std::vector<GameInfo>& added_games() {
  static std::vector<GameInfo> games;
  return games;
}

bool& registry_built() {
  static bool built = false;
  return built;
}

}  // namespace

bool add_game(GameInfo info) {
  KIBITZ_CHECK(!registry_built(), "add_game('", info.name, "') after the registry was first read");
  added_games().push_back(std::move(info));
  return true;
}

const std::vector<GameInfo>& registered_games() {
  static const std::vector<GameInfo> games = [] {
    registry_built() = true;
    std::vector<GameInfo> list = internal::builtin_games();
    for (GameInfo& info : added_games()) list.push_back(std::move(info));
    added_games().clear();
    std::sort(list.begin(), list.end(),
              [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; });
    for (std::size_t i = 1; i < list.size(); ++i) {
      KIBITZ_CHECK(list[i - 1].name != list[i].name, "game '", list[i].name, "' registered twice");
    }
    return list;
  }();
  return games;
}

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
