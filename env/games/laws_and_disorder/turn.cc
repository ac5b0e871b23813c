// The flow of a Laws and Disorder game (docs/rules/laws_and_disorder.md "Set-
// up", "A turn", "Making a law", "End of the game"): the deal, draws and
// where they lead, the turn's main step, building and making a law, the end
// of a turn with its draw and hand limit, the final round and the end.
#include "env/core/error.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {

void LawsAndDisorderState::take_card(int player, Kind kind) { ++hands_[idx(player)][static_cast<std::size_t>(kind)]; }

void LawsAndDisorderState::remove_card(int player, Kind kind) {
  int& count = hands_[idx(player)][static_cast<std::size_t>(kind)];
  KIBITZ_CHECK(count > 0, "laws_and_disorder: ", seat_name(player), " holds no ", kind_name(kind));
  --count;
}

// --- Chance: the deal and every draw ------------------------------------------

void LawsAndDisorderState::apply_chance(Action outcome) {
  if (phase_ == Phase::kDealPosition) {
    deal_position(static_cast<Position>(outcome));
  } else {
    draw_card(static_cast<Kind>(outcome));
  }
}

// Players take positions in seat order, each from those left.
void LawsAndDisorderState::deal_position(Position position) {
  const int player = positions_dealt_++;
  position_of_[idx(player)] = static_cast<std::int8_t>(position);
  holder_[static_cast<std::size_t>(position)] = static_cast<std::int8_t>(player);
  emit_public(make_obs(Obs::kHolds).add(player).add(static_cast<int>(position)));
  if (positions_dealt_ == players()) after_positions();
}

void LawsAndDisorderState::after_positions() {
  for (int p = 0; p < kNumPositions; ++p) {
    if (holder_[idx(p)] < 0) emit_public(make_obs(Obs::kUnheld).add(p));
  }
  begin_draws(0, kStartingCards, Resume::kDeal);
}

void LawsAndDisorderState::begin_draws(int player, int count, Resume then) {
  draw_player_ = static_cast<std::int8_t>(player);
  draws_left_ = std::min(count, deck_size_);
  after_draw_ = then;
  if (draws_left_ == 0) {
    resume(then);
  } else {
    phase_ = Phase::kDraw;
  }
}

void LawsAndDisorderState::draw_card(Kind kind) {
  KIBITZ_CHECK(deck_[static_cast<std::size_t>(kind)] > 0, "laws_and_disorder: no ", kind_name(kind), " left to draw");
  --deck_[static_cast<std::size_t>(kind)];
  --deck_size_;
  take_card(draw_player_, kind);
  emit_split(seat_bit(draw_player_), make_obs(Obs::kDrawSeen).add(draw_player_).add(static_cast<int>(kind)),
             make_obs(Obs::kDraw).add(draw_player_));
  // Only a draw in a turn can take the last card: the deal leaves 36 at least.
  if (deck_size_ == 0 && !last_card_drawn_) {
    last_card_drawn_ = true;
    emit_public(make_obs(Obs::kLastCard));
  }
  if (--draws_left_ == 0 || deck_size_ == 0) resume(after_draw_);
}

// Where a run of draws or discards leads (Resume).
void LawsAndDisorderState::resume(Resume then) {
  switch (then) {
    case Resume::kDeal:
      if (draw_player_ + 1 < players()) {
        begin_draws(draw_player_ + 1, kStartingCards, Resume::kDeal);
      } else {
        start_turn(0);
      }
      return;
    case Resume::kTurnStartDraw: start_of_turn_laws(); return;
    case Resume::kTurnEndDraw: after_turn_draw(); return;
    case Resume::kEffect:
      ++queue_head_;
      run_effects();
      return;
    case Resume::kMerchantDraw: begin_discards(turn_player_, 2, Resume::kMerchantDiscard); return;
    case Resume::kMerchantDiscard: after_ability(); return;
    case Resume::kHandLimit: next_turn(); return;
  }
}

// --- A turn ----------------------------------------------------------------------

void LawsAndDisorderState::start_turn(int player) {
  turn_player_ = player;
  ++turn_number_;
  made_law_ = changed_job_ = used_ability_ = false;
  emit_public(make_obs(Obs::kTurn).add(turn_number_).add(player));
  if (ld_->config().draw_at == DrawAt::kStart) {
    begin_draws(player, kCardsPerDraw, Resume::kTurnStartDraw);
  } else {
    start_of_turn_laws();
  }
}

void LawsAndDisorderState::start_of_turn_laws() {
  queue_size_ = queue_head_ = 0;
  queue_triggers(When::kTurnStart, turn_player_, 0);
  run_effects();
}

void LawsAndDisorderState::to_main() {
  phase_ = Phase::kMain;
  actor_ = static_cast<std::int8_t>(turn_player_);
}

// Ascending: law starts (0..19), job cards (21..26), end-turn (27), abilities.
void LawsAndDisorderState::main_actions(ActionList& out) const {
  const int p = turn_player_;
  if (!made_law_) {
    const NextCards next = next_cards(Law{}, hands_[idx(p)]);
    for (int k = 0; k < kNumKinds; ++k) {
      if (next.kinds[idx(k)]) out.push_back(kPlayBase + k);
    }
  }
  job_actions(out);
  out.push_back(kEndTurn);
  ability_actions(out);
}

void LawsAndDisorderState::apply_main(Action action) {
  if (action < kEndLaw) {
    made_law_ = true;
    building_ = Law{};
    apply_build(action);
  } else if (action >= kJobBase && action < kEndTurn) {
    apply_job(static_cast<Position>(action - kJobBase));
  } else if (action == kEndTurn) {
    end_turn();
  } else {
    apply_ability(action);
  }
}

// --- Building and making a law ----------------------------------------------------

void LawsAndDisorderState::build_actions(ActionList& out) const {
  const NextCards next = next_cards(building_, hands_[idx(turn_player_)]);
  for (int k = 0; k < kNumKinds; ++k) {
    if (next.kinds[idx(k)]) out.push_back(kPlayBase + k);
  }
  if (next.end_law) out.push_back(kEndLaw);
}

void LawsAndDisorderState::apply_build(Action action) {
  if (action == kEndLaw) {
    make_law();
    return;
  }
  const Kind kind = static_cast<Kind>(action - kPlayBase);
  remove_card(turn_player_, kind);
  building_.push(kind);
  emit_public(make_obs(Obs::kLawCard).add(turn_player_).add(static_cast<int>(kind)));
  phase_ = Phase::kBuild;
}

// The law goes on the table: the oldest law leaves first when the table is
// full (max_laws), the maker is paid (the Banker double), a law without a
// WHEN takes effect, then the "when a law is made" laws fire.
void LawsAndDisorderState::make_law() {
  const int maker = turn_player_;
  const int serial = next_serial_++;
  Observation made = make_obs(Obs::kLawMade).add(maker).add(serial).add(building_.size);
  for (const Kind kind : building_.kinds()) made.add(static_cast<int>(kind));
  emit_public(made);
  if (num_laws_ == ld_->table_limit()) {
    emit_public(make_obs(Obs::kDropped).add(laws_[0].serial));
    discard_size_ += laws_[0].law.size;
    remove_law(0);
  }
  const bool banker = holder_[static_cast<std::size_t>(Position::kBanker)] == maker;
  const int pay = (banker ? 2 : 1) * building_.size;
  monies_[idx(maker)] += pay;
  emit_public(make_obs(Obs::kLawPaid).add(maker).add(pay).add(serial));

  TableLaw& placed = laws_[idx(num_laws_++)];
  placed = TableLaw{building_, static_cast<std::int16_t>(serial), static_cast<std::int8_t>(maker)};
  building_ = Law{};
  queue_size_ = queue_head_ = 0;
  if (!law_when(placed.law).has_value()) queue_for_holders(placed);
  queue_triggers(When::kLawMade, -1, serial);
  run_effects();
}

void LawsAndDisorderState::remove_law(int slot) {
  for (int s = slot; s + 1 < num_laws_; ++s) laws_[idx(s)] = laws_[idx(s + 1)];
  --num_laws_;
  laws_[idx(num_laws_)] = TableLaw{};
}

// --- The end of a turn and of the game -----------------------------------------------

void LawsAndDisorderState::end_turn() {
  emit_public(make_obs(Obs::kTurnEnds).add(turn_player_));
  if (ld_->config().draw_at == DrawAt::kEnd) {
    begin_draws(turn_player_, kCardsPerDraw, Resume::kTurnEndDraw);
  } else {
    after_turn_draw();
  }
}

void LawsAndDisorderState::after_turn_draw() {
  const int limit = ld_->config().hand_limit;
  const int size = hand_size(turn_player_);
  if (limit > 0 && size > limit) {
    begin_discards(turn_player_, size - limit, Resume::kHandLimit);
  } else {
    next_turn();
  }
}

// After the turn in which the last card was drawn, every player takes one
// more turn, in order from the next one; then the game ends.
void LawsAndDisorderState::next_turn() {
  if (turns_left_ > 0) {
    if (--turns_left_ == 0) {
      finish_game();
      return;
    }
  } else if (last_card_drawn_) {
    turns_left_ = players();
  }
  start_turn((turn_player_ + 1) % players());
}

void LawsAndDisorderState::finish_game() {
  phase_ = Phase::kTerminal;
  for (int p = 0; p < players(); ++p) emit_public(make_obs(Obs::kFinal).add(p).add(monies_[idx(p)]));
}

}  // namespace kibitz::laws_and_disorder
