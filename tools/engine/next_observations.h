// What a seat can be told next, worked out from its stream alone: draw a
// few worlds the stream allows and, in each, try every move that can come
// next (each chance outcome, each legal action of whoever is to move); what
// each move would add to the seat's stream is a candidate. `kibitz seat`
// lists them for `?`, fills in the ones that are forced and reads the AI's
// own move from its action text.
//
// The list is drawn, not proven: a move possible only in worlds that no
// draw hit is missing from it (any entry is still checked by the sampler
// when typed), and "forced" means one candidate in every world drawn.
#pragma once

#include <string>
#include <vector>

#include "env/core/observation.h"
#include "tools/engine/seat_session.h"

namespace kibitz::tools {

// One thing that can come next: the observations one move would give the
// seat (usually one), as text joined by "; ".
struct NextCandidate {
  SeatStream observations;
  std::string text;
  int worlds = 0;           // drawn worlds in which it can come
  std::string own_action;   // the seat's action text when the move is its own
};

struct NextObservations {
  std::vector<NextCandidate> candidates;  // sorted by text
  int worlds_drawn = 0;
  // Draws the sampler refused although the stream has a world (a sampler
  // bug: the session found one), and the first reason; the list is made
  // from the other draws.
  int failed_draws = 0;
  std::string failure;
  bool seat_to_act = false;
  bool over = false;

  // The one candidate of every world drawn, when the seat is not to act
  // (its own move is its choice, never forced); nullptr otherwise.
  const NextCandidate* forced() const;
  // What the seat's own action `action_text` (any case) shows it in every
  // world drawn: all of its observations, or their common beginning when
  // the rest differs between worlds (a play that reveals the mission);
  // empty when no candidate is that action.
  SeatStream own_move(std::string_view action_text) const;
};

// Draws `worlds` worlds from the session (with its generator) and collects
// the candidates.
NextObservations next_observations(SeatSession& session, int worlds);

}  // namespace kibitz::tools
