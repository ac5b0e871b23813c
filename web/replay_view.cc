#include "web/replay_view.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/seat_feed.h"
#include "env/core/stream_spec.h"
#include "replays/legal_game.h"
#include "replays/replay_reader.h"
#include "web/game_part.h"
#include "web/message_json.h"
#include "web/replay_view_parts.h"

namespace kibitz::web {

using replays::ReplayRecord;
using seat_protocol::append_json_string;
using view::ReplayedRecord;

namespace view {

int ReplayedRecord::step_of(Player seat, std::size_t entry) const {
  const std::vector<int>& of = steps[static_cast<std::size_t>(seat)];
  return entry < of.size() ? of[entry] : moves;
}

std::string seat_label(const ReplayRecord& record, int seat) {
  const auto index = static_cast<std::size_t>(seat);
  const std::string name = "P" + std::to_string(seat);
  return index < record.seat_labels.size() ? name + " (" + record.seat_labels[index] + ")" : name;
}

}  // namespace view

namespace {

std::string quoted(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

// A finite number as JSON; null otherwise (an agent may report NaN).
std::string number(double value) {
  return std::isfinite(value) ? seat_protocol::json_number(value) : std::string("null");
}

// {"value":V|null,"policy":[{"action":TEXT,"p":P},...],"stats":{NAME:V,...}},
// the policy's actions named as the mover would say them.
std::string decision_json(const State& state, const DecisionInfo& decision) {
  const Player actor = state.current_player();
  std::string out = "{\"value\":" + (decision.has_value ? number(decision.value) : "null");
  out += ",\"policy\":[";
  for (std::size_t i = 0; i < decision.policy.size(); ++i) {
    const auto& [action, p] = decision.policy[i];
    const std::string name =
        state.is_legal(action) ? state.action_to_string(actor, action) : std::to_string(action);
    out += (i == 0 ? "{\"action\":" : ",{\"action\":") + quoted(name) + ",\"p\":" + number(p) + "}";
  }
  out += "],\"stats\":{";
  for (std::size_t i = 0; i < decision.stats.size(); ++i) {
    out += (i == 0 ? "" : ",") + quoted(decision.stats[i].first) + ":" + number(decision.stats[i].second);
  }
  return out + "}}";
}

// The record replayed step by step, with what the document needs of each move.
struct Replay {
  ReplayedRecord record;
  std::vector<std::string> moves;  // each move's JSON
  std::vector<std::string> full;   // state texts; cleared when over the cap
  std::string full_omitted;
};

// Tags the observations `feed`'s stream gained since the last call with
// `step`: the feed reads only the log entries past its cursor, so a replay's
// cost follows its length rather than its length squared.
void tag_new_entries(const State& state, int step, SeatFeed& feed, std::vector<int>& steps) {
  feed.update(state);
  steps.resize(feed.stream().size(), step);
}

// `feeds` holds one feed per seat, then the spectator's.
void tag_all(const State& state, int step, std::vector<SeatFeed>& feeds, ReplayedRecord& out) {
  for (Player p = 0; p < state.num_players(); ++p) {
    tag_new_entries(state, step, feeds[static_cast<std::size_t>(p)], out.steps[static_cast<std::size_t>(p)]);
  }
  tag_new_entries(state, step, feeds.back(), out.public_steps);
}

void add_full_text(const State& state, std::size_t cap, Replay& replay, std::size_t& bytes) {
  if (!replay.full_omitted.empty()) return;
  replay.full.push_back(state.to_string());
  bytes += replay.full.back().size();
  if (bytes > cap) {
    replay.full.clear();
    replay.full_omitted = "the state texts of this game's " + std::to_string(replay.record.moves + 1) +
                          " steps are longer than the viewer's limit of " + std::to_string(cap) + " bytes";
  }
}

// `record` must have passed require_legal_game.
Replay replay_record(const ReplayRecord& record, const ReplayViewOptions& options) {
  Replay replay;
  ReplayedRecord& out = replay.record;
  out.state = load_game(record.game)->new_initial_state();
  State& state = *out.state;
  out.moves = static_cast<int>(record.actions.size());
  const auto seats = static_cast<std::size_t>(state.num_players());
  out.steps.resize(seats);
  std::vector<SeatFeed> feeds;
  for (Player p = 0; p < state.num_players(); ++p) feeds.emplace_back(p);
  feeds.emplace_back(kSpectator);
  std::size_t full_bytes = 0;
  tag_all(state, 0, feeds, out);
  add_full_text(state, options.max_full_bytes, replay, full_bytes);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action action = record.actions[i];
    const Player player = state.current_player();
    std::string move = "{\"player\":" + std::to_string(player == kChancePlayer ? -1 : player) +
                       ",\"text\":" + quoted(state.action_to_string(player, action)) + ",\"decision\":";
    const replays::Annotation* note = replays::find_annotation(record, static_cast<int>(i));
    move += (note != nullptr ? decision_json(state, note->decision) : "null") + "}";
    replay.moves.push_back(std::move(move));
    state.apply_action(action);
    tag_all(state, static_cast<int>(i) + 1, feeds, out);
    add_full_text(state, options.max_full_bytes, replay, full_bytes);
  }
  out.public_stream = feeds.back().stream();
  feeds.pop_back();
  for (const SeatFeed& feed : feeds) out.streams.push_back(feed.stream());
  return replay;
}

std::string texts_json(const std::vector<std::string>& texts) {
  std::string out = "[";
  for (std::size_t i = 0; i < texts.size(); ++i) out += (i == 0 ? "" : ",") + quoted(texts[i]);
  return out + "]";
}

std::string annotations_json(const std::vector<view::ViewAnnotation>& annotations) {
  std::string out = "[";
  for (std::size_t i = 0; i < annotations.size(); ++i) {
    const view::ViewAnnotation& a = annotations[i];
    out += (i == 0 ? "{\"step\":" : ",{\"step\":") + std::to_string(a.step) +
           ",\"seat\":" + std::to_string(a.seat) + ",\"kind\":" + quoted(a.kind) +
           ",\"text\":" + quoted(a.text) + "}";
  }
  return out + "]";
}

std::string charts_json(const std::vector<view::ViewChart>& charts) {
  std::string out = "[";
  for (std::size_t c = 0; c < charts.size(); ++c) {
    const view::ViewChart& chart = charts[c];
    out += (c == 0 ? "{\"title\":" : ",{\"title\":") + quoted(chart.title) +
           ",\"viewer\":" + std::to_string(chart.viewer) + ",\"y_label\":" + quoted(chart.y_label) +
           ",\"y_min\":" + number(chart.y_min) + ",\"y_max\":" + number(chart.y_max) + ",\"series\":[";
    for (std::size_t s = 0; s < chart.series.size(); ++s) {
      const view::ViewSeries& series = chart.series[s];
      out += (s == 0 ? "{\"label\":" : ",{\"label\":") + quoted(series.label) +
             ",\"seat\":" + std::to_string(series.seat) + ",\"points\":[";
      for (std::size_t p = 0; p < series.points.size(); ++p) {
        out += (p == 0 ? "[" : ",[") + std::to_string(series.points[p].first) + "," +
               number(series.points[p].second) + "]";
      }
      out += "]}";
    }
    out += "]}";
  }
  return out + "]";
}

// Every number of the header: the source, the game, its seats and outcome.
std::string header_json(const ReplayRecord& record, const ReplaySource& source, const State& state) {
  // A forfeited game's returns are the forfeit's (agents/match/answer_rules.h),
  // not the unfinished state's.
  std::string returns = "[";
  const std::vector<double> values = record.forfeit.happened() ? record.returns : state.returns();
  for (std::size_t i = 0; i < values.size(); ++i) returns += (i == 0 ? "" : ",") + number(values[i]);
  const std::string forfeit =
      record.forfeit.happened() ? "{\"seat\":" + std::to_string(record.forfeit.seat) +
                                      ",\"reason\":" + quoted(record.forfeit.reason) + "}"
                                : std::string("null");
  return "\"source\":" + quoted(source.name) + ",\"games\":" + std::to_string(source.games) +
         ",\"game_index\":" + std::to_string(source.index) + ",\"game\":" + quoted(state.game().spec()) +
         ",\"players\":" + std::to_string(state.num_players()) + ",\"seats\":" +
         texts_json(record.seat_labels) + ",\"agents\":" + texts_json(record.agent_specs) +
         ",\"returns\":" + returns + "],\"finished\":" + (state.is_terminal() ? "true" : "false") +
         ",\"forfeit\":" + forfeit +
         ",\"steps\":" + std::to_string(record.actions.size());
}

std::string document(const ReplayRecord& record, const ReplaySource& source, const Replay& replay,
                     const view::GameNotes& notes) {
  const ReplayedRecord& r = replay.record;
  const StreamSpec& spec = r.state->game().stream_spec();
  const ObservationNotes stream_notes = observation_notes_of(r.state->game().name());
  std::string out = "{" + header_json(record, source, *r.state);
  out += ",\"moves\":[";
  for (std::size_t i = 0; i < replay.moves.size(); ++i) out += (i == 0 ? "" : ",") + replay.moves[i];
  out += "],\"full\":" + (replay.full_omitted.empty() ? texts_json(replay.full) : "null");
  out += ",\"full_omitted\":" + quoted(replay.full_omitted) + ",\"streams\":[";
  for (std::size_t s = 0; s < r.streams.size(); ++s) {
    out += (s == 0 ? "" : ",") + stream_entries_json(spec, r.streams[s], r.steps[s], stream_notes);
  }
  out += "],\"public\":" + stream_entries_json(spec, r.public_stream, r.public_steps, stream_notes);
  out += ",\"annotations\":" + annotations_json(notes.annotations);
  out += ",\"charts\":" + charts_json(notes.charts);
  return out + "}";
}

std::string games_phrase(std::size_t games) {
  return std::to_string(games) + (games == 1 ? " game" : " games");
}

// Reads every frame of `reader`, decoding only record `index`.
std::string view_of_reader(replays::ReplayReader& reader, std::string_view source_name,
                           std::size_t index, const ReplayViewOptions& options) {
  ReplayRecord record;
  bool found = false;
  std::size_t games = 0;
  std::string_view payload;
  for (;; ++games) {
    if (games == index) {
      if (!reader.next(record)) break;
      found = true;
    } else if (!reader.next_payload(payload)) {
      break;
    }
  }
  if (games == 0) throw error(source_name, ": the file holds no games");
  if (!found) {
    throw error("the file holds ", games_phrase(games), "; game=", index, " does not exist");
  }
  return replay_view_json(record, ReplaySource{std::string(source_name), games, index}, options);
}

}  // namespace

replays::analysis::ReportOptions viewer_report_options() {
  replays::analysis::ReportOptions options;
  options.particles = 400;
  options.replicates = 2;
  return options;
}

std::string replay_view_json(const ReplayRecord& record, const ReplaySource& source,
                             const ReplayViewOptions& options) {
  if (options.game_policy != nullptr) {
    // The record as the policy allows it; its game's file names mapped to
    // catalogue paths, and those paths named back by entry in what returns.
    CheckedSpec checked;
    try {
      checked = check_game_spec(record.game, *options.game_policy);
    } catch (const KibitzError& e) {
      throw error(source.name, ": record ", source.index, ": ", e.what());
    }
    ReplayRecord allowed = record;
    allowed.game = checked.spec;
    ReplayViewOptions trusted = options;
    trusted.game_policy = nullptr;
    try {
      return without_paths(replay_view_json(allowed, source, trusted), checked);
    } catch (const KibitzError& e) {
      throw error(without_paths(e.what(), checked));
    }
  }
  replays::require_legal_game(record, source.name, source.index);
  const Replay replay = replay_record(record, options);
  // The game's own notes, when it declares any (web/game_part.h).
  view::GameNotes notes;
  const WebPart* part = WebParts::find(replay.record.state->game().name());
  if (part != nullptr && part->viewer_notes) notes = part->viewer_notes(record, source.index, replay.record, options);
  // By step, in the order each analysis gave within a step.
  std::stable_sort(notes.annotations.begin(), notes.annotations.end(),
                   [](const view::ViewAnnotation& a, const view::ViewAnnotation& b) { return a.step < b.step; });
  return document(record, source, replay, notes);
}

std::string replay_view_of_bytes(std::string_view bytes, std::string_view source_name,
                                 std::size_t index, const ReplayViewOptions& options) {
  if (bytes.empty()) throw error(source_name, " is empty: expected the bytes of a .kbr replay file");
  std::istringstream in{std::string(bytes)};
  replays::ReplayReader reader(in, std::string(source_name));
  return view_of_reader(reader, source_name, index, options);
}

std::string replay_view_of_file(const std::string& path, std::string_view source_name,
                                std::size_t index, const ReplayViewOptions& options) {
  // The reader is given the file's public name: an error names it, never
  // the server's directory.
  std::ifstream in(path, std::ios::binary);
  if (!in) throw error(source_name, ": cannot be opened");
  replays::ReplayReader reader(in, std::string(source_name));
  return view_of_reader(reader, source_name, index, options);
}

std::size_t parse_game_index(std::string_view text) {
  if (text.empty()) return 0;
  std::size_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9' || value > 1'000'000'000) {
      throw error("game=", text, " is not a game number (counted from 0)");
    }
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  return value;
}

}  // namespace kibitz::web
