#include "web/catalogue.h"

#include <cctype>
#include <filesystem>
#include <system_error>

#include "env/core/error.h"

namespace kibitz::web {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxEntryName = 128;

// Why `entry` is not offered, or "" when it is a regular file.
std::string why_skipped(const fs::directory_entry& entry) {
  std::error_code ec;
  const fs::file_status status = entry.symlink_status(ec);
  if (ec) return "cannot be read";
  if (fs::is_symlink(status)) return "a symbolic link";
  if (fs::is_directory(status)) return "a subfolder";
  if (!fs::is_regular_file(status)) return "not a regular file";
  return {};
}

}  // namespace

Catalogue::Catalogue(std::string flag) : flag_(std::move(flag)) {}

bool Catalogue::is_entry_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxEntryName || name.front() == '.') return false;
  for (char c : name) {
    const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

Catalogue Catalogue::of_folder(std::string flag, const std::string& dir) {
  // The path is written into the specs the server builds: a character that
  // separates spec parts would change what they say.
  if (dir.find_first_of(",()=") != std::string::npos || dir.empty() ||
      std::isspace(static_cast<unsigned char>(dir.front())) ||
      std::isspace(static_cast<unsigned char>(dir.back()))) {
    throw error(flag, " '", dir,
                "': the folder's path must not be empty, contain ',', '(', ')' or '=', or "
                "start or end with a space");
  }
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw error(flag, " '", dir, "': not a folder");
  Catalogue catalogue(std::move(flag));
  catalogue.folder_ = dir;
  std::map<std::string, std::vector<std::string>> by_stem;
  fs::directory_iterator it(dir, ec);
  if (ec) throw error(catalogue.flag_, " '", dir, "': cannot list the folder (", ec.message(), ")");
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (const std::string why = why_skipped(*it); !why.empty()) {
      catalogue.skipped_.push_back(name + " (" + why + ")");
    } else if (!is_entry_name(name)) {
      catalogue.skipped_.push_back(name + " (a name of other than letters, digits, '.', '_', '-')");
    } else {
      const std::string path = (fs::path(dir) / name).string();
      catalogue.paths_[name] = path;
      by_stem[fs::path(name).stem().string()].push_back(path);
    }
  }
  if (ec) throw error(catalogue.flag_, " '", dir, "': cannot list the folder (", ec.message(), ")");
  for (const auto& [stem, paths] : by_stem) {
    // "a.pt" and "a.txt" share the stem "a": neither is offered as "a".
    if (paths.size() == 1 && is_entry_name(stem)) catalogue.paths_.emplace(stem, paths.front());
  }
  return catalogue;
}

std::vector<std::string> Catalogue::names() const {
  std::vector<std::string> out;
  for (const auto& [name, path] : paths_) out.push_back(name);
  return out;
}

const std::string* Catalogue::name_of_path(std::string_view path) const {
  for (const auto& [name, entry_path] : paths_) {
    // The whole name's entry, not a stem's (both share the path).
    if (entry_path == path && fs::path(entry_path).filename().string() == name) return &name;
  }
  return nullptr;
}

const std::string* Catalogue::find(std::string_view name) const {
  const auto it = paths_.find(name);
  return it == paths_.end() ? nullptr : &it->second;
}

}  // namespace kibitz::web
