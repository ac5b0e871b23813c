#include "agents/registry.h"

#include "env/core/error.h"
#include "env/core/spec.h"

namespace kibitz {

const AgentInfo& find_agent(std::string_view name) {
  for (const AgentInfo& info : registered_agents()) {
    if (info.name == name) return info;
  }
  std::string names;
  for (const AgentInfo& info : registered_agents())
    names += (names.empty() ? "" : ", ") + info.name;
  throw error("unknown agent '", name, "'; registered agents: ", names);
}

std::unique_ptr<Agent> make_agent(std::string_view spec_text, std::shared_ptr<const Game> game,
                                  std::uint64_t seed) {
  const Spec spec = parse_spec(spec_text);
  const AgentInfo& info = find_agent(spec.name);
  return info.factory(validate_params("agent " + info.name, info.params, spec), std::move(game),
                      seed);
}

}  // namespace kibitz
