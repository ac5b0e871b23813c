#include "env/core/spec.h"

#include <algorithm>
#include <cctype>

#include "env/core/error.h"
#include "env/core/quoted_excerpt.h"

namespace kibitz {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

// The deepest nesting of parentheses in `text` (balance is checked later).
int nesting_depth(std::string_view text) {
  int depth = 0;
  int deepest = 0;
  for (char c : text) {
    if (c == '(') deepest = std::max(deepest, ++depth);
    if (c == ')') --depth;
  }
  return deepest;
}

}  // namespace

std::string Spec::to_string() const {
  if (args.empty()) return name;
  std::string out = name + "(";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (i > 0) out += ",";
    out += args[i].first + "=" + args[i].second;
  }
  return out + ")";
}

Spec parse_spec(std::string_view text) {
  // Checked first, on the whole text, so a runaway spec is refused before
  // anything recurses into it (and shown as an excerpt: it may be huge).
  if (const int depth = nesting_depth(text); depth > kMaxSpecNesting) {
    throw error("bad spec ", quoted_excerpt(text), ": parentheses nest ", depth,
                " levels deep; a spec may nest at most ", kMaxSpecNesting, " levels");
  }
  const std::string original(text);
  text = trim(text);
  Spec spec;
  const auto open = text.find('(');
  if (open == std::string_view::npos) {
    spec.name = std::string(text);
    if (!is_name(spec.name)) {
      throw error("bad spec '", original,
                  "': expected a name such as kuhn_poker or name(key=value,...)");
    }
    return spec;
  }
  spec.name = std::string(trim(text.substr(0, open)));
  if (!is_name(spec.name))
    throw error("bad spec '", original, "': '", spec.name, "' is not a name");
  if (text.back() != ')') throw error("bad spec '", original, "': missing closing ')'");
  std::string_view body = text.substr(open + 1, text.size() - open - 2);

  // Split the body on commas at depth 0, so nested specs stay whole.
  std::vector<std::string_view> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '(') ++depth;
    if (body[i] == ')' && --depth < 0) throw error("bad spec '", original, "': unbalanced ')'");
    if (body[i] == ',' && depth == 0) {
      parts.push_back(body.substr(start, i - start));
      start = i + 1;
    }
  }
  if (depth != 0) throw error("bad spec '", original, "': unbalanced '('");
  parts.push_back(body.substr(start));
  if (parts.size() == 1 && trim(parts[0]).empty()) return spec;  // "name()"

  for (std::string_view part : parts) {
    const auto eq = part.find('=');
    if (eq == std::string_view::npos) {
      throw error("bad spec '", original, "': '", trim(part), "' should be key=value");
    }
    std::string key(trim(part.substr(0, eq)));
    std::string value(trim(part.substr(eq + 1)));
    if (!is_name(key))
      throw error("bad spec '", original, "': '", key, "' is not a parameter name");
    if (value.empty()) throw error("bad spec '", original, "': parameter '", key, "' has no value");
    for (const auto& [k, v] : spec.args) {
      if (k == key) throw error("bad spec '", original, "': parameter '", key, "' is given twice");
    }
    spec.args.emplace_back(std::move(key), std::move(value));
  }
  return spec;
}

}  // namespace kibitz
