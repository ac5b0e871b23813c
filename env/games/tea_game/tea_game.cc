#include "env/games/tea_game/tea_game.h"

#include <algorithm>

#include "env/games/tea_game/knowledge.h"
#include "env/games/tea_game/sampler.h"
#include "env/games/tea_game/stream.h"
#include "env/games/tea_game/tea_state.h"

namespace kibitz::tea_game {

GameInfo game_info() {
  return {
      "tea_game",
      "Tea Game",
      "office days of tea games: order drinks, draw cards, the lowest hand makes the tea; 3-10 players",
      {ParamSpec::integer("players", 5, kMinPlayers, kMaxPlayers, "office players (seats)"),
       ParamSpec::integer("days", 5, 1, kMaxDays, "office days in an episode"),
       ParamSpec::integer("games_per_day", 3, 1, kMaxGamesPerDay, "tea games a day"),
       ParamSpec::boolean("aces_low", false, "aces count 1 instead of 14"),
       ParamSpec::integer("exemption_games", 15, 1, kMaxGames,
                          "a loser's exemption holds for this many further games (the three months)"),
       ParamSpec::real("delay_prob", 0.1, 0.0, 1.0,
                       "each player's chance, each game, of being unable to start the tea within 10 minutes"),
       ParamSpec::text("birthdays", "none",
                       "birthdays as seat@day joined by '+', e.g. 1@2+3@1 (seats from 0, days from 1); none"),
       ParamSpec::real("drink_value", 1.0, 0.0, 100.0, "reward per drink received"),
       ParamSpec::real("late_drink_value", 0.5, 0.0, 100.0,
                       "reward per drink received when the loser was delayed (ours)"),
       ParamSpec::real("make_cost", 0.5, 0.0, 100.0, "cost per drink made"),
       ParamSpec::real("pence_value", 0.01, 0.0, 1.0, "cost per penny paid into the fund or for biscuits"),
       ParamSpec::integer("deathmatch_fund", 200, 10, 100000,
                          "the fund (pence) that starts a biscuit deathmatch (ours: the rulings' 200p)")},
      [](const Params& params) -> std::shared_ptr<const Game> { return std::make_shared<TeaGame>(params); },
      {"tea_game", "tea_game(players=3,days=1,delay_prob=0.5)",
       "tea_game(players=4,days=2,games_per_day=2,exemption_games=2,delay_prob=0.4)",
       "tea_game(players=5,days=2,aces_low=true,birthdays=1@1+3@2,delay_prob=0.5)",
       "tea_game(players=4,days=1,games_per_day=3,deathmatch_fund=20,delay_prob=0.5)",
       "tea_game(players=10,days=1,games_per_day=2)"}};
}

namespace {

// The most moves of one tea game for n players: n delays, at most n of each
// decision (spend, announce, withdraw, order), the first round (3 cards
// each) and kMaxRedraws redraw rounds, a lot, and a deathmatch: n - 1 steps
// of at most kMaxRedraws + 1 rounds of n cards and a lot.
int max_moves_per_game(int n) {
  const int deathmatch = (n - 1) * ((kMaxRedraws + 1) * n + 1);
  return 5 * n + kMaxDrinks * n * (1 + kMaxRedraws) + 1 + deathmatch;
}

// The most observations one tea game logs for n players (State::
// observation_log; the lines are table.cc's and draws.cc's):
//  - its start: the header, a birthday and an expiring exemption per seat;
//  - the delays: two per seat (the seat's own, and the others' version);
//  - the decisions: at most one spend or play, announcement, withdrawal or
//    stay, and order per seat; or the line that the game is not played;
//  - each of at most 1 + kMaxRedraws rounds: a reshuffle, each card drawn
//    (at most kMaxDrinks per seat) with at most one line for its action,
//    one more for the round's one Reverse Joker (the order reversed and a
//    joker exemption lost), and a tied line per seat;
//  - the lot, and the end: the odd one out, the loser, the exemption or
//    forfeit (or that nobody loses), and a spent exemption per seat;
//  - a deathmatch: its header, then n - 1 steps, each of at most
//    1 + kMaxRedraws rounds of a reshuffle, n cards and a tie, and the lot
//    and the seat that goes out (or buys the biscuits).
int max_log_entries_per_game(int n) {
  const int start = 1 + 2 * n;
  const int delays = 2 * n;
  const int decisions = 4 * n + 1;
  const int rounds = (1 + kMaxRedraws) * (1 + 2 * kMaxDrinks * n + 1 + n);
  const int end = 1 + 3 + n;
  const int deathmatch = 1 + (n - 1) * ((1 + kMaxRedraws) * (1 + n + 1) + 2);
  return start + delays + decisions + rounds + end + deathmatch;
}

}  // namespace

TeaGame::TeaGame(const Params& params)
    : Game("tea_game", params), config_(make_config(params)), stream_spec_(tea_game_stream_spec()) {
  const int n = config_.players;
  const int games = config_.total_games();
  max_game_length_ = games * max_moves_per_game(n);
  log_capacity_ = games * max_log_entries_per_game(n);
  // Worst cases per game: receive 3 drinks; make every drink (3 each) and pay
  // for every card drawn (a 10 at 10p, a Queen's share at most 100p).
  const int cards = kMaxDrinks * n * (1 + kMaxRedraws);
  max_return_ = games * kMaxDrinks * std::max(config_.drink_value, config_.late_drink_value);
  min_return_ = -games * (kMaxDrinks * n * config_.make_cost + cards * kBiscuitPence * config_.pence_value);
}

std::vector<int> TeaGame::information_state_tensor_shape() const { return {tensor_size(config_)}; }
std::vector<int> TeaGame::observation_tensor_shape() const { return {tensor_size(config_)}; }

std::unique_ptr<State> TeaGame::new_initial_state() const { return std::make_unique<TeaState>(shared()); }

std::unique_ptr<WorldSampler> TeaGame::new_world_sampler(Player seat, std::span<const Observation> stream) const {
  return std::make_unique<TeaWorldSampler>(shared(), seat, stream);
}

}  // namespace kibitz::tea_game
