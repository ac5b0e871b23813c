#include "replays/analysis/game_analysis.h"

#include <memory>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "replays/analysis/spies_observations.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

// The move texts, re-simulating the game; the final state.
std::unique_ptr<State> replay(const ReplayRecord& record, std::vector<MoveLine>* moves) {
  const std::shared_ptr<const Game> game = load_game(record.game);
  std::unique_ptr<State> state = game->new_initial_state();
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const Action action = record.actions[i];
    if (state->is_terminal()) throw error("move ", i, ": the game is already over");
    const Player player = state->current_player();
    if (!state->is_legal(action)) {
      throw error("move ", i, ": action ", action,
                  " is not legal here (kibitz replay verify tells more)");
    }
    if (moves != nullptr) {
      moves->push_back({static_cast<int>(i), player, state->action_to_string(player, action)});
    }
    state->apply_action(action);
  }
  return state;
}

}  // namespace

FilterOptions filter_options(const ReportOptions& options, std::size_t record_index,
                             int replicate) {
  FilterOptions out;
  out.particles = options.particles;
  out.epsilon = options.epsilon;
  out.joker_keep = options.joker_keep;
  out.seed = derive_seed(derive_seed(options.seed, "report record", record_index), "replicate",
                         static_cast<std::uint64_t>(replicate));
  return out;
}

GameAnalysis analyze_game(const ReplayRecord& record, std::size_t record_index,
                          const ReportOptions& options, bool full) {
  GameAnalysis analysis;
  analysis.record_index = record_index;
  analysis.record = record;
  std::unique_ptr<State> state;
  try {
    state = replay(record, full ? &analysis.moves : nullptr);
  } catch (const KibitzError& e) {
    throw error("record ", record_index, ": ", e.what());
  }
  analysis.num_players = state->num_players();
  analysis.finished = state->is_terminal();
  const auto* spies = dynamic_cast<const ls::LoyalistSpiesState*>(state.get());
  if (spies == nullptr) return analysis;

  analysis.spies = true;
  analysis.setup = {spies->num_players(), spies->config().jokers, spies->config().keep5};
  analysis.timeline = spies_timeline(*spies);
  if (options.replicates < 1 || options.replicates > 64) {
    throw error("replicates must be in [1, 64], got ", options.replicates);
  }
  std::vector<ViewerBeliefs> views;
  for (int viewer = kPublicViewer; viewer < (full ? spies->num_players() : 0); ++viewer) {
    ViewerBeliefs view;
    view.viewer = viewer;
    const std::vector<Seen> seen = observations(*spies, viewer);
    for (int r = 0; r < options.replicates; ++r) {
      view.what_ifs.push_back(honest_what_ifs(analysis.timeline, viewer));
      view.replicates.push_back(track_beliefs(seen, analysis.setup, viewer,
                                              filter_options(options, record_index, r),
                                              view.what_ifs.back()));
    }
    view.mean = average_tracks(view.replicates);
    views.push_back(std::move(view));
  }
  analysis.verdicts = judge_plays(analysis.timeline, views, options.bluff_threshold);
  analysis.public_track = std::move(views[0].mean);
  for (std::size_t i = 1; i < views.size(); ++i) {
    analysis.seat_tracks.push_back(std::move(views[i].mean));
  }
  return analysis;
}

}  // namespace kibitz::replays::analysis
