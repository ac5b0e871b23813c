// The turn phases of StreamReader (knowledge_reader.h): each observation is
// checked against the move the public machine (public_state.h) calls for,
// moves it as the true State moves it, and becomes the log event it
// describes.
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
      pub_(game.config()) {
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
  // The waits last only between the observations of one move (the reveal,
  // the round-end reveals come with the move that causes them).
  switch (wait_) {
    case Wait::kReveal: return Phase::kPlay;
    case Wait::kRoundEnd: return Phase::kFlip;
    case Wait::kNone: break;
  }
  return pub_.phase();
}

int StreamReader::to_act() const {
  if (wait_ != Wait::kNone) return -1;
  switch (pub_.phase()) {
    case Phase::kKeep:
    case Phase::kPlay:
    case Phase::kDiscard: return pub_.actor();
    case Phase::kJackTarget:
    case Phase::kQueenOrder: return pub_.determiner();
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
  if (round.first_turn_event < 0 && wait_ == Wait::kNone && pub_.phase() <= Phase::kKeep) {
    round.first_turn_event = round.end - round.begin;
  }
  out_->history_length_ = round.history_begin + round_entries_;
}

void StreamReader::follow(Next next) {
  switch (next) {
    case Next::kGoOn: return;
    case Next::kReveal: wait_ = Wait::kReveal; return;
    case Next::kRoundOver:
      wait_ = Wait::kRoundEnd;
      end_count_ = 0;
      return;
  }
}

void StreamReader::note_turns_began() {
  KnownRound& round = out_->rounds_.back();
  if (round.first_turn_event < 0) round.first_turn_event = static_cast<int>(out_->events_.size()) - round.begin;
}

void StreamReader::leave_top() {
  const int len = pub_.top_len();
  if (len == 0) return;
  for (int i = 1; i < len; ++i) own_top_[static_cast<std::size_t>(i - 1)] = own_top_[static_cast<std::size_t>(i)];
  own_top_[static_cast<std::size_t>(len - 1)] = kHidden;
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
  if (wait_ == Wait::kReveal) return on_reveal(kind, o);
  if (wait_ == Wait::kRoundEnd) return on_round_end(kind, o);
  switch (pub_.phase()) {
    case Phase::kDealAces: return on_ace(kind, o);
    case Phase::kDeal: return on_deal(kind, o);
    case Phase::kKeep: return on_keep(kind, o);
    case Phase::kFlip: return on_flip(kind, o);
    case Phase::kJackTarget: return on_jack(kind, o);
    case Phase::kQueenPeek: return on_peek(kind, o);
    case Phase::kQueenOrder: return on_order(kind, o);
    case Phase::kFaceDown: return on_face_down(kind);
    case Phase::kPlay: return on_play(kind, o);
    case Phase::kDraw: return on_draw(kind, o);
    case Phase::kDiscard: return on_discard(kind, o);
    case Phase::kTerminal: refuse("the game is over");
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
  if (wait_ == Wait::kReveal) end("every seat has played: the mission's reveal comes in the same move");
  if (wait_ == Wait::kRoundEnd) end("the round is over: its end reveals come in the same move");
  if (pub_.phase() != Phase::kPlay) return;
  const int actor = pub_.actor();
  if (actor == p_) {
    if ((own_hand_ & ~kJokerMask) == 0) end("the seat holds no card but Jokers: it plays nothing in the same move");
    return;
  }
  if (pub_.hand_size(actor) == 0) {
    end("P" + std::to_string(actor) + " holds no card: it plays nothing in the same move");
  }
  // No 'plays nothing' came: that seat holds a card it can play.
  out_->rounds_.back().must_play = actor;
}

// --- Set-up ---------------------------------------------------------------

// The seat's side of a new round (the public side is pub_'s own).
void StreamReader::start_round() {
  wait_ = Wait::kNone;
  own_hand_ = own_dealt_ = own_kept_ = 0;
  own_last_keep_rank_ = -1;
  gone_ = 0;
  spent_ = 0;
  end_ace_.fill(kHidden);
  end_jokers_ = {};
  dealt_cards_ = 0;
  own_top_.fill(kHidden);
  aces_.fill(kHidden);
  excluded_ = {};
}

void StreamReader::on_ace(Obs kind, const Observation& o) {
  const int seat = pub_.count();
  if (seat == 0) {
    KnownRound round;
    round.begin = static_cast<int>(out_->events_.size());
    round.end = round.begin;
    round.history_begin = out_->history_length_;
    round.first_determiner = pub_.first_determiner();
    out_->rounds_.push_back(round);
    round_entries_ = 0;
  }
  ace_event_[static_cast<std::size_t>(seat)] = static_cast<int>(out_->events_.size());
  if (seat == p_) {
    expect(kind, Obs::kOwnAce, "the seat's own ace ('your ace is ..')");
    const int ace = o.value(0);
    if (!is_ace(ace)) refuse(card_name(ace) + " is not an ace");
    aces_[static_cast<std::size_t>(seat)] = ace;
    push(EventKind::kAce, seat, ace, 0);
  } else {
    expect(kind, Obs::kAceTo, "another seat's ace ('P.. gets an ace')");
    expect_seat(o.value(0), seat, "ace");
    push(EventKind::kAce, seat, kHidden, 0);
  }
  pub_.ace_dealt();
}

void StreamReader::on_deal(Obs kind, const Observation& o) {
  const int receiver = pub_.actor();
  if (receiver == p_) {
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
    expect_seat(o.value(0), receiver, "card in the deal");
    push(EventKind::kDeal, receiver, kHidden, 0);
  }
  const Next next = pub_.card_dealt();
  if (pub_.phase() == Phase::kDeal || pub_.phase() == Phase::kKeep) return;
  // Dealt five each: the turns begin.
  gone_ = own_hand_;
  spent_ = own_hand_;
  note_turns_began();
  follow(next);
}

void StreamReader::on_keep(Obs kind, const Observation& o) {
  const int keeper = pub_.actor();
  if (keeper == p_) {
    expect(kind, Obs::kKeep, "the seat's keep ('you keep ..')");
    const int c = o.value(0);
    check_own_keep(c);
    own_kept_ |= card_bit(c);
    own_last_keep_rank_ = keep_rank(c);
    push(EventKind::kKeep, p_, c, 0);
  } else {
    expect(kind, Obs::kKept, "another seat's keep ('P.. keeps a card')");
    expect_seat(o.value(0), keeper, "keep");
    push(EventKind::kKeep, keeper, kHidden, 0);
  }
  const Next next = pub_.card_kept();
  if (pub_.phase() == Phase::kKeep) return;
  own_hand_ = own_kept_;
  gone_ = own_kept_;  // the cards it gave up are in the deck
  spent_ = own_kept_;
  note_turns_began();
  follow(next);
}

// --- Turns ----------------------------------------------------------------

void StreamReader::on_flip(Obs kind, const Observation& o) {
  const int det = pub_.determiner();
  expect(kind, Obs::kFlip, "the determiner's flip ('P.. flips ..')");
  expect_seat(o.value(0), det, "turn");
  const int c = o.value(1);
  check_deck_card(c);
  leave_top();
  gone_ |= card_bit(c);
  spent_ |= card_bit(c);
  push(EventKind::kFlip, det, c, 0);
  flip_began_turn_ = pub_.turn_flips() == 0;
  const Next next = pub_.flipped(c);
  if (!is_joker(c) && rank_of(c) == kRankQueen && det == p_ && pub_.top_len() > 0) owed_ = Owed::kAlreadyOnTop;
  if (!is_joker(c) && rank_of(c) >= 2 && rank_of(c) <= 10) mission_known_ = 0;
  follow(next);
}

void StreamReader::on_jack(Obs kind, const Observation& o) {
  const int det = pub_.determiner();
  const int jack_suit = pub_.jack_suit();
  if (kind != Obs::kJackMatch && kind != Obs::kJackNoMatch) refuse("the rules call for the Jack's look here");
  expect_seat(o.value(0), det, "Jack");
  const int target = o.value(1);
  if (target == det) refuse("a seat does not look at its own ace");
  const bool match = kind == Obs::kJackMatch;
  const auto t = static_cast<std::size_t>(target);
  if (aces_[t] != kHidden && (suit_of(aces_[t]) == jack_suit) != match) {
    refuse(seat_name(target) + "'s ace is " + card_name(aces_[t]) + (match ? ": no match" : ": a match"));
  }
  if (match) {
    learn_ace(target, ace_of_suit(jack_suit));
  } else {
    excluded_[t] |= 1u << jack_suit;
  }
  push(EventKind::kJack, det, target, match ? 1 : 0);
  jack_det_ = det;
  jack_target_ = target;
  jack_match_ = match;
  look_suit_ = jack_suit;
  owed_ = det == p_ ? Owed::kTargetAce : match && target == p_ ? Owed::kDeterminerAce : Owed::kNone;
  follow(pub_.jack_looked());
}

void StreamReader::on_peek(Obs kind, const Observation& o) {
  const int det = pub_.determiner();
  const int len = pub_.top_len();
  const auto at = static_cast<std::size_t>(len);
  if (det == p_) {
    expect(kind, Obs::kQueenShows, "the card the seat's Queen shows ('queen shows ..')");
    const int c = o.value(0);
    if (!((universe_ >> c) & 1u) || ((gone_ >> c) & 1u)) refuse(card_name(c) + " cannot be in the deck");
    for (int i = 0; i < len; ++i) {
      if (own_top_[static_cast<std::size_t>(i)] == c) refuse(card_name(c) + " is on top already");
    }
    own_top_[at] = c;
    push(EventKind::kPeek, p_, c, 0);
  } else {
    expect(kind, Obs::kQueenShowsTo, "the card the determiner's Queen shows it ('queen shows P.. a card')");
    expect_seat(o.value(0), det, "Queen");
    own_top_[at] = kHidden;
    push(EventKind::kPeek, det, kHidden, 0);
  }
  follow(pub_.peeked());
}

void StreamReader::on_order(Obs kind, const Observation& o) {
  const int det = pub_.determiner();
  const int len = pub_.top_len();
  if (det != p_) {
    expect(kind, Obs::kReordered, "the determiner's order ('P.. reorders the top cards')");
    expect_seat(o.value(0), det, "Queen");
    // The seat still knows which cards are on top, but no longer where.
    own_top_.fill(kHidden);
    push(EventKind::kOrder, det, kHidden, len);
    follow(pub_.ordered());
    return;
  }
  expect(kind, Obs::kOrder, "the seat's order of the top cards ('you order ..')");
  const auto cards = card_list(o, 0);
  if (static_cast<int>(cards.size()) != len) refuse("there are " + std::to_string(len) + " cards on top to order");
  std::array<std::int8_t, kQueenLook> old{};
  for (int i = 0; i < len; ++i) old[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(own_top_[static_cast<std::size_t>(i)]);
  const std::span<const std::int8_t> shown(old.data(), static_cast<std::size_t>(len));
  int order = -1;
  for (int k = 0; k < num_orders(len) && order < 0; ++k) {
    bool same = keeps_joker_order(k, shown);
    for (int i = 0; i < len && same; ++i) {
      same = cards[static_cast<std::size_t>(i)] ==
             old[static_cast<std::size_t>(kOrders[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)])];
    }
    if (same) order = k;
  }
  if (order < 0) refuse("not an order the Queen offers of the cards on top");
  for (int i = 0; i < len; ++i) own_top_[static_cast<std::size_t>(i)] = cards[static_cast<std::size_t>(i)];
  push(EventKind::kOrder, p_, order, len);
  follow(pub_.ordered());
}

// --- Missions -------------------------------------------------------------

void StreamReader::on_face_down(Obs kind) {
  expect(kind, Obs::kFaceDown, "a deck card face down onto the mission ('a card goes face down')");
  const int known = pub_.top_len() > 0 ? own_top_[0] : kHidden;
  if (known != kHidden) {
    mission_known_ |= card_bit(known);
    gone_ |= card_bit(known);
  }
  leave_top();
  push(EventKind::kFaceDown, pub_.determiner(), kHidden, out_->rounds_.back().revealed);
  follow(pub_.face_down());
}

void StreamReader::on_play(Obs kind, const Observation& o) {
  const int mission = out_->rounds_.back().revealed;
  const int actor = pub_.actor();
  const int held = pub_.hand_size(actor);
  if (kind == Obs::kNoPlay) {
    expect_seat(o.value(0), actor, "play");
    if (actor == p_ && (own_hand_ & ~kJokerMask) != 0) refuse("the seat holds a card it can play");
    const int jokers_unseen = popcount(universe_ & kJokerMask & ~gone_);
    if (actor != p_ && held > jokers_unseen) {
      refuse(seat_name(actor) + " holds " + std::to_string(held) + " cards, not all of them Jokers");
    }
    push(EventKind::kNoPlay, actor, held, mission);
    follow(pub_.passed());
    return;
  }
  if (actor == p_) {
    expect(kind, Obs::kPlay, "the seat's play ('you play ..', or 'P.. plays nothing')");
    const int c = o.value(0);
    if (!((own_hand_ >> c) & 1u)) refuse("the seat does not hold " + card_name(c));
    if (is_joker(c)) refuse("a Joker may not be played");
    own_hand_ &= ~card_bit(c);
    mission_known_ |= card_bit(c);
    push(EventKind::kPlay, p_, c, mission);
  } else {
    expect(kind, Obs::kPlays, "another seat's play ('P.. plays', or 'P.. plays nothing')");
    expect_seat(o.value(0), actor, "play");
    if (held == 0) refuse(seat_name(actor) + " holds no card");
    push(EventKind::kPlay, actor, kHidden, mission);
  }
  follow(pub_.played());
}

void StreamReader::on_discard(Obs kind, const Observation& o) {
  const int actor = pub_.actor();
  int card = kHidden;
  if (actor == p_) {
    expect(kind, Obs::kDiscard, "the seat's discard ('you discard ..')");
    card = o.value(0);
    if (!((own_hand_ >> card) & 1u)) refuse("the seat does not hold " + card_name(card));
    own_hand_ &= ~card_bit(card);
  } else {
    expect(kind, Obs::kDiscards, "another seat's discard ('P.. discards a card')");
    expect_seat(o.value(0), actor, "discard");
  }
  push(EventKind::kDiscard, actor, card, 0);
  follow(pub_.discarded());
}

void StreamReader::on_draw(Obs kind, const Observation& o) {
  const int actor = pub_.actor();
  int card = kHidden;
  if (actor == p_) {
    expect(kind, Obs::kDraw, "the seat's draw ('you draw ..')");
    card = o.value(0);
    check_deck_card(card);
    own_hand_ |= card_bit(card);
    gone_ |= card_bit(card);
    spent_ |= card_bit(card);
  } else {
    expect(kind, Obs::kDraws, "another seat's draw ('P.. draws a card')");
    expect_seat(o.value(0), actor, "draw");
    if (pub_.top_len() > 0 && own_top_[0] != kHidden) gone_ |= card_bit(own_top_[0]);  // the seat saw where it went
  }
  leave_top();
  push(EventKind::kDraw, actor, card, pub_.refill_stage() ? 1 : 0);
  follow(pub_.drawn());
}

}  // namespace kibitz::loyalist_spies
