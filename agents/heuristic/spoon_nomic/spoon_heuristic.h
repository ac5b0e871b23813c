// Rules of thumb for Spoon Nomic, Cards for Votes (env/games/spoon_nomic/),
// read from the seat's stream alone: the agent feeds the game's
// KnowledgeReader (knowledge.h) the observations that arrived since its last
// decision, counts how often each seat has voted, and votes as
// spoon_vote.h says (always a vote while it earns a card; yes when the
// proposal improves its standing against the leader, or its win share with
// reward=win; no otherwise).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "agents/agent.h"
#include "agents/heuristic/spoon_nomic/spoon_vote.h"
#include "env/core/stream_progress.h"
#include "env/games/spoon_nomic/knowledge.h"
#include "env/games/spoon_nomic/spoon_nomic_game.h"

namespace kibitz {

class SpoonHeuristic : public Agent {
 public:
  // `game` must be a Spoon Nomic game.
  SpoonHeuristic(std::shared_ptr<const Game> game, const spoon_nomic::bot::SpoonParams& params);

  std::string spec() const override;
  void new_game(Player seat) override;
  bool reseed(std::uint64_t seed) override;
  Action act(const SeatView& view) override;

  // What the agent knew at its last decision, as the vote rule reads it.
  const spoon_nomic::bot::SpoonTable& table() const { return table_; }

 private:
  void catch_up(const SeatView& view);
  void fill_table();

  std::shared_ptr<const spoon_nomic::SpoonGame> game_;
  spoon_nomic::bot::SpoonParams params_;
  std::optional<spoon_nomic::KnowledgeReader> reader_;
  Player seat_ = -1;
  // Votes each seat cast (yes or no) and was asked for, from the stream.
  std::array<int, spoon_nomic::kMaxPlayers> votes_cast_{};
  std::array<int, spoon_nomic::kMaxPlayers> votes_asked_{};
  StreamProgress progress_;  // how much of the seat's stream is read
  spoon_nomic::bot::SpoonTable table_;
  ActionList legal_;
};

}  // namespace kibitz
