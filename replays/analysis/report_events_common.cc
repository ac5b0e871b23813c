#include "replays/analysis/report_events_common.h"

#include "replays/legal_game.h"

namespace kibitz::replays::analysis {

bool is_record_of(const ReplayRecord& record, std::string_view game_name) {
  const std::string_view spec = record.game;
  return spec.substr(0, spec.find('(')) == game_name;
}

std::string agent_name(const ReplayRecord& record, int seat) {
  const auto s = static_cast<std::size_t>(seat);
  if (s < record.seat_labels.size() && !record.seat_labels[s].empty()) return record.seat_labels[s];
  if (s < record.agent_specs.size() && !record.agent_specs[s].empty()) return record.agent_specs[s];
  return "P" + std::to_string(seat);
}

ReplayedStreams replay_streams(const Game& game, const ReplayRecord& record) {
  ReplayedStreams out;
  out.state = game.new_initial_state();
  if (const auto problem = replay_legal_actions(record, *out.state)) throw error(describe(*problem));
  out.streams.resize(static_cast<std::size_t>(game.num_players()));
  for (int seat = 0; seat < game.num_players(); ++seat) {
    out.state->seat_stream(seat, out.streams[static_cast<std::size_t>(seat)]);
  }
  return out;
}

}  // namespace kibitz::replays::analysis
