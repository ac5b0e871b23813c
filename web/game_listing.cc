#include "web/game_listing.h"

#include "agents/external/seat_protocol.h"
#include "agents/heuristic/heuristic_part.h"
#include "env/core/registry.h"
#include "web/game_part.h"

namespace kibitz::web {
namespace {

using seat_protocol::append_json_string;

std::string quoted(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

std::string examples_json(const GameInfo& info) {
  std::string out = "[";
  for (std::size_t i = 0; i < info.examples.size(); ++i) {
    out += (i == 0 ? "{\"spec\":" : ",{\"spec\":") + quoted(info.examples[i].spec) +
           ",\"what\":" + quoted(info.examples[i].what) + "}";
  }
  return out + "]";
}

std::string game_json(const GameInfo& info) {
  const WebPart* web = WebParts::find(info.name);
  const std::string renderer = web != nullptr ? web->renderer : std::string();
  return "{\"name\":" + quoted(info.name) + ",\"title\":" + quoted(info.title) +
         ",\"summary\":" + quoted(info.summary) + ",\"default_spec\":" + quoted(info.name) +
         ",\"examples\":" + examples_json(info) +
         ",\"heuristic\":" + (HeuristicParts::find(info.name) != nullptr ? "true" : "false") +
         ",\"renderer\":" + (renderer.empty() ? std::string("null") : quoted(renderer)) + "}";
}

}  // namespace

const std::string& games_json() {
  static const std::string json = [] {
    std::string out = "{\"games\":[";
    bool first = true;
    for (const GameInfo& info : registered_games()) {
      out += (first ? "" : ",") + game_json(info);
      first = false;
    }
    return out + "]}";
  }();
  return json;
}

}  // namespace kibitz::web
