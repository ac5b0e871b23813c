// The draw of one round's hidden cards and choices for a Loyalist Spies
// world (resample.h), from one seat's knowledge alone (knowledge.h): the
// round's events with the cards the seat did not see unknown.
//
//  - RoundPlan: what the seat knows of the round, worked out once (the
//    events of each seat's deal and keeps, the revealed sets, the cards the
//    seat saw, the pools the unseen cards come from);
//  - RoundDraw: one attempt at a world for the round, which may meet a dead
//    end (a choice that a later observation contradicts) and then fails;
//  - Chooser: where the attempt takes its decisions. The fast draw takes
//    each at random; the complete method (round_search.cc) walks them as a
//    depth-first search, every branch the observations leave open in turn.
//
// The method, per round:
//  - aces: uniformly among the assignments of the unseen aces that respect
//    every Jack (a failed match rules a suit out);
//  - in the set-up, the other seats' deal is a uniform deal of the cards
//    the seat was not dealt, and their keeps so far a uniform choice among
//    the keep sequences the rules allow;
//  - afterwards every card another seat held is a "token", made when it
//    was dealt or drawn; a mission's revealed set is split between its
//    face-down deck cards and the seats that played (a card must be in the
//    player's hand then; Jokers only face down), card by card, uniformly
//    among the places still open; a seat that played nothing held only
//    Jokers; at a round's end the revealed Jokers are in their holders'
//    hands, and the seat due to play holds a card it can play;
//  - the cards the viewer gave up and never saw again must end in the
//    others' draws once the deck is too short to hold them: a played card
//    is taken from a seat's dealt cards rather than its draws in proportion
//    to the draws those cards leave free, and never so as to leave too few;
//  - cards the seat saw on top of the deck (its own Queen) go where it saw
//    them; after another seat reorders them their order is drawn among the
//    orders that fit what happened to each position next;
//  - the cards still unplaced fill the rest uniformly among the fillings
//    that fit (the other seats' first cards only from cards the seat never
//    saw, deck cards also from those it gave up), and in a keep5 deal who
//    was dealt which given-up card, and in what order, is uniform too.
// Every decision that could be part of a consistent world is open to every
// draw, so every consistent world can come out. Where the hidden cards are
// interchangeable as far as the viewer saw, every consistent world is
// equally likely; the draw is not exactly uniform where a split or a token
// choice changes how many ways the rest can be completed
// (docs/rules/loyalist_spies.md, "Worlds drawn for search").
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "env/core/rng.h"
#include "env/core/types.h"
#include "env/games/loyalist_spies/knowledge.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {

// The depth-first search of the complete method: each run of a draw takes
// the branch the path says at the decisions it has seen before and a new
// one (at a random place among the options) past them; after a failed run,
// next_branch() moves to the next untried option of the deepest decision
// that has one. A draw is deterministic given its decisions, so the runs
// walk the tree of decisions without repeating a leaf.
class DecisionSearch {
 public:
  DecisionSearch() { path_.reserve(4096); }
  void clear() {
    path_.clear();
    depth_ = 0;
  }
  // Before each run.
  void rewind() { depth_ = 0; }
  // The run's next decision among `count` options.
  int pick(int count, Rng& rng);
  // After a failed run: false when every branch has been tried.
  bool next_branch();

 private:
  struct Level {
    int start;  // the option tried first (random)
    int tried;  // options tried before the current one
    int count;
  };
  std::vector<Level> path_;
  std::size_t depth_ = 0;
};

class Chooser {
 public:
  explicit Chooser(Rng& rng, DecisionSearch* search = nullptr) : rng_(rng), search_(search) {}
  // One of `count` options (count > 0): uniformly, or the search's branch.
  int pick(int count) {
    if (search_ != nullptr) return search_->pick(count, rng_);
    return static_cast<int>(rng_.uniform_int(static_cast<std::uint64_t>(count)));
  }
  // One of the options with weight > 0, in proportion to the weights; the
  // search walks each of them.
  int pick_weighted(std::span<const double> weights);
  bool searching() const { return search_ != nullptr; }

 private:
  Rng& rng_;
  DecisionSearch* search_;
};

inline constexpr int kMaxSeatEvents = 64;  // deal or keep events of one seat in a round

// What the seat knows of one round, worked out once.
struct RoundPlan {
  void prepare(const SpiesKnowledge& knowledge, const KnownRound& round);
  bool deck_only(int card) const { return (given_p >> card) & 1u; }
  void prepare_setup(const KnownRound& round);
  void prepare_turns(const KnownRound& round);

  const Config* config = nullptr;
  const KnownRound* known = nullptr;
  std::span<const Event> events;  // the round's, hidden cards kHidden
  int n = 0;
  int p = 0;
  int entries = 0;  // history entries
  CardMask universe = 0;  // the round's cards besides the aces
  bool setup_done = false;
  int first_turn_event = 0;
  std::array<int, kMaxPlayers> ace_event{};
  int aces_dealt = 0;
  std::array<unsigned, kMaxPlayers> excluded{};
  // Seat s's k-th deal and keep events: the set-up's fixed order makes them
  // arithmetic, so only a base per seat is kept (a smaller plan stays in
  // cache when many samplers take turns).
  int deal_event(int seat, int k) const { return deal_base[static_cast<std::size_t>(seat)] + k * n; }
  int keep_event(int seat, int k) const { return keep_base[static_cast<std::size_t>(seat)] + k; }
  std::array<int, kMaxPlayers> deal_base{};
  std::array<int, kMaxPlayers> deal_count{};
  std::array<int, kMaxPlayers> keep_base{};
  std::array<int, kMaxPlayers> keep_count{};
  CardMask dealt_p = 0, given_p = 0;
  CardMask any_pool = 0;   // never seen by the viewer
  CardMask deck_pool = 0;  // given up by the viewer, not seen since
  std::array<CardMask, kMaxPlayers> final_jokers{};
  CardMask final_jokers_all = 0;  // of the other seats
  int missions = 0;
  std::array<CardMask, kMaxKnownMissions> set{};
  std::array<int, kMaxKnownMissions> reveal_event{};
  std::array<int, kMaxKnownMissions> viewer_play{};
  std::array<std::array<std::int16_t, kMaxPlayers>, kMaxKnownMissions> play_event{};
  std::array<std::int8_t, kNumCardIndices> mission_of_card{};
  CardMask set_cards = 0;  // every revealed mission card
  // The cards the viewer gave up that must lie in the others' draws (or on
  // an unrevealed mission) rather than still in the deck, and the slots of
  // that kind in the round: draws by the others, face-down cards of
  // unrevealed missions.
  int deck_need = 0;
  int drawn_slots = 0;
};

// One attempt at the round's hidden cards and choices.
class RoundDraw {
 public:
  explicit RoundDraw(const RoundPlan& plan) : plan_(plan) {}

  // True when a world consistent with the round's events was drawn.
  bool draw(Chooser& chooser);
  // The round's history entries, in order (after a successful draw).
  void write_actions(std::span<Action> out) const;

 private:
  static constexpr int kMaxTokens = 64;  // 5 per seat plus every deck card drawn
  static constexpr int kSlot = 64;       // world top items from kSlot on are placeholders
  static constexpr int kMaxSlots = 63;   // placeholders in a round (one per card another seat peeks)
  using TokenMask = std::uint64_t;

  // A card another seat held this round: dealt into its first five or drawn.
  struct Token {
    std::int8_t owner;
    std::int8_t card;  // -1 until decided
    bool drawn;        // came from the deck (else from the deal)
    bool non_joker;    // played, or in a final hand beyond its revealed Jokers
  };
  // What fixes the card at one top position after a reorder the viewer did not see.
  struct Fate {
    enum Kind : std::uint8_t { kConsumed, kView, kCarried, kRemaining } kind;
    std::int16_t event;  // kConsumed: the event that took it
    std::int8_t value;   // kView: the card the viewer saw there
  };

  // round_draw.cc: the attempt, event by event.
  void reset();
  bool sample_aces();
  bool draw_setup();
  bool keep_sequence(int seat, CardMask dealt);
  bool step(int e);
  bool on_flip(int e);
  bool arrange(int order_event);
  bool fits(int item, const Fate& fate, CardMask known_items) const;
  bool others_orders_offered() const;
  int slot_card(int slot) const;
  // round_missions.cc: the other seats' hands.
  bool assign_mission(int m);
  bool split_mission(int m, std::span<const std::int16_t> open_plays, CardMask left);
  int take_token_for(int seat, int card);
  bool no_play(int seat);
  bool discard(int e);
  bool place_final_jokers();
  bool finish_pending_plays();
  bool keep_a_playable_card();
  // round_fill.cc: the unplaced cards, and the keep5 deal.
  bool fill();
  bool place_fill_jokers(std::span<const std::int8_t> initial, std::span<const std::int16_t> drawn,
                         CardMask& free);
  void emit();
  void deal_given_cards(const std::array<CardMask, kMaxPlayers>& kept);

  int random_token(TokenMask m) { return nth_set_bit(m, chooser_->pick(popcount(m))); }
  int random_card(CardMask m) { return nth_card(m, chooser_->pick(popcount(m))); }
  int new_token(int owner, bool drawn, int card) {
    if (num_tokens_ >= kMaxTokens) return -1;
    tokens_[static_cast<std::size_t>(num_tokens_)] = {static_cast<std::int8_t>(owner), static_cast<std::int8_t>(card),
                                                      drawn, false};
    const TokenMask bit = TokenMask{1} << num_tokens_;
    hand_[static_cast<std::size_t>(owner)] |= bit;
    if (card >= 0) placed_ |= card_bit(card);
    if (drawn && card < 0) open_drawn_ |= bit;
    if (drawn) ++drawn_slots_seen_;
    return num_tokens_++;
  }
  Token& token(int t) { return tokens_[static_cast<std::size_t>(t)]; }
  const Token& token(int t) const { return tokens_[static_cast<std::size_t>(t)]; }
  void assign(int t, int card) {
    token(t).card = static_cast<std::int8_t>(card);
    placed_ |= card_bit(card);
    open_drawn_ &= ~(TokenMask{1} << t);
  }
  const Event& ev(int e) const { return plan_.events[static_cast<std::size_t>(e)]; }
  // Event e's card is token t's.
  void link(int e, int t) {
    links_[static_cast<std::size_t>(num_links_++)] = {static_cast<std::int16_t>(e), static_cast<std::int8_t>(t)};
  }
  static bool is_card(int item) { return item >= 0 && item < kSlot; }
  // Whether the world's top can be `card`, which the viewer sees taken: a
  // card the viewer knows on top must be it, and it cannot lie lower.
  bool top_shows(int card) const {
    if (wlen_ > 0 && is_card(world_[0]) && world_[0] != card) return false;
    for (int i = 1; i < wlen_; ++i) {
      if (world_[static_cast<std::size_t>(i)] == card) return false;
    }
    return true;
  }
  std::int8_t& value(int e) { return value_[static_cast<std::size_t>(e)]; }
  // Event e's card in the world: the one the viewer saw, or the one drawn.
  int val(int e) const {
    const int card = ev(e).card;
    return card != kHidden ? card : value_[static_cast<std::size_t>(e)];
  }
  // Takes the world's top item for event e: the card the viewer knows there,
  // or -1 (a placeholder, now decided by e, or no fixed top at all).
  int take_world(int e) {
    if (wlen_ == 0) return -1;
    const int item = world_[0];
    for (int i = 1; i < wlen_; ++i) world_[static_cast<std::size_t>(i - 1)] = world_[static_cast<std::size_t>(i)];
    --wlen_;
    if (is_card(item)) return item;
    slot_event_[static_cast<std::size_t>(item - kSlot)] = static_cast<std::int16_t>(e);
    return -1;
  }

  const RoundPlan& plan_;
  Chooser* chooser_ = nullptr;

  std::array<std::int8_t, kMaxRoundEvents> value_;
  // Events whose card is a token's: (event, token) pairs.
  std::array<std::pair<std::int16_t, std::int8_t>, kMaxTokens + kMaxTokens> links_;
  int num_links_ = 0;
  std::array<Token, kMaxTokens> tokens_;
  int num_tokens_ = 0;
  std::array<TokenMask, kMaxPlayers> hand_{};
  CardMask placed_ = 0;
  // For take_token_for: drawn tokens still without a card, and the
  // drawn-class slots (draws by the others, face-down cards of unrevealed
  // missions) met so far.
  TokenMask open_drawn_ = 0;
  int drawn_slots_seen_ = 0;
  std::array<CardMask, kMaxKnownMissions> pinned_face_down_{};
  std::array<std::array<std::int16_t, kMissionDeckCards>, kMaxKnownMissions> free_face_down_;
  std::array<int, kMaxKnownMissions> num_free_face_down_{};
  std::array<std::int16_t, kMaxPlayers> pending_play_;  // play events awaiting the reveal
  int num_pending_ = 0;
  bool finals_placed_ = false;
  // The drawn world's top cards: a card the viewer knows there, or a
  // placeholder (kSlot + id) for one it does not, whose card is decided by
  // what later takes it (or by the fill, if it is still on top).
  std::array<std::int8_t, kQueenLook> world_{};
  int wlen_ = 0;
  int num_slots_ = 0;
  std::array<std::int16_t, kMaxSlots> slot_event_;   // the event that took it
  std::array<std::int8_t, kMaxSlots> slot_fixed_;    // the card the viewer later saw there
  std::array<std::int8_t, kMaxRoundEvents> choice_;  // another seat's peek item or order
};

// The complete method for one round (round_search.cc): a depth-first search
// over the draw's decisions, restarted with a doubling limit of runs (so an
// early choice that dooms every later one is not searched below forever),
// until a run succeeds, every branch has been tried (kNoWorld), or `budget`
// runs have been made (kGaveUp). `runs` gets the runs made.
enum class RoundSearch { kFound, kNoWorld, kGaveUp };
// The search's buffers on this thread (made on first use: callers that must
// not allocate later touch it early).
DecisionSearch& thread_search();
RoundSearch search_round(RoundDraw& draw, Rng& rng, std::int64_t budget, std::int64_t& runs);

}  // namespace kibitz::loyalist_spies
