#include "env/games/tea_game/table.h"

#include <algorithm>
#include <bit>

#include "env/core/bits.h"
#include "env/core/error.h"
#include "env/core/state.h"
#include "env/games/tea_game/stream.h"

namespace kibitz::tea_game {

namespace {

SeatMask only(int s) { return static_cast<SeatMask>(1u << s); }

}  // namespace

Table::Table(const Config& config) : config_(&config), deck_(kFullDeck) {}

bool Table::holds_exemption(int s) const { return seat(s).exempt_through >= game_; }

bool Table::can_lose(int s) const {
  const SeatState& p = seat(s);
  return p.drawer && !p.joker_exempt && !p.safe;
}

bool Table::takes_part(int s) const { return !seat(s).dealer && !seat(s).birthday; }

bool Table::receives(int s) const {
  const SeatState& p = seat(s);
  return p.drawer || p.dealer || p.birthday;
}

Player Table::current_player() const {
  switch (phase_) {
    case Phase::kDelays:
    case Phase::kDraws:
    case Phase::kLot:
    case Phase::kDeathmatch:
      return kChancePlayer;
    case Phase::kOver:
      return kTerminalPlayer;
    default:
      return cursor_;
  }
}

void Table::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kExemptions:
      out.push_back(kSpend);
      out.push_back(kPlay);
      return;
    case Phase::kAnnouncements:
      if (seat(cursor_).delayed) {
        out.push_back(kAnnounce);
        out.push_back(kHide);
      } else {
        out.push_back(kOnTime);
      }
      return;
    case Phase::kWithdrawals:
      out.push_back(kWithdraw);
      out.push_back(kStay);
      return;
    case Phase::kOrders:
      for (int n = 1; n <= kMaxDrinks; ++n) out.push_back(kDrinksBase + n - 1);
      return;
    case Phase::kOver:
      return;
    default: {
      if (phase_ == Phase::kDelays) {
        if (config_->delay_prob < 1.0) out.push_back(kNotDelayed);
        if (config_->delay_prob > 0.0) out.push_back(kDelayed);
        return;
      }
      if (phase_ == Phase::kLot) {
        for (int s = 0; s < num_players(); ++s)
          if ((lot_ >> s) & 1u) out.push_back(kLotBase + s);
        return;
      }
      for (std::uint64_t d = deck_; d != 0; d &= d - 1) out.push_back(std::countr_zero(d));
      return;
    }
  }
}

bool Table::is_legal(Action action) const {
  switch (phase_) {
    case Phase::kExemptions:
      return action == kSpend || action == kPlay;
    case Phase::kAnnouncements:
      return seat(cursor_).delayed ? (action == kAnnounce || action == kHide) : action == kOnTime;
    case Phase::kWithdrawals:
      return action == kWithdraw || action == kStay;
    case Phase::kOrders:
      return action >= kDrinksBase && action < kDrinksBase + kMaxDrinks;
    case Phase::kDelays:
      return (action == kNotDelayed && config_->delay_prob < 1.0) ||
             (action == kDelayed && config_->delay_prob > 0.0);
    case Phase::kLot:
      return action >= kLotBase && action < kLotBase + num_players() && ((lot_ >> (action - kLotBase)) & 1u);
    case Phase::kDraws:
    case Phase::kDeathmatch:
      return action >= 0 && action < kNumCards && ((deck_ >> action) & 1u);
    case Phase::kOver:
      return false;
  }
  return false;
}

void Table::chance_outcomes(ChanceOutcomeList& out) const {
  out.clear();
  if (phase_ == Phase::kDelays) {
    const double p = config_->delay_prob;
    if (p < 1.0) out.push_back({kNotDelayed, 1.0 - p});
    if (p > 0.0) out.push_back({kDelayed, p});
    return;
  }
  if (phase_ == Phase::kLot) {
    const double p = 1.0 / std::popcount(lot_);
    for (int s = 0; s < num_players(); ++s)
      if ((lot_ >> s) & 1u) out.push_back({kLotBase + s, p});
    return;
  }
  KIBITZ_CHECK(phase_ == Phase::kDraws || phase_ == Phase::kDeathmatch, "chance_outcomes at a player node");
  const double p = 1.0 / std::popcount(deck_);
  for (std::uint64_t d = deck_; d != 0; d &= d - 1) out.push_back({std::countr_zero(d), p});
}


Action Table::sample_chance(Rng& rng) const {
  if (phase_ == Phase::kDelays) {
    const double p = config_->delay_prob;
    if (p <= 0.0) return kNotDelayed;
    if (p >= 1.0) return kDelayed;
    const std::array<ChanceOutcome, 2> outcomes{{{kNotDelayed, 1.0 - p}, {kDelayed, p}}};
    return draw_chance_outcome(outcomes, rng);
  }
  if (phase_ == Phase::kLot) return kLotBase + nth_set_bit(lot_, draw_uniform_index(std::popcount(lot_), rng));
  KIBITZ_CHECK(phase_ == Phase::kDraws || phase_ == Phase::kDeathmatch, "sample_chance at a player node");
  return nth_set_bit(deck_, draw_uniform_index(std::popcount(deck_), rng));
}

void Table::reward(int s, double amount) {
  at(s).reward += amount;
  at(s).returns += amount;
}

void Table::apply(Action action, ObservationSink& sink) {
  for (SeatState& p : seats_) p.reward = 0.0;
  const int s = cursor_;
  switch (phase_) {
    case Phase::kDelays:
      apply_delay(action, sink);
      return;
    case Phase::kExemptions:
      at(s).dealer = action == kSpend;
      sink.emit(everyone(), action == kSpend ? Obs::kSpends : Obs::kPlays).add(s);
      enter_exemption(s + 1, sink);
      return;
    case Phase::kAnnouncements:
      at(s).announced = action == kAnnounce;
      any_announced_ = any_announced_ || action == kAnnounce;
      sink.emit(everyone(), action == kAnnounce ? Obs::kAnnounces : Obs::kQuiet).add(s);
      enter_announce(s + 1, sink);
      return;
    case Phase::kWithdrawals:
      at(s).withdrawn = action == kWithdraw;
      sink.emit(everyone(), action == kWithdraw ? Obs::kWithdraws : Obs::kStays).add(s);
      enter_withdraw(s + 1, sink);
      return;
    case Phase::kOrders: {
      SeatState& p = at(s);
      p.drinks = static_cast<std::int8_t>(action - kDrinksBase + 1);
      // A loss exemption kept while playing draws one card fewer (at least one).
      p.draw_count = static_cast<std::int8_t>(std::max(1, p.drinks - (holds_exemption(s) ? 1 : 0)));
      sink.emit(everyone(), Obs::kOrder).add(s).add(p.drinks);
      enter_order(s + 1, sink);
      return;
    }
    case Phase::kDraws:
      apply_draw(action, sink);
      return;
    case Phase::kLot:
      apply_lot(action - kLotBase, sink);
      return;
    case Phase::kDeathmatch:
      apply_deathmatch_draw(action, sink);
      return;
    case Phase::kOver:
      break;
  }
  KIBITZ_CHECK(false, "tea_game: a move after the end");
}

// The game's start: its header, the day's birthdays, joker exemptions ending
// with the day, loss exemptions reaching their end.
void Table::begin_game(ObservationSink& sink) {
  const int gpd = config_->games_per_day;
  const bool new_day = game_ % gpd == 0;
  sink.emit(everyone(), Obs::kGameStart).add(day() + 1).add(game_ % gpd + 1);
  for (int s = 0; s < num_players(); ++s) {
    SeatState& p = at(s);
    if (new_day) p.joker_exempt = false;
    p.birthday = config_->birthday(s, day());
    if (new_day && p.birthday) sink.emit(everyone(), Obs::kBirthday).add(s);
    if (p.exempt_through >= 0 && p.exempt_through < game_) {
      p.exempt_through = -1;
      sink.emit(everyone(), Obs::kExpires).add(s);
    }
    p.delayed = p.announced = p.dealer = p.withdrawn = p.drawer = p.safe = false;
    p.joker_before = p.joker_exempt;
    p.drinks = p.draw_count = p.hand_size = 0;
    p.deathmatch_card = -1;
  }
  reversed_ = any_announced_ = false;
  redraws_ = 0;
  round_ = 0;
  deck_ = kFullDeck;
}

void Table::apply_delay(Action action, ObservationSink& sink) {
  const int s = cursor_;
  if (s == 0) begin_game(sink);
  at(s).delayed = action == kDelayed;
  sink.emit(seat_bit(s), action == kDelayed ? Obs::kOwnDelayed : Obs::kOwnOnTime);
  sink.emit(all_but(s), Obs::kOtherDelay).add(s);
  if (s + 1 < num_players()) {
    ++cursor_;
  } else {
    enter_exemption(0, sink);
  }
}

void Table::enter_exemption(int from, ObservationSink& sink) {
  cursor_ = static_cast<std::int16_t>(
      next_seat(from, [this](int s) { return holds_exemption(s) && !seat(s).birthday; }));
  if (cursor_ < num_players()) {
    phase_ = Phase::kExemptions;
    return;
  }
  enter_announce(0, sink);
}

void Table::enter_announce(int from, ObservationSink& sink) {
  cursor_ = static_cast<std::int16_t>(next_seat(from, [this](int s) { return takes_part(s); }));
  if (cursor_ < num_players()) {
    phase_ = Phase::kAnnouncements;
    return;
  }
  if (any_announced_) {
    enter_withdraw(0, sink);
  } else {
    check_minimum(sink);
  }
}

void Table::enter_withdraw(int from, ObservationSink& sink) {
  cursor_ = static_cast<std::int16_t>(
      next_seat(from, [this](int s) { return takes_part(s) && !seat(s).announced; }));
  if (cursor_ < num_players()) {
    phase_ = Phase::kWithdrawals;
    return;
  }
  check_minimum(sink);
}

// Fewer than 3 players drawing: the game is not played (a dealer keeps the
// exemption); the next game begins.
void Table::check_minimum(ObservationSink& sink) {
  int drawers = 0;
  for (int s = 0; s < num_players(); ++s) {
    at(s).drawer = takes_part(s) && !seat(s).withdrawn;
    drawers += seat(s).drawer ? 1 : 0;
  }
  if (drawers >= kMinDrawers) {
    enter_order(0, sink);
    return;
  }
  sink.emit(everyone(), Obs::kNotPlayed).add(drawers);
  for (SeatState& p : seats_) p.drawer = p.dealer = false;
  next_game();
}

void Table::enter_order(int from, ObservationSink& sink) {
  cursor_ = static_cast<std::int16_t>(next_seat(from, [this](int s) { return receives(s); }));
  if (cursor_ < num_players()) {
    phase_ = Phase::kOrders;
    return;
  }
  SeatMask drawers = 0;
  for (int s = 0; s < num_players(); ++s)
    if (seat(s).drawer) drawers |= only(s);
  start_round(drawers, sink);
}

// The loser makes every ordered drink and gains an exemption, unless a
// hidden delay was evident; dealers' exemptions are spent; then the
// deathmatch when the fund has reached the mark.
void Table::finish_game(int loser, ObservationSink& sink) {
  if (loser >= 0) {
    int total = 0;
    for (const SeatState& p : seats_) total += p.drinks;
    sink.emit(everyone(), Obs::kLoser).add(loser).add(total);
    SeatState& l = at(loser);
    const double value = l.delayed ? config_->late_drink_value : config_->drink_value;
    for (int s = 0; s < num_players(); ++s) reward(s, seat(s).drinks * value);
    reward(loser, -total * config_->make_cost);
    if (l.delayed && !l.announced) {
      l.exempt_through = -1;
      sink.emit(everyone(), Obs::kForfeit).add(loser);
    } else {
      l.exempt_through = static_cast<std::int16_t>(game_ + config_->exemption_games);
      sink.emit(everyone(), Obs::kExempt).add(loser).add(l.exempt_through + 1);
    }
  } else {
    sink.emit(everyone(), Obs::kNobodyLoses);
  }
  last_loser_ = static_cast<std::int16_t>(loser);
  for (int s = 0; s < num_players(); ++s) {
    if (!seat(s).dealer) continue;
    at(s).exempt_through = -1;
    sink.emit(everyone(), Obs::kSpent).add(s);
  }
  if (fund_ >= config_->deathmatch_fund) {
    start_deathmatch(sink);
  } else {
    next_game();
  }
}

void Table::next_game() {
  ++game_;
  cursor_ = 0;
  phase_ = game_ >= config_->total_games() ? Phase::kOver : Phase::kDelays;
}

}  // namespace kibitz::tea_game
