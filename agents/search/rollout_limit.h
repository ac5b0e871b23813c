// Where a rollout may stop before the end of the episode: after a number of
// the seats' moves, or when one of the episode's games is over (a tea game,
// a Spies round: State::games_finished). Rollouts to the end of a long
// episode spend most of their moves, and most of their noise, on games far
// from the decision; a cut rollout is scored by what the evaluator has for
// a cut world (the returns paid so far, or a network's value head).
#pragma once

#include <string>
#include <vector>

#include "env/core/params.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz {

struct RolloutLimit {
  int max_moves = 0;              // the seats' moves (chance not counted); 0: no limit
  bool stop_at_game_end = false;  // stop once games_finished() moves on

  bool unlimited() const { return max_moves == 0 && !stop_at_game_end; }
};

// Follows one rollout: start() at its first world, then reached() after each
// move says whether to stop there. A terminal world always stops it.
class RolloutCut {
 public:
  explicit RolloutCut(RolloutLimit limit) : limit_(limit) {}

  void start(const State& world) {
    moves_ = 0;
    games_ = limit_.stop_at_game_end ? world.games_finished() : 0;
  }

  // Whether the rollout stops at `world`, reached by one more move; `by_seat`
  // says whether that move was a seat's (chance moves are free).
  bool reached(const State& world, bool by_seat) {
    if (world.is_terminal()) return true;
    if (by_seat) ++moves_;
    if (limit_.max_moves > 0 && moves_ >= limit_.max_moves) return true;
    return limit_.stop_at_game_end && world.games_finished() != games_;
  }

 private:
  RolloutLimit limit_;
  int moves_ = 0;
  int games_ = 0;
};

// Where a rollout's seat moves come from. Chance outcomes are the world's
// own draws and are never checked again; a seat's move is checked by
// apply_action unless the rollout drew it from the world's legal moves
// itself (a random or a network's policy rollout). An agent's answer is
// checked: agents are separate code that a bug could make answer wrongly.
enum class RolloutMoves { kDrawnFromLegal, kFromAgent };

// Plays `world` on from where it is until it ends or `cut` stops it: chance
// by its probabilities, every seat's move from `choose(world)`. The one
// rollout loop of the random, agent and network rollouts.
template <RolloutMoves kMoves, typename Choose>
void play_rollout(State& world, Rng& rng, RolloutCut& cut, Choose&& choose) {
  cut.start(world);
  for (;;) {
    // One virtual current_player() a move, not one per question.
    const Player player = world.current_player();
    if (player == kTerminalPlayer) return;
    const bool by_seat = player != kChancePlayer;
    if (!by_seat) {
      world.apply_legal_action(world.sample_chance_outcome(rng));
    } else if constexpr (kMoves == RolloutMoves::kDrawnFromLegal) {
      world.apply_legal_action(choose(world));
    } else {
      world.apply_action(choose(world));
    }
    if (cut.reached(world, by_seat)) return;
  }
}

// rollout_moves and rollout_stop, declared once for every search agent
// (ismcts, mo_ismcts, pimc, and ismcts_nn's policy rollouts). `scored_by`
// ends each parameter's text: how that agent scores a cut world.
std::vector<ParamSpec> rollout_limit_params(const std::string& scored_by);

// Reads them.
RolloutLimit read_rollout_limit(const Params& params);

}  // namespace kibitz
