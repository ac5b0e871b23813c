#include "replays/legal_game.h"

#include <algorithm>
#include <memory>

#include "env/core/error.h"
#include "env/core/registry.h"

namespace kibitz::replays {
namespace {

[[noreturn]] void refuse_record(const std::string& source, std::size_t record_index,
                                const Problem& problem) {
  throw error(source, ": record ", record_index, ": ", describe(problem),
              " (kibitz replay verify tells more)");
}

}  // namespace

std::string player_name(Player player) {
  return player == kChancePlayer ? std::string("chance") : "seat " + std::to_string(player);
}

std::string legal_actions_text(const State& state, const ActionList& legal) {
  std::string text;
  const Player player = state.current_player();
  for (const Action action : legal) {
    if (!text.empty()) text += ", ";
    text += std::to_string(action) + " (" + state.action_to_string(player, action) + ")";
  }
  return text.empty() ? "none" : text;
}

std::optional<Problem> replay_legal_actions(const ReplayRecord& record, State& state,
                                            const LegalMoveVisitor& visit) {
  ActionList legal;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const int move = static_cast<int>(i);
    const Action action = record.actions[i];
    if (state.is_terminal()) {
      return Problem{move, internal::concat("the game was already over after ", move,
                                            " moves, but the record has ", record.actions.size())};
    }
    state.legal_actions(legal);
    if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
      return Problem{move, internal::concat("action ", action, " is not legal for ",
                                            player_name(state.current_player()),
                                            "; legal: ", legal_actions_text(state, legal))};
    }
    if (visit) visit(state, move, legal);
    state.apply_action(action);
  }
  return std::nullopt;
}

void require_legal_game(const ReplayRecord& record, const std::string& source,
                        std::size_t record_index) {
  const auto fail = [&](const Problem& problem) { refuse_record(source, record_index, problem); };
  std::shared_ptr<const Game> game;
  try {
    game = load_game(record.game);
  } catch (const KibitzError& e) {
    refuse_record(source, record_index,
                  {-1, internal::concat("the game does not load: ", e.what())});
  }
  const auto seats = static_cast<std::size_t>(game->num_players());
  if (record.seat_labels.size() != seats || record.agent_specs.size() != seats) {
    fail({-1, internal::concat(record.seat_labels.size(), " seat labels and ",
                               record.agent_specs.size(), " agent specs, but ", game->spec(),
                               " has ", seats, " seats")});
  }
  const std::unique_ptr<State> state = game->new_initial_state();
  if (const std::optional<Problem> problem = replay_legal_actions(record, *state)) fail(*problem);
}

}  // namespace kibitz::replays
