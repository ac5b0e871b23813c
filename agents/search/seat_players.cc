#include "agents/search/seat_players.h"

#include <utility>

#include "agents/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"

namespace kibitz {

SeatPlayers::SeatPlayers(std::string spec, std::shared_ptr<const Game> game, std::uint64_t seed,
                         std::string label)
    : spec_(std::move(spec)), game_(std::move(game)), seed_(seed), label_(std::move(label)) {
  agents_.resize(static_cast<std::size_t>(game_->num_players()));
  for (Player seat = 0; seat < game_->num_players(); ++seat) feeds_.emplace_back(seat);
}

Agent& SeatPlayers::agent(Player seat) {
  std::unique_ptr<Agent>& slot = agents_[static_cast<std::size_t>(seat)];
  if (slot == nullptr) {
    slot = make_agent(spec_, game_, Rng(seed_).child(label_, seat).seed());
    slot->new_game(seat);
  }
  return *slot;
}

void SeatPlayers::restart() {
  for (Player seat = 0; seat < static_cast<Player>(agents_.size()); ++seat) {
    if (agents_[static_cast<std::size_t>(seat)] != nullptr) {
      agents_[static_cast<std::size_t>(seat)]->new_game(seat);
    }
  }
  for (SeatFeed& feed : feeds_) feed.restart();
}

Action SeatPlayers::act(const State& world) {
  last_ = world.current_player();
  return agent(last_).act(SeatView(world, feeds_[static_cast<std::size_t>(last_)]));
}

}  // namespace kibitz
