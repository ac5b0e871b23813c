// What a table does with a seat that answers badly: an action that is not
// legal, an answer later than the time limit, or an error from the agent
// itself (an engine program that crashed, sent nonsense or went silent).
//
// By default the table stops (kAbort): a bad answer is a bug to fix, and the
// run fails naming it. An arena between programs that others wrote can
// instead forfeit the seat (kForfeit), as the ACPC dealer does: the game
// ends there, the seat that answered badly takes the game's lowest return,
// and the others are scored by forfeit_returns below. The forfeit is kept in
// the game's replay record and counted in the arena's results.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz {

enum class OnBadAnswer { kAbort, kForfeit };

// "abort" or "forfeit"; parse_on_bad_answer throws KibitzError naming the
// text and the choices for anything else.
std::string_view on_bad_answer_name(OnBadAnswer policy);
OnBadAnswer parse_on_bad_answer(std::string_view text);

struct AnswerRules {
  OnBadAnswer on_bad_answer = OnBadAnswer::kAbort;
  // Wall-clock limit on one decision (Agent::act); zero: none. Checked when
  // the answer arrives: an in-process agent is not stopped midway, and an
  // engine program that never answers is ended by its own timeout_ms.
  std::chrono::milliseconds time_limit{0};
};

// A game that a seat forfeited: the seat that was to act after the game's
// recorded moves, and why its answer was refused. A seat below 0: none.
struct Forfeit {
  int seat = -1;
  std::string reason;

  bool happened() const { return seat >= 0; }
  bool operator==(const Forfeit&) const = default;
};

// The returns of the game at `state` (not over; `seat` is to act there)
// when `seat` forfeits it: that seat takes Game::min_return(). In a zero- or
// constant-sum game the others share what keeps the sum (each clamped to
// [min_return, max_return]); in a general-sum game they keep what
// State::returns() has paid them so far.
std::vector<double> forfeit_returns(const State& state, Player seat);

}  // namespace kibitz
