#include "replays/export_timeline.h"

#include <algorithm>
#include <memory>

#include "env/core/registry.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"

namespace kibitz::replays {
namespace {

// Every viewer's stream (the seats', then the public one), each fed move by
// move (SeatFeed), so each move reads only what it added.
class StreamDeltas {
 public:
  explicit StreamDeltas(int players) : players_(players) {
    for (Player seat = 0; seat < players; ++seat) feeds_.emplace_back(seat);
    feeds_.emplace_back(kSpectator);
  }

  // Appends to `out` what `state`'s streams gained since the last call,
  // as caused by move `move`: each observation once, with every viewer that
  // received it, so that each viewer's events are its stream in its order.
  // Equal observations to several viewers are one event (the same fact
  // seen alike) where the orders allow.
  void collect(const State& state, int move, std::vector<ExportedEvent>& out) {
    const std::size_t first = out.size();
    for (const Observation& o : gained(state, kSpectator)) out.push_back({move, o, true, {}});
    for (int seat = 0; seat < players_; ++seat) {
      std::size_t at = first;  // after the seat's previous observation
      for (const Observation& o : gained(state, seat)) at = add_seat(out, at, o, seat, move) + 1;
    }
  }

 private:
  std::size_t index(Player viewer) const {
    return viewer == kSpectator ? static_cast<std::size_t>(players_)
                                : static_cast<std::size_t>(viewer);
  }

  // Valid until the viewer's next call.
  std::span<const Observation> gained(const State& state, Player viewer) {
    return feeds_[index(viewer)].update(state);
  }

  // Adds `seat` to the audience of the first event from `from` on with this
  // observation, or inserts a new event at `from` that only `seat` received
  // so far; returns the event's index. (Seats come in ascending order, so
  // an event `seat` already received ends its seen_by with `seat`.)
  static std::size_t add_seat(std::vector<ExportedEvent>& out, std::size_t from,
                              const Observation& o, int seat, int move) {
    for (std::size_t i = from; i < out.size(); ++i) {
      std::vector<int>& seen_by = out[i].seen_by;
      if (out[i].observation == o && (seen_by.empty() || seen_by.back() != seat)) {
        seen_by.push_back(seat);
        return i;
      }
    }
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(from),
               ExportedEvent{move, o, false, {seat}});
    return from;
  }

  int players_;
  std::vector<SeatFeed> feeds_;
};

}  // namespace

ExportTimeline export_timeline(const Game& game, std::span<const Action> actions) {
  const ExportNotes& notes = find_game(game.name()).export_notes;
  ExportTimeline out;
  out.players = game.num_players();
  std::unique_ptr<State> state = game.new_initial_state();
  std::unique_ptr<State> before = game.new_initial_state();
  StreamDeltas deltas(game.num_players());
  std::vector<ForcedChance> forced;
  const auto add_forced = [&](int move) {
    for (ForcedChance& chance : forced) out.forced.push_back({move, std::move(chance)});
    forced.clear();
  };
  deltas.collect(*state, -1, out.events);
  if (notes.forced_chance) notes.forced_chance(nullptr, *state, forced);
  add_forced(-1);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const Action action = actions[i];
    if (state->is_terminal() || !state->is_legal(action)) break;
    state->clone_into(*before);
    state->apply_action(action);
    std::optional<Player> seat;
    if (before->is_chance_node() && notes.chance_seat) {
      const Player p = notes.chance_seat(*before, action, *state);
      if (p != kNoSeat) seat = p;
    }
    out.chance_seat.push_back(seat);
    if (notes.forced_chance) notes.forced_chance(before.get(), *state, forced);
    add_forced(static_cast<int>(i));
    deltas.collect(*state, static_cast<int>(i), out.events);
  }
  if (notes.tallies) out.tallies = notes.tallies(*state);
  return out;
}

}  // namespace kibitz::replays
