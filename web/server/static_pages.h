// The seam through which `kibitz serve` serves its pages: a StaticFileHook
// maps a request path ("/", "/table/3f9c...", "/js/table.js") to a file, or
// to nothing. The server's default hook is embedded_static_file (the pages
// of web/static/, embedded at build time by web/static_files.h); a path it
// does not know falls back to builtin_static_file, then 404.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace kibitz::web {

struct StaticFile {
  std::string content_type;  // "text/html; charset=utf-8"
  std::string body;
};

// `path` is the request's path without its query. Called on a network
// thread, concurrently: it must be thread-safe and quick (no disk I/O per
// call beyond reading a small file).
using StaticFileHook = std::function<std::optional<StaticFile>(std::string_view path)>;

// web/static_files.h's embedded file at `path`, copied out.
std::optional<StaticFile> embedded_static_file(std::string_view path);

// A minimal fallback: "/" (the tables and replays, and a form to create a table) and
// "/table/<id>" (a table page: the seat's stream as text, its legal actions
// as buttons); nothing else.
std::optional<StaticFile> builtin_static_file(std::string_view path);

}  // namespace kibitz::web
