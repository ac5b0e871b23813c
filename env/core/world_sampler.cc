#include "env/core/world_sampler.h"

#include <algorithm>
#include <vector>

#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"

namespace kibitz {

namespace {

// `stream` followed by `more`: an extended sampler's stream.
SeatStream concatenated(std::span<const Observation> stream, std::span<const Observation> more) {
  SeatStream out;
  out.reserve(stream.size() + more.size());
  out.insert(out.end(), stream.begin(), stream.end());
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

}  // namespace

WorldSampler::WorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream)
    : game_(std::move(game)), seat_(seat), stream_(stream.begin(), stream.end()) {
  KIBITZ_CHECK(game_ != nullptr, "a world sampler needs a game");
  if (seat < 0 || seat >= game_->num_players()) {
    throw error(game_->spec(), " has no seat ", seat, " (seats 0..", game_->num_players() - 1, ")");
  }
}

std::unique_ptr<State> WorldSampler::sample(Rng& rng) const {
  auto out = game_->new_initial_state();
  sample(rng, *out);
  return out;
}

std::unique_ptr<WorldSampler> WorldSampler::extended(std::span<const Observation> more) const {
  return game_->new_world_sampler(seat_, concatenated(stream_, more));
}

ReplayWorldSampler::ReplayWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                       std::span<const Observation> stream, std::int64_t max_nodes)
    : WorldSampler(std::move(game), seat, stream), max_nodes_(max_nodes) {}

std::unique_ptr<WorldSampler> ReplayWorldSampler::extended(std::span<const Observation> more) const {
  return std::make_unique<ReplayWorldSampler>(game_ptr(), seat(), concatenated(stream(), more), max_nodes_);
}

void ReplayWorldSampler::sample(Rng& rng, State& out) const {
  std::string why;
  if (try_sample(rng, out, why) != Result::kFound) throw error(why);
}

namespace {

// One state on the search path and the moves still untried from it.
struct Frame {
  std::unique_ptr<State> state;
  std::vector<Action> moves;
  std::vector<double> weights;
  bool expanded = false;
  std::size_t matched = 0;  // observations of the stream this state explains
};

// Removes and returns one untried move, drawn in proportion to its weight.
Action draw_move(Frame& frame, Rng& rng) {
  double total = 0;
  for (double w : frame.weights) total += w;
  double u = rng.uniform_double() * total;
  std::size_t pick = frame.moves.size() - 1;
  for (std::size_t i = 0; i < frame.moves.size(); ++i) {
    u -= frame.weights[i];
    if (u < 0) {
      pick = i;
      break;
    }
  }
  const Action move = frame.moves[pick];
  frame.moves.erase(frame.moves.begin() + static_cast<std::ptrdiff_t>(pick));
  frame.weights.erase(frame.weights.begin() + static_cast<std::ptrdiff_t>(pick));
  return move;
}

void expand(Frame& frame) {
  frame.expanded = true;
  const State& s = *frame.state;
  if (s.is_terminal()) return;
  if (s.is_chance_node()) {
    for (const ChanceOutcome& o : s.chance_outcomes()) {
      frame.moves.push_back(o.action);
      frame.weights.push_back(o.probability);
    }
    return;
  }
  frame.moves = s.legal_actions();
  frame.weights.assign(frame.moves.size(), 1.0);
}

}  // namespace

ReplayWorldSampler::Result ReplayWorldSampler::try_sample(Rng& rng, State& out, std::string& why,
                                                          ReplaySearchStats* stats) const {
  const SeatStream& target = stream();
  const Game& g = game();
  SeatStream seen;
  std::vector<Frame> path;
  path.push_back({g.new_initial_state(), {}, {}, false, 0});
  path.back().state->seat_stream(seat(), seen);
  if (!stream_starts_with(target, seen)) {
    why = "the stream does not begin as every " + g.spec() + " game does";
    return Result::kNoWorld;
  }
  path.back().matched = seen.size();
  std::size_t furthest = path.back().matched;
  std::int64_t nodes = 0;
  while (!path.empty()) {
    Frame& frame = path.back();
    if (frame.matched == target.size()) {
      frame.state->clone_into(out);
      return Result::kFound;
    }
    if (!frame.expanded) {
      expand(frame);
      if (stats) ++stats->nodes;
      if (++nodes > max_nodes_) {
        why = "gave up after " + std::to_string(max_nodes_) + " states without finding a world for seat " +
              std::to_string(seat()) + "'s " + std::to_string(target.size()) + " observations";
        return Result::kGaveUp;
      }
    }
    if (frame.moves.empty()) {
      if (stats) ++stats->backtracks;
      path.pop_back();
      continue;
    }
    const Action move = draw_move(frame, rng);
    auto next = frame.state->clone();
    next->apply_action(move);
    next->seat_stream(seat(), seen);
    KIBITZ_CHECK(seen.size() > frame.matched, g.spec(), ": move ", move, " gave seat ", seat(),
                 " no observation (every move must add one to every seat's stream)");
    const bool consistent =
        seen.size() <= target.size() &&
        std::equal(seen.begin() + static_cast<std::ptrdiff_t>(frame.matched), seen.end(),
                   target.begin() + static_cast<std::ptrdiff_t>(frame.matched));
    if (!consistent) {
      if (stats) ++stats->dead_ends;
      continue;
    }
    furthest = std::max(furthest, seen.size());
    path.push_back({std::move(next), {}, {}, false, seen.size()});
  }
  const StreamSpec& spec = g.stream_spec();
  why = "no " + g.spec() + " game gives seat P" + std::to_string(seat()) + " these observations: observation " +
        std::to_string(furthest + 1) + " ('" + spec.to_text(target[furthest]) +
        "') cannot follow the ones before it";
  return Result::kNoWorld;
}

}  // namespace kibitz
