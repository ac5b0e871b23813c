#include "env/games/adulting/adulting_game.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/knowledge.h"
#include "env/games/adulting/sampler.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

GameInfo game_info() {
  return {
      "adulting",
      "Adulting",
      "bid blind for cards, claim to be an adult, score a mantle; bluffing for 3-8 players",
      {ParamSpec::integer("players", 4, kMinPlayers, kMaxPlayers, "number of seats"),
       ParamSpec::choice("variant", "full", {"full", "bidding"},
                         "full: the whole round; bidding: scoring, sorting and bidding only, the "
                         "work phase replaced by a fixed income (the fast game for research)"),
       ParamSpec::integer("income", 2, 0, 20,
                          "variant=bidding: monies every player takes from the bank each round"),
       ParamSpec::choice("scoring", "all", {"all", "dealer"},
                         "who may play a card in the scoring phase: everyone from the dealer "
                         "round to the left, or the dealer alone"),
       ParamSpec::boolean("legal", true,
                          "the legal system: appeals, lawsuits, fines and impeachment (full variant only)"),
       ParamSpec::real("evidence", 0.5, 0.0, 1.0, "the chance that oral arguments show the voters the truth"),
       ParamSpec::real("notice", 0.3, 0.0, 1.0, "the chance that each other player watches a bank payment"),
       ParamSpec::real("ruling", 0.25, 0.0, 1.0,
                       "category jobs: the chance that an elimination is the dealer's ruling"),
       ParamSpec::real("ruling_right", 0.5, 0.0, 1.0, "the chance that such a ruling is right"),
       ParamSpec::choice("reward", "win", {"win", "score"},
                         "win: +1 shared by the top scorers, -1 shared by the rest (zero-sum); "
                         "score: each player's mantle score"),
       ParamSpec::text("deck", std::string(kBuiltinDeck),
                       "a deck file (JSON, schema in kibitz rules adulting), e.g. "
                       "'adulting(deck=docs/examples/adulting_small_deck.json)'; builtin: the "
                       "built-in 40-card deck (a file named builtin: ./builtin)")
           .as_file(FileKind::kDeck)},
      [](const Params& params) -> std::shared_ptr<const Game> {
        return std::make_shared<AdultingGame>(params);
      },
      {"adulting", "adulting(players=4,variant=bidding)", "adulting(players=3,variant=bidding,scoring=dealer)",
       "adulting(players=8,variant=bidding)", "adulting(players=4,legal=false)", "adulting(players=5)",
       "adulting(players=4,variant=bidding,reward=score)"}};
}

std::string seat_name(int seat) { return "P" + std::to_string(seat); }

int mantle_score(const std::array<std::uint8_t, kNumColumns>& columns) {
  int score = 0;
  int rows = columns[0];
  for (const std::uint8_t size : columns) {
    score += size * size;
    rows = std::min<int>(rows, size);
  }
  return score + 7 * rows;
}

namespace {

Deck load_deck(const Params& params) {
  const std::string& path = params.get_string("deck");
  return path == kBuiltinDeck ? default_deck() : load_deck_file(path);
}

// A back class: the suits and effect a back shows.
struct BackKey {
  Suit suit;
  Suit second;
  Effect effect;
  int amount;
  bool operator==(const BackKey&) const = default;
};

BackKey back_key(const Card& card) { return {card.suit, card.second, card.effect, card.amount}; }

// The deck's back classes in order of first appearance, and each card's class.
std::vector<int> back_classes(const Deck& deck, std::vector<std::string>* names) {
  std::vector<BackKey> keys;
  std::vector<int> classes;
  for (const Card& card : deck.cards) {
    const BackKey key = back_key(card);
    auto it = std::find(keys.begin(), keys.end(), key);
    if (it == keys.end()) {
      keys.push_back(key);
      if (names != nullptr) names->push_back(card.back_name() + "-back");
      it = keys.end() - 1;
    }
    classes.push_back(static_cast<int>(it - keys.begin()));
  }
  return classes;
}

std::vector<std::string> back_names_of(const Deck& deck) {
  std::vector<std::string> names;
  back_classes(deck, &names);
  return names;
}

// The most moves the legal system adds to a round's work phase, for n
// players and c = n - 1 contestants. The category job is the longest:
//  - each player appeals at most once a round, so at most c rulings are
//    overturned and at most 2c eliminations and rulings are drawn (2c
//    more chance moves than the 2n the work phase counts);
//  - appeal asks: one per ruling, 2c; appeals: c x (evidence + n - 2 votes);
//  - impeachment asks: c per standing ruling (at most c stand), c^2;
//    motions: c x (evidence + n - 2 votes), each player moves once a round;
//  - fines: c payments x (the extra + n - 1 watches + n - 1 callers).
// In all (n - 1)(5n + 2) work moves, at most 5n^2 - 5n - 2 beyond the 2n.
// Rank jobs stay below it: c declarations x (c - 1 asks + propose, allow,
// price, concede or fight, evidence + n - 2 votes) + c x fines = 4n(n - 1).
// (The 3n^2 + 8n noted earlier falls short of the category for n >= 7.)
// A failed motion's mover leaves the contest as an elimination of its own,
// in place of a later chance elimination: still c eliminations and payments.
int legal_moves(int n) { return 5 * n * n; }

// The most fines outside the work phase a round holds: every player's Bank
// card in the scoring phase and every tie refund but the taker's, n + n - 1
// payments from the bank, each with an extra, n - 1 watches and at most
// n - 1 callers.
int bank_fine_moves(int n) { return (2 * n - 1) * (2 * n - 1); }

// The most moves one round can take (history entries), for n players.
int round_moves(const Config& c) {
  const int n = c.players;
  int moves = 3 * n           // scoring: a play, a target, a stolen card each
              + 2             // the draw and the next top card's back
              + 2 * n         // truths and claims
              + n * (n - 1)   // votes
              + n;            // bids
  if (!c.bidding) moves += 2 * n;                     // the work phase
  if (!c.bidding && c.legal) moves += legal_moves(n) + bank_fine_moves(n);
  return moves;
}

// The most derived events one round can add (events.h).
int round_derived_events(const Config& c) {
  const int n = c.players;
  // The round's start, income, tax payments and bank takings, verdicts,
  // the reveal, the winner, refunds, nobody qualifying, the end.
  int events = 1 + 1 + n * (n - 1) + n + n + 1 + 1 + n + 1 + 1;
  if (!c.bidding) events += 2 * n;  // work pay, disqualifications
  // Legal system: per appeal its result and n - 1 payments or takings; per
  // suit a result, a payment and a disqualification; per fine the extra
  // shown, the caller's taking and the fine; per motion a result, a
  // disqualification and the mover's elimination: at most (n - 1)(n + 9).
  // Fines outside the work phase: 3 events for each of 2n - 1 payments.
  if (!c.bidding && c.legal) events += n * n + 9 * n + 3 * (2 * n - 1);
  return events;
}

// The most entries a state's observation log can hold (State::
// observation_log), from the most events a game can have (log_writer.cc
// turns each event into its entries):
//  - a public event is one entry; a private one two, the version its
//    knowers hear and the one the others hear (a truth, a sealed bid, a
//    measurement, an extra, a Steal's card, a ruling's rightness); a watch
//    is two, the watch and, to a watcher, the extra it saw: 2 per event;
//  - the reveal shows every bid of the round, at most n: n a round more;
//  - the end gives every seat's points: n more, once;
//  - a Peek shows the hand seen in chunks of kHandSeenChunk cards, at most
//    1 + kMaxCards / kHandSeenChunk of them, one of them counted with its
//    event: kMaxCards / kHandSeenChunk more for each Peek, at most one per
//    card of the deck (a Peek card is played once).
int max_log_entries(const Config& c, int deck_size, int max_events) {
  const int rounds = deck_size + 1;
  return 2 * max_events + rounds * c.players + c.players + deck_size * (kMaxCards / kHandSeenChunk);
}

}  // namespace

AdultingGame::AdultingGame(const Params& params)
    : Game("adulting", params),
      deck_(load_deck(params)),
      back_names_(back_names_of(deck_)),
      stream_spec_(adulting_stream_spec(deck_, back_names_)) {
  config_.players = static_cast<int>(params.get_int("players"));
  config_.bidding = params.get_string("variant") == "bidding";
  config_.income = static_cast<int>(params.get_int("income"));
  config_.dealer_scoring = params.get_string("scoring") == "dealer";
  config_.legal = params.get_bool("legal");
  config_.evidence = params.get_double("evidence");
  config_.notice = params.get_double("notice");
  config_.ruling = params.get_double("ruling");
  config_.ruling_right = params.get_double("ruling_right");
  config_.reward_score = params.get_string("reward") == "score";

  KIBITZ_CHECK(deck_.size() >= kMinDeckCards && deck_.size() <= kMaxCards, "deck of ", deck_.size(), " cards");
  const std::vector<int> classes = back_classes(deck_, nullptr);
  back_cards_.assign(back_names_.size(), 0);
  for (int c = 0; c < deck_.size(); ++c) {
    const Card& card = deck_.cards[static_cast<std::size_t>(c)];
    CardInfo info;
    for (int col = 0; col < kNumColumns; ++col) {
      if (card.fits_column(col)) info.columns |= static_cast<std::uint8_t>(1u << col);
    }
    info.spade = card.is_spade();
    info.effect = card.effect;
    info.amount = static_cast<std::uint8_t>(card.amount);
    info.job = card.job;
    info.back = static_cast<std::uint8_t>(classes[static_cast<std::size_t>(c)]);
    info.adult = card.adult;
    info_.push_back(info);
    back_cards_[info.back] |= card_bit(c);
    all_cards_ |= card_bit(c);
  }

  // Every round draws a card, so a game has at most one round per card and
  // the scoring phase of one more, plus the first top card's back.
  const int rounds = deck_.size() + 1;
  max_round_length_ = round_moves(config_);
  max_game_length_ = 1 + rounds * max_round_length_;
  const int max_events = max_game_length_ + rounds * round_derived_events(config_) + config_.players + 1;
  if (max_events > kMaxEvents) {
    throw error("adulting: a deck of ", deck_.size(), " cards with ", config_.players,
                " players can outgrow the game's event log (", max_events, " events, at most ", kMaxEvents,
                "); use a smaller deck or fewer players");
  }
  log_capacity_ = max_log_entries(config_, deck_.size(), max_events);
}

double AdultingGame::max_return() const {
  if (!config_.reward_score) return 1.0;
  const int n = num_cards();
  return static_cast<double>(n * n + 7 * n);
}

std::vector<int> AdultingGame::information_state_tensor_shape() const { return {tensor_size(config_.players)}; }

std::vector<int> AdultingGame::observation_tensor_shape() const { return {tensor_size(config_.players)}; }

std::unique_ptr<State> AdultingGame::new_initial_state() const {
  return std::make_unique<AdultingState>(shared());
}

std::unique_ptr<WorldSampler> AdultingGame::new_world_sampler(Player seat, std::span<const Observation> stream) const {
  return std::make_unique<AdultingWorldSampler>(shared(), seat, stream);
}

}  // namespace kibitz::adulting
