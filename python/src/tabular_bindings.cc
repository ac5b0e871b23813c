// Exploitability of a tabular policy from Python (agents/tabular/): the
// computation behind `kibitz exploitability`, for games small enough to walk
// (Kuhn and Leduc poker). A policy is "uniform", a policy file's path
// (docs/policy_files.md) or a dict {information state string: {action:
// probability}}.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <string>

#include "agents/tabular/exploitability.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/error.h"
#include "python/src/bindings.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

TabularPolicy policy_from_dict(const std::map<std::string, std::map<Action, double>>& table) {
  TabularPolicy policy;
  for (const auto& [infostate, entries] : table) {
    ActionProbabilities probabilities;
    for (const auto& [action, probability] : entries) probabilities.push_back({action, probability});
    policy.set(infostate, std::move(probabilities));
  }
  return policy;
}

TabularPolicy policy_of(const Game& game, const py::object& policy, bool allow_missing) {
  if (py::isinstance<py::str>(policy)) {
    const std::string text = policy.cast<std::string>();
    if (text == "uniform") return TabularPolicy::uniform(game);
    return load_policy(text, game, allow_missing);
  }
  if (py::isinstance<py::dict>(policy)) {
    TabularPolicy out = policy_from_dict(policy.cast<std::map<std::string, std::map<Action, double>>>());
    if (allow_missing) out.set_missing_rule(TabularPolicy::MissingRule::kUniform);
    return out;
  }
  throw error("a policy is 'uniform', a policy file's path or a dict {infostate: {action: probability}}");
}

py::dict exploitability_of(std::shared_ptr<Game> game, const py::object& policy, bool allow_missing) {
  const TabularPolicy table = policy_of(*game, policy, allow_missing);
  ExploitabilityReport report;
  {
    py::gil_scoped_release release;
    report = exploitability(*game, table);
  }
  py::dict out;
  out["policy_values"] = report.policy_values;
  out["best_response_values"] = report.best_response_values;
  out["nash_conv"] = report.nash_conv;
  out["exploitability"] = report.exploitability;
  out["num_nodes"] = report.num_nodes;
  out["num_infostates"] = report.num_infostates;
  return out;
}

}  // namespace

void bind_tabular(py::module_& m) {
  m.def("exploitability", &exploitability_of, py::arg("game"), py::arg("policy"), py::arg("allow_missing") = false,
        "NashConv and exploitability of a tabular policy by a full tree walk, as `kibitz exploitability` "
        "computes them; KibitzError for a game too large to walk or a policy that does not fit it.");
}

}  // namespace kibitz::python
