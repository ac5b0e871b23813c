// SeatAgents and Agent::reseed: a worker builds each agent once and reseeds
// it for every game, and the games are exactly those of agents built afresh
// per game with the same seeds (what keeps arena results independent of
// how games fall on workers).
#include "agents/match/seat_agents.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/match/match_runner.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"

namespace kibitz {
namespace {

// The seed of the agent in `seat` for game `g`.
std::uint64_t seed_of(int g, Player seat) {
  return Rng(77).child("game", static_cast<std::uint64_t>(g)).child("seat", seat).seed();
}

// The histories of `games` games of `game_spec` with `specs[s]` in seat s:
// with one SeatAgents reused for every game, or with agents built afresh
// for each game.
std::vector<std::vector<Action>> play_games(const std::string& game_spec,
                                            const std::vector<std::string>& specs, int games,
                                            bool reuse, std::int64_t* builds = nullptr) {
  const auto game = load_game(game_spec);
  SeatAgents kept(game);
  std::vector<std::vector<Action>> histories;
  for (int g = 0; g < games; ++g) {
    std::vector<std::unique_ptr<Agent>> fresh;
    std::vector<Agent*> seats;
    for (Player s = 0; s < game->num_players(); ++s) {
      const std::string& spec = specs[static_cast<std::size_t>(s)];
      if (reuse) {
        seats.push_back(&kept.get(spec, s, seed_of(g, s)));
      } else {
        fresh.push_back(make_agent(spec, game, seed_of(g, s)));
        seats.push_back(fresh.back().get());
      }
    }
    Rng chance = Rng(5).child("chance", static_cast<std::uint64_t>(g));
    histories.push_back(play_game(*game, seats, chance)->history());
  }
  if (builds != nullptr) *builds = kept.builds();
  return histories;
}

struct Case {
  std::string game;
  std::vector<std::string> agents;
};

// Every agent of the registry that reseeds (every one built in process):
// reused, it plays the games of fresh agents, and it is built once per seat.
TEST(SeatAgents, ReseededAgentsPlayLikeFreshOnes) {
  const std::vector<Case> cases = {
      {"kuhn_poker", {"random", "cfr(iters=30)"}},
      {"kuhn_poker", {"ismcts(sims=40)", "mo_ismcts(sims=40)"}},
      {"kuhn_poker", {"pimc(worlds=3,sims=10)", "ismcts(sims=20,threads=2,max_nodes=50)"}},
      {"kuhn_poker", {"ismcts(sims=15,rollout=ismcts(sims=3))", "random"}},
      {"kuhn_poker(players=3)", {"ismcts(sims=30)", "random", "cfr(iters=20)"}},
      {"leduc_poker", {"random", "cfr(iters=10)"}},
      {"leduc_poker", {"ismcts(sims=30)", "mo_ismcts(sims=20)"}},
      {"loyalist_spies(rounds=1)", {"heuristic", "random", "heuristic(joker_keep=0.9)", "random"}},
      {"loyalist_spies(rounds=1)",
       {"ismcts(sims=20)", "heuristic", "mo_ismcts(sims=10)", "random"}},
  };
  for (const Case& c : cases) {
    std::int64_t builds = 0;
    const auto reused = play_games(c.game, c.agents, 12, true, &builds);
    const auto fresh = play_games(c.game, c.agents, 12, false);
    ASSERT_EQ(reused, fresh) << c.game << " " << c.agents[0] << " " << c.agents[1];
    EXPECT_EQ(builds, static_cast<std::int64_t>(c.agents.size())) << c.game;
  }
}

// The arena sits one spec in several seats (A B A); each seat gets its own
// agent, built once.
TEST(SeatAgents, OneAgentPerSpecAndSeat) {
  const auto game = load_game("kuhn_poker(players=3)");
  SeatAgents agents(game);
  Agent& a0 = agents.get("random", 0, 1);
  Agent& a2 = agents.get("random", 2, 1);
  Agent& c1 = agents.get("cfr(iters=5)", 1, 1);
  EXPECT_NE(&a0, &a2);
  EXPECT_EQ(&agents.get("random", 0, 9), &a0);
  EXPECT_EQ(&agents.get("cfr(iters=5)", 1, 9), &c1);
  EXPECT_EQ(agents.builds(), 3);
}

// An agent that cannot restart its choices (Agent::reseed's default) is
// built afresh for every game, so it too plays like a fresh agent.
class NoReseed : public Agent {
 public:
  explicit NoReseed(std::uint64_t seed) : rng_(seed) {}
  std::string spec() const override { return "no_reseed"; }
  Action act(const SeatView& view) override {
    const ActionList legal = view.legal_actions();
    return legal[rng_.uniform_int(legal.size())];
  }

 private:
  Rng rng_;
};

TEST(SeatAgents, AnAgentThatCannotReseedIsBuiltPerGame) {
  const auto game = load_game("kuhn_poker");
  SeatAgents agents(game);
  const SeatAgents::Builder build = [](std::uint64_t seed) {
    return std::make_unique<NoReseed>(seed);
  };
  for (int g = 0; g < 5; ++g) agents.get("no_reseed", 0, static_cast<std::uint64_t>(g), build);
  EXPECT_EQ(agents.builds(), 5);
}

// A bad spec is the registry's error, naming it.
TEST(SeatAgents, ABadSpecIsRefused) {
  SeatAgents agents(load_game("kuhn_poker"));
  EXPECT_THROW(agents.get("randm", 0, 1), KibitzError);
}

}  // namespace
}  // namespace kibitz
