#include "env/games/loyalist_spies/loyalist_spies_game.h"

#include "env/core/error.h"
#include "env/games/loyalist_spies/encoder.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/scoring.h"
#include "env/games/loyalist_spies/seat_knowledge.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {

GameInfo game_info() {
  return {
      "loyalist_spies",
      "Loyalist Spies",
      "secret suits, hidden Traitors and face-down missions for 3-4 players",
      {ParamSpec::integer("players", 4, kMinPlayers, kMaxPlayers, "number of seats"),
       ParamSpec::choice("deal", "keep5", {"keep5", "direct"},
                         "keep5: deal everything, each keeps 5, the rest is the Success deck; "
                         "direct: deal 5 each, the rest is the deck"),
       ParamSpec::integer("jokers", 2, 0, kMaxJokers, "Jokers shuffled in with the pack"),
       ParamSpec::choice("hearts_failure", "draw", {"draw", "discard"},
                         "after a failed Hearts mission each player draws a card, or "
                         "discards one of their choice"),
       ParamSpec::boolean("refill", true,
                          "after a mission, players with fewer than 2 cards draw up to 2"),
       ParamSpec::integer("target_score", 40, 1, 1000,
                          "the game ends after a round in which a total exceeds this (rounds=0)"),
       ParamSpec::integer("max_rounds", 10, 1, kMaxRoundsLimit,
                          "the game ends after this many rounds at the latest (rounds=0)"),
       ParamSpec::integer("rounds", 0, 0, kMaxRoundsLimit,
                          "0: play to target_score or max_rounds; k > 0: exactly k rounds "
                          "(rounds=1 is the single-round game)"),
       ParamSpec::choice("reward", "win", {"win", "score"},
                         "win: +1 shared by the highest totals, -1 shared by the rest "
                         "(zero-sum); score: the points themselves, paid each round")},
      [](const Params& params) -> std::shared_ptr<const Game> {
        return std::make_shared<LoyalistSpiesGame>(params);
      },
      {"loyalist_spies", "loyalist_spies(rounds=1)", "loyalist_spies(players=3,rounds=1)",
       "loyalist_spies(deal=direct,rounds=1)", "loyalist_spies(hearts_failure=discard,rounds=1)",
       "loyalist_spies(jokers=0,refill=false,rounds=1)",
       "loyalist_spies(players=3,jokers=1,deal=direct,reward=score,max_rounds=3)"}};
}

std::string seat_name(int seat) {
  std::string s = "P";
  append_to(s, seat);
  return s;
}

LoyalistSpiesGame::LoyalistSpiesGame(const Params& params)
    : Game("loyalist_spies", params), stream_spec_(spies_stream_spec()) {
  config_.players = static_cast<int>(params.get_int("players"));
  config_.keep5 = params.get_string("deal") == "keep5";
  config_.jokers = static_cast<int>(params.get_int("jokers"));
  config_.hearts_discard = params.get_string("hearts_failure") == "discard";
  config_.refill = params.get_bool("refill");
  config_.target_score = static_cast<int>(params.get_int("target_score"));
  config_.max_rounds = static_cast<int>(params.get_int("max_rounds"));
  config_.rounds = static_cast<int>(params.get_int("rounds"));
  config_.reward_score = params.get_string("reward") == "score";

  // Bounds of a round. Every deck card is revealed by at most one Queen and
  // taken once; a mission takes its card and up to 3 face-down cards, so at
  // most (deck + 3) / 4 missions; at most 4 Jacks and 4 Queens ask a choice.
  const int n = config_.players;
  const int deck = config_.deck_cards();
  max_missions_ = (deck + kMissionDeckCards) / (kMissionDeckCards + 1);
  const int deal = config_.keep5 ? config_.cards_in_play() : kKeepCount * n;
  const int keeps = config_.keep5 ? kKeepCount * n : 0;
  const int jack_and_queen_choices = 8;
  max_round_length_ = n + deal + keeps + 2 * deck + jack_and_queen_choices + 2 * n * max_missions_;
  const int max_events = max_round_length_ + (n + 1) * max_missions_ + n;
  KIBITZ_CHECK(max_events <= kMaxRoundEvents, "round event log too small: ", max_events);
  // The observation log (State::observation_log, stream_log.cc): a history
  // entry logs at most 2 entries (the version its knowers see, and the one
  // the other seats and the spectator see; a Queen's flip is the public
  // flip and the cards already on top, to the determiner alone), except a
  // Jack's look, which logs 3 (the public result, the target's ace to the
  // determiner, the determiner's ace to the target on a match), at most 4
  // a round (the pack has 4 Jacks); a derived event (a seat playing
  // nothing, a reveal, a seat's round end) logs one, public.
  constexpr int kJacks = 4;
  const int derived_events = max_events - max_round_length_;
  log_capacity_ = (2 * max_round_length_ + kJacks + derived_events) * config_.round_limit();
}

double LoyalistSpiesGame::max_return() const {
  if (!config_.reward_score) return 1.0;
  return static_cast<double>(max_round_points(max_missions_) * config_.round_limit());
}

std::vector<int> LoyalistSpiesGame::information_state_tensor_shape() const { return {kTensorSize}; }

std::vector<int> LoyalistSpiesGame::observation_tensor_shape() const { return {kTensorSize}; }

std::unique_ptr<State> LoyalistSpiesGame::new_initial_state() const {
  return std::make_unique<LoyalistSpiesState>(shared());
}

std::unique_ptr<SeatKnowledge> LoyalistSpiesGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "loyalist_spies: no seat ", seat);
  return std::make_unique<SpiesSeatKnowledge>(std::static_pointer_cast<const LoyalistSpiesGame>(shared()), seat);
}

}  // namespace kibitz::loyalist_spies
