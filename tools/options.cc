#include "tools/options.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <limits>

#include "env/core/error.h"

namespace kibitz::tools {
namespace po = boost::program_options;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

void print_help(const CommandUsage& usage, const po::options_description& options) {
  std::cout << "usage: " << usage.synopsis << "\n\n" << usage.description << "\n\n" << options;
  if (!usage.examples.empty()) {
    std::cout << "\nexamples:\n";
    std::string_view rest = usage.examples;
    while (!rest.empty()) {
      const auto end = rest.find('\n');
      std::cout << "  " << rest.substr(0, end) << "\n";
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
  }
}

}  // namespace

std::optional<po::variables_map> parse_command_options(
    const CommandUsage& usage, const po::options_description& options,
    const std::vector<std::string>& args, const po::positional_options_description& positional) {
  // One flat list, so the help shows the command's flags then --help.
  po::options_description all("options", 100);
  for (const auto& option : options.options()) all.add(option);
  all.add_options()("help,h", "print this help and exit");

  // Stray words land in a hidden option so the error can name them (Boost
  // only says "too many positional options").
  constexpr const char* kStray = "kibitz-stray-words";
  po::options_description parsed = all;
  parsed.add_options()(kStray, po::value<std::vector<std::string>>());
  po::positional_options_description all_positional = positional;
  if (positional.max_total_count() != std::numeric_limits<unsigned>::max()) {
    all_positional.add(kStray, -1);
  }

  // No guessing: "--gam" must not silently mean "--game".
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  po::variables_map vars;
  po::store(
      po::command_line_parser(args).options(parsed).positional(all_positional).style(style).run(),
      vars);
  if (vars.count("help") > 0) {
    print_help(usage, all);
    return std::nullopt;
  }
  if (vars.count(kStray) > 0) {
    throw error("unexpected argument '", vars[kStray].as<std::vector<std::string>>().front(),
                "' (see kibitz ", usage.name, " --help)");
  }
  po::notify(vars);  // after the help check, so --help works without required flags
  return vars;
}

std::vector<std::string> split_top_level(std::string_view text, char separator,
                                         std::string_view what) {
  std::vector<std::string> items;
  int depth = 0;
  std::size_t start = 0;
  auto take = [&](std::size_t end) {
    const std::string_view item = trim(text.substr(start, end - start));
    if (item.empty()) {
      throw error(what, ": empty item in '", text, "'; expected items separated by '", separator,
                  "'");
    }
    items.emplace_back(item);
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth < 0) throw error(what, ": unbalanced ')' in '", text, "'");
    if (text[i] == separator && depth == 0) {
      take(i);
      start = i + 1;
    }
  }
  if (depth != 0) throw error(what, ": unbalanced '(' in '", text, "'");
  take(text.size());
  return items;
}

namespace {

// The file `path` names, as one spelling: its absolute, normalised path with
// symbolic links of the existing part resolved.
std::filesystem::path resolved(std::string_view path) {
  std::error_code ignored;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ignored);
  if (canonical.empty()) canonical = std::filesystem::absolute(path, ignored).lexically_normal();
  return canonical;
}

bool same_file(std::string_view a, std::string_view b) {
  if (resolved(a) == resolved(b)) return true;
  std::error_code ignored;  // hard links: two names of one existing file
  return std::filesystem::equivalent(a, b, ignored);
}

}  // namespace

void check_distinct_paths(std::initializer_list<NamedPath> paths) {
  for (auto first = paths.begin(); first != paths.end(); ++first) {
    if (first->path.empty()) continue;
    for (auto second = std::next(first); second != paths.end(); ++second) {
      if (second->path.empty() || !same_file(first->path, second->path)) continue;
      const std::string spelled =
          first->path == second->path
              ? "'" + std::string(first->path) + "'"
              : "'" + std::string(first->path) + "' (as '" + std::string(second->path) + "')";
      throw error(first->flag, " and ", second->flag, " name the same file ", spelled,
                  ": one would be lost to the other; give each its own path");
    }
  }
}


}  // namespace kibitz::tools
