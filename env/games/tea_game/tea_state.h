// TeaState: the position (a Table, table.h), the history and the observation
// log (env/core/observation_log.h). Each move appends the observations the
// Table makes, with who hears them, to the log; a seat's stream is the log
// read through that seat's audience bit (the core State::seat_stream).
// Copying a state copies the table, the history and the log's used entries,
// and nothing on the hot path allocates (the log is reserved to the bound
// TeaGame::observation_log_capacity derives).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "env/core/state.h"
#include "env/games/tea_game/table.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz::tea_game {

class TeaState : public GameState<TeaState>, private ObservationSink {
 public:
  explicit TeaState(std::shared_ptr<const Game> game);

  using State::information_state_tensor;
  using State::observation_tensor;
  using State::seat_stream;

  const TeaGame& tea_game() const { return static_cast<const TeaGame&>(game()); }
  const Table& table() const { return table_; }

  Player current_player() const override { return table_.current_player(); }
  // The tea games over so far (Table::game counts them from 0).
  int games_finished() const override { return table_.game(); }
  void legal_actions(ActionList& out) const override { table_.legal_actions(out); }
  bool is_legal(Action action) const override { return table_.is_legal(action); }
  void chance_outcomes(ChanceOutcomeList& out) const override;
  Action sample_chance_outcome(Rng& rng) const override { return table_.sample_chance(rng); }
  void returns(std::span<double> out) const override;
  void rewards(std::span<double> out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // Calls f(observation) for each observation of `seat`'s stream, oldest
  // first, read off the log (no buffer, no allocation). `seat` may be
  // kSpectator: the public stream.
  template <typename F>
  void for_each_observation(Player seat, F&& f) const;

  // Back to the initial state, keeping the buffers of the history and the
  // log (the sampler rebuilds a world in place by replaying moves).
  void reset();

 protected:
  void do_apply_action(Action action) override { table_.apply(action, *this); }
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  // The Table's observations go to the log as the move makes them.
  Observation& emit(Audience audience, Obs kind) override { return log_observation(audience, static_cast<int>(kind)); }

  Table table_;
};

template <typename F>
void TeaState::for_each_observation(Player seat, F&& f) const {
  const ObservationLog& log = observation_log();
  const Audience hears = seat_audience(seat);
  for (int i = 0; i < log.size(); ++i) {
    if ((log.audience(i) & hears) != 0) f(log.observation(i));
  }
}

}  // namespace kibitz::tea_game
