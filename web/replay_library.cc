#include "web/replay_library.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include "env/core/error.h"
#include "web/request_json.h"

namespace kibitz::web {

namespace fs = std::filesystem;

namespace {

// Closes a descriptor when it goes out of scope.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

bool is_listable_replay_name(std::string_view name) {
  constexpr std::string_view kSuffix = ".kbr";
  if (name.size() <= kSuffix.size() || name.substr(name.size() - kSuffix.size()) != kSuffix)
    return false;
  if (name.front() == '.' || name.find('/') != std::string_view::npos) return false;
  return printable_utf8(name, name.size()) == name && name.find('\n') == std::string_view::npos &&
         name.find('\t') == std::string_view::npos;
}

ReplayLibrary::ReplayLibrary(std::string folder, std::size_t max_files)
    : folder_(std::move(folder)), max_files_(max_files) {
  if (max_files_ < 1) throw error("the replay retention limit must be at least 1 file");
  if (folder_.empty()) return;
  std::vector<std::pair<fs::file_time_type, ReplayListing>> found;
  std::error_code failure;
  for (const auto& item : fs::directory_iterator(folder_, failure)) {
    // symlink_status: a link is not a regular file, whatever it points to.
    // A writer's temporary ends in ".tmp.<pid>.<n>", not ".kbr".
    std::error_code ignored;
    if (!fs::is_regular_file(item.symlink_status(ignored))) continue;
    const std::string name = item.path().filename().string();
    if (!is_listable_replay_name(name)) continue;
    found.push_back({item.last_write_time(ignored), ReplayListing{name, item.file_size(ignored)}});
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& [time, listing] : found) listed_.push_back(std::move(listing));
}

std::vector<ReplayListing> ReplayLibrary::list() const {
  std::lock_guard lock(mutex_);
  return listed_;
}

std::optional<ReplayListing> ReplayLibrary::find(std::string_view file) const {
  std::lock_guard lock(mutex_);
  for (const ReplayListing& listing : listed_) {
    if (listing.file == file) return listing;
  }
  return std::nullopt;
}

std::vector<std::string> ReplayLibrary::add(const std::string& file,
                                            const std::function<void(const std::string&)>& write) {
  std::lock_guard lock(mutex_);
  write((fs::path(folder_) / file).string());
  std::error_code failure;
  const std::uintmax_t bytes = fs::file_size(fs::path(folder_) / file, failure);
  std::vector<std::string> dropped;
  std::erase_if(listed_, [&](const ReplayListing& l) { return l.file == file; });
  listed_.insert(listed_.begin(), ReplayListing{file, failure ? 0 : bytes});
  std::erase(written_, file);
  written_.push_back(file);
  while (written_.size() > max_files_) {
    dropped.push_back(written_.front());
    written_.pop_front();
  }
  for (const std::string& old : dropped) {
    std::erase_if(listed_, [&](const ReplayListing& l) { return l.file == old; });
    fs::remove(fs::path(folder_) / old, failure);
  }
  return dropped;
}

std::string ReplayLibrary::read(std::string_view file, std::size_t max_read_bytes) const {
  const std::string name(file);
  if (!find(name)) throw error("no replay named ", quoted_request_text(name));
  Descriptor in;
  in.fd =
      ::open((fs::path(folder_) / name).c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (in.fd < 0) throw error("replay ", name, " cannot be opened");
  struct stat info {};
  if (::fstat(in.fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    throw error("replay ", name, " is not a regular file");
  }
  if (static_cast<std::uintmax_t>(info.st_size) > max_read_bytes) {
    throw error("replay ", name, " is larger than the ", max_read_bytes,
                " bytes this server reads");
  }
  std::string bytes(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(in.fd, bytes.data() + got, bytes.size() - got);
    if (n <= 0) throw error("replay ", name, " could not be read");
    got += static_cast<std::size_t>(n);
  }
  return bytes;
}

}  // namespace kibitz::web
