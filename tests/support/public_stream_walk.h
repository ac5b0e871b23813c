// One walk over random games that the games' own spectator tests share: after
// every move the public stream (State::public_stream) must have grown by at
// least one valid observation and kept what it had said, and now and then
// every world drawn from every seat's stream must give the same public
// stream. Each game adds its own check of what the stream may hold (a kind
// no onlooker sees; every seat's stream told as the others hear it) through
// `check`. The conformance suite checks the shared contract on its own
// positions; these walks run it beside each game's particular rule.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"

namespace kibitz::testing_support {

// Called after each move with the state, its public stream and the index of
// the first observation that move added.
using PublicStreamCheck = std::function<void(const State& state, const SeatStream& pub, std::size_t first_new)>;

struct PublicStreamWalk {
  int games = 4;
  std::uint64_t seed = 1;
  int world_every = 7;      // draw worlds after every this many moves, and at the end
  int worlds_per_seat = 1;  // worlds drawn from each seat's stream each time
};

// A check for walk_public_streams: no observation a move added to the public
// stream is one `is_private` says only the seats it concerns receive.
inline PublicStreamCheck keeps_out_of_public_stream(std::function<bool(const Observation&)> is_private) {
  return [is_private = std::move(is_private)](const State& state, const SeatStream& pub, std::size_t first_new) {
    for (std::size_t i = first_new; i < pub.size(); ++i) {
      EXPECT_FALSE(is_private(pub[i])) << state.game().spec() << ": " << state.game().stream_spec().to_text(pub[i]);
    }
  };
}

// Every seat's worlds give `pub` as their public stream.
inline void expect_worlds_give_public_stream(const State& state, const SeatStream& pub, int worlds_per_seat,
                                             Rng& rng, State& world) {
  for (Player seat = 0; seat < state.num_players(); ++seat) {
    for (int k = 0; k < worlds_per_seat; ++k) {
      state.resample_from_infostate(seat, rng, world);
      ASSERT_EQ(world.public_stream(), pub) << "a world drawn for seat " << seat << " of " << state.game().spec()
                                            << " after " << state.history().size() << " moves";
    }
  }
}

inline void walk_public_streams(const std::string& spec, const PublicStreamWalk& walk,
                                const PublicStreamCheck& check = nullptr) {
  const std::shared_ptr<const Game> game = load_game(spec);
  Rng rng(walk.seed);
  ActionList actions;
  SeatStream before, now;
  const std::unique_ptr<State> world = game->new_initial_state();
  for (int g = 0; g < walk.games; ++g) {
    const std::unique_ptr<State> state = game->new_initial_state();
    state->public_stream(before);
    for (int move = 0; !state->is_terminal(); ++move) {
      if (state->is_chance_node()) {
        state->apply_action(state->sample_chance_outcome(rng));
      } else {
        state->legal_actions(actions);
        state->apply_action(actions[rng.uniform_int(actions.size())]);
      }
      state->public_stream(now);
      ASSERT_GT(now.size(), before.size()) << spec << " game " << g << " move " << move;
      ASSERT_TRUE(std::equal(before.begin(), before.end(), now.begin())) << spec << " game " << g << " move " << move;
      for (std::size_t i = before.size(); i < now.size(); ++i) {
        EXPECT_NO_THROW(game->stream_spec().validate(now[i], game->num_players())) << spec;
      }
      if (check) check(*state, now, before.size());
      if (::testing::Test::HasFatalFailure()) return;
      if (move % walk.world_every == 0) expect_worlds_give_public_stream(*state, now, walk.worlds_per_seat, rng, *world);
      if (::testing::Test::HasFatalFailure()) return;
      std::swap(before, now);
    }
    expect_worlds_give_public_stream(*state, before, walk.worlds_per_seat, rng, *world);
  }
}

}  // namespace kibitz::testing_support
