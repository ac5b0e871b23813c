#include "agents/external/engine_agent.h"

#include <algorithm>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"

namespace kibitz {

using seat_protocol::MessageWriter;

namespace {

std::string member_text(const json::Value& object, const char* name) {
  const auto it = object.FindMember(name);
  if (it == object.MemberEnd() || !it->value.IsString()) return {};
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

}  // namespace

EngineAgent::EngineAgent(std::string spec, Options options, std::shared_ptr<const Game> game,
                         std::uint64_t seed)
    : spec_(std::move(spec)), options_(std::move(options)), game_(std::move(game)), seed_(seed) {}

void EngineAgent::start() {
  if (options_.command.empty()) {
    throw error("engine needs cmd=PROGRAM ARGS, e.g. engine(cmd=kibitz engine --agent ismcts)");
  }
  try {
    program_ = std::make_unique<ChildProcess>(split_command_line(options_.command));
  } catch (const KibitzError& e) {
    fail(e.what());
  }
  const json::Document hello = say_hello();
  const auto games = hello.FindMember("games");
  bool plays = false;
  if (games != hello.MemberEnd() && games->value.IsArray()) {
    for (const json::Value& name : games->value.GetArray()) {
      plays = plays || (name.IsString() && name.GetString() == game_->name());
    }
  }
  if (!plays) fail("it does not play " + game_->name() + " (its hello lists the games it plays)");
}

json::Document EngineAgent::say_hello() {
  // Version 3 first; a program that speaks only version 2 refuses it with an
  // error and is greeted again in its own version.
  json::Document answer = ask(MessageWriter("hello").integer("version", seat_protocol::kVersion).line());
  if (member_text(answer, "type") == "error") {
    version_ = seat_protocol::kOldestVersion;
    answer = ask(MessageWriter("hello").integer("version", version_).line());
  }
  check_reply(answer, "hello", "hello");
  return answer;
}

void EngineAgent::fail(const std::string& problem) const {
  throw error("engine '", options_.command, "': ", problem);
}

json::Document EngineAgent::ask(const std::string& line, std::chrono::milliseconds extra_time) {
  std::string answer;
  try {
    program_->write_line(line);
    answer = program_->read_line(options_.timeout + extra_time, seat_protocol::kMaxLineBytes);
  } catch (const KibitzError& e) {
    fail(e.what());
  }
  json::Document doc;
  // Full precision: a policy share or value reads back as the very double
  // the program printed (the engine prints each in its shortest exact form).
  doc.Parse<json::kParseIterativeFlag | json::kParseFullPrecisionFlag>(answer.data(), answer.size());
  if (doc.HasParseError() || !doc.IsObject()) fail("its answer is not a JSON object: " + answer);
  return doc;
}

void EngineAgent::check_reply(const json::Document& doc, std::string_view sent_type, std::string_view reply) const {
  const std::string type = member_text(doc, "type");
  if (type == "error") {
    fail(member_text(doc, "message") + " (its answer to " + std::string(sent_type) + ")");
  }
  if (type != reply) {
    fail("it answered " + std::string(sent_type) + " with \"" + type + "\" where \"" +
         std::string(reply) + "\" was due");
  }
}

json::Document EngineAgent::exchange(std::string_view sent_type, const std::string& line,
                                     std::string_view reply, std::chrono::milliseconds extra_time) {
  json::Document doc = ask(line, extra_time);
  check_reply(doc, sent_type, reply);
  return doc;
}

void EngineAgent::new_game(Player seat) {
  if (!program_) start();
  if (in_game_) exchange("end_game", MessageWriter("end_game").line(), "ended");
  in_game_ = false;
  MessageWriter message("new_game");
  message.text("game", game_->spec()).integer("seat", seat);
  if (!seed_sent_) message.unsigned_integer("seed", seed_);
  const json::Document answer = exchange("new_game", message.line(), "game");
  seed_sent_ = true;
  in_game_ = true;
  sent_ = game_->new_initial_state()->seat_stream(seat);
  const auto count = answer.FindMember("observations");
  if (count == answer.MemberEnd() || !count->value.IsUint64() ||
      count->value.GetUint64() != sent_.size()) {
    fail("its new game does not start with the " + std::to_string(sent_.size()) +
         " observations every seat starts with");
  }
}

void EngineAgent::send_new_observations(std::span<const Observation> stream, bool final) {
  KIBITZ_CHECK(stream_starts_with(stream, sent_), "engine agent: the seat's stream changed its past");
  if (stream.size() == sent_.size()) return;
  const StreamSpec& spec = game_->stream_spec();
  std::vector<std::string> objects;
  for (std::size_t i = sent_.size(); i < stream.size(); ++i) objects.push_back(spec.to_json(stream[i]));
  const std::string line =
      MessageWriter("observations").raw("observations", seat_protocol::json_array(objects)).line();
  const json::Document answer = exchange("observations", line, "observed");
  sent_.assign(stream.begin(), stream.end());
  // Version 3 does not ask a program to follow the rules: the table tells
  // it its turn (act, with the legal actions) and the game's end (end_game).
  if (version_ >= 3) return;
  const char* field = final ? "over" : "to_act";
  const auto flag = answer.FindMember(field);
  if (flag == answer.MemberEnd() || !flag->value.IsBool() || !flag->value.GetBool()) {
    fail(final ? "after its seat's final observations it does not see the game over"
               : "after its seat's observations it does not see its seat to act");
  }
}

void EngineAgent::game_over(const GameEnd& end) {
  // A game whose new_game failed has nothing to end.
  if (!in_game_) return;
  send_new_observations(end.stream(), /*final=*/true);
  exchange("end_game", MessageWriter("end_game").number("return", end.seat_return()).line(),
           "ended");
  in_game_ = false;
}

bool EngineAgent::reseed(std::uint64_t seed) {
  seed_ = seed;
  seed_sent_ = false;
  return true;
}

Action EngineAgent::act(const SeatView& view) {
  KIBITZ_CHECK(in_game_, "engine agent: act before new_game");
  try {
    return ask_for_action(view);
  } catch (const KibitzError&) {
    // After a bad answer nothing says where the program is in the protocol
    // (a late answer may still be on its way): an arena that forfeits the
    // game and plays on starts the next game with a fresh program.
    program_.reset();
    in_game_ = false;
    seed_sent_ = false;
    throw;
  }
}

Action EngineAgent::ask_for_action(const SeatView& view) {
  send_new_observations(view.stream(), /*final=*/false);
  const ActBudget budget =
      budget_.simulations > 0 || budget_.time_ms > 0 ? budget_ : options_.budget;
  MessageWriter message("act");
  if (budget.simulations > 0) {
    message.raw("budget", "{\"simulations\":" + std::to_string(budget.simulations) + "}");
  } else if (budget.time_ms > 0) {
    message.raw("budget", "{\"milliseconds\":" + std::to_string(budget.time_ms) + "}");
  }
  if (version_ >= 3) {
    std::vector<std::string> legal;
    for (const Action a : view.legal_actions()) legal.push_back(view.action_to_string(a));
    message.texts("legal", legal);
  }
  const json::Document answer =
      exchange("act", message.line(), "action", std::chrono::milliseconds(budget.time_ms));
  const std::string text = member_text(answer, "action");
  Action action = kInvalidAction;
  try {
    action = view.string_to_action(text);
  } catch (const KibitzError& e) {
    fail("its action '" + text + "' is not legal: " + e.what());
  }
  read_decision(answer, view);
  return action;
}

void EngineAgent::read_decision(const json::Document& answer, const SeatView& view) {
  last_ = DecisionInfo();
  reported_ = false;
  const auto policy = answer.FindMember("policy");
  if (policy != answer.MemberEnd()) {
    if (!policy->value.IsObject()) fail("its \"policy\" is not an object");
    for (auto it = policy->value.MemberBegin(); it != policy->value.MemberEnd(); ++it) {
      const std::string name(it->name.GetString(), it->name.GetStringLength());
      if (!it->value.IsNumber()) fail("its policy share of '" + name + "' is not a number");
      Action a = kInvalidAction;
      try {
        a = view.string_to_action(name);
      } catch (const KibitzError& e) {
        fail("its policy names '" + name + "', which is not legal: " + e.what());
      }
      last_.policy.emplace_back(a, it->value.GetDouble());
    }
    std::sort(last_.policy.begin(), last_.policy.end());
    reported_ = true;
  }
  const auto value = answer.FindMember("value");
  if (value != answer.MemberEnd()) {
    if (!value->value.IsNumber()) fail("its \"value\" is not a number");
    last_.has_value = true;
    last_.value = value->value.GetDouble();
    reported_ = true;
  }
}

AgentInfo EngineAgent::info() {
  return {
      "engine",
      "another program plays the seat over the seat protocol (docs/protocol.md), e.g. "
      "cmd=kibitz engine --agent ismcts; it is sent only the seat's own observations",
      {ParamSpec::text("cmd", "",
                       "the program and its arguments, split at spaces (quotes group words; no "
                       "shell)")
           .as_program(),
       ParamSpec::integer("timeout_ms", 60000, 1, 86'400'000,
                          "the longest wait for any answer (act: plus time_ms)")
           .as_cost(CostKind::kMilliseconds),
       ParamSpec::integer("sims", 0, 0, 1'000'000'000,
                          "a simulations budget sent with every act; 0 sends none")
           .as_cost(CostKind::kSimulations),
       ParamSpec::integer("time_ms", 0, 0, 3'600'000,
                          "a time budget sent with every act, in milliseconds; 0 sends none")
           .as_cost(CostKind::kMilliseconds)},
      [](const Params& params, std::shared_ptr<const Game> game, std::uint64_t seed) {
        Options options;
        options.command = params.get_string("cmd");
        options.timeout = std::chrono::milliseconds(params.get_int("timeout_ms"));
        options.budget.simulations = params.get_int("sims");
        options.budget.time_ms = params.get_int("time_ms");
        if (options.budget.simulations > 0 && options.budget.time_ms > 0) {
          throw error("engine takes one of sims and time_ms, not both");
        }
        return std::make_unique<EngineAgent>(params.to_spec("engine"), std::move(options),
                                             std::move(game), seed);
      }};
}

}  // namespace kibitz
