#include "web/seat_record_view.h"

#include <memory>
#include <sstream>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "web/game_part.h"
#include "web/message_json.h"
#include "web/request_json.h"
#include "web/spec_policy.h"

namespace kibitz::web {
namespace {

using seat_protocol::append_json_string;

// The texts a record keeps about itself (who kept it, the agent, the time)
// are the file's own words: cleaned and cut short, as any text a client
// sent is before it goes back out.
constexpr std::size_t kMaxShownText = 400;

std::string quoted(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

std::string shown(std::string_view text) { return quoted(printable_utf8(text, kMaxShownText)); }

// Observation i of a seat record exists from step i + 1.
std::vector<int> record_steps(std::size_t entries) {
  std::vector<int> steps(entries);
  for (std::size_t i = 0; i < entries; ++i) steps[i] = static_cast<int>(i) + 1;
  return steps;
}

// [{"step":K,"played":TEXT,"advised":TEXT},...]: a decision with K
// observations seen sits at step K.
std::string decisions_json(const replays::SeatRecord& record) {
  std::string out = "[";
  for (std::size_t i = 0; i < record.decisions.size(); ++i) {
    const replays::SeatRecordDecision& d = record.decisions[i];
    out += (i == 0 ? "{\"step\":" : ",{\"step\":") + std::to_string(d.stream_size) + ",\"played\":" +
           shown(d.played) + ",\"advised\":" + shown(d.advised) + "}";
  }
  return out + "]";
}

std::string returns_json(const replays::SeatRecord& record) {
  if (!record.returns) return "null";
  std::string out = "[";
  for (std::size_t s = 0; s < record.returns->size(); ++s) {
    out += (s == 0 ? "" : ",") + seat_protocol::json_number((*record.returns)[s]);
  }
  return out + "]";
}

std::string empty_labels(int players) {
  std::string out = "[";
  for (int s = 0; s < players; ++s) out += s == 0 ? "\"\"" : ",\"\"";
  return out + "]";
}

}  // namespace

bool looks_like_seat_record(std::string_view bytes) {
  const std::size_t first = bytes.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && bytes[first] == '{';
}

std::string seat_record_view_json(const replays::SeatRecord& record, std::string_view source_name) {
  const std::shared_ptr<const Game> game = load_game(record.game);
  const int players = game->num_players();
  // The record's reader settled the returns only when every world its
  // stream allows agrees on them: then the game is known to be over.
  return "{\"kind\":" + quoted(kSeatRecordKind) + ",\"source\":" + quoted(source_name) +
         ",\"games\":1,\"game_index\":0,\"game\":" + quoted(game->spec()) + ",\"players\":" +
         std::to_string(players) + ",\"seat\":" + std::to_string(record.seat) + ",\"seats\":" +
         empty_labels(players) + ",\"kept_by\":" + shown(record.source) + ",\"agent\":" + shown(record.agent) +
         ",\"start_time\":" + shown(record.start_time) + ",\"returns\":" + returns_json(record) +
         ",\"finished\":" + (record.returns ? "true" : "false") +
         ",\"steps\":" + std::to_string(record.stream.size()) +
         ",\"stream\":" + stream_entries_json(game->stream_spec(), record.stream, record_steps(record.stream.size()),
                             observation_notes_of(game->name())) +
         ",\"decisions\":" + decisions_json(record) + "}";
}

std::string seat_record_view_of_bytes(std::string_view bytes, std::string_view source_name, std::size_t index,
                                      const ReplayViewOptions& options) {
  if (index != 0) throw error(source_name, " is a seat record of one game; game=", index, " does not exist");
  std::istringstream in{std::string(bytes)};
  replays::SeatRecordChecks checks;
  CheckedSpec checked;
  if (options.game_policy != nullptr) {
    // The spec as the policy allows it, catalogue names mapped to paths;
    // those paths are named back by their entries in what returns.
    checks.quote = false;
    checks.game_spec = [&](const std::string& spec) {
      checked = check_game_spec(spec, *options.game_policy);
      return checked.spec;
    };
  }
  const replays::SeatRecord record = replays::read_seat_record(in, std::string(source_name), checks);
  return without_paths(seat_record_view_json(record, source_name), checked);
}

}  // namespace kibitz::web
