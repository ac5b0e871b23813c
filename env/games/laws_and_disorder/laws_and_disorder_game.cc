#include "env/games/laws_and_disorder/laws_and_disorder_game.h"

#include "env/games/laws_and_disorder/knowledge.h"
#include "env/core/error.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"
#include "env/games/laws_and_disorder/log_bound.h"
#include "env/games/laws_and_disorder/seat_knowledge.h"
#include "env/games/laws_and_disorder/sampler.h"
#include "env/games/laws_and_disorder/stream.h"

namespace kibitz::laws_and_disorder {

GameInfo game_info() {
  return {
      "laws_and_disorder",
      "Laws and Disorder",
      "make laws out of cards, get paid per card, and profit from what your laws do to others; 2-6 players",
      {ParamSpec::integer("players", 4, kMinPlayers, kMaxPlayers, "number of seats"),
       ParamSpec::choice("draw_at", "end", {"end", "start"},
                         "when a player draws their two cards: at the end of the turn (the rules text) "
                         "or at its start (the online version)"),
       ParamSpec::integer("hand_limit", 0, 0, kDeckSize,
                          "at the end of a turn, discard down to this many cards; 0: no limit (the "
                          "online version: 11)"),
       ParamSpec::integer("max_laws", 0, 0, kMaxTableLaws,
                          "the most laws on the table, a new law dropping the oldest; 0: no limit (the "
                          "online version: 8)"),
       ParamSpec::choice("reward", "win", {"win", "score"},
                         "win: +1 shared by the richest, -1 shared by the rest (zero-sum); score: each "
                         "player's monies")},
      [](const Params& params) -> std::shared_ptr<const Game> {
        return std::make_shared<LawsAndDisorderGame>(params);
      },
      {"laws_and_disorder", "laws_and_disorder(players=2)", "laws_and_disorder(players=6,reward=score)",
       "laws_and_disorder(players=4,draw_at=start,hand_limit=11,max_laws=8)",
       "laws_and_disorder(players=3,max_laws=2,hand_limit=3)"}};
}

std::string seat_name(int seat) { return seat_text(seat); }
std::string law_name(int serial) { return "L" + std::to_string(serial); }

namespace {

// The most turns a game can take: every turn before the last card is drawn
// draws two cards from a deck that is never refilled, and then every player
// takes one more turn.
int max_turns(int players) { return (kDeckSize - kStartingCards * players + 1) / 2 + players + 1; }

// The most effects one turn can bring, for n players: the laws a WHEN card
// makes fire are at most two of each kind (the deck holds two of each), so
// at the turn's start at most 2 (for its player alone); after the law made
// (one a turn) its own effect for n holders (ANY-POSITION) and 2 laws x n
// holders; after the ability (one a turn) the Judge's law for n holders and
// 2 laws for the user.
int max_effects_per_turn(int n) { return 2 + 3 * n + n + 2; }

// The most moves a game can take (history entries), for n players and T
// turns:
//  - chance: n positions, and at most 78 draws (the deal included);
//  - discards by choice (losses, hand limit, the merchant): at most the
//    cards that ever enter a hand, 78 dealt or drawn plus one a turn taken
//    back from a law (the scientist, a swap; one ability a turn);
//  - per turn at most 10 moves of the turn's player (a law of 5 cards and
//    end-law, a job card, an ability and the thief's take, end-turn), and
//    each effect at most 3 choices (2 cards picked and a recipient).
int max_moves(int n) {
  const int turns = max_turns(n);
  return n + kDeckSize + (kDeckSize + turns) + turns * (10 + max_effects_per_turn(n) * 3);
}

// The most observations a game can log (State::observation_log): a move logs at
// most 5 besides its effects (the last position dealt and the unheld ones; a
// job card and the two positions; a law made, a law dropped and the pay),
// except the thief's, whose view of a hand takes up to 13 more (78 cards in
// chunks of kHandSeenChunk), once a turn; an effect logs at most 7 (its
// header and amount, nobody receiving, two cards lost with a line for their
// owner and one for the rest); then the last card and the n final scores.
int max_log_entries(int n) {
  const int turns = max_turns(n);
  const int thief_view = (kDeckSize + kHandSeenChunk - 1) / kHandSeenChunk;
  return 5 * max_moves(n) + thief_view * turns + 7 * max_effects_per_turn(n) * turns + 1 + n;
}

}  // namespace

LawsAndDisorderGame::LawsAndDisorderGame(const Params& params)
    : Game("laws_and_disorder", params), stream_spec_(laws_and_disorder_stream_spec()) {
  config_.players = static_cast<int>(params.get_int("players"));
  config_.draw_at = params.get_string("draw_at") == "start" ? DrawAt::kStart : DrawAt::kEnd;
  config_.hand_limit = static_cast<int>(params.get_int("hand_limit"));
  config_.max_laws = static_cast<int>(params.get_int("max_laws"));
  config_.reward_score = params.get_string("reward") == "score";
  max_game_length_ = max_moves(config_.players);
  log_capacity_ = max_log_entries(config_.players);
}

double LawsAndDisorderGame::max_return() const {
  // reward=score: monies have no fixed ceiling; a bound far above any game.
  return config_.reward_score ? 10000.0 : 1.0;
}

std::vector<int> LawsAndDisorderGame::information_state_tensor_shape() const {
  return {tensor_size(config_.players)};
}

std::vector<int> LawsAndDisorderGame::observation_tensor_shape() const { return {tensor_size(config_.players)}; }

std::unique_ptr<State> LawsAndDisorderGame::new_initial_state() const {
  return std::make_unique<LawsAndDisorderState>(shared());
}

std::unique_ptr<WorldSampler> LawsAndDisorderGame::new_world_sampler(Player seat,
                                                                     std::span<const Observation> stream) const {
  return std::make_unique<LawsAndDisorderWorldSampler>(shared(), seat, stream);
}

}  // namespace kibitz::laws_and_disorder

namespace kibitz::laws_and_disorder {

std::unique_ptr<SeatKnowledge> LawsAndDisorderGame::new_seat_knowledge(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < config_.players, "laws_and_disorder: no seat ", seat);
  return std::make_unique<LawsSeatKnowledge>(std::static_pointer_cast<const LawsAndDisorderGame>(shared()), seat);
}

}  // namespace kibitz::laws_and_disorder
