// kibitz agents: every registered agent with its parameters, types, defaults,
// ranges and help, as text for people or JSON for scripts. Everything printed
// comes from the agent registry, so the listing cannot drift from the code.
#include <iostream>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "tools/command.h"
#include "tools/options.h"
#include "tools/param_listing.h"

namespace kibitz::tools {
namespace {

void print_text(const std::vector<const AgentInfo*>& agents) {
  for (const AgentInfo* info : agents) {
    std::cout << info->name << ": " << info->summary << "\n";
    print_params_text(std::cout, info->params);
    std::cout << "\n";
  }
}

void print_json(const std::vector<const AgentInfo*>& agents) {
  std::cout << "[";
  for (std::size_t a = 0; a < agents.size(); ++a) {
    const AgentInfo& info = *agents[a];
    std::cout << (a == 0 ? "\n" : ",\n") << "  {\"name\": " << json_quote(info.name)
              << ", \"summary\": " << json_quote(info.summary) << ", \"params\": ";
    print_params_json(std::cout, info.params);
    std::cout << "}";
  }
  std::cout << (agents.empty() ? "" : "\n") << "]\n";
}

}  // namespace

int run_agents(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  const CommandUsage usage{
      "agents", "kibitz agents [AGENT...] [--json]",
      "Lists the registered agents (or only the named ones) with a summary and every\n"
      "parameter: type, default, range or choices, and what it means. An agent is chosen\n"
      "with a spec such as ismcts(sims=1000,c=0.7) wherever a command takes agents\n"
      "(play --seats, arena --agents).",
      "kibitz agents\nkibitz agents ismcts_nn\nkibitz agents random heuristic --json"};
  po::options_description options;
  std::vector<std::string> names;
  bool json = false;
  options.add_options()("json", po::bool_switch(&json), "print JSON instead of text")(
      "agent", po::value(&names)->value_name("AGENT"), "an agent to show (positional, repeatable)");
  po::positional_options_description positional;
  positional.add("agent", -1);
  if (!parse_command_options(usage, options, args, positional)) return kExitOk;

  std::vector<const AgentInfo*> agents;
  if (names.empty()) {
    for (const AgentInfo& info : registered_agents()) agents.push_back(&info);
  } else {
    for (const std::string& name : names) agents.push_back(&find_agent(name));
  }
  if (json) {
    print_json(agents);
  } else {
    print_text(agents);
  }
  return kExitOk;
}

}  // namespace kibitz::tools
