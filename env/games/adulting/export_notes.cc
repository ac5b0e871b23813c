#include "env/games/adulting/export_notes.h"

#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {
namespace {

const AdultingState& as_adulting(const State& state) {
  return dynamic_cast<const AdultingState&>(state);
}

// The kinds a chance node logs, or a transition logs in place of a chance
// node with one outcome (events.h: "chance or derived").
bool maybe_forced(EventKind kind) {
  return kind == EventKind::kTopBack || kind == EventKind::kDraw || kind == EventKind::kSteal ||
         kind == EventKind::kTruth || kind == EventKind::kEliminate;
}

Player event_seat(const Event& e) { return e.kind == EventKind::kTopBack ? kNoSeat : e.seat; }

// A forced event as the chance move it replaces (action_text.cc's words).
ForcedChance forced(const AdultingGame& game, const Event& e) {
  const auto card = [&game](int c) { return game.deck().cards[static_cast<std::size_t>(c)].name; };
  switch (e.kind) {
    case EventKind::kTopBack:
      return {kNoSeat, kBackOutcomeBase + e.a, "top " + game.back_name(e.a)};
    case EventKind::kDraw:
      return {e.seat, e.a, "draw " + card(e.a)};
    case EventKind::kSteal:
      return {e.seat, e.a, "steal " + card(e.a)};
    case EventKind::kTruth:
      return {e.seat, e.a ? kAdult : kChild, e.a ? "truth adult" : "truth child"};
    default:
      return {e.seat, e.seat, "eliminate " + seat_name(e.seat)};  // kEliminate
  }
}

Player chance_seat(const State& before, Action /*outcome*/, const State& after) {
  const GameLog& log = as_adulting(after).log();
  const int first = as_adulting(before).log().size();
  KIBITZ_CHECK(first < log.size(), "adulting: a chance move that logged nothing");
  return event_seat(log[first]);
}

void forced_chance(const State* before, const State& after, std::vector<ForcedChance>& out) {
  const AdultingState& state = as_adulting(after);
  const GameLog& log = state.log();
  int i = before == nullptr ? 0 : as_adulting(*before).log().size();
  if (before != nullptr && before->is_chance_node()) ++i;  // the chance move's own event
  for (; i < log.size(); ++i) {
    if (maybe_forced(log[i].kind)) out.push_back(forced(state.adulting(), log[i]));
  }
}

std::vector<SeatTally> tallies(const State& s) {
  const AdultingState& state = as_adulting(s);
  SeatTally points{"points", {}};
  SeatTally monies{"monies", {}};
  for (int seat = 0; seat < state.num_players(); ++seat) {
    points.values.push_back(state.score(seat));
    monies.values.push_back(state.monies(seat));
  }
  return {points, monies};
}

}  // namespace

ExportNotes export_notes() { return {chance_seat, forced_chance, tallies}; }

}  // namespace kibitz::adulting
