// The browser side of `kibitz serve` (web/static/: the server's page, the
// table page, their scripts and style), embedded into the binary at build
// time by web/embed_static.cmake: the server serves them from memory and
// never reads the disk or the network at run time.
#pragma once

#include <span>
#include <string_view>

// In their own namespace: web/server/static_pages.h has a StaticFile of its
// own (owning strings, for its built-in fallback pages).
namespace kibitz::web::pages {

struct StaticFile {
  std::string_view content_type;  // e.g. "text/html; charset=utf-8"
  std::string_view bytes;
};

// The file served at URL path `path` ("/table.html", "/js/table.js"), "/"
// being index.html and "/table/<id>" (a join link's path, the id of letters,
// digits, '-' and '_') table.html; nullptr for anything else. Only exact
// embedded paths match, so "/../x", "//etc/passwd" or "/a/./b" can never
// reach the disk. A query string must be cut off by the caller.
const StaticFile* static_file(std::string_view path);

// One embedded file; defined in the generated source.
struct EmbeddedFile {
  std::string_view path;  // "/index.html"
  StaticFile file;
};
std::span<const EmbeddedFile> embedded_static_files();

}  // namespace kibitz::web::pages
