// The legal system of variant=full with legal=true (docs/rules/adulting.md
// "The legal system"): appeals, lawsuits, fines and impeachment. Its phases
// are Phase::kAppeal .. Phase::kImpeachVote; the work phase reaches them
// through the hooks listed in adulting_state.h (after_ruling, after_declare,
// after_payment, after_ranking) and dispatches their moves here.
//
// Not written yet: no phase of the legal system is ever entered, so these
// are never called; each says so if it is.
#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {

void AdultingState::legal_step_actions(ActionList&) const {
  KIBITZ_CHECK(false, "adulting: no moves for phase ", phase_name(phase_));
}

bool AdultingState::is_legal_step(Action) const { return false; }

void AdultingState::legal_step_outcomes(ChanceOutcomeList&) const {
  KIBITZ_CHECK(false, "adulting: no chance outcomes for phase ", phase_name(phase_));
}

void AdultingState::apply_legal_step(Action) {
  KIBITZ_CHECK(false, "adulting: no move in phase ", phase_name(phase_));
}

}  // namespace kibitz::adulting
