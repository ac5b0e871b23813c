// The State: rolls, bids and the challenge, the observations each move
// logs, and the returns.
#include <algorithm>

#include "env/core/error.h"
#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice {
namespace {

Observation seen(Seen kind) { return Observation(static_cast<int>(kind)); }

}  // namespace

LiarsDiceState::LiarsDiceState(std::shared_ptr<const Game> game) : GameState(std::move(game)) {}

int LiarsDiceState::die(Player seat, int index) const {
  return dice_[static_cast<std::size_t>(seat * liars_game().dice_per_player() + index)];
}

Player LiarsDiceState::current_player() const {
  if (num_rolled_ < liars_game().total_dice()) return kChancePlayer;
  if (challenger_ >= 0) return kTerminalPlayer;
  return num_bids_ % num_players();
}

void LiarsDiceState::legal_actions(ActionList& out) const {
  out.clear();
  const Player player = current_player();
  if (player == kTerminalPlayer) return;
  if (player == kChancePlayer) {
    for (int f = 0; f < liars_game().sides(); ++f) out.push_back(f);
    return;
  }
  const Action liar = liars_game().liar_action();
  for (Action a = last_bid_ + 1; a < liar; ++a) out.push_back(a);
  if (num_bids_ > 0) out.push_back(liar);
}

bool LiarsDiceState::is_legal(Action action) const {
  const Player player = current_player();
  if (player == kTerminalPlayer) return false;
  if (player == kChancePlayer) return action >= 0 && action < liars_game().sides();
  const Action liar = liars_game().liar_action();
  if (action == liar) return num_bids_ > 0;
  return action > last_bid_ && action < liar;
}

void LiarsDiceState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(is_chance_node(), "chance_outcomes at a player node");
  out.clear();
  const int sides = liars_game().sides();
  for (int f = 0; f < sides; ++f) out.push_back({f, 1.0 / sides});
}

Action LiarsDiceState::sample_chance_outcome(Rng& rng) const {
  KIBITZ_CHECK(is_chance_node(), "sample_chance_outcome at a player node");
  return draw_uniform_index(liars_game().sides(), rng);
}

void LiarsDiceState::do_apply_action(Action action) {
  if (num_rolled_ < liars_game().total_dice()) {
    apply_roll(static_cast<int>(action) + 1);
    return;
  }
  const Player seat = current_player();
  if (action == liars_game().liar_action()) {
    challenger_ = seat;
    log_observation(everyone_audience(num_players()), seen(Seen::kLiar).add(seat));
    resolve_challenge();
    return;
  }
  const Bid bid = liars_game().bid_of(action);
  last_bid_ = action;
  ++num_bids_;
  log_observation(everyone_audience(num_players()), seen(Seen::kBid).add(seat).add(bid.quantity).add(bid.face - 1));
}

// The roller hears the face; the other seats and the spectator hear that it
// rolled a die.
void LiarsDiceState::apply_roll(int face) {
  const Player roller = num_rolled_ / liars_game().dice_per_player();
  dice_[static_cast<std::size_t>(num_rolled_++)] = static_cast<std::int8_t>(face);
  const Audience roller_bit = seat_audience(roller);
  log_observation(roller_bit, seen(Seen::kRolled).add(face - 1));
  log_observation(static_cast<Audience>((everyone_audience(num_players()) & ~roller_bit)),
                  seen(Seen::kRolledDie).add(roller));
}

int LiarsDiceState::count_matching(Bid bid) const {
  const int wild = liars_game().sides();
  int count = 0;
  for (int i = 0; i < num_rolled_; ++i) {
    const int face = dice_[static_cast<std::size_t>(i)];
    count += face == bid.face || face == wild ? 1 : 0;
  }
  return count;
}

// Every die shown to everyone, seat by seat, then the count that settles it.
void LiarsDiceState::resolve_challenge() {
  const int n = num_players();
  const int per_seat = liars_game().dice_per_player();
  for (Player s = 0; s < n; ++s) {
    Observation shows = seen(Seen::kShows).add(s).add(per_seat);
    for (int i = 0; i < per_seat; ++i) shows.add(die(s, i) - 1);
    log_observation(everyone_audience(n), shows);
  }
  const Bid bid = liars_game().bid_of(last_bid_);
  const int count = count_matching(bid);
  const Player bidder = (num_bids_ - 1) % n;
  loser_ = count >= bid.quantity ? challenger_ : bidder;
  log_observation(everyone_audience(n), seen(Seen::kResult).add(count).add(loser_));
}

void LiarsDiceState::returns(std::span<double> out) const {
  std::fill(out.begin(), out.end(), 0.0);
  if (loser_ < 0) return;
  const double share = 1.0 / (num_players() - 1);
  for (Player s = 0; s < num_players(); ++s) out[static_cast<std::size_t>(s)] = s == loser_ ? -1.0 : share;
}

void LiarsDiceState::reset() {
  mutable_history().clear();
  restart_observation_log();
  dice_ = {};
  num_rolled_ = 0;
  num_bids_ = 0;
  last_bid_ = -1;
  challenger_ = -1;
  loser_ = -1;
}

}  // namespace kibitz::liars_dice
