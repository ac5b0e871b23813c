// How `kibitz games` and `kibitz agents` print declared parameters: one
// format for people and one JSON shape for scripts, so both listings read
// alike and come straight from the registries' ParamSpecs.
#pragma once

#include <ostream>
#include <vector>

#include "env/core/params.h"

namespace kibitz::tools {

// "  parameters:" and, per parameter, its name and range on one line and
// its help on the next (or "  parameters: none").
void print_params_text(std::ostream& out, const std::vector<ParamSpec>& params);

// A JSON array of {name, type, default, min?, max?, choices?, help}; the
// array's elements are indented by four spaces.
void print_params_json(std::ostream& out, const std::vector<ParamSpec>& params);

}  // namespace kibitz::tools
