// The turn phases of StreamReader (knowledge_reader.h): the game's own
// phase order (loyalist_spies_state.cc), replayed over what every seat can
// see, so each observation is checked against the move the rules call for
// and becomes the log event it describes.
#include "env/games/loyalist_spies/knowledge_reader.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
StreamReader::StreamReader(const LoyalistSpiesGame& game, int viewer, SpiesKnowledge& out, bool check)
    : game_(game),
      config_(game.config()),
      spec_(game.stream_spec()),
      n_(game.config().players),
      p_(viewer),
      out_(&out),
      check_(check),
      cards_in_play_(game.config().cards_in_play()) {
  KIBITZ_CHECK((viewer >= 0 && viewer < n_) || viewer == kSpectator, "bad seat ", viewer);
  out_->config_ = &config_;
  out_->viewer_ = viewer;
  // Reserved once: a reused SpiesKnowledge then reads without allocating.
  out_->events_.clear();
  out_->observation_of_.clear();
  out_->rounds_.clear();
  out_->history_length_ = 0;
  universe_ = kPackMask & ~kAceMask;
  for (int j = 0; j < config_.jokers; ++j) universe_ |= card_bit(kFirstJoker + j);
  start_round();
}

Phase StreamReader::phase() const {
  // kReveal and kRoundEnd last only between the observations of one move
  // (the reveal, the round-end reveals come with the move that causes them).
  switch (step_) {
    case Step::kAces: return Phase::kDealAces;
    case Step::kDeal: return Phase::kDeal;
    case Step::kKeep: return Phase::kKeep;
    case Step::kFlip: return Phase::kFlip;
    case Step::kJack: return Phase::kJackTarget;
    case Step::kPeek: return Phase::kQueenPeek;
    case Step::kOrder: return Phase::kQueenOrder;
    case Step::kFaceDown: return Phase::kFaceDown;
    case Step::kPlay:
    case Step::kReveal: return Phase::kPlay;
    case Step::kDraw: return Phase::kDraw;
    case Step::kDiscard: return Phase::kDiscard;
    case Step::kRoundEnd: return Phase::kFlip;
    case Step::kOver: return Phase::kTerminal;
  }
  return Phase::kTerminal;
}

int StreamReader::to_act() const {
  switch (step_) {
    case Step::kKeep:
    case Step::kPlay:
    case Step::kDiscard: return actor_;
    case Step::kJack:
    case Step::kOrder: return det_;
    default: return -1;
  }
}

void StreamReader::push(EventKind kind, int seat, int card, int aux) {
  out_->events_.push_back(
      {kind, static_cast<std::int8_t>(seat), static_cast<std::int8_t>(card), static_cast<std::uint8_t>(aux)});
  if (check_) out_->observation_of_.push_back(index_);
  round_entries_ += is_history_event(kind) ? 1 : 0;
}

void StreamReader::close_round() {
  KnownRound& round = out_->rounds_.back();
  round.end = static_cast<int>(out_->events_.size());
  round.entries = round_entries_;
  round.own_dealt = own_dealt_;
  round.own_kept = own_kept_;
  if (round.first_turn_event < 0 && step_ <= Step::kKeep) round.first_turn_event = round.end - round.begin;
  out_->history_length_ = round.history_begin + round_entries_;
}

void StreamReader::add(int index, const Observation& o) {
  index_ = index;
  obs_ = &o;
  if (o.kind >= kNumObsKinds) refuse("loyalist_spies has no observation kind " + std::to_string(int{o.kind}));
  if (check_) {
    try {
      spec_.validate(o, n_);
    } catch (const KibitzError& e) {
      refuse(e.what());
    }
  }
  const Obs kind = obs_kind(o);
  if (!is_primary(kind)) {
    add_secondary(o);
    return;
  }
  if (owed_ == Owed::kAlreadyOnTop) refuse("the seat's Queen was flipped with cards on top: 'already on top ..' comes first");
  if (owed_ != Owed::kNone) refuse("the seat's Jack look owes it an ace: \"P..'s ace is ..\" comes first");
  switch (step_) {
    case Step::kAces: return on_ace(kind, o);
    case Step::kDeal: return on_deal(kind, o);
    case Step::kKeep: return on_keep(kind, o);
    case Step::kFlip: return on_flip(kind, o);
    case Step::kJack: return on_jack(kind, o);
    case Step::kPeek: return on_peek(kind, o);
    case Step::kOrder: return on_order(kind, o);
    case Step::kFaceDown: return on_face_down(kind);
    case Step::kPlay: return on_play(kind, o);
    case Step::kReveal: return on_reveal(kind, o);
    case Step::kDraw: return on_draw(kind, o);
    case Step::kDiscard: return on_discard(kind, o);
    case Step::kRoundEnd: return on_round_end(kind, o);
    case Step::kOver: refuse("the game is over");
  }
}

void StreamReader::add_secondary(const Observation& o) {
  if (obs_kind(o) == Obs::kAlreadyOnTop) {
    if (owed_ != Owed::kAlreadyOnTop) {
      refuse("'already on top' comes only right after the seat's own Queen is flipped with cards fixed on top");
    }
    on_already_on_top(o);
  } else {
    if (owed_ != Owed::kTargetAce && owed_ != Owed::kDeterminerAce) {
      refuse("an ace is shown only right after a Jack look by the seat, or a match on it");
    }
    on_ace_seen(o);
  }
  owed_ = Owed::kNone;
}

void StreamReader::finish() {
  if (out_->rounds_.empty()) return;
  if (!out_->rounds_.back().finished) close_round();  // a finished one was closed by its scoring
  const auto end = [&](const std::string& why) {
    throw error(game_.spec(), ": seat P", p_, "'s stream stops where the game cannot stop: ", why);
  };
  if (owed_ == Owed::kAlreadyOnTop) end("the seat's Queen was just flipped: 'already on top ..' is missing");
  if (owed_ != Owed::kNone) end("the seat's Jack look owes it an ace: \"P..'s ace is ..\" is missing");
  if (step_ == Step::kReveal) end("every seat has played: the mission's reveal comes in the same move");
  if (step_ == Step::kRoundEnd) end("the round is over: its end reveals come in the same move");
  if (step_ != Step::kPlay) return;
  if (actor_ == p_) {
    if ((own_hand_ & ~kJokerMask) == 0) end("the seat holds no card but Jokers: it plays nothing in the same move");
    return;
  }
  if (hands_[static_cast<std::size_t>(actor_)] == 0) {
    end("P" + std::to_string(actor_) + " holds no card: it plays nothing in the same move");
  }
  // No 'plays nothing' came: that seat holds a card it can play.
  out_->rounds_.back().must_play = actor_;
}

// --- Set-up ---------------------------------------------------------------

void StreamReader::start_round() {
  step_ = Step::kAces;
  first_ = round_ % n_;
  det_ = first_;
  actor_ = 0;
  count_ = 0;
  steps_ = 0;
  hands_ = {};
  own_hand_ = own_dealt_ = own_kept_ = 0;
  own_last_keep_rank_ = -1;
  gone_ = 0;
  spent_ = 0;
  end_ace_.fill(kHidden);
  end_jokers_ = {};
  dealt_cards_ = 0;
  deck_ = 0;
  top_len_ = 0;
  own_top_.fill(kHidden);
  aces_.fill(kHidden);
  excluded_ = {};
  kings_ = 0;
  jack_suit_ = -1;
  mission_card_ = -1;
  tally_ = {};
}

void StreamReader::on_ace(Obs kind, const Observation& o) {
  if (count_ == 0) {
    KnownRound round;
    round.begin = static_cast<int>(out_->events_.size());
    round.end = round.begin;
    round.history_begin = out_->history_length_;
    round.first_determiner = first_;
    out_->rounds_.push_back(round);
    round_entries_ = 0;
  }
  const auto s = static_cast<std::size_t>(count_);
  ace_event_[s] = static_cast<int>(out_->events_.size());
  if (count_ == p_) {
    expect(kind, Obs::kOwnAce, "the seat's own ace ('your ace is ..')");
    const int ace = o.value(0);
    if (!is_ace(ace)) refuse(card_name(ace) + " is not an ace");
    aces_[s] = ace;
    push(EventKind::kAce, count_, ace, 0);
  } else {
    expect(kind, Obs::kAceTo, "another seat's ace ('P.. gets an ace')");
    expect_seat(o.value(0), count_, "ace");
    push(EventKind::kAce, count_, kHidden, 0);
  }
  if (++count_ < n_) return;
  count_ = 0;
  actor_ = next_seat(first_);
  step_ = Step::kDeal;
}

void StreamReader::on_deal(Obs kind, const Observation& o) {
  if (actor_ == p_) {
    expect(kind, Obs::kDealt, "a card dealt to the seat ('dealt ..')");
    const int c = o.value(0);
    if (!((universe_ >> c) & 1u)) refuse(card_name(c) + " is not dealt in this game");
    if ((dealt_cards_ >> c) & 1u) refuse(card_name(c) + " was dealt to the seat already");
    dealt_cards_ |= card_bit(c);
    own_dealt_ |= card_bit(c);
    own_hand_ |= card_bit(c);
    push(EventKind::kDeal, p_, c, 0);
  } else {
    expect(kind, Obs::kDealtTo, "a card dealt to another seat ('P.. is dealt a card')");
    expect_seat(o.value(0), actor_, "card in the deal");
    push(EventKind::kDeal, actor_, kHidden, 0);
  }
  ++hands_[static_cast<std::size_t>(actor_)];
  actor_ = next_seat(actor_);
  ++count_;
  if (config_.keep5) {
    if (count_ < cards_in_play_) return;
    step_ = Step::kKeep;
    actor_ = first_;
    count_ = 0;
    steps_ = 0;
    return;
  }
  if (count_ < kKeepCount * n_) return;
  deck_ = config_.cards_in_play() - kKeepCount * n_;
  gone_ = own_hand_;
  spent_ = own_hand_;
  start_turn();
}

void StreamReader::on_keep(Obs kind, const Observation& o) {
  if (actor_ == p_) {
    expect(kind, Obs::kKeep, "the seat's keep ('you keep ..')");
    const int c = o.value(0);
    check_own_keep(c);
    own_kept_ |= card_bit(c);
    own_last_keep_rank_ = keep_rank(c);
    push(EventKind::kKeep, p_, c, 0);
  } else {
    expect(kind, Obs::kKept, "another seat's keep ('P.. keeps a card')");
    expect_seat(o.value(0), actor_, "keep");
    push(EventKind::kKeep, actor_, kHidden, 0);
  }
  if (++count_ < kKeepCount) return;
  count_ = 0;
  actor_ = next_seat(actor_);
  if (++steps_ < n_) return;
  hands_.fill(kKeepCount);
  own_hand_ = own_kept_;
  gone_ = own_kept_;  // the cards it gave up are in the deck
  spent_ = own_kept_;
  deck_ = config_.cards_in_play() - kKeepCount * n_;
  start_turn();
}

// --- Turns ----------------------------------------------------------------

void StreamReader::start_turn() {
  KnownRound& round = out_->rounds_.back();
  if (round.first_turn_event < 0) round.first_turn_event = static_cast<int>(out_->events_.size()) - round.begin;
  kings_ = 0;
  turn_flipped_ = false;
  jack_suit_ = -1;
  mission_card_ = -1;
  steps_ = 0;
  if (deck_ == 0) {
    step_ = Step::kRoundEnd;
    count_ = 0;
  } else {
    step_ = Step::kFlip;
  }
}

void StreamReader::end_turn() {
  det_ = next_seat(det_);
  start_turn();
}

void StreamReader::take_top() {
  --deck_;
  if (top_len_ == 0) return;
  for (int i = 1; i < top_len_; ++i) own_top_[static_cast<std::size_t>(i - 1)] = own_top_[static_cast<std::size_t>(i)];
  own_top_[static_cast<std::size_t>(--top_len_)] = kHidden;
}

void StreamReader::on_flip(Obs kind, const Observation& o) {
  expect(kind, Obs::kFlip, "the determiner's flip ('P.. flips ..')");
  expect_seat(o.value(0), det_, "turn");
  const int c = o.value(1);
  check_deck_card(c);
  take_top();
  gone_ |= card_bit(c);
  spent_ |= card_bit(c);
  push(EventKind::kFlip, det_, c, 0);
  flip_began_turn_ = !turn_flipped_;
  turn_flipped_ = true;
  if (is_joker(c) || rank_of(c) == kRankKing) {
    // A Joker is set aside, a King adds to the next mission: flip again,
    // unless the deck is empty.
    kings_ += is_joker(c) ? 0 : 1;
    if (deck_ == 0) {
      step_ = Step::kRoundEnd;
      count_ = 0;
    }
    return;
  }
  switch (rank_of(c)) {
    case kRankJack:
      jack_suit_ = suit_of(c);
      step_ = Step::kJack;
      return;
    case kRankQueen:
      start_queen();
      return;
    default:
      start_mission(c);
      return;
  }
}

void StreamReader::on_jack(Obs kind, const Observation& o) {
  if (kind != Obs::kJackMatch && kind != Obs::kJackNoMatch) refuse("the rules call for the Jack's look here");
  expect_seat(o.value(0), det_, "Jack");
  const int target = o.value(1);
  if (target == det_) refuse("a seat does not look at its own ace");
  const bool match = kind == Obs::kJackMatch;
  const auto t = static_cast<std::size_t>(target);
  if (aces_[t] != kHidden && (suit_of(aces_[t]) == jack_suit_) != match) {
    refuse(seat_name(target) + "'s ace is " + card_name(aces_[t]) + (match ? ": no match" : ": a match"));
  }
  if (match) {
    learn_ace(target, ace_of_suit(jack_suit_));
  } else {
    excluded_[t] |= 1u << jack_suit_;
  }
  push(EventKind::kJack, det_, target, match ? 1 : 0);
  jack_det_ = det_;
  jack_target_ = target;
  jack_match_ = match;
  look_suit_ = jack_suit_;
  owed_ = det_ == p_ ? Owed::kTargetAce : match && target == p_ ? Owed::kDeterminerAce : Owed::kNone;
  end_turn();
}

void StreamReader::start_queen() {
  queen_len_ = std::min(kQueenLook, deck_);
  if (det_ == p_ && top_len_ > 0) owed_ = Owed::kAlreadyOnTop;
  if (top_len_ < queen_len_) {
    step_ = Step::kPeek;
  } else {
    after_peek();
  }
}

void StreamReader::on_peek(Obs kind, const Observation& o) {
  const auto at = static_cast<std::size_t>(top_len_);
  if (det_ == p_) {
    expect(kind, Obs::kQueenShows, "the card the seat's Queen shows ('queen shows ..')");
    const int c = o.value(0);
    if (!((universe_ >> c) & 1u) || ((gone_ >> c) & 1u)) refuse(card_name(c) + " cannot be in the deck");
    for (int i = 0; i < top_len_; ++i) {
      if (own_top_[static_cast<std::size_t>(i)] == c) refuse(card_name(c) + " is on top already");
    }
    own_top_[at] = c;
    push(EventKind::kPeek, p_, c, 0);
  } else {
    expect(kind, Obs::kQueenShowsTo, "the card the determiner's Queen shows it ('queen shows P.. a card')");
    expect_seat(o.value(0), det_, "Queen");
    own_top_[at] = kHidden;
    push(EventKind::kPeek, det_, kHidden, 0);
  }
  if (++top_len_ == queen_len_) after_peek();
}

void StreamReader::after_peek() {
  if (top_len_ >= 2) {
    step_ = Step::kOrder;
  } else {
    end_turn();
  }
}

void StreamReader::on_order(Obs kind, const Observation& o) {
  if (det_ != p_) {
    expect(kind, Obs::kReordered, "the determiner's order ('P.. reorders the top cards')");
    expect_seat(o.value(0), det_, "Queen");
    // The seat still knows which cards are on top, but no longer where.
    own_top_.fill(kHidden);
    push(EventKind::kOrder, det_, kHidden, top_len_);
    end_turn();
    return;
  }
  expect(kind, Obs::kOrder, "the seat's order of the top cards ('you order ..')");
  const auto cards = card_list(o, 0);
  if (static_cast<int>(cards.size()) != top_len_) {
    refuse("there are " + std::to_string(top_len_) + " cards on top to order");
  }
  std::array<std::int8_t, kQueenLook> old{};
  for (int i = 0; i < top_len_; ++i) old[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(own_top_[static_cast<std::size_t>(i)]);
  const std::span<const std::int8_t> shown(old.data(), static_cast<std::size_t>(top_len_));
  int order = -1;
  for (int k = 0; k < num_orders(top_len_) && order < 0; ++k) {
    bool same = keeps_joker_order(k, shown);
    for (int i = 0; i < top_len_ && same; ++i) {
      same = cards[static_cast<std::size_t>(i)] ==
             old[static_cast<std::size_t>(kOrders[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)])];
    }
    if (same) order = k;
  }
  if (order < 0) refuse("not an order the Queen offers of the cards on top");
  for (int i = 0; i < top_len_; ++i) own_top_[static_cast<std::size_t>(i)] = cards[static_cast<std::size_t>(i)];
  push(EventKind::kOrder, p_, order, top_len_);
  end_turn();
}

// --- Missions -------------------------------------------------------------

void StreamReader::start_mission(int card) {
  mission_card_ = card;
  terms_ = mission_terms(rank_of(card), suit_of(card), kings_);
  fd_left_ = std::min(kMissionDeckCards, deck_);
  fd_count_ = 0;
  plays_ = 0;
  mission_known_ = 0;
  steps_ = 0;
  if (fd_left_ > 0) {
    step_ = Step::kFaceDown;
  } else {
    next_player_to_play();
  }
}

void StreamReader::on_face_down(Obs kind) {
  expect(kind, Obs::kFaceDown, "a deck card face down onto the mission ('a card goes face down')");
  const int known = top_len_ > 0 ? own_top_[0] : kHidden;
  if (known != kHidden) {
    mission_known_ |= card_bit(known);
    gone_ |= card_bit(known);
  }
  take_top();
  push(EventKind::kFaceDown, det_, kHidden, out_->rounds_.back().revealed);
  ++fd_count_;
  if (--fd_left_ == 0) next_player_to_play();
}

void StreamReader::next_player_to_play() {
  if (steps_ < n_) {
    actor_ = seat_after(det_, steps_);
    step_ = Step::kPlay;
  } else {
    step_ = Step::kReveal;
  }
}

void StreamReader::on_play(Obs kind, const Observation& o) {
  const int mission = out_->rounds_.back().revealed;
  const auto s = static_cast<std::size_t>(actor_);
  if (kind == Obs::kNoPlay) {
    expect_seat(o.value(0), actor_, "play");
    if (actor_ == p_ && (own_hand_ & ~kJokerMask) != 0) refuse("the seat holds a card it can play");
    const int jokers_unseen = popcount(universe_ & kJokerMask & ~gone_);
    if (actor_ != p_ && hands_[s] > jokers_unseen) {
      refuse(seat_name(actor_) + " holds " + std::to_string(hands_[s]) + " cards, not all of them Jokers");
    }
    push(EventKind::kNoPlay, actor_, hands_[s], mission);
  } else if (actor_ == p_) {
    expect(kind, Obs::kPlay, "the seat's play ('you play ..', or 'P.. plays nothing')");
    const int c = o.value(0);
    if (!((own_hand_ >> c) & 1u)) refuse("the seat does not hold " + card_name(c));
    if (is_joker(c)) refuse("a Joker may not be played");
    own_hand_ &= ~card_bit(c);
    mission_known_ |= card_bit(c);
    --hands_[s];
    ++plays_;
    push(EventKind::kPlay, p_, c, mission);
  } else {
    expect(kind, Obs::kPlays, "another seat's play ('P.. plays', or 'P.. plays nothing')");
    expect_seat(o.value(0), actor_, "play");
    if (hands_[s] == 0) refuse(seat_name(actor_) + " holds no card");
    --hands_[s];
    ++plays_;
    push(EventKind::kPlay, actor_, kHidden, mission);
  }
  ++steps_;
  next_player_to_play();
}

void StreamReader::after_reveal(bool success) {
  const SuitEffect effect = suit_effect(suit_of(mission_card_), success, config_.hearts_discard);
  steps_ = 0;
  if (effect.discard) {
    next_discarder();
  } else if (effect.draws > 0) {
    refill_stage_ = false;
    owed_draws_.fill(effect.draws);
    next_drawer();
  } else {
    start_refill();
  }
}

void StreamReader::next_discarder() {
  while (steps_ < n_) {
    const int s = seat_after(det_, steps_);
    if (hands_[static_cast<std::size_t>(s)] != 0) {
      actor_ = s;
      step_ = Step::kDiscard;
      return;
    }
    ++steps_;  // an empty hand discards nothing
  }
  start_refill();
}

void StreamReader::on_discard(Obs kind, const Observation& o) {
  int card = kHidden;
  if (actor_ == p_) {
    expect(kind, Obs::kDiscard, "the seat's discard ('you discard ..')");
    card = o.value(0);
    if (!((own_hand_ >> card) & 1u)) refuse("the seat does not hold " + card_name(card));
    own_hand_ &= ~card_bit(card);
  } else {
    expect(kind, Obs::kDiscards, "another seat's discard ('P.. discards a card')");
    expect_seat(o.value(0), actor_, "discard");
  }
  --hands_[static_cast<std::size_t>(actor_)];
  push(EventKind::kDiscard, actor_, card, 0);
  ++steps_;
  next_discarder();
}

void StreamReader::start_refill() {
  if (!config_.refill) {
    end_turn();
    return;
  }
  refill_stage_ = true;
  steps_ = 0;
  for (int s = 0; s < n_; ++s) {
    owed_draws_[static_cast<std::size_t>(s)] = std::max(0, kRefillTo - hands_[static_cast<std::size_t>(s)]);
  }
  next_drawer();
}

void StreamReader::next_drawer() {
  while (steps_ < n_ && deck_ != 0) {
    const int s = seat_after(det_, steps_);
    if (owed_draws_[static_cast<std::size_t>(s)] > 0) {
      actor_ = s;
      step_ = Step::kDraw;
      return;
    }
    ++steps_;
  }
  owed_draws_ = {};
  if (refill_stage_) {
    end_turn();
  } else {
    start_refill();
  }
}

void StreamReader::on_draw(Obs kind, const Observation& o) {
  const auto s = static_cast<std::size_t>(actor_);
  int card = kHidden;
  if (actor_ == p_) {
    expect(kind, Obs::kDraw, "the seat's draw ('you draw ..')");
    card = o.value(0);
    check_deck_card(card);
    own_hand_ |= card_bit(card);
    gone_ |= card_bit(card);
    spent_ |= card_bit(card);
  } else {
    expect(kind, Obs::kDraws, "another seat's draw ('P.. draws a card')");
    expect_seat(o.value(0), actor_, "draw");
    if (top_len_ > 0 && own_top_[0] != kHidden) gone_ |= card_bit(own_top_[0]);  // the seat saw where it went
  }
  take_top();
  ++hands_[s];
  push(EventKind::kDraw, actor_, card, refill_stage_ ? 1 : 0);
  if (--owed_draws_[s] == 0) ++steps_;
  next_drawer();
}

}  // namespace kibitz::loyalist_spies
