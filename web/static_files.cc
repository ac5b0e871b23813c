#include "web/static_files.h"

namespace kibitz::web::pages {
namespace {

// "/table/<id>": the path of every join and spectator link (web/server/routes.h).
bool is_table_link(std::string_view path) {
  constexpr std::string_view kTable = "/table/";
  if (path.substr(0, kTable.size()) != kTable || path.size() == kTable.size()) return false;
  for (const char c : path.substr(kTable.size())) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '_';
    if (!plain) return false;
  }
  return true;
}

}  // namespace

const StaticFile* static_file(std::string_view path) {
  if (path == "/") path = "/index.html";
  if (is_table_link(path)) path = "/table.html";
  // A handful of files: a linear scan is as fast as any map and needs no
  // start-up work.
  for (const EmbeddedFile& embedded : embedded_static_files()) {
    if (embedded.path == path) return &embedded.file;
  }
  return nullptr;
}

}  // namespace kibitz::web::pages
