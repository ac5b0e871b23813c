#include "replays/recorder.h"

#include <ctime>

#include "env/core/error.h"

namespace kibitz::replays {

std::string iso8601_utc_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  ::gmtime_r(&seconds, &utc);
  char text[32];
  const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  return std::string(text, length) + "." + std::to_string(1000 + millis).substr(1) + "Z";
}

Recorder::Recorder(const Game& game, std::uint64_t seed, std::vector<std::string> seat_labels,
                   std::vector<std::string> agent_specs, std::string game_spec)
    : start_(std::chrono::steady_clock::now()) {
  KIBITZ_CHECK(static_cast<int>(seat_labels.size()) == game.num_players(),
               "Recorder: ", seat_labels.size(), " seat labels for ", game.num_players(), " seats");
  KIBITZ_CHECK(static_cast<int>(agent_specs.size()) == game.num_players(),
               "Recorder: ", agent_specs.size(), " agent specs for ", game.num_players(), " seats");
  record_.game = game_spec.empty() ? game.spec() : std::move(game_spec);
  record_.seed = seed;
  record_.seat_labels = std::move(seat_labels);
  record_.agent_specs = std::move(agent_specs);
  record_.actions.reserve(static_cast<std::size_t>(game.max_game_length()));
  record_.start_time = iso8601_utc_now();
}

void Recorder::on_action(const State& state_before, Action action, const DecisionInfo* decision) {
  KIBITZ_CHECK(!finished_, "Recorder used after finish()");
  KIBITZ_CHECK(state_before.move_number() == static_cast<int>(record_.actions.size()),
               "Recorder missed a move: the state is at move ", state_before.move_number(),
               ", the record at ", record_.actions.size());
  if (decision != nullptr && state_before.current_player() >= 0) {
    record_.annotations.push_back({static_cast<int>(record_.actions.size()), *decision});
  }
  record_.actions.push_back(action);
}

ReplayRecord Recorder::finish(const State& final_state) {
  KIBITZ_CHECK(!finished_, "Recorder::finish() called twice");
  KIBITZ_CHECK(final_state.is_terminal(), "Recorder::finish() on a game that is not over");
  KIBITZ_CHECK(final_state.history() == record_.actions,
               "Recorder::finish(): the final state's history differs from the noted actions");
  finished_ = true;
  record_.returns = final_state.returns();
  record_.duration_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return std::move(record_);
}

ReplayRecord Recorder::finish_forfeited(const State& state, const Forfeit& forfeit,
                                        std::span<const double> returns) {
  KIBITZ_CHECK(!finished_, "Recorder::finish() called twice");
  KIBITZ_CHECK(forfeit.happened() && !state.is_terminal() && state.current_player() == forfeit.seat,
               "Recorder::finish_forfeited(): seat ", forfeit.seat, " is not to act");
  KIBITZ_CHECK(state.history() == record_.actions,
               "Recorder::finish_forfeited(): the state's history differs from the noted actions");
  finished_ = true;
  record_.forfeit = forfeit;
  record_.returns.assign(returns.begin(), returns.end());
  record_.duration_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return std::move(record_);
}

}  // namespace kibitz::replays
