// ReplayLibrary: the replay files of `kibitz serve`'s folder, as the server
// lists and serves them.
//
//   - The folder is read once, at start-up; from then on the list is kept
//     in memory and grows as the server writes a file (add), so that
//     GET /api/replays costs no folder scan however many files there are.
//   - Retention: the server keeps the newest max_files replay files that it
//     wrote itself and deletes its older ones; files that were there before
//     it started (or that others put there) are listed, never deleted.
//   - Only plain regular files named "<name>.kbr" in valid, printable UTF-8
//     are listed; a symbolic link is never listed or opened (it could point
//     anywhere on the machine), and read() opens with O_NOFOLLOW and checks
//     again, so a file replaced by a link after it was listed is refused.
//   - Errors name the file, never the folder's path on the server.
//
// Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::web {

// One replay file of the folder.
struct ReplayListing {
  std::string file;  // the name inside the folder, e.g. "3f9c0a1b2d4e.kbr"
  std::uintmax_t bytes = 0;
};

class ReplayLibrary {
 public:
  // Lists `folder` (empty: no folder, nothing listed). max_files >= 1.
  ReplayLibrary(std::string folder, std::size_t max_files);

  // Newest first.
  std::vector<ReplayListing> list() const;
  std::optional<ReplayListing> find(std::string_view file) const;

  // Writes `file` by calling write(its path) and files it as the newest;
  // past max_files of its own, deletes its oldest. Returns the names
  // deleted. The list is locked meanwhile, so whoever sees the file in the
  // folder finds it listed too. An exception from `write` is passed on and
  // nothing is listed.
  std::vector<std::string> add(const std::string& file,
                               const std::function<void(const std::string&)>& write);

  // The bytes of listed file `file`, read without following a link, at
  // most max_read_bytes of them; KibitzError naming only the file otherwise.
  std::string read(std::string_view file, std::size_t max_read_bytes) const;

  const std::string& folder() const { return folder_; }

 private:
  const std::string folder_;
  const std::size_t max_files_;
  mutable std::mutex mutex_;
  std::vector<ReplayListing> listed_;  // newest first
  std::deque<std::string> written_;    // this server's files, oldest first
};

// Whether `name` may be listed: "<something>.kbr", no '/', valid printable
// UTF-8, not starting with '.'.
bool is_listable_replay_name(std::string_view name);

}  // namespace kibitz::web
