// The HTTP routes of `kibitz serve`, as plain functions of a request's
// method, target and body (no sockets, so they are tested and read alone):
//
//   POST /api/tables          a table request (web/table_spec.h's JSON) ->
//                             201 {"id","game","seats":[{"seat","label","link"}],
//                             "spectator"}: a person seat's link carries its
//                             secret token; only the host who asked sees it.
//   GET  /api/tables          {"tables":[{"id","game","seats","status","moves"}]}: never a token
//   GET  /api/replays         {"replays":[{"file","bytes"}]}, newest first
//   GET  /api/replays/<file>  that replay as JSON (replays/record_json.h)
//   GET  anything else        the StaticFileHook's file, else the built-in page, else 404
//
// Errors are {"error": "..."} with 400 (a bad request), 404, 405 or 429/503
// (a limit), the message naming the problem.
#pragma once

#include <string>
#include <string_view>

#include "web/server/static_pages.h"
#include "web/table.h"
#include "web/table_registry.h"

namespace kibitz::web {

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

HttpReply route_http(TableRegistry& registry, const StaticFileHook& static_files,
                     std::string_view method, std::string_view target, std::string_view body);

// "/table/<id>?seat=<token>", the join link of person seat `seat`.
std::string seat_link(const Table& table, Player seat);
// "/table/<id>", the spectators' link.
std::string spectator_link(const Table& table);

// The path of `target` (before any '?') and the value of its query
// parameter `name` (empty when absent).
std::string_view target_path(std::string_view target);
std::string query_parameter(std::string_view target, std::string_view name);

}  // namespace kibitz::web
