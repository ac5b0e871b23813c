// The seam through which `kibitz serve` serves its pages: a StaticFileHook
// maps a request path ("/", "/table/3f9c...", "/viewer.js") to a file, or
// to nothing (404). The browser pages (web/static_files.h, when built) plug
// in here; without them the server answers with builtin_static_file: a
// minimal index and table page, enough to play by the buttons.
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

// "/" (the tables and replays, and a form to create a table) and
// "/table/<id>" (a table page: the seat's stream as text, its legal actions
// as buttons); nothing else.
std::optional<StaticFile> builtin_static_file(std::string_view path);

}  // namespace kibitz::web
