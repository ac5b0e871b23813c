// SpoonState: a position of Cards for Votes: the Table (table.h), the history
// and the observation log (env/core/observation_log.h), to which each move
// appends what it shows; a seat's stream is the log read through that seat's
// audience bit (the core State::seat_stream). Every roll of the dice server, rejected ones included, is a chance
// move in the history, so the roll log and the Dealer's Report are read back
// from it (roll_log, dealers_report) and a deal can be audited with
// cards::audit_rolls.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "env/cards/dealer.h"
#include "env/core/state.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"
#include "env/games/spoon_nomic/table.h"

namespace kibitz::spoon_nomic {

class SpoonState : public GameState<SpoonState> {
 public:
  explicit SpoonState(std::shared_ptr<const Game> game);

  using State::chance_outcomes;
  using State::information_state_string;
  using State::information_state_tensor;
  using State::legal_actions;
  using State::resample_from_infostate;
  using State::returns;
  using State::seat_stream;

  const SpoonGame& spoon_game() const { return static_cast<const SpoonGame&>(game()); }
  const Table& table() const { return table_; }

  Player current_player() const override { return table_.current_player(); }
  void legal_actions(ActionList& out) const override;
  bool is_legal(Action action) const override { return table_.is_legal(action); }
  void chance_outcomes(ChanceOutcomeList& out) const override;
  // Uniform over the die's faces (or the Deck, once the rejection budget is
  // spent) or the seven changes, picked without listing them.
  Action sample_chance_outcome(Rng& rng) const override;
  void returns(std::span<double> out) const override;
  void information_state_tensor(Player player, std::span<float> out) const override;
  std::string observation_string(Player player) const override;
  void observation_tensor(Player player, std::span<float> out) const override;
  std::string action_to_string(Player player, Action action) const override;
  std::string to_string() const override;
  // Through the world sampler (sampler.h), reading the seat's stream off the
  // log, into `out` without allocating.
  void resample_from_infostate(Player player, Rng& rng, State& out) const override;

  // A seat's hand bonus: int(best_category(hand)) (hand_rank.h).
  int bonus(Player seat) const;
  // Points plus bonus.
  int score(Player seat) const { return table_.points(seat) + bonus(seat); }

  // Every roll of the dice server so far, in order, rejected ones included:
  // what cards::audit_rolls checks against a full Deck.
  std::vector<cards::DealerRoll> roll_log() const;
  // The Dealer's Report so far: one entry per card dealt, step = nweek (from 0).
  std::vector<cards::ReportEntry> dealers_report() const;

  // Calls f(observation) for each observation of `seat`'s stream, oldest
  // first, read off the log: what the tensor, the strings and the resampler
  // read. `seat` may be kSpectator: the public stream.
  template <typename F>
  void for_each_observation(Player seat, F&& f) const {
    const ObservationLog& log = observation_log();
    const Audience hears = seat_audience(seat);
    for (int i = 0; i < log.size(); ++i) {
      if ((log.audience(i) & hears) != 0) f(log.observation(i));
    }
  }

  // Back to the initial state, keeping the buffers of the history and the
  // log (the sampler rebuilds a world in place by replaying moves).
  void reset();

 protected:
  void do_apply_action(Action action) override;
  Action read_action_text(Player player, std::string_view text, std::string& reason) const override;

 private:
  Table table_;
};

}  // namespace kibitz::spoon_nomic
