#include "tools/param_listing.h"

#include <algorithm>
#include <string>

#include "tools/options.h"

namespace kibitz::tools {
namespace {

std::string type_name(ParamType type) {
  switch (type) {
    case ParamType::kInt:
      return "int";
    case ParamType::kDouble:
      return "number";
    case ParamType::kBool:
      return "bool";
    case ParamType::kChoice:
      return "choice";
    case ParamType::kString:
      return "text";
  }
  return "?";
}

std::string json_value(const ParamValue& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return json_quote(*text);
  return param_value_to_string(value);  // ints, finite doubles, true/false are valid JSON as is
}

}  // namespace

void print_params_text(std::ostream& out, const std::vector<ParamSpec>& params) {
  if (params.empty()) {
    out << "  parameters: none\n";
    return;
  }
  std::size_t width = 0;
  for (const ParamSpec& param : params) width = std::max(width, param.name.size());
  out << "  parameters:\n";
  for (const ParamSpec& param : params) {
    out << "    " << param.name << std::string(width - param.name.size() + 2, ' ')
        << param.describe_range() << "\n"
        << "    " << std::string(width + 2, ' ') << param.help << "\n";
  }
}

void print_params_json(std::ostream& out, const std::vector<ParamSpec>& params) {
  out << "[";
  for (std::size_t p = 0; p < params.size(); ++p) {
    const ParamSpec& param = params[p];
    out << (p == 0 ? "\n" : ",\n") << "    {\"name\": " << json_quote(param.name)
        << ", \"type\": " << json_quote(type_name(param.type))
        << ", \"default\": " << json_value(param.default_value);
    if (param.min) out << ", \"min\": " << param_value_to_string(*param.min);
    if (param.max) out << ", \"max\": " << param_value_to_string(*param.max);
    if (!param.choices.empty()) {
      out << ", \"choices\": [";
      for (std::size_t c = 0; c < param.choices.size(); ++c) {
        out << (c == 0 ? "" : ", ") << json_quote(param.choices[c]);
      }
      out << "]";
    }
    out << ", \"help\": " << json_quote(param.help) << "}";
  }
  out << (params.empty() ? "" : "\n  ") << "]";
}

}  // namespace kibitz::tools
