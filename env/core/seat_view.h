// SeatView: everything an agent playing one seat may look at, and nothing
// more. It exposes the seat's stream of observations, what is rendered from
// it (the information-state string and tensor), the legal actions, and
// worlds drawn from the stream alone; never the true state, its history
// (which holds hidden chance outcomes) or other seats' views. This is how
// "no hidden information reaches an agent" is enforced by type.
//
// A referee builds it from the true state: the legal actions and the
// rendered strings and tensors are the same in every world the seat cannot
// rule out (the conformance suite proves it), so reading them there is
// reading the seat's knowledge. Worlds come from a sampler built from the
// seat's stream (State::seat_stream), never from the state itself. A seat
// known only by its stream (the engine, `kibitz seat`) builds the view on a
// world drawn from that stream instead.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "env/core/lazy_once.h"
#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "env/core/world_sampler.h"

namespace kibitz {

class SeatView {
 public:
  // `seat` must be the state's current player. The stream is read from the
  // state on first use, whole.
  SeatView(const State& state, Player seat);
  // The stream is the feed's (the match runner keeps one per seat), brought
  // up to `state` when the agent first reads it: only the observations new
  // since the seat's last view are read, so the view costs the same at any
  // move, and nothing at all for an agent that never reads its stream. The
  // feed must follow this seat through this game and outlive the view.
  SeatView(const State& state, SeatFeed& feed);
  // `world` is a state drawn by `sampler` (so its seat stream is the
  // sampler's), with the sampler's seat to act.
  SeatView(const State& world, std::shared_ptr<const WorldSampler> sampler);
  SeatView(const SeatView&) = delete;
  SeatView& operator=(const SeatView&) = delete;

  Player seat() const { return seat_; }
  const Game& game() const { return state_.game(); }
  int move_number() const { return state_.move_number(); }

  // Everything the seat has observed, oldest first. Read on first use,
  // without building a world sampler: an agent that reads only its stream
  // (the heuristics) pays for the stream alone.
  const SeatStream& stream() const;

  void legal_actions(ActionList& out) const { state_.legal_actions(out); }
  ActionList legal_actions() const { return state_.legal_actions(); }
  void legal_action_mask(std::span<float> mask) const { state_.legal_action_mask(mask); }

  // From the feed's knowledge when the view has a feed and the game folds
  // one (Game::new_seat_knowledge): only the observations new since the
  // seat's last view are read. Otherwise the state renders the whole stream.
  std::string information_state_string() const;
  void information_state_string(std::string& out) const;
  void information_state_tensor(std::span<float> out) const;
  std::string observation_string() const { return state_.observation_string(seat_); }
  void observation_tensor(std::span<float> out) const { state_.observation_tensor(seat_, out); }

  std::string action_to_string(Action action) const { return state_.action_to_string(seat_, action); }
  Action string_to_action(std::string_view text) const { return state_.string_to_action(seat_, text); }

  // A full state drawn from the worlds this seat cannot tell apart from the
  // real one, by the game's sampler for the seat's stream: what search works
  // from. Safe to call from several threads at once.
  std::unique_ptr<State> sample_world(Rng& rng) const { return sampler().sample(rng); }
  void sample_world(Rng& rng, State& out) const { sampler().sample(rng, out); }

 private:
  // Built from the seat's stream on first use, once, whichever thread asks.
  const WorldSampler& sampler() const;
  // The feed's knowledge brought up to this view, or null (no feed, or the
  // game folds none).
  const SeatKnowledge* knowledge() const;

  const State& state_;
  Player seat_;
  // Set by the constructor that takes a sampler: the stream is the sampler's.
  bool stream_from_sampler_ = false;
  // Set by the constructor that takes a feed: the stream is the feed's.
  SeatFeed* feed_ = nullptr;
  mutable LazyOnce knowledge_once_;
  mutable const SeatKnowledge* knowledge_ = nullptr;
  mutable LazyOnce stream_once_;
  mutable SeatStream stream_;
  mutable LazyOnce sampler_once_;
  mutable std::shared_ptr<const WorldSampler> sampler_;
};

}  // namespace kibitz
