// Spec strings: "name(key=value,key=value)" names a game or an agent with its
// parameters, e.g. "leduc_poker(players=2)" or
// "ismcts(sims=800,rollout=heuristic)". Values may themselves be specs
// ("evaluator=nn(model=a.pt)"): parentheses nest, at most kMaxSpecNesting
// deep.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kibitz {

struct Spec {
  std::string name;
  // In the order written; duplicate keys are rejected by parse_spec.
  std::vector<std::pair<std::string, std::string>> args;

  // Canonical text: name(k=v,...) or just name when there are no args.
  std::string to_string() const;
};

// How deeply parentheses may nest in a spec: "ismcts(rollout=pimc(...))" is
// 2. Each level of an agent spec is an agent built inside the one above it,
// and a search whose rollouts search again multiplies its cost at every
// level, so real specs stay shallow; the bound keeps a runaway spec from
// exhausting the stack.
inline constexpr int kMaxSpecNesting = 16;

// Parses a spec string; throws KibitzError naming the problem and its
// position, or a spec nested more than kMaxSpecNesting deep.
Spec parse_spec(std::string_view text);

}  // namespace kibitz
