#include "env/core/seat_view.h"

#include "env/core/error.h"

namespace kibitz {

SeatView::SeatView(const State& state, Player seat) : state_(state), seat_(seat) {
  KIBITZ_CHECK(state.current_player() == seat, "SeatView for seat ", seat,
               " but the seat to act is ", state.current_player());
}

}  // namespace kibitz
