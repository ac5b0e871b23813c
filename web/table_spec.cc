#include "web/table_spec.h"

#include <string>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/spec.h"
#include "web/request_json.h"

namespace kibitz::web {

namespace {

// Whether a seat label is a person; "human" takes no parameters.
bool is_human_label(const std::string& label, int seat) {
  const Spec spec = parse_spec(label);
  if (spec.name != kHumanSeat) return false;
  if (!spec.args.empty()) throw error("seat ", seat, ": '", label, "': human takes no parameters");
  return true;
}

// The game of the request, built from `checked`.
std::shared_ptr<const Game> load_checked_game(const CheckedSpec& checked) {
  try {
    return load_game(checked.spec);
  } catch (const KibitzError& e) {
    throw error(without_paths(e.what(), checked));
  }
}

// Seat `seat`'s agent, built from its checked spec, with what clients see of it.
void make_checked_agent(SeatPlan& seat, const SpecPolicy& policy, std::shared_ptr<const Game> game,
                        std::uint64_t seed) {
  const CheckedSpec checked = check_agent_spec(seat.label, policy);
  try {
    seat.agent = make_agent(checked.spec, std::move(game), seed);
  } catch (const KibitzError& e) {
    throw error(without_paths(e.what(), checked));
  }
  // The host may have named an entry by its path (a spec this server
  // recorded before): shown by its name like the rest.
  seat.label = shown_agent_spec(seat.label, checked);
  seat.spec = shown_agent_spec(seat.agent->spec(), checked);
}

}  // namespace

TablePlan plan_table(const TableSpec& spec, const TableSpecRules& rules, std::uint64_t seed) {
  if (spec.game.empty()) throw error("the table names no game");
  TablePlan plan;
  const CheckedSpec game_spec = check_game_spec(spec.game, rules.policy);
  plan.game = load_checked_game(game_spec);
  // The game's spec as the host may see it: catalogue names, not paths.
  plan.game_spec = shown_game_spec(plan.game->spec(), game_spec);
  const std::string& game_name = plan.game_spec;
  const int players = plan.game->num_players();
  if (players > rules.max_seats) {
    throw error(game_name, " has ", players, " seats, more than this server's limit of ",
                rules.max_seats, " seats per table");
  }
  if (static_cast<int>(spec.seats.size()) != players) {
    throw error("the table gives ", spec.seats.size(), " seat", spec.seats.size() == 1 ? "" : "s",
                " but ", game_name, " has ", players,
                " players: give one seat (\"human\" or an agent spec) per player");
  }
  for (int s = 0; s < players; ++s) {
    const std::string& label = spec.seats[static_cast<std::size_t>(s)];
    SeatPlan seat{label, nullptr, std::string(kHumanSeat)};
    try {
      if (!is_human_label(label, s)) {
        make_checked_agent(seat, rules.policy, plan.game,
                           derive_seed(seed, "seat", static_cast<std::uint64_t>(s)));
      }
    } catch (const KibitzError& e) {
      const std::string message = e.what();
      // Messages from the registry do not say which seat they are about.
      if (message.rfind("seat ", 0) == 0) throw;
      throw error("seat ", s, ": ", message);
    }
    plan.seats.push_back(std::move(seat));
  }
  return plan;
}

namespace {

// A spec string of a table request. Specs are plain text: a control
// character (a NUL, a newline) is refused here, so no later message that
// quotes the spec can be cut short or broken by one.
std::string request_spec_text(const json::Value& value, const std::string& what) {
  const std::string_view text(value.GetString(), value.GetStringLength());
  for (const char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      throw error("table request: ", what, " ", quoted_request_text(text),
                  " holds a control character");
    }
  }
  return std::string(text);
}

}  // namespace

TableSpec parse_table_spec_json(std::string_view json) {
  json::Document doc;
  parse_request_json(json, "table request", doc);
  if (!doc.IsObject()) throw error("table request: expected a JSON object");
  TableSpec spec;
  bool has_game = false;
  bool has_seats = false;
  for (auto it = doc.MemberBegin(); it != doc.MemberEnd(); ++it) {
    const std::string key(it->name.GetString(), it->name.GetStringLength());
    if (key == "game") {
      if (!it->value.IsString()) throw error("table request: \"game\" must be a string");
      spec.game = request_spec_text(it->value, "\"game\"");
      has_game = true;
    } else if (key == "seats") {
      if (!it->value.IsArray()) throw error("table request: \"seats\" must be an array of strings");
      for (const auto& seat : it->value.GetArray()) {
        if (!seat.IsString()) throw error("table request: every seat must be a string");
        spec.seats.push_back(request_spec_text(seat, "seat " + std::to_string(spec.seats.size())));
      }
      has_seats = true;
    } else {
      throw error("table request: unknown field ", quoted_request_text(key),
                  " (expected \"game\" and \"seats\")");
    }
  }
  if (!has_game) throw error("table request: missing \"game\"");
  if (!has_seats) throw error("table request: missing \"seats\"");
  return spec;
}

}  // namespace kibitz::web
