// The draws of a tea game: cards, the action cards, each round's verdict
// (showdown.h's judge_round, redraws included), the lot, and the biscuit
// deathmatch.
#include <algorithm>
#include <bit>

#include "env/core/error.h"
#include "env/games/tea_game/showdown.h"
#include "env/games/tea_game/stream.h"
#include "env/games/tea_game/table.h"

namespace kibitz::tea_game {

namespace {

SeatMask only(int s) { return static_cast<SeatMask>(1u << s); }
bool in(SeatMask mask, int s) { return (mask >> s) & 1u; }

// The first seat of `mask` from `from` on, or -1.
int next_in(SeatMask mask, int from) {
  const unsigned rest = static_cast<unsigned>(mask) >> from << from;
  return rest == 0 ? -1 : std::countr_zero(rest);
}

}  // namespace

// A round: the seats in `seats` draw their counts, in seat order. A redraw
// needing more cards than the deck holds first shuffles every drawn card back.
void Table::start_round(SeatMask seats, ObservationSink& sink) {
  int needed = 0;
  for (int s = 0; s < num_players(); ++s) {
    if (!in(seats, s)) continue;
    needed += seat(s).draw_count;
    at(s).hand_size = 0;
  }
  if (std::popcount(deck_) < needed) {
    deck_ = kFullDeck;
    sink.emit(everyone(), Obs::kReshuffle);
  }
  round_ = seats;
  cursor_ = static_cast<std::int16_t>(next_in(seats, 0));
  cards_left_ = seat(cursor_).draw_count;
  phase_ = Phase::kDraws;
}

void Table::apply_draw(int card, ObservationSink& sink) {
  const int s = cursor_;
  deck_ &= ~(std::uint64_t{1} << card);
  SeatState& p = at(s);
  p.hand[static_cast<std::size_t>(p.hand_size++)] = static_cast<std::int8_t>(card);
  sink.emit(everyone(), Obs::kDraw).add(s).add(card);
  if (card_effects(s, card, sink)) return;
  if (--cards_left_ > 0) return;
  const int next = next_in(round_, s + 1);
  if (next >= 0) {
    cursor_ = static_cast<std::int16_t>(next);
    cards_left_ = seat(next).draw_count;
    return;
  }
  judge(sink);
}

// A card's action as it is drawn, first round or redraw alike.
bool Table::card_effects(int s, int card, ObservationSink& sink) {
  SeatState& p = at(s);
  if (is_ten(card)) {
    fund_ += kTenPence;
    reward(s, -kTenPence * config_->pence_value);
    sink.emit(everyone(), Obs::kTen).add(s).add(fund_);
  } else if (is_queen_of_hearts(card)) {
    // The fund pays first; the rest is split equally among the players
    // drawing in this game, rounded up to the penny (the change goes to the fund).
    const int from_fund = std::min(fund_, kBiscuitPence);
    const int rest = kBiscuitPence - from_fund;
    int players = 0;
    for (const SeatState& q : seats_) players += q.drawer ? 1 : 0;
    const int each = rest == 0 ? 0 : (rest + players - 1) / players;
    fund_ += each * players - rest - from_fund;
    for (int q = 0; q < num_players(); ++q)
      if (seat(q).drawer) reward(q, -each * config_->pence_value);
    sink.emit(everyone(), Obs::kQueen).add(s).add(from_fund).add(players).add(each).add(fund_);
  } else if (card == kJokerCard) {
    // Joker-exempt already (now, or when this game began: a Reverse Joker
    // drawn earlier in the hand ended that exemption but does not save its
    // holder from the Joker): the Joker again loses at once.
    if (p.joker_exempt || p.joker_before) {
      p.joker_exempt = false;
      sink.emit(everyone(), Obs::kSecondJoker).add(s);
      finish_game(s, sink);
      return true;
    }
    p.joker_exempt = true;
    p.safe = true;
    sink.emit(everyone(), Obs::kJokerExempt).add(s);
  } else if (card == kReverseJokerCard) {
    if (!reversed_) sink.emit(everyone(), Obs::kReversed);
    reversed_ = true;
    // A joker exemption from an earlier game ends, but this game is safe.
    if (p.joker_exempt && p.joker_before) {
      p.joker_exempt = false;
      p.safe = true;
      sink.emit(everyone(), Obs::kJokerLost).add(s);
    }
  }
  return false;
}

// The round's verdict among those who can lose: one loser, a tie (redraw,
// or the lot after kMaxRedraws tied rounds), or nobody able to lose.
void Table::judge(ObservationSink& sink) {
  std::array<Contender, kMaxPlayers> contenders{};
  std::size_t count = 0;
  for (int s = 0; s < num_players(); ++s) {
    if (!in(round_, s) || !can_lose(s)) continue;
    const SeatState& p = seat(s);
    std::array<cards::Card, kMaxDrinks> hand{};
    for (int i = 0; i < p.hand_size; ++i)
      hand[static_cast<std::size_t>(i)] = card_of(p.hand[static_cast<std::size_t>(i)]);
    contenders[count++] = {s, hand_worth(std::span(hand.data(), static_cast<std::size_t>(p.hand_size)),
                                         config_->aces_low)};
  }
  FixedVerdict verdict;
  judge_round_into(std::span(contenders.data(), count), reversed_, verdict);
  if (verdict.num_losers == 0) {
    finish_game(-1, sink);
    return;
  }
  if (verdict.num_losers == 1) {
    if (verdict.odd_one_out) sink.emit(everyone(), Obs::kOddOneOut).add(verdict.losers[0]);
    finish_game(verdict.losers[0], sink);
    return;
  }
  SeatMask tied = 0;
  for (int i = 0; i < verdict.num_losers; ++i) tied |= only(verdict.losers[static_cast<std::size_t>(i)]);
  if (++redraws_ > kMaxRedraws) {
    start_lot(tied, LotFor::kTea);
    return;
  }
  for (int s = 0; s < num_players(); ++s)
    if (in(tied, s)) sink.emit(everyone(), Obs::kTied).add(s);
  start_round(tied, sink);
}

void Table::start_lot(SeatMask seats, LotFor what) {
  lot_ = seats;
  lot_for_ = what;
  phase_ = Phase::kLot;
}

void Table::apply_lot(int s, ObservationSink& sink) {
  sink.emit(everyone(), Obs::kLot).add(s);
  redraws_ = 0;
  switch (lot_for_) {
    case LotFor::kTea:
      finish_game(s, sink);
      return;
    case LotFor::kDeathmatchOut:
      deathmatch_out(s, sink);
      return;
    case LotFor::kDeathmatchBuyer:
      deathmatch_buyer(s, sink);
      return;
  }
}

// --- The biscuit deathmatch --------------------------------------------------------
// Every office player draws one card a round from the 52 number cards (the
// jokers are left out); the highest is out until two remain; the lower of
// the last two takes 100p (or what the fund holds) and buys biscuits.
void Table::start_deathmatch(ObservationSink& sink) {
  sink.emit(everyone(), Obs::kDeathmatch).add(fund_);
  round_ = static_cast<SeatMask>((1u << num_players()) - 1);
  deck_ = kPackOnly;
  redraws_ = 0;
  start_deathmatch_round(sink);
}

void Table::start_deathmatch_round(ObservationSink& sink) {
  if (std::popcount(deck_) < std::popcount(round_)) {
    deck_ = kPackOnly;
    sink.emit(everyone(), Obs::kReshuffle);
  }
  cursor_ = static_cast<std::int16_t>(next_in(round_, 0));
  phase_ = Phase::kDeathmatch;
}

void Table::apply_deathmatch_draw(int card, ObservationSink& sink) {
  const int s = cursor_;
  deck_ &= ~(std::uint64_t{1} << card);
  at(s).deathmatch_card = static_cast<std::int8_t>(card);
  sink.emit(everyone(), Obs::kDeathmatchDraw).add(s).add(card);
  const int next = next_in(round_, s + 1);
  if (next >= 0) {
    cursor_ = static_cast<std::int16_t>(next);
    return;
  }
  judge_deathmatch(sink);
}

void Table::judge_deathmatch(ObservationSink& sink) {
  const bool final_round = std::popcount(round_) == 2;
  // The final round looks for the lowest card, the others for the highest.
  int best = final_round ? 99 : -1;
  for (int s = 0; s < num_players(); ++s) {
    if (!in(round_, s)) continue;
    const int v = card_value(card_of(seat(s).deathmatch_card), config_->aces_low);
    best = final_round ? std::min(best, v) : std::max(best, v);
  }
  SeatMask at_best = 0;
  for (int s = 0; s < num_players(); ++s)
    if (in(round_, s) && card_value(card_of(seat(s).deathmatch_card), config_->aces_low) == best)
      at_best |= only(s);
  if (std::popcount(at_best) == 1) {
    const int s = std::countr_zero(static_cast<unsigned>(at_best));
    redraws_ = 0;
    if (final_round) {
      deathmatch_buyer(s, sink);
    } else {
      deathmatch_out(s, sink);
    }
    return;
  }
  if (++redraws_ > kMaxRedraws) {
    start_lot(at_best, final_round ? LotFor::kDeathmatchBuyer : LotFor::kDeathmatchOut);
    return;
  }
  sink.emit(everyone(), Obs::kDeathmatchTie);
  start_deathmatch_round(sink);
}

void Table::deathmatch_out(int s, ObservationSink& sink) {
  sink.emit(everyone(), Obs::kDeathmatchOut).add(s);
  round_ = static_cast<SeatMask>(round_ & ~only(s));
  start_deathmatch_round(sink);
}

void Table::deathmatch_buyer(int s, ObservationSink& sink) {
  const int taken = std::min(fund_, kBiscuitPence);
  fund_ -= taken;
  sink.emit(everyone(), Obs::kDeathmatchLoser).add(s).add(taken).add(fund_);
  next_game();
}

}  // namespace kibitz::tea_game
