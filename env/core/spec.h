// Spec strings: "name(key=value,key=value)" names a game or an agent with its
// parameters, e.g. "leduc_poker(players=2)" or
// "ismcts(sims=800,rollout=heuristic)". Values may themselves be specs
// ("evaluator=nn(model=a.pt)"): parentheses nest.
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

// Parses a spec string; throws KibitzError naming the problem and its position.
Spec parse_spec(std::string_view text);

}  // namespace kibitz
