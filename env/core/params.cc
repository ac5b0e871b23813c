#include "env/core/params.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include "env/core/error.h"

namespace kibitz {
namespace {

std::string format_number(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

std::string list_names(const std::vector<ParamSpec>& declared) {
  if (declared.empty()) return "(it takes no parameters)";
  std::string out;
  for (const auto& p : declared) {
    if (!out.empty()) out += ", ";
    out += p.name + " (" + p.describe_range() + ")";
  }
  return out;
}

ParamValue parse_value(const std::string& what, const ParamSpec& decl, const std::string& text) {
  auto bad = [&](const std::string& why) {
    return error(what, ": bad value '", text, "' for parameter '", decl.name, "': ", why,
                 "; expected ", decl.describe_range());
  };
  switch (decl.type) {
    case ParamType::kInt: {
      std::int64_t v = 0;
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || ptr != text.data() + text.size()) throw bad("not an integer");
      if ((decl.min && v < *decl.min) || (decl.max && v > *decl.max)) throw bad("out of range");
      return v;
    }
    case ParamType::kDouble: {
      double v = 0;
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v)) {
        throw bad("not a number");
      }
      if ((decl.min && v < *decl.min) || (decl.max && v > *decl.max)) throw bad("out of range");
      return v;
    }
    case ParamType::kBool:
      if (text == "true" || text == "1" || text == "on") return true;
      if (text == "false" || text == "0" || text == "off") return false;
      throw bad("not a boolean");
    case ParamType::kChoice:
      if (std::find(decl.choices.begin(), decl.choices.end(), text) == decl.choices.end()) {
        throw bad("not one of the choices");
      }
      return text;
    case ParamType::kString:
      return text;
  }
  KIBITZ_CHECK(false, "unknown parameter type");
  return {};
}

}  // namespace

ParamSpec ParamSpec::integer(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                             std::string help) {
  return {std::move(name), ParamType::kInt, def, static_cast<double>(min), static_cast<double>(max),
          {}, std::move(help), ParamRole::kPlain, FileKind::kNone, CostKind::kNone};
}

ParamSpec ParamSpec::real(std::string name, double def, double min, double max, std::string help) {
  return {std::move(name), ParamType::kDouble, def, min, max, {},
          std::move(help), ParamRole::kPlain, FileKind::kNone, CostKind::kNone};
}

ParamSpec ParamSpec::boolean(std::string name, bool def, std::string help) {
  return {std::move(name), ParamType::kBool, def, std::nullopt, std::nullopt, {},
          std::move(help), ParamRole::kPlain, FileKind::kNone, CostKind::kNone};
}

ParamSpec ParamSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                            std::string help) {
  return {std::move(name), ParamType::kChoice, std::move(def), std::nullopt, std::nullopt,
          std::move(choices), std::move(help), ParamRole::kPlain, FileKind::kNone,
          CostKind::kNone};
}

ParamSpec ParamSpec::text(std::string name, std::string def, std::string help) {
  return {std::move(name), ParamType::kString, std::move(def), std::nullopt, std::nullopt, {},
          std::move(help), ParamRole::kPlain, FileKind::kNone, CostKind::kNone};
}

ParamSpec ParamSpec::as_agent_spec() const {
  KIBITZ_CHECK(type == ParamType::kString, "parameter '", name, "': an agent spec is text");
  ParamSpec out = *this;
  out.role = ParamRole::kAgentSpec;
  return out;
}

ParamSpec ParamSpec::as_file(FileKind kind) const {
  KIBITZ_CHECK(type == ParamType::kString && kind != FileKind::kNone, "parameter '", name,
               "': a file parameter is text and names its catalogue");
  ParamSpec out = *this;
  out.role = ParamRole::kFile;
  out.file_kind = kind;
  return out;
}

ParamSpec ParamSpec::as_program() const {
  KIBITZ_CHECK(type == ParamType::kString, "parameter '", name, "': a command line is text");
  ParamSpec out = *this;
  out.role = ParamRole::kProgram;
  return out;
}

ParamSpec ParamSpec::as_cost(CostKind kind) const {
  KIBITZ_CHECK(type == ParamType::kInt && kind != CostKind::kNone, "parameter '", name,
               "': a cost is an integer and names its kind");
  ParamSpec out = *this;
  out.role = ParamRole::kCost;
  out.cost_kind = kind;
  return out;
}

std::string ParamSpec::describe_range() const {
  const std::string def = param_value_to_string(default_value);
  switch (type) {
    case ParamType::kInt:
    case ParamType::kDouble: {
      std::string kind = type == ParamType::kInt ? "int" : "number";
      std::string range;
      if (min && max) range = " in [" + format_number(*min) + ", " + format_number(*max) + "]";
      else if (min) range = " >= " + format_number(*min);
      else if (max) range = " <= " + format_number(*max);
      return kind + range + ", default " + def;
    }
    case ParamType::kBool:
      return "true|false, default " + def;
    case ParamType::kChoice: {
      std::string out;
      for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
      return out + ", default " + def;
    }
    case ParamType::kString:
      return "text, default '" + def + "'";
  }
  return def;
}

std::string param_value_to_string(const ParamValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
        else if constexpr (std::is_same_v<T, std::string>) return v;
        else if constexpr (std::is_same_v<T, double>) return format_number(v);
        else return std::to_string(v);
      },
      value);
}

const ParamValue& Params::find(const std::string& name) const {
  for (const auto& [k, v] : values_) {
    if (k == name) return v;
  }
  KIBITZ_CHECK(false, "parameter '", name, "' was never declared");
  return values_.front().second;
}

std::int64_t Params::get_int(const std::string& name) const {
  const auto* v = std::get_if<std::int64_t>(&find(name));
  KIBITZ_CHECK(v != nullptr, "parameter '", name, "' is not an int");
  return *v;
}

double Params::get_double(const std::string& name) const {
  const auto* v = std::get_if<double>(&find(name));
  KIBITZ_CHECK(v != nullptr, "parameter '", name, "' is not a number");
  return *v;
}

bool Params::get_bool(const std::string& name) const {
  const auto* v = std::get_if<bool>(&find(name));
  KIBITZ_CHECK(v != nullptr, "parameter '", name, "' is not a boolean");
  return *v;
}

const std::string& Params::get_string(const std::string& name) const {
  const auto* v = std::get_if<std::string>(&find(name));
  KIBITZ_CHECK(v != nullptr, "parameter '", name, "' is not text");
  return *v;
}

bool Params::is_explicit(const std::string& name) const {
  return std::find(explicit_names_.begin(), explicit_names_.end(), name) != explicit_names_.end();
}

std::string Params::to_spec(const std::string& game_name) const {
  Spec spec{game_name, {}};
  for (const auto& [k, v] : values_) spec.args.emplace_back(k, param_value_to_string(v));
  return spec.to_string();
}

Params validate_params(const std::string& what, const std::vector<ParamSpec>& declared,
                       const Spec& spec) {
  Params params;
  for (const auto& [key, text] : spec.args) {
    auto it = std::find_if(declared.begin(), declared.end(),
                           // Named capture: clang 14 (the fuzz build) cannot
                           // capture a structured binding.
                           [&name = key](const ParamSpec& p) { return p.name == name; });
    if (it == declared.end()) {
      throw error(what, ": unknown parameter '", key, "'; valid parameters: ", list_names(declared));
    }
  }
  for (const auto& decl : declared) {
    auto it = std::find_if(spec.args.begin(), spec.args.end(),
                           [&](const auto& kv) { return kv.first == decl.name; });
    if (it == spec.args.end()) {
      params.values_.emplace_back(decl.name, decl.default_value);
    } else {
      params.values_.emplace_back(decl.name, parse_value(what, decl, it->second));
      params.explicit_names_.push_back(decl.name);
    }
  }
  return params;
}

}  // namespace kibitz
