// Fuzz target: a policy file (docs/policy_files.md) as `kibitz
// exploitability --policy` and `cfr(policy=FILE)` load it. A policy file does
// not name its game, so the input's first line does: one of kGames below
// (other first lines are skipped); the rest is the file. It is loaded
// against the game's tree, as strictly as the agent does (every information
// state present) and then allowing missing ones; a policy that loads is
// asked for its probabilities at every information state.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "agents/tabular/game_tree.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/registry.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace kibitz;

// Games small enough to walk on every run; their trees are built once.
constexpr std::array<std::string_view, 3> kGames = {"kuhn_poker(players=2)",
                                                    "kuhn_poker(players=3)", "leduc_poker"};

const GameTree* tree_of(std::string_view spec) {
  static const std::map<std::string_view, GameTree> trees = [] {
    std::map<std::string_view, GameTree> built;
    for (std::string_view game : kGames) built.emplace(game, GameTree::build(*load_game(game)));
    return built;
  }();
  const auto it = trees.find(spec);
  return it == trees.end() ? nullptr : &it->second;
}

void use(const TabularPolicy& policy, const GameTree& tree) {
  for (const GameTree::Infoset& infoset : tree.infosets()) policy.probabilities_at(infoset);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [game, contents] = fuzz::split_first_line(fuzz::as_text(data, size));
  const GameTree* tree = tree_of(game);
  if (tree == nullptr) return 0;
  static fuzz::MemoryFile file;
  file.assign(contents);
  for (const bool allow_missing : {false, true}) {
    fuzz::expect_kibitz_errors([&] { use(load_policy(file.path(), *tree, allow_missing), *tree); });
  }
  return 0;
}
