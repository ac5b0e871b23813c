#include "tools/engine/next_observations.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "env/core/error.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"

namespace kibitz::tools {
namespace {

bool same_text_any_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// Writes into `out` what `seat` observes of `child`'s last move, `parent`
// being the state before it, whose stream for the seat holds `known`
// observations: for a game with an observation log, the entries the move
// appended (no stream is rebuilt); otherwise the tail of the child's whole
// stream, kept in `scratch`.
void observations_of_move(const State& parent, const State& child, Player seat, std::size_t known,
                          SeatStream& scratch, SeatStream& out) {
  out.clear();
  if (child.keeps_observation_log()) {
    child.observation_log().extend(seat, parent.observation_log().size(), out);
    return;
  }
  child.seat_stream(seat, scratch);
  out.assign(scratch.begin() + static_cast<std::ptrdiff_t>(known), scratch.end());
}

}  // namespace

const NextCandidate* NextObservations::forced() const {
  if (seat_to_act || over || failed_draws > 0 || candidates.size() != 1) return nullptr;
  return candidates.front().worlds == worlds_drawn ? &candidates.front() : nullptr;
}

SeatStream NextObservations::own_move(std::string_view action_text) const {
  SeatStream common;
  bool first = true;
  for (const NextCandidate& c : candidates) {
    if (c.own_action.empty() || !same_text_any_case(c.own_action, action_text)) continue;
    if (first) {
      common = c.observations;
      first = false;
      continue;
    }
    std::size_t same = 0;
    while (same < common.size() && same < c.observations.size() && common[same] == c.observations[same]) ++same;
    common.resize(same);
  }
  return common;
}

NextObservations next_observations(SeatSession& session, int worlds) {
  NextObservations next;
  next.seat_to_act = session.to_act();
  next.over = session.over();
  if (next.over) return next;
  const StreamSpec& spec = session.game().stream_spec();
  const std::size_t known = session.stream().size();
  std::map<std::string, NextCandidate> by_text;
  SeatStream scratch;
  for (int w = 0; w < worlds; ++w) {
    std::unique_ptr<State> world;
    try {
      world = session.draw_world();
    } catch (const KibitzError& e) {
      if (next.failed_draws++ == 0) next.failure = e.what();
      continue;
    }
    ++next.worlds_drawn;
    const Player actor = world->current_player();
    ActionList moves;
    if (actor == kChancePlayer) {
      for (const ChanceOutcome& o : world->chance_outcomes()) moves.push_back(o.action);
    } else {
      world->legal_actions(moves);
    }
    std::set<std::string> in_this_world;  // count each candidate once per world
    for (const Action move : moves) {
      std::unique_ptr<State> child = world->clone();
      child->apply_action(move);
      NextCandidate candidate;
      observations_of_move(*world, *child, session.seat(), known, scratch, candidate.observations);
      for (const Observation& o : candidate.observations) {
        candidate.text += (candidate.text.empty() ? "" : "; ") + spec.to_text(o);
      }
      if (actor == session.seat()) candidate.own_action = world->action_to_string(actor, move);
      NextCandidate& entry = by_text.try_emplace(candidate.text, std::move(candidate)).first->second;
      if (in_this_world.insert(entry.text).second) ++entry.worlds;
    }
  }
  for (auto& [text, candidate] : by_text) next.candidates.push_back(std::move(candidate));
  return next;
}

}  // namespace kibitz::tools
