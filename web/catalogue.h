// Catalogue: the files an operator offers to a server's clients by name
// (kibitz serve --models DIR, --decks DIR). A client never names a path: it
// names an entry, and the server maps the name to the file it listed at
// start-up (docs/serve.md, "Security model").
//
// The entries are the regular files directly in DIR when the catalogue is
// made: no subfolders, and no symbolic links (a link could lead out of DIR).
// A file is offered under its whole name ("spies.pt") and under its stem,
// the name without its last extension ("spies"), when no other file has
// that stem. Only names of letters, digits, '.', '_' and '-' that do not
// start with '.' are offered; other files are skipped (and reported), so a
// name can never be a path or change how a spec parses.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::web {

class Catalogue {
 public:
  // An empty catalogue, offering nothing; `flag` ("--models") is named in
  // errors that say how to offer files.
  explicit Catalogue(std::string flag = {});

  // The files directly in `dir`. Throws KibitzError naming `flag` and `dir`
  // when `dir` is not a folder that can be listed, or when its path holds a
  // character that would break a spec (',', '(', ')', '=').
  static Catalogue of_folder(std::string flag, const std::string& dir);

  bool empty() const { return paths_.empty(); }
  const std::string& flag() const { return flag_; }
  const std::string& folder() const { return folder_; }

  // Every offered name (whole names and stems), sorted.
  std::vector<std::string> names() const;

  // The path of the entry called `name`, or null when there is none.
  const std::string* find(std::string_view name) const;

  // The whole file name of the entry whose path is exactly `path` (as find
  // returns it), or null. A spec this server rewrote names its entries by
  // path, as the games and replays it records do; this is a string
  // comparison only, no file is looked at.
  const std::string* name_of_path(std::string_view path) const;

  // The files left out and why, e.g. "notes (a subfolder)", for start-up.
  const std::vector<std::string>& skipped() const { return skipped_; }

  // Whether `name` could be an entry's name: 1 to 128 letters, digits, '.',
  // '_' or '-', not starting with '.'. No path, "..", or spec syntax passes.
  static bool is_entry_name(std::string_view name);

 private:
  std::string flag_;
  std::string folder_;
  std::map<std::string, std::string, std::less<>> paths_;  // name -> path
  std::vector<std::string> skipped_;
};

}  // namespace kibitz::web
