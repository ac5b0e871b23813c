#include "web/server/routes.h"

#include <fstream>
#include <future>
#include <optional>
#include <sstream>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "replays/record_json.h"
#include "replays/replay_reader.h"
#include "web/game_listing.h"
#include "web/replay_view.h"
#include "web/request_json.h"
#include "web/seat_record_view.h"

namespace kibitz::web {
namespace {

using seat_protocol::MessageWriter;

constexpr std::string_view kApiTables = "/api/tables";
constexpr std::string_view kApiGames = "/api/games";
constexpr std::string_view kApiReplays = "/api/replays";
constexpr std::string_view kApiReplaysPrefix = "/api/replays/";
constexpr std::string_view kUploadView = "/api/replays/view";
constexpr std::string_view kViewSuffix = "/view";
constexpr std::string_view kUploadSource = "uploaded file";

HttpReply json_reply(int status, std::string body) {
  return HttpReply{status, "application/json", std::move(body)};
}

// MessageWriter leads every object with a "type"; list entries need none.
std::string without_type(const MessageWriter& writer, std::string_view type) {
  std::string line = writer.line();
  line.erase(1, std::string("\"type\":\"").size() + type.size() + 2);
  return line;
}

// A table's seats, with links for the person seats: only for the host.
std::string created_table_json(const Table& table) {
  std::string seats = "[";
  for (Player s = 0; s < static_cast<Player>(table.seat_labels().size()); ++s) {
    MessageWriter seat("seat");
    seat.integer("seat", s).text("label", table.seat_labels()[static_cast<std::size_t>(s)]);
    if (!table.seat_token(s).empty()) seat.text("link", seat_link(table, s));
    seats += (s == 0 ? "" : ",") + without_type(seat, "seat");
  }
  seats += "]";
  std::string out = "{\"id\":";
  seat_protocol::append_json_string(out, table.id());
  out += ",\"game\":";
  seat_protocol::append_json_string(out, table.game_spec());
  out += ",\"seats\":" + seats + ",\"spectator\":";
  seat_protocol::append_json_string(out, spectator_link(table));
  return out + "}";
}

std::string status_text(const TableStatus& status) {
  if (status.aborted) return "aborted";
  return status.finished ? "finished" : "playing";
}

HttpReply list_tables(const TableRegistry& registry) {
  std::string out = "{\"tables\":[";
  bool first = true;
  for (const TableStatus& table : registry.tables()) {
    MessageWriter entry("table");
    entry.text("id", table.id).text("game", table.game).texts("seats", table.seats)
        .text("status", status_text(table)).integer("moves", table.moves);
    out += (first ? "" : ",") + without_type(entry, "table");
    first = false;
  }
  return json_reply(200, out + "]}");
}

HttpReply list_replays(const TableRegistry& registry) {
  std::string out = "{\"replays\":[";
  bool first = true;
  for (const ReplayListing& replay : registry.replays()) {
    MessageWriter entry("replay");
    entry.text("file", replay.file).unsigned_integer("bytes", replay.bytes);
    out += (first ? "" : ",") + without_type(entry, "replay");
    first = false;
  }
  return json_reply(200, out + "]}");
}

// The most bytes of a listed replay file the server reads to answer one
// request (the files it writes itself are a few kilobytes).
constexpr std::size_t kMaxServedReplayBytes = std::size_t{64} << 20;

// Only a name the replay library lists is opened (never a link, never a
// path outside the folder: "../x", "/etc/passwd"), and errors name the file
// alone, never the folder's path on the server.
HttpReply one_replay(const TableRegistry& registry, std::string_view name) {
  if (!registry.replay_library().find(name)) return error_reply(404, "no replay named " + std::string(name));
  const std::string bytes = registry.replay_library().read(name, kMaxServedReplayBytes);
  std::istringstream in(bytes);
  replays::ReplayReader reader(in, std::string(name));
  std::ostringstream out;
  replays::JsonRecordWriter writer(out);
  replays::ReplayRecord record;
  while (reader.next(record)) writer.write(record);
  writer.finish();
  return json_reply(200, out.str());
}

// "/api/replays/<file>/view" -> "<file>"; empty for any other path.
std::string_view viewed_file(std::string_view path) {
  if (path.size() <= kApiReplaysPrefix.size() + kViewSuffix.size()) return {};
  if (path.substr(0, kApiReplaysPrefix.size()) != kApiReplaysPrefix) return {};
  if (path.substr(path.size() - kViewSuffix.size()) != kViewSuffix) return {};
  return path.substr(kApiReplaysPrefix.size(), path.size() - kApiReplaysPrefix.size() - kViewSuffix.size());
}

// Any problem with the file or the game asked for is the request's: 400,
// whatever words the message uses (route_http reads "limit" as the server's).
template <typename Build>
HttpReply view_reply(Build build) {
  try {
    return json_reply(200, build());
  } catch (const KibitzError& e) {
    return error_reply(400, e.what());
  }
}

HttpReply listed_view(const TableRegistry& registry, std::string_view name, std::string_view target,
                      ReplayViewCache* views) {
  const std::optional<ReplayListing> listing = registry.replay_library().find(name);
  if (!listing) return error_reply(404, "no replay named " + std::string(name));
  // The server's replays name catalogue files as its clients did: the
  // names are resolved through the catalogues again, as an upload's are.
  ReplayViewOptions options;
  options.game_policy = &registry.spec_policy();
  return view_reply([&] {
    const std::size_t game = parse_game_index(query_parameter(target, "game"));
    const auto build = [&] {
      const std::string bytes = registry.replay_library().read(listing->file, kMaxServedReplayBytes);
      return replay_view_of_bytes(bytes, listing->file, game, options);
    };
    if (views == nullptr) return build();
    // The size is in the key: a file replaced under the same name is viewed afresh.
    return views->get_or_build(listing->file + "\n" + std::to_string(listing->bytes) + "\n" +
                                   std::to_string(game),
                               build);
  });
}

HttpReply uploaded_view(const TableRegistry& registry, std::string_view target, std::string_view body) {
  if (body.empty()) {
    return error_reply(400, "the request body is empty: send the bytes of a .kbr replay file or a seat record");
  }
  // An uploaded game spec is a client's: it passes the same policy as a table's.
  ReplayViewOptions options;
  options.game_policy = &registry.spec_policy();
  return view_reply([&] {
    const std::size_t game = parse_game_index(query_parameter(target, "game"));
    // A seat record (JSON) is viewed too; the library lists only replay files.
    if (looks_like_seat_record(body)) return seat_record_view_of_bytes(body, kUploadSource, game, options);
    return replay_view_of_bytes(body, kUploadSource, game, options);
  });
}

HttpReply create_table(TableRegistry& registry, std::string_view body) {
  TableSpec spec = parse_table_spec_json(body);
  std::promise<CreateResult> built;
  std::future<CreateResult> result = built.get_future();
  registry.create_async(std::move(spec), [&built](CreateResult r) { built.set_value(std::move(r)); });
  return table_reply(result.get());
}

HttpReply api(TableRegistry& registry, std::string_view method, std::string_view target,
              std::string_view body, ReplayViewCache* views) {
  const std::string_view path = target_path(target);
  if (path == kApiTables) {
    if (method == "POST") return create_table(registry, body);
    if (method == "GET") return list_tables(registry);
    return error_reply(405, std::string(path) + " takes GET or POST");
  }
  if (path == kUploadView) {
    if (method != "POST") return error_reply(405, std::string(path) + " takes POST (a replay file's bytes)");
    return uploaded_view(registry, target, body);
  }
  if (method != "GET") return error_reply(405, std::string(path) + " takes GET");
  if (const std::string_view file = viewed_file(path); !file.empty()) {
    return listed_view(registry, file, target, views);
  }
  if (path == kApiGames) return json_reply(200, games_json());
  if (path == kApiReplays) return list_replays(registry);
  if (path.substr(0, kApiReplaysPrefix.size()) == kApiReplaysPrefix) {
    return one_replay(registry, path.substr(kApiReplaysPrefix.size()));
  }
  return error_reply(404, "no route " + std::string(path));
}

}  // namespace

// A message may quote what the client sent (a path, a name): cleaned, so
// that a reply never carries invalid UTF-8 or a control byte.
HttpReply error_reply(int status, std::string_view message) {
  std::string body = "{\"error\":";
  seat_protocol::append_json_string(body, printable_utf8(message, 4000));
  return json_reply(status, body + "}");
}

bool is_table_request(std::string_view method, std::string_view target) {
  return method == "POST" && target_path(target) == kApiTables;
}

HttpReply table_reply(const CreateResult& result) {
  if (result.table) return json_reply(201, created_table_json(*result.table));
  return error_reply(result.limit ? 503 : 400, result.error);
}

std::string_view target_path(std::string_view target) {
  return target.substr(0, target.find('?'));
}

std::string query_parameter(std::string_view target, std::string_view name) {
  const std::size_t question = target.find('?');
  if (question == std::string_view::npos) return {};
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    const std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name && eq != std::string_view::npos) {
      return std::string(pair.substr(eq + 1));
    }
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return {};
}

std::string seat_link(const Table& table, Player seat) {
  return "/table/" + table.id() + "?seat=" + table.seat_token(seat);
}

std::string spectator_link(const Table& table) { return "/table/" + table.id(); }

bool runs_off_network_threads(std::string_view method, std::string_view target) {
  const std::string_view path = target_path(target);
  return (method == "POST" && path == kUploadView) || (method == "GET" && !viewed_file(path).empty());
}

bool is_upload_target(std::string_view target) { return target_path(target) == kUploadView; }

HttpReply route_http(TableRegistry& registry, const StaticFileHook& static_files,
                     std::string_view method, std::string_view target, std::string_view body,
                     ReplayViewCache* views) {
  const std::string_view path = target_path(target);
  try {
    if (path.substr(0, 5) == "/api/" || path == "/api") return api(registry, method, target, body, views);
    if (method != "GET" && method != "HEAD") return error_reply(405, "pages take GET");
    std::optional<StaticFile> file = static_files ? static_files(path) : std::nullopt;
    if (!file) file = builtin_static_file(path);
    if (!file) return error_reply(404, "no page " + std::string(path));
    return HttpReply{200, std::move(file->content_type), std::move(file->body)};
  } catch (const KibitzError& e) {
    // A request past a limit is the server's refusal, not the request's fault.
    const std::string_view message = e.what();
    const bool limit = message.find("limit") != std::string_view::npos;
    return error_reply(limit ? 503 : 400, message);
  }
}

}  // namespace kibitz::web
