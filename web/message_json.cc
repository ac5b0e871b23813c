#include "web/message_json.h"

#include <algorithm>
#include <memory>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"

namespace kibitz::web {

using seat_protocol::json_array;
using seat_protocol::json_number;
using seat_protocol::MessageWriter;

std::string welcome_message(std::string_view table_id, std::string_view game_spec, int players,
                            Player seat, std::span<const std::string> seat_labels) {
  const bool spectator = seat == kSpectator;
  return MessageWriter("welcome")
      .text("table", table_id)
      .text("game", game_spec)
      .integer("players", players)
      .integer("seat", spectator ? -1 : seat)
      .boolean("spectator", spectator)
      .texts("seats", seat_labels)
      .line();
}

std::string observations_json(const StreamSpec& spec, std::span<const Observation> stream) {
  std::vector<std::string> items;
  items.reserve(stream.size());
  for (const Observation& o : stream) items.push_back(spec.to_json(o));
  return json_array(items);
}

std::string stream_entries_json(const StreamSpec& spec, std::span<const Observation> stream,
                                std::span<const int> steps, const ObservationNotes& notes) {
  KIBITZ_CHECK(steps.size() == stream.size(), "a step for each of ", stream.size(), " entries");
  std::string out = "[";
  for (std::size_t i = 0; i < stream.size(); ++i) {
    out += (i == 0 ? "{\"step\":" : ",{\"step\":") + std::to_string(steps[i]) + ",\"json\":";
    out += spec.to_json(stream[i]) + ",\"text\":";
    seat_protocol::append_json_string(out, spec.to_text(stream[i]));
    const std::string note = notes ? notes(stream, i) : std::string();
    out += (note.empty() ? "" : ",\"notes\":" + note) + "}";
  }
  return out + "]";
}

std::string notes_json(const ObservationNotes& notes, std::span<const Observation> stream, std::size_t from) {
  std::vector<std::string> items;
  items.reserve(stream.size() - std::min(from, stream.size()));
  for (std::size_t i = from; i < stream.size(); ++i) {
    std::string note = notes(stream, i);
    items.push_back(note.empty() ? "null" : std::move(note));
  }
  return json_array(items);
}

std::string observations_message(const StreamSpec& spec, std::span<const Observation> stream,
                                 std::size_t from, const ObservationNotes& notes) {
  KIBITZ_CHECK(from <= stream.size(), "observations from ", from, " of ", stream.size());
  const std::span<const Observation> fresh = stream.subspan(from);
  std::vector<std::string> texts;
  texts.reserve(fresh.size());
  for (const Observation& o : fresh) texts.push_back(spec.to_text(o));
  MessageWriter message("observations");
  message.integer("from", static_cast<std::int64_t>(from))
      .raw("observations", observations_json(spec, fresh))
      .texts("text", texts);
  if (notes) message.raw("notes", notes_json(notes, stream, from));
  return message.line();
}

std::string turn_message(const State& state, Player seat) {
  const bool to_act = state.current_player() == seat;
  std::vector<std::string> legal;
  if (to_act) {
    for (const Action action : state.legal_actions()) legal.push_back(state.action_to_string(seat, action));
  }
  return MessageWriter("turn").boolean("to_act", to_act).texts("legal", legal).line();
}

namespace {

// {"player":P,"action":A,"text":T} per move, replayed from the initial
// state so that each action is written as its mover would say it.
std::string history_json(const State& final_state) {
  std::unique_ptr<State> state = final_state.game().new_initial_state();
  std::vector<std::string> moves;
  moves.reserve(final_state.history().size());
  for (const Action action : final_state.history()) {
    const Player player = state->current_player();
    moves.push_back(MessageWriter("move")
                        .integer("player", player)
                        .integer("action", action)
                        .text("text", state->action_to_string(player, action))
                        .line());
    state->apply_action(action);
  }
  return json_array(moves);
}

}  // namespace

std::string game_over_message(const State& final_state) {
  KIBITZ_CHECK(final_state.is_terminal(), "game_over_message before the end");
  const StreamSpec& spec = final_state.game().stream_spec();
  std::vector<std::string> returns;
  std::vector<std::string> streams;
  for (Player p = 0; p < final_state.num_players(); ++p) {
    streams.push_back(observations_json(spec, final_state.seat_stream(p)));
  }
  for (const double r : final_state.returns()) returns.push_back(json_number(r));
  return MessageWriter("game_over")
      .raw("returns", json_array(returns))
      .raw("streams", json_array(streams))
      .raw("public", observations_json(spec, final_state.public_stream()))
      .raw("history", history_json(final_state))
      .line();
}

std::string aborted_message(std::string_view reason) {
  return MessageWriter("aborted").text("reason", reason).line();
}

}  // namespace kibitz::web
