#include "tools/engine/engine_server.h"

#include <algorithm>
#include <array>
#include <exception>
#include <optional>

#include "agents/external/seat_protocol.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "tools/engine/decision_watch.h"

namespace kibitz::tools {

namespace {

// {"text": number, ...}, in the given order.
std::string text_number_object(const std::vector<std::pair<std::string, double>>& entries) {
  std::string json = "{";
  for (const auto& [text, number] : entries) {
    if (json.size() > 1) json += ',';
    seat_protocol::append_json_string(json, text);
    json += ':' + seat_protocol::json_number(number);
  }
  return json + "}";
}

// "a, b, c" for an error message; "none" for no texts.
std::string join_texts(const std::vector<std::string>& texts) {
  std::string out;
  for (const std::string& text : texts) out += (out.empty() ? "" : ", ") + text;
  return out.empty() ? "none" : out;
}

}  // namespace

using seat_protocol::MessageWriter;

std::vector<std::string> games_with_streams() {
  // Worked out once: the registry is fixed when the program starts, and
  // loading every game again for each hello cost more than the rest of a
  // short session.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const GameInfo& info : registered_games()) {
      try {
        load_game(info.name)->stream_spec();
        out.push_back(info.name);
      } catch (const KibitzError&) {
        // Not on seat streams yet: the engine cannot play it.
      }
    }
    return out;
  }();
  return names;
}

EngineServer::EngineServer(std::string agent_spec, std::uint64_t seed)
    : agent_spec_(std::move(agent_spec)), seed_(seed) {}

std::string EngineServer::handle(std::string_view line) {
  std::string type;
  try {
    const EngineRequest request = EngineRequest::parse(line);
    type = request.type();
    return dispatch(request);
  } catch (const std::exception& e) {
    // A KibitzError names bad input; anything else (a model file LibTorch
    // cannot read, say) is still this request's failure, not the engine's
    // end: handlers change the session only once nothing more can throw.
    MessageWriter reply("error");
    reply.text("message", e.what());
    if (!type.empty()) reply.text("request", type);
    return reply.line();
  }
}

std::string EngineServer::refuse_long_line(std::size_t bytes) const {
  return MessageWriter("error")
      .text("message", "a line of " + std::to_string(bytes) + " bytes is longer than the " +
                           std::to_string(seat_protocol::kMaxLineBytes) +
                           "-byte limit; it was skipped unread")
      .line();
}

std::string EngineServer::dispatch(const EngineRequest& request) {
  const std::string& type = request.type();
  if (type == "hello") return on_hello(request);
  if (!said_hello_) throw error("say hello first: {\"type\":\"hello\",\"version\":", seat_protocol::kVersion, "}");
  if (type == "new_game") return on_new_game(request);
  if (type == "state") return on_state();
  need_game(request);
  if (type == "observation" || type == "observations") return on_observations(request);
  if (type == "act") return on_act(request);
  if (type == "end_game") return on_end_game(request);
  KIBITZ_CHECK(false, "request type ", type, " has no handler");
  return {};
}

std::string EngineServer::on_hello(const EngineRequest& request) {
  if (request.has("protocol") && request.text("protocol") != seat_protocol::kName) {
    throw error("this engine speaks the \"", seat_protocol::kName, "\" protocol, not \"",
                request.text("protocol"), "\"");
  }
  const std::int64_t version = request.integer("version", 0, 1'000'000);
  if (version < seat_protocol::kOldestVersion || version > seat_protocol::kVersion) {
    throw error("this engine speaks versions ", seat_protocol::kOldestVersion, " to ",
                seat_protocol::kVersion, " of ", seat_protocol::kName, ", not version ", version);
  }
  said_hello_ = true;
  version_ = static_cast<int>(version);
  const std::vector<std::string> games = games_with_streams();
  return MessageWriter("hello")
      .text("protocol", seat_protocol::kName)
      .integer("version", version_)
      .text("engine", "kibitz")
      .text("agent", agent_spec_)
      .texts("games", games)
      .line();
}

std::string EngineServer::on_new_game(const EngineRequest& request) {
  if (session_) {
    throw error("a game is under way (", session_->game().spec(), ", seat ", session_->seat(),
                "): send end_game first");
  }
  const std::shared_ptr<const Game> game = load_game(request.text("game"));
  game->stream_spec();  // throws for a game not on seat streams yet
  const auto seat = static_cast<Player>(request.integer("seat", 0, game->num_players() - 1));
  const bool seeded = request.has("seed");
  const std::uint64_t seed = seeded ? request.unsigned_integer("seed") : seed_;
  // Built aside and kept only once everything has worked.
  std::unique_ptr<Agent> fresh;
  const bool same_game = agent_ && agent_game_ == game->spec();
  // An agent that can restart as if built with the seed (Agent::reseed) is
  // kept: its model, say, is not read again.
  if (!same_game || (seeded && !agent_->reseed(seed))) {
    try {
      fresh = make_agent(agent_spec_, game, seed);
    } catch (const KibitzError& e) {
      throw error("agent '", agent_spec_, "' for ", game->spec(), ": ", e.what());
    }
  }
  Agent& agent = fresh ? *fresh : *agent_;
  auto session = std::make_unique<SeatSession>(game, seat, agent, seed);
  if (fresh) {
    agent_ = std::move(fresh);
    agent_game_ = game->spec();
  }
  session_ = std::move(session);
  records_.reset();
  if (!records_dir_.empty()) {
    records_ = std::make_unique<SeatRecordKeeper>(records_dir_, *game, seat, agent_spec_, "kibitz engine");
    records_->start_game(++games_started_);
  }
  return MessageWriter("game")
      .text("game", game->spec())
      .integer("seat", seat)
      .integer("players", game->num_players())
      .integer("observations", static_cast<std::int64_t>(session_->stream().size()))
      .boolean("to_act", session_->to_act())
      .line();
}

void EngineServer::need_game(const EngineRequest& request) const {
  if (!session_) throw error("no game under way: send new_game first");
  if (request.has("seat")) {
    const std::int64_t seat = request.integer("seat", 0, 1'000'000);
    if (seat != session_->seat()) {
      throw error("this engine plays seat ", session_->seat(), " of ", session_->game().spec(),
                  ", not seat ", seat);
    }
  }
}

std::string EngineServer::on_observations(const EngineRequest& request) {
  const std::vector<Observation> more = request.observations(session_->game());
  session_->observe(more);
  return MessageWriter("observed")
      .integer("observations", static_cast<std::int64_t>(session_->stream().size()))
      .boolean("to_act", session_->to_act())
      .boolean("over", session_->over())
      .line();
}

ActBudget EngineServer::read_budget(const EngineRequest& request) {
  static constexpr std::array<std::string_view, 2> kFields = {"simulations", "milliseconds"};
  ActBudget budget;
  const json::Value* b = request.object("budget", kFields);
  if (b == nullptr) return budget;
  auto read = [&](const char* name, std::int64_t max) -> std::int64_t {
    const auto it = b->FindMember(name);
    if (it == b->MemberEnd()) return 0;
    if (!it->value.IsInt64() || it->value.GetInt64() < 1 || it->value.GetInt64() > max) {
      throw error("budget \"", name, "\" must be an integer from 1 to ", max);
    }
    return it->value.GetInt64();
  };
  budget.simulations = read("simulations", 1'000'000'000);
  budget.time_ms = read("milliseconds", 3'600'000);
  if ((budget.simulations > 0) == (budget.time_ms > 0)) {
    throw error("a budget gives one of \"simulations\" or \"milliseconds\"");
  }
  return budget;
}

void EngineServer::watch_decisions(int fd, const std::atomic<bool>* interrupt) {
  watch_fd_ = fd;
  interrupt_ = interrupt;
}

std::string EngineServer::on_act(const EngineRequest& request) {
  if (request.has("legal")) check_legal(request);
  ActBudget budget = read_budget(request);
  std::optional<DecisionWatch> watch;
  if (watch_fd_ >= 0) {
    watch.emplace(watch_fd_, interrupt_);
    budget.stop = watch->flag();
  }
  const SeatDecision decision = session_->act(budget);
  if (watch && watch->input_closed()) input_closed_ = true;
  // The engine plays what it answers: the move made is the move advised.
  if (records_) records_->on_decision(session_->stream().size(), decision.action_text, decision.action_text);
  MessageWriter reply("action");
  reply.text("action", decision.action_text);
  // Objects from each legal action's text to its share, and to its value.
  if (!decision.policy.empty()) reply.raw("policy", text_number_object(decision.policy));
  if (decision.value) reply.number("value", *decision.value);
  if (!decision.action_values.empty()) reply.raw("values", text_number_object(decision.action_values));
  return reply.line();
}

// Version 3's act may carry the table's legal actions. The engine knows
// them from the seat's stream; a table that sees others has lost track of
// the game, and acting on either list would hide that.
void EngineServer::check_legal(const EngineRequest& request) const {
  if (version_ < 3) throw error("\"legal\" comes with version 3 of ", seat_protocol::kName, ": say hello with it");
  std::vector<std::string> table = request.texts("legal", seat_protocol::kMaxLegalActions);
  std::vector<std::string> own = session_->legal_action_texts();
  std::sort(table.begin(), table.end());
  std::sort(own.begin(), own.end());
  if (table != own) {
    throw error("the table's legal actions (", join_texts(table), ") are not this seat's (", join_texts(own),
                "): the table and the engine disagree about the game");
  }
}

std::string EngineServer::on_state() const {
  MessageWriter reply("state");
  reply.boolean("in_game", session_ != nullptr);
  if (!session_) return reply.line();
  const StreamSpec& spec = session_->game().stream_spec();
  std::vector<std::string> stream;
  for (const Observation& o : session_->stream()) stream.push_back(spec.to_json(o));
  return reply.text("game", session_->game().spec())
      .integer("seat", session_->seat())
      .integer("observations", static_cast<std::int64_t>(stream.size()))
      .raw("stream", seat_protocol::json_array(stream))
      .boolean("to_act", session_->to_act())
      .boolean("over", session_->over())
      .texts("legal", session_->legal_action_texts())
      .line();
}

std::string EngineServer::on_end_game(const EngineRequest& request) {
  const std::int64_t observations = static_cast<std::int64_t>(session_->stream().size());
  if (request.has("return")) {
    const double seat_return = request.number("return");
    if (!session_->over()) {
      throw error("a return comes with a game that is over, and seat ", seat_text(session_->seat()),
                  "'s ", observations,
                  " observations do not end the game: send the rest first, or end_game without "
                  "a return to abandon it");
    }
    // The table's word: the engine does not score the game itself.
    agent_->game_over(GameEnd(session_->stream(), seat_return));
  }
  std::string record;
  if (records_) {
    // The stream settles the returns for the record only where the game is
    // over; the table's return is its word for this seat alone.
    record = records_->finish(session_->stream(), std::nullopt);
    records_.reset();
  }
  session_.reset();
  MessageWriter reply("ended");
  reply.integer("observations", observations);
  if (!record.empty()) reply.text("record", record);
  return reply.line();
}

}  // namespace kibitz::tools
