// PySeatView: a SeatView (env/core/seat_view.h) as Python holds it. Either
// it owns its view, built on its own copy of a state (State.seat_view(p)),
// or it borrows one that an agent is being asked to act on, which expires
// when act returns: a Python agent that kept it and reads it later gets a
// KibitzError, never memory that has moved on.
#pragma once

#include <memory>

#include "env/core/error.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"

namespace kibitz::python {

class PySeatView {
 public:
  // A view of seat `seat` (the seat to act) on a copy of `state`.
  PySeatView(const State& state, Player seat)
      : state_(state.clone()), owned_(std::make_unique<SeatView>(*state_, seat)), view_(owned_.get()) {}
  // A borrowed view, valid until expire().
  explicit PySeatView(const SeatView& view) : view_(&view) {}

  const SeatView& get() const {
    if (view_ == nullptr) throw error("this seat view expired when the agent's act() returned");
    return *view_;
  }
  void expire() { view_ = nullptr; }

 private:
  std::unique_ptr<State> state_;
  std::unique_ptr<SeatView> owned_;
  const SeatView* view_;
};

}  // namespace kibitz::python
