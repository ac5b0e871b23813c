#include "agents/game_end.h"

#include "env/core/error.h"

namespace kibitz {

GameEnd::GameEnd(const State& final_state, Player seat) : state_(&final_state), seat_(seat) {
  KIBITZ_CHECK(final_state.is_terminal(), "GameEnd of a game that is not over");
  KIBITZ_CHECK(seat >= 0 && seat < final_state.num_players(), "GameEnd: bad seat ", seat);
}

GameEnd::GameEnd(std::span<const Observation> final_stream, double seat_return)
    : stream_read_(true), stream_(final_stream.begin(), final_stream.end()), return_(seat_return) {}

std::span<const Observation> GameEnd::stream() const {
  if (!stream_read_) {
    state_->seat_stream(seat_, stream_);
    stream_read_ = true;
  }
  return stream_;
}

double GameEnd::seat_return() const {
  return state_ != nullptr ? state_->returns()[static_cast<std::size_t>(seat_)] : return_;
}

}  // namespace kibitz
