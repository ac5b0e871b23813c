// Loyalist Spies games for the report and export tests: a scripted deal
// and opening finished with random moves, and games between agents.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "replays/recorder.h"
#include "replays/replay_record.h"

namespace kibitz::replays::testing {

inline constexpr const char* kDirect = "loyalist_spies(players=4,rounds=1,deal=direct)";
inline constexpr const char* kSingleRound = "loyalist_spies(rounds=1)";

// Plays `texts` (each move as its mover says it), then finishes the game
// with seeded uniformly random moves, and records it.
inline ReplayRecord spies_record(const std::string& spec, const std::vector<std::string>& texts,
                                 std::uint64_t seed) {
  const std::shared_ptr<const Game> game = load_game(spec);
  Recorder recorder(*game, seed, std::vector<std::string>(game->num_players(), "scripted"),
                    std::vector<std::string>(game->num_players(), "scripted"));
  std::unique_ptr<State> state = game->new_initial_state();
  const auto apply = [&](Action action) {
    recorder.on_action(*state, action);
    state->apply_action(action);
  };
  for (const std::string& text : texts)
    apply(state->string_to_action(state->current_player(), text));
  Rng rng(seed);
  while (!state->is_terminal()) {
    const ActionList legal = state->legal_actions();
    apply(legal[rng.uniform_int(legal.size())]);
  }
  return recorder.finish(*state);
}

// A game between agents built from `agent` (one per seat), chance drawn from `seed`.
inline ReplayRecord agent_record(const std::string& spec, const std::string& agent,
                                 std::uint64_t seed) {
  const std::shared_ptr<const Game> game = load_game(spec);
  const int n = game->num_players();
  std::vector<std::unique_ptr<Agent>> agents;
  for (int seat = 0; seat < n; ++seat) {
    agents.push_back(make_agent(agent, game, seed * 10 + static_cast<std::uint64_t>(seat)));
    agents.back()->new_game(seat);
  }
  Recorder recorder(*game, seed, std::vector<std::string>(n, agent),
                    std::vector<std::string>(n, agent));
  std::unique_ptr<State> state = game->new_initial_state();
  Rng rng(seed);
  while (!state->is_terminal()) {
    Action action;
    if (state->is_chance_node()) {
      const ChanceOutcomeList outcomes = state->chance_outcomes();
      std::vector<double> weights;
      for (const ChanceOutcome& o : outcomes) weights.push_back(o.probability);
      action = outcomes[rng.sample_index(weights)].action;
    } else {
      action = agents[static_cast<std::size_t>(state->current_player())]->act(
          SeatView(*state, state->current_player()));
    }
    recorder.on_action(*state, action);
    state->apply_action(action);
  }
  return recorder.finish(*state);
}

// Aces in seat order, then a direct deal (it starts at P1, the seat after
// the first determiner): P0 holds a Joker and high cards, the others low ones.
inline std::vector<std::string> scripted_setup() {
  std::vector<std::string> texts = {"ace AD to P0", "ace AH to P1", "ace AS to P2", "ace AC to P3"};
  const std::vector<std::vector<std::string>> hands = {
      {"Jk", "KS", "KD", "QS", "2C"},  // P0: a Traitor
      {"2D", "3D", "4D", "5D", "6D"},  // P1
      {"2S", "3S", "4S", "5S", "6S"},  // P2
      {"2H", "3H", "4H", "5H", "6H"},  // P3
  };
  for (int k = 0; k < 5; ++k) {
    for (const int seat : {1, 2, 3, 0}) {
      texts.push_back("deal " + hands[static_cast<std::size_t>(seat)][static_cast<std::size_t>(k)] +
                      " to P" + std::to_string(seat));
    }
  }
  return texts;
}

// The scripted game of the belief tests:
//  turn P0: a Jack of Hearts; P0 looks at P1's ace, the Ace of Hearts: a match;
//  turn P1: a Clubs mission; P0, a Traitor, plays its lowest card (2C), a bluff;
//  turn P2: a Jack of Clubs; P2 looks at P0's ace (Diamonds): no match;
// then random moves to the end.
inline ReplayRecord scripted_game() {
  std::vector<std::string> texts = scripted_setup();
  const std::vector<std::string> turns = {
      "flip JH", "peek P1",                                       // a match
      "flip 7C", "face down 8C", "face down 9C", "face down TC",  // covert 37
      "play 2D", "play 2S",      "play 2H",      "play 2C",       // 35: success
      "flip JC", "peek P0",                                       // no match
  };
  texts.insert(texts.end(), turns.begin(), turns.end());
  return spies_record(kDirect, texts, 11);
}

}  // namespace kibitz::replays::testing
