// StreamReader's checks (knowledge_reader.h): the cards an observation names
// against what the seat already saw, the seat's own keeps, the aces a Jack
// or a round end shows, a mission's reveal and the round-end scoring.
#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/knowledge_reader.h"

namespace kibitz::loyalist_spies {
namespace {

// Card masks in keep order (keep_rank: the Jokers first) and back.
CardMask to_keep_order(CardMask cards) { return ((cards & kPackMask) << kMaxJokers) | (cards >> kFirstJoker); }
CardMask from_keep_order(CardMask ranks) { return ((ranks >> kMaxJokers) & kPackMask) | ((ranks & 3u) << kFirstJoker); }

}  // namespace

void StreamReader::check_deck_card(int card) const {
  if (!((universe_ >> card) & 1u)) refuse(card_name(card) + " is not in this game's deck");
  if ((gone_ >> card) & 1u) refuse(card_name(card) + " cannot be in the deck: the seat saw it elsewhere");
  for (int i = 0; i < pub_.top_len(); ++i) {
    const int known = own_top_[static_cast<std::size_t>(i)];
    if (i == 0 && known != kHidden && known != card) {
      refuse("the seat knows the top card is " + card_name(known));
    }
    if (i > 0 && known == card) refuse("the seat knows " + card_name(card) + " lies below the top card");
  }
}

void StreamReader::check_own_keep(int card) const {
  if (!((own_dealt_ >> card) & 1u)) refuse("the seat was not dealt " + card_name(card));
  // The state's legal_keeps, for the seat's own hand.
  CardMask avail = to_keep_order(own_dealt_ & ~own_kept_);
  if (own_last_keep_rank_ >= 0) avail &= ~((CardMask{2} << own_last_keep_rank_) - 1);
  for (int still = kKeepCount - pub_.count() - 1; still > 0 && avail; --still) avail &= ~card_bit(highest_card(avail));
  if (avail & 1u) avail &= ~CardMask{2};
  if (!((from_keep_order(avail) >> card) & 1u)) {
    refuse("not a keep the rules offer here (keeps go in keep order, Jokers first, then by suit D S H C and "
           "rank, leaving enough cards to complete five)");
  }
}

void StreamReader::check_ace(int seat, int ace) const {
  if (!is_ace(ace)) refuse(card_name(ace) + " is not an ace");
  const int known = aces_[static_cast<std::size_t>(seat)];
  if (known != kHidden && known != ace) refuse(seat_name(seat) + "'s ace is " + card_name(known));
  if ((excluded_[static_cast<std::size_t>(seat)] >> suit_of(ace)) & 1u) {
    refuse("a Jack showed that " + seat_name(seat) + "'s suit is not " + std::string(suit_name(suit_of(ace))));
  }
  for (int s = 0; s < n_; ++s) {
    if (s != seat && aces_[static_cast<std::size_t>(s)] == ace) refuse(card_name(ace) + " is " + seat_name(s) + "'s ace");
  }
}

void StreamReader::learn_ace(int seat, int ace) {
  check_ace(seat, ace);
  aces_[static_cast<std::size_t>(seat)] = ace;
  out_->events_[static_cast<std::size_t>(ace_event_[static_cast<std::size_t>(seat)])].card = static_cast<std::int8_t>(ace);
}

void StreamReader::on_already_on_top(const Observation& o) {
  const int len = pub_.top_len();
  const auto cards = card_list(o, 0);
  if (static_cast<int>(cards.size()) != len) refuse("an earlier Queen left " + std::to_string(len) + " cards on top");
  KnownRound& round = out_->rounds_.back();
  KnownRound::TopView& view = round.views[static_cast<std::size_t>(round.num_views++)];
  view.event = static_cast<int>(out_->events_.size()) - 1 - round.begin;  // the Queen's flip, in the round
  view.len = len;
  CardMask seen = 0;
  for (int i = 0; i < len; ++i) {
    const int c = cards[static_cast<std::size_t>(i)];
    if (!((universe_ >> c) & 1u) || ((gone_ >> c) & 1u)) refuse(card_name(c) + " cannot be in the deck");
    if ((seen >> c) & 1u) refuse(card_name(c) + " is listed twice");
    seen |= card_bit(c);
    for (int j = 0; j < len; ++j) {
      const int known = own_top_[static_cast<std::size_t>(j)];
      if ((j == i && known != kHidden && known != c) || (j != i && known == c)) {
        refuse("the seat knows where " + card_name(known) + " lies on top");
      }
    }
    view.cards[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(c);
  }
  for (int i = 0; i < len; ++i) own_top_[static_cast<std::size_t>(i)] = cards[static_cast<std::size_t>(i)];
}

void StreamReader::on_ace_seen(const Observation& o) {
  const int seat = o.value(0);
  const int ace = o.value(1);
  if (owed_ == Owed::kTargetAce) {
    if (seat != jack_target_) refuse("the seat's Jack looked at " + seat_name(jack_target_) + "'s ace");
    if (is_ace(ace) && (suit_of(ace) == look_suit_) != jack_match_) {
      refuse(std::string("the look was ") + (jack_match_ ? "a match" : "no match") + " for the Jack's suit");
    }
  } else if (seat != jack_det_) {
    refuse("after a match on the seat, " + seat_name(jack_det_) + " shows it its ace");
  }
  learn_ace(seat, ace);
}

void StreamReader::on_reveal(Obs kind, const Observation& o) {
  expect(kind, Obs::kReveal, "the mission's reveal ('mission .. revealed .. total ..')");
  const int mission_card = pub_.mission_card();
  const int face_down = pub_.face_down_count();
  const int plays = pub_.plays();
  if (o.value(0) != mission_card) refuse("the mission card is " + card_name(mission_card));
  const auto set = card_list(o, 1);
  const int total = o.value(2 + static_cast<int>(set.size()));
  if (static_cast<int>(set.size()) != face_down + plays) {
    refuse("the mission holds " + std::to_string(face_down + plays) + " cards (" + std::to_string(face_down) +
           " face down, " + std::to_string(plays) + " played)");
  }
  CardMask m = 0;
  int sum = 0;
  int last = -1;
  for (const std::int16_t c : set) {
    if (!((universe_ >> c) & 1u)) refuse(card_name(c) + " is not in this game's deck");
    if (c <= last) refuse("a revealed set is listed once each, in card order");
    last = c;
    m |= card_bit(c);
    sum += card_value(c);
  }
  if (mission_known_ & ~m) refuse("the set lacks " + cards_string(mission_known_ & ~m) + ", which the seat saw go onto it");
  if (m & spent_ & ~mission_known_) {
    refuse(cards_string(m & spent_ & ~mission_known_) + " cannot be on this mission: the seat saw it elsewhere");
  }
  if (popcount(m & kJokerMask) > face_down) refuse("Jokers are never played, only put face down from the deck");
  if (sum != total) refuse("the cards add up to " + std::to_string(sum));
  const bool success = total <= pub_.terms().covert;  // equal succeeds
  KnownRound& round = out_->rounds_.back();
  if (round.revealed >= kMaxKnownMissions) refuse("too many missions in one round");
  round.sets[static_cast<std::size_t>(round.revealed)] = m;
  push(EventKind::kReveal, pub_.determiner(), success ? 1 : 0, round.revealed);
  ++round.revealed;
  gone_ |= m;
  spent_ |= m;
  wait_ = Wait::kNone;
  follow(pub_.revealed(success));
}

void StreamReader::on_round_end(Obs kind, const Observation& o) {
  if (kind != Obs::kLoyal && kind != Obs::kCompromised && kind != Obs::kTraitor) {
    refuse("the round is over: each seat's reveal ('P.. reveals ..') comes here");
  }
  const int seat = o.value(0);
  expect_seat(seat, end_count_, "reveal");
  const auto s = static_cast<std::size_t>(seat);
  check_ace(seat, o.value(1));
  CardMask jokers = 0;
  if (kind == Obs::kTraitor) {
    for (const std::int16_t c : card_list(o, 2)) {
      if (!is_joker(c) || !((universe_ >> c) & 1u)) refuse(card_name(c) + " is not one of this game's Jokers");
      jokers |= card_bit(c);
    }
    if (jokers == 0) refuse("a Traitor holds a Joker");
  }
  if (seat == p_ && jokers != (own_hand_ & kJokerMask)) {
    refuse("the seat holds " + (own_hand_ & kJokerMask ? cards_string(own_hand_ & kJokerMask) : std::string("no Joker")));
  }
  if (seat != p_) {
    if (jokers & spent_) refuse(cards_string(jokers & spent_) + " cannot be in " + seat_name(seat) + "'s hand");
    if (popcount(jokers) > pub_.hand_size(seat)) {
      refuse(seat_name(seat) + " holds " + std::to_string(pub_.hand_size(seat)) + " cards");
    }
  }
  for (int q = 0; q < seat; ++q) {
    if (end_jokers_[static_cast<std::size_t>(q)] & jokers) refuse(seat_name(q) + " holds " + cards_string(jokers & end_jokers_[static_cast<std::size_t>(q)]));
    if (end_ace_[static_cast<std::size_t>(q)] == o.value(1)) refuse(card_name(o.value(1)) + " is " + seat_name(q) + "'s ace");
  }
  const int points = o.value(o.size - 1);
  end_ace_[s] = o.value(1);
  end_jokers_[s] = jokers;
  end_role_[s] = kind == Obs::kTraitor ? Role::kTraitor : kind == Obs::kLoyal ? Role::kLoyal : Role::kCompromised;
  end_points_[s] = points;
  end_obs_[s] = o;
  end_index_[s] = index_;
  push(EventKind::kRoundEnd, seat, static_cast<int>(end_role_[s]) | static_cast<int>(jokers >> kFirstJoker) << 2,
       std::clamp(points, 0, 255));
  if (++end_count_ < n_) return;
  score_round_end();
}

void StreamReader::score_round_end() {
  std::array<int, kMaxPlayers> suits{};
  std::array<bool, kMaxPlayers> traitor{};
  for (int s = 0; s < n_; ++s) {
    suits[static_cast<std::size_t>(s)] = suit_of(end_ace_[static_cast<std::size_t>(s)]);
    traitor[static_cast<std::size_t>(s)] = end_jokers_[static_cast<std::size_t>(s)] != 0;
  }
  const RoundScore score =
      score_round(std::span<const int>(suits.data(), static_cast<std::size_t>(n_)),
                  std::span<const bool>(traitor.data(), static_cast<std::size_t>(n_)), pub_.tally());
  for (int s = 0; s < n_; ++s) {
    const auto i = static_cast<std::size_t>(s);
    if (score.roles[i] != end_role_[i] || score.points[i] != end_points_[i]) {
      index_ = end_index_[i];
      obs_ = &end_obs_[i];
      refuse("the round's missions make " + seat_name(s) + " " + std::string(role_name(score.roles[i])) + " +" +
             std::to_string(score.points[i]));
    }
    learn_ace(s, end_ace_[i]);
  }
  close_round();
  out_->rounds_.back().finished = true;
  wait_ = Wait::kNone;
  const bool over = pub_.end_round(std::span<const int>(score.points.data(), static_cast<std::size_t>(n_)));
  if (!over) start_round();
}

}  // namespace kibitz::loyalist_spies
