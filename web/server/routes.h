// The HTTP routes of `kibitz serve`, as plain functions of a request's
// method, target and body (no sockets, so they are tested and read alone):
//
//   POST /api/tables          a table request (web/table_spec.h's JSON) ->
//                             201 {"id","game","seats":[{"seat","label","link"}],
//                             "spectator"}: a person seat's link carries its
//                             secret token; only the host who asked sees it.
//   GET  /api/tables          {"tables":[{"id","game","seats","status","moves"}]}: never a token
//   GET  /api/games           every registered game with what its manifest gives
//                             the pages (web/game_listing.h)
//   GET  /api/replays         {"replays":[{"file","bytes"}]}, newest first
//   GET  /api/replays/<file>  that replay as JSON (replays/record_json.h)
//   GET  /api/replays/<file>/view?game=N
//                             the replay viewer's document for game N (from 0,
//                             default 0) of a listed file (web/replay_view.h)
//   POST /api/replays/view?game=N
//                             the same for the bytes of a .kbr file in the body
//   GET  anything else        the StaticFileHook's file, else the built-in page, else 404
//
// Errors are {"error": "..."} with 400 (a bad request), 404, 405 or 429/503
// (a limit), the message naming the problem. A viewer document replays and
// analyses a game, which can take a while: the server builds it off its
// network threads (runs_off_network_threads).
#pragma once

#include <string>
#include <string_view>

#include "web/replay_view_cache.h"
#include "web/server/static_pages.h"
#include "web/table.h"
#include "web/table_registry.h"

namespace kibitz::web {

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

// `views`, when given, keeps the last viewer documents built.
HttpReply route_http(TableRegistry& registry, const StaticFileHook& static_files,
                     std::string_view method, std::string_view target, std::string_view body,
                     ReplayViewCache* views = nullptr);

// Whether route_http builds a replay viewer document for this request: the
// server then calls it off the network threads.
bool runs_off_network_threads(std::string_view method, std::string_view target);

// Whether the request is a table request (POST /api/tables). The server
// parses it on its network thread, builds the table on the think pool
// (TableRegistry::create_async) and answers with table_reply once built;
// route_http answers one by waiting for the build.
bool is_table_request(std::string_view method, std::string_view target);

// The answer to a table request: 201 {"id","game","seats","spectator"},
// 400 naming what is wrong with it, or 503 past a limit.
HttpReply table_reply(const CreateResult& result);

// An error answer, {"error": MESSAGE}; the message is cleaned of invalid
// UTF-8 and control bytes (request_json.h's printable_utf8).
HttpReply error_reply(int status, std::string_view message);

// Whether `target` is the upload route, whose body limit is max_upload_bytes
// (every other request's is max_request_bytes).
bool is_upload_target(std::string_view target);

// "/table/<id>?seat=<token>", the join link of person seat `seat`.
std::string seat_link(const Table& table, Player seat);
// "/table/<id>", the spectators' link.
std::string spectator_link(const Table& table);

// The path of `target` (before any '?') and the value of its query
// parameter `name` (empty when absent).
std::string_view target_path(std::string_view target);
std::string query_parameter(std::string_view target, std::string_view name);

}  // namespace kibitz::web
