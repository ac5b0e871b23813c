#include "tests/conformance/probe_game.h"

#include <algorithm>
#include <string>

#include "env/core/state.h"
#include "env/core/stream_spec.h"

namespace kibitz::probe_game {
namespace {

enum Kind { kDealt, kDealtTo, kSaid };

StreamSpec probe_stream_spec() {
  return StreamSpec({{"dealt", "dealt {bit:number}", "your hidden bit"},
                     {"dealt_to", "{seat} is dealt a bit", "another seat's bit, hidden"},
                     {"said", "{seat} says {bit:number}", "a seat says a bit"}},
                    {});
}

class ProbeGame final : public Game {
 public:
  explicit ProbeGame(const Params& params) : Game(kName, params), spec_(probe_stream_spec()) {}
  int num_players() const override { return 2; }
  int num_distinct_actions() const override { return 2; }
  int max_chance_outcomes() const override { return 2; }
  int max_game_length() const override { return 2; }
  int observation_log_capacity() const override { return 3; }
  RewardModel reward_model() const override { return RewardModel::kZeroSum; }
  double min_return() const override { return -1.0; }
  double max_return() const override { return 1.0; }
  // [holds a known bit, that bit, has spoken, the bit said]
  std::vector<int> information_state_tensor_shape() const override { return {4}; }
  std::vector<int> observation_tensor_shape() const override { return {4}; }
  std::unique_ptr<State> new_initial_state() const override;
  const StreamSpec& stream_spec() const override { return spec_; }

 private:
  StreamSpec spec_;
};

class ProbeState final : public GameState<ProbeState> {
 public:
  using GameState<ProbeState>::GameState;

  Player current_player() const override {
    const std::size_t moves = history().size();
    return moves == 0 ? kChancePlayer : moves == 1 ? 0 : kTerminalPlayer;
  }
  void legal_actions(ActionList& out) const override {
    out.clear();
    if (!is_terminal()) out.assign({0, 1});
  }
  void chance_outcomes(ChanceOutcomeList& out) const override { out.assign({{0, 0.5}, {1, 0.5}}); }
  void returns(std::span<double> out) const override {
    std::fill(out.begin(), out.end(), 0.0);
    if (!is_terminal()) return;
    out[0] = history()[1] == history()[0] ? 1.0 : -1.0;
    out[1] = -out[0];
  }
  void information_state_tensor(Player player, std::span<float> out) const override {
    std::fill(out.begin(), out.end(), 0.0f);
    for (const Observation& o : seat_stream(player)) {
      if (o.kind == kDealt) out[0] = 1.0f, out[1] = static_cast<float>(o.value(0));
      if (o.kind == kSaid) out[2] = 1.0f, out[3] = static_cast<float>(o.value(1));
    }
  }
  std::string observation_string(Player player) const override {
    std::string out;
    information_state_string(player, out);
    return out;
  }
  void observation_tensor(Player player, std::span<float> out) const override {
    information_state_tensor(player, out);
  }
  std::string action_to_string(Player player, Action action) const override {
    return (player == kChancePlayer ? "deal " : "say ") + std::to_string(action);
  }
  std::string to_string() const override {
    std::string out = "bit ";
    out += history().empty() ? "?" : std::to_string(history()[0]);
    if (history().size() > 1) out += ", said " + std::to_string(history()[1]);
    return out;
  }

 protected:
  void do_apply_action(Action action) override {
    const int seats = num_players();
    if (history().empty()) {  // the deal (the history grows after this call)
      log_observation(seat_audience(0), Observation(kDealt).add(action));
      log_observation(static_cast<Audience>(everyone_audience(seats) & ~seat_audience(0)),
                      Observation(kDealtTo).add(0));
    } else {
      log_observation(everyone_audience(seats), Observation(kSaid).add(0).add(action));
    }
  }
};

std::unique_ptr<State> ProbeGame::new_initial_state() const {
  return std::make_unique<ProbeState>(shared());
}

}  // namespace

GameInfo manifest() {
  GameInfo info{kName,
                "Manifest probe",
                "a throwaway game that only the manifest test registers",
                {},
                [](const Params& params) -> std::shared_ptr<const Game> {
                  return std::make_shared<ProbeGame>(params);
                },
                {kName}};
  info.encoder_version = kEncoderVersion;
  info.examples = {{kName, "the only variant"}};
  return info;
}

}  // namespace kibitz::probe_game
