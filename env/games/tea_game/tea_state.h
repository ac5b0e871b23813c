// TeaState: the position (a Table, table.h) and the history. A seat's stream
// is made by replaying the history into a fresh Table with a sink that keeps
// what reaches the seat: no log is stored, copying a state copies the table
// and the history, and nothing on the hot path allocates.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "env/core/state.h"
#include "env/games/tea_game/table.h"
#include "env/games/tea_game/tea_game.h"

namespace kibitz::tea_game {

class TeaState : public GameState<TeaState> {
 public:
  explicit TeaState(std::shared_ptr<const Game> game);

  using State::information_state_tensor;
  using State::observation_tensor;
  using State::seat_stream;

  const TeaGame& tea_game() const { return static_cast<const TeaGame&>(game()); }
  const Table& table() const { return table_; }

  Player current_player() const override { return table_.current_player(); }
  void legal_actions(ActionList& out) const override { table_.legal_actions(out); }
  bool is_legal(Action action) const override { return table_.is_legal(action); }
  void chance_outcomes(ChanceOutcomeList& out) const override;
  Action sample_chance_outcome(Rng& rng) const override { return table_.sample_chance(rng); }
  void returns(std::span<double> out) const override;
  void rewards(std::span<double> out) const override;
  void seat_stream(Player seat, SeatStream& out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // Calls f(observation) for each observation of `seat`'s stream, oldest
  // first, by replaying the history (no buffer, no allocation). `seat` may
  // be kSpectator: the public stream.
  template <typename F>
  void for_each_observation(Player seat, F&& f) const;

  // Back to the initial state, keeping the history's buffer (the sampler).
  void reset();

 protected:
  void do_apply_action(Action action) override { table_.apply(action, nullptr); }
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  Table table_;
};

template <typename F>
void TeaState::for_each_observation(Player seat, F&& f) const {
  struct SeatSink final : ObservationSink {
    SeatSink(int b, F& fn) : bit(b), f(fn) {}
    void emit(SeatMask audience, const Observation& o) override {
      if ((audience >> bit) & 1u) f(o);
    }
    int bit;
    F& f;
  };
  SeatSink sink(audience_bit(seat), f);
  Table replay(tea_game().config());
  for (Action a : history()) replay.apply(a, &sink);
}

}  // namespace kibitz::tea_game
