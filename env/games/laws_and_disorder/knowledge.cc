// Knowledge: one seat's stream read observation by observation (the values
// of each kind are listed in stream.h), and the tensor and the one-line
// description written from it (the layout is in knowledge.h).
#include "env/games/laws_and_disorder/knowledge.h"

#include <algorithm>
#include <numeric>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/move_values.h"

namespace kibitz::laws_and_disorder {
namespace {

constexpr int kSubjectKinds = kNumPositions + 1;    // 6 jobs + ANY-POSITION
constexpr int kRecipientSlots = kNumPositions + 2;  // none, 6 jobs, ANY-POSITION
constexpr int kObjectKinds = 7;                     // 1-CARD .. 5-MONIES
constexpr int kWhenSlots = kNumWhens + 1;           // none + 3
constexpr float kMoniesScale = 16.0f;
constexpr float kHandScale = 16.0f;
constexpr float kCountScale = 5.0f;
constexpr float kPaidScale = 32.0f;

int law_floats(int n) {
  return 1 + kSubjectKinds + kNumVerbs + kRecipientSlots + kObjectKinds + kWhenSlots + n + 2;
}

int sum_of(const KindCounts& counts) { return std::accumulate(counts.begin(), counts.end(), 0); }

// Writes the tensor front to back; every block's size is fixed by n.
class Writer {
 public:
  explicit Writer(std::span<float> out) : out_(out) { std::ranges::fill(out_, 0.0f); }
  // Sets element `index` of the next block of `size` and skips the block; an
  // index outside it (-1: none) sets nothing.
  void one_hot(int size, int index) {
    if (index >= 0 && index < size) out_[at_ + static_cast<std::size_t>(index)] = 1.0f;
    at_ += static_cast<std::size_t>(size);
  }
  void value(float v) { out_[at_++] = v; }
  void flag(bool b) { value(b ? 1.0f : 0.0f); }
  std::size_t written() const { return at_; }

 private:
  std::span<float> out_;
  std::size_t at_ = 0;
};

// One law (L floats, knowledge.h): what each slot holds, as far as the law
// goes.
void write_law(Writer& w, const Law& law, int maker, int n, int viewer_position) {
  w.flag(!law.empty());
  const int size = law.size;
  const Kind* c = law.cards.data();
  const bool has_recipient = size >= 3 && is_position_slot(c[2]);
  const int object_index = has_recipient ? 3 : 2;
  const bool has_object = size > object_index;
  w.one_hot(kSubjectKinds, size >= 1 ? static_cast<int>(c[0]) : -1);
  w.one_hot(kNumVerbs, size >= 2 ? static_cast<int>(*verb_of(c[1])) : -1);
  int recipient = -1;
  if (has_recipient) {
    recipient = 1 + static_cast<int>(c[2]);
  } else if (has_object) {
    recipient = 0;
  }
  w.one_hot(kRecipientSlots, recipient);
  w.one_hot(kObjectKinds, has_object ? static_cast<int>(c[object_index]) - static_cast<int>(Kind::kOneCard) : -1);
  int when = -1;
  if (size > object_index + 1) {
    when = 1 + static_cast<int>(*when_of(c[object_index + 1]));
  } else if (has_object) {
    when = 0;
  }
  w.one_hot(kWhenSlots, when);
  w.one_hot(n, maker);
  auto names_viewer = [&](Kind slot) {
    return slot == Kind::kAnyPosition || (viewer_position >= 0 && static_cast<int>(slot) == viewer_position);
  };
  w.flag(size >= 1 && names_viewer(c[0]));
  w.flag(has_recipient && names_viewer(c[2]));
}

}  // namespace

int tensor_size(int players) {
  const int n = players;
  const int law = law_floats(n);
  return n + n + kNumPositions * n + n + n + kNumKinds + kNumKinds * n + 1 + 2 + 4 + n + kMaxTableLaws * law +
         (law + n) + (law + n + 1) + n + kMoveValueFloats;
}

Knowledge::Knowledge(const Config& c, int v) : config(c), viewer(v), n(c.players) {
  if (v < 0 || v >= n) throw error("laws_and_disorder: viewer P", v, " is not a seat of a ", n, "-player game");
  position_of.fill(-1);
  holder.fill(-1);
  for (int s = 0; s < n; ++s) monies[static_cast<std::size_t>(s)] = kStartingMonies;
}

// --- Reading -------------------------------------------------------------------

int Knowledge::seat_at(const Observation& o, int i) const {
  if (i >= o.size) throw error("laws_and_disorder: observation of kind ", int{o.kind}, " lacks value ", i);
  const int seat = o.value(i);
  if (seat < 0 || seat >= n) {
    throw error("laws_and_disorder: observation of kind ", int{o.kind}, " names seat ", seat, " in a ", n,
                "-player game");
  }
  return seat;
}

Kind Knowledge::kind_at(const Observation& o, int i) const {
  if (i >= o.size) throw error("laws_and_disorder: observation of kind ", int{o.kind}, " lacks value ", i);
  const int k = o.value(i);
  if (k < 0 || k >= kNumKinds) {
    throw error("laws_and_disorder: observation of kind ", int{o.kind}, " names card ", k);
  }
  return static_cast<Kind>(k);
}

const KnownLaw* Knowledge::find_law(int serial) const {
  for (int i = 0; i < num_laws; ++i) {
    if (laws[static_cast<std::size_t>(i)].serial == serial) return &laws[static_cast<std::size_t>(i)];
  }
  return nullptr;
}

KnownLaw& Knowledge::law_of(int serial) {
  const KnownLaw* law = find_law(serial);
  if (law == nullptr) throw error("laws_and_disorder: ", law_name(serial), " is not on the table");
  return *const_cast<KnownLaw*>(law);
}

void Knowledge::remove_law(int serial) {
  const KnownLaw* law = &law_of(serial);
  const auto at = static_cast<std::ptrdiff_t>(law - laws.data());
  std::copy(laws.begin() + at + 1, laws.begin() + num_laws, laws.begin() + at);
  --num_laws;
  laws[static_cast<std::size_t>(num_laws)] = KnownLaw{};
}

// A card entering `seat`'s hand; `known` when the viewer learns its kind.
void Knowledge::add_card(int seat, Kind kind, bool known) {
  const auto s = static_cast<std::size_t>(seat);
  ++hand_size[s];
  if (seat == viewer) {
    ++hand[static_cast<std::size_t>(kind)];
  } else if (known) {
    ++seen[s][static_cast<std::size_t>(kind)];
  }
}

// A card of a known kind leaving `seat`'s hand.
void Knowledge::remove_card(int seat, Kind kind, bool known) {
  const auto s = static_cast<std::size_t>(seat);
  const auto k = static_cast<std::size_t>(kind);
  if (seat == viewer) {
    if (hand[k] <= 0) throw error("laws_and_disorder: P", seat, " plays ", kind_name(kind), " it does not hold");
    --hand[k];
    --hand_size[s];
    return;
  }
  if (known && seen[s][k] > 0) {
    --seen[s][k];
    --hand_size[s];
    return;
  }
  lose_hidden(seat, 1);
}

// Cards of unknown kinds leaving `seat`'s hand: the belief keeps its counts
// but never more than the hand holds (the largest counts give way first).
void Knowledge::lose_hidden(int seat, int count) {
  const auto s = static_cast<std::size_t>(seat);
  hand_size[s] = std::max(0, hand_size[s] - count);
  KindCounts& belief = seen[s];
  for (int excess = sum_of(belief) - hand_size[s]; excess > 0; --excess) {
    --*std::ranges::max_element(belief);
  }
}

void Knowledge::pay_ability(int seat) {
  monies[static_cast<std::size_t>(seat)] -= kAbilityCost;
  used_ability = true;
}

void Knowledge::clear_action() {
  effect_serial = -1;
  effect_seat = -1;
  effect_law = Law{};
}

void Knowledge::read(const Observation& o) {
  if (o.kind >= kNumObsKinds) throw error("laws_and_disorder: unknown observation kind ", int{o.kind});
  const Obs kind = obs_kind(o);
  if (kind <= Obs::kTurnEnds || kind == Obs::kFinal) {
    read_setup(kind, o);
  } else if (kind <= Obs::kDropped) {
    read_law(kind, o);
  } else if (kind <= Obs::kNobodyReceives) {
    read_effect(kind, o);
  } else if (kind <= Obs::kHandOverHidden) {
    read_cards(kind, o);
  } else {
    read_ability(kind, o);
  }
}

// Positions, draws, turns and the end.
void Knowledge::read_setup(Obs kind, const Observation& o) {
  switch (kind) {
    case Obs::kHolds: {
      const int seat = seat_at(o, 0);
      const int position = static_cast<int>(kind_at(o, 1));
      if (position >= kNumPositions) throw error("laws_and_disorder: P", seat, " holds a card that is not a job");
      // The seat's old position is nobody's until the stream says who takes
      // it (the job change's next observation).
      const int old = position_of[static_cast<std::size_t>(seat)];
      if (old >= 0 && holder[static_cast<std::size_t>(old)] == seat) holder[static_cast<std::size_t>(old)] = -1;
      position_of[static_cast<std::size_t>(seat)] = position;
      holder[static_cast<std::size_t>(position)] = seat;
      break;
    }
    case Obs::kUnheld: {
      const int position = static_cast<int>(kind_at(o, 0));
      if (position >= kNumPositions) throw error("laws_and_disorder: an unheld card that is not a job");
      holder[static_cast<std::size_t>(position)] = -1;
      break;
    }
    case Obs::kDrawSeen: add_card(seat_at(o, 0), kind_at(o, 1), true); --deck_size; break;
    case Obs::kDraw: {
      const int seat = seat_at(o, 0);
      if (seat == viewer) throw error("laws_and_disorder: P", seat, " is told it draws a card it cannot see");
      ++hand_size[static_cast<std::size_t>(seat)];
      --deck_size;
      break;
    }
    case Obs::kTurn:
      turn_number = o.value(0);
      turn_player = seat_at(o, 1);
      made_law = changed_job = used_ability = false;
      if (turns_left > 0) --turns_left;
      clear_action();
      break;
    case Obs::kLastCard:
      last_card_drawn = true;
      turns_left = n;
      break;
    case Obs::kTurnEnds: clear_action(); break;
    case Obs::kFinal:
      monies[static_cast<std::size_t>(seat_at(o, 0))] = o.value(1);
      game_over = true;
      break;
    default: break;
  }
}

// Building, making, paying and dropping laws.
void Knowledge::read_law(Obs kind, const Observation& o) {
  switch (kind) {
    case Obs::kLawCard: {
      const int seat = seat_at(o, 0);
      const Kind card = kind_at(o, 1);
      if (building.size >= kMaxLawCards) throw error("laws_and_disorder: a law of more than 5 cards");
      remove_card(seat, card, true);
      building.push(card);
      builder = seat;
      made_law = true;
      clear_action();
      break;
    }
    case Obs::kLawMade: {
      if (num_laws >= kMaxTableLaws) throw error("laws_and_disorder: more than ", kMaxTableLaws, " laws");
      KnownLaw made;
      made.maker = seat_at(o, 0);
      made.serial = o.value(1);
      const int count = o.value(2);
      for (int i = 0; i < count; ++i) made.law.push(kind_at(o, 3 + i));
      if (!is_complete(made.law)) throw error("laws_and_disorder: ", law_name(made.serial), " is not a whole law");
      laws[static_cast<std::size_t>(num_laws++)] = made;
      building = Law{};
      builder = -1;
      made_law = true;
      break;
    }
    case Obs::kLawPaid: {
      const auto seat = static_cast<std::size_t>(seat_at(o, 0));
      monies[seat] += o.value(1);
      paid_for_laws[seat] += o.value(1);
      break;
    }
    case Obs::kDropped: remove_law(o.value(0)); break;
    default: break;
  }
}

// Laws taking effect: monies move here; cards move in the draws, discards
// and hand-overs that follow.
void Knowledge::read_effect(Obs kind, const Observation& o) {
  switch (kind) {
    case Obs::kEffect:
    case Obs::kNoHolder: {
      effect_serial = o.value(0);
      effect_seat = kind == Obs::kEffect ? seat_at(o, 1) : -1;
      const KnownLaw* law = find_law(effect_serial);
      effect_law = law != nullptr ? law->law : Law{};
      break;
    }
    case Obs::kGains: monies[static_cast<std::size_t>(seat_at(o, 0))] += o.value(1); break;
    case Obs::kLoses: monies[static_cast<std::size_t>(seat_at(o, 0))] -= o.value(1); break;
    case Obs::kGivesMonies:
      monies[static_cast<std::size_t>(seat_at(o, 0))] -= o.value(1);
      monies[static_cast<std::size_t>(seat_at(o, 2))] += o.value(1);
      break;
    default: break;  // counts announced, nothing to give, keeps, nobody receives
  }
}

// Discards, picks and hand-overs.
void Knowledge::read_cards(Obs kind, const Observation& o) {
  switch (kind) {
    case Obs::kDiscardSeen: remove_card(seat_at(o, 0), kind_at(o, 1), true); break;
    case Obs::kDiscard: lose_hidden(seat_at(o, 0), 1); break;
    case Obs::kHandOver: {
      const int from = seat_at(o, 0);
      const int count = o.value(1);
      const int to = seat_at(o, 2 + count);
      for (int i = 0; i < count; ++i) {
        const Kind card = kind_at(o, 2 + i);
        remove_card(from, card, true);
        add_card(to, card, true);
      }
      break;
    }
    case Obs::kHandOverHidden: {
      const int from = seat_at(o, 0);
      const int count = o.value(1);
      const int to = seat_at(o, 2);
      lose_hidden(from, count);
      hand_size[static_cast<std::size_t>(to)] += count;
      break;
    }
    default: break;  // picks move nothing: the hand-over does
  }
}

// Job changes and abilities: every ability costs its user kAbilityCost
// before its effect; cards taken out of a law go to the user's hand in
// public.
void Knowledge::read_ability(Obs kind, const Observation& o) {
  if (kind == Obs::kHandSeen) {
    const auto victim = static_cast<std::size_t>(seat_at(o, 0));
    if (fresh_theft_) seen[victim] = KindCounts{};
    fresh_theft_ = false;
    for (int i = 0; i < o.value(1); ++i) ++seen[victim][static_cast<std::size_t>(kind_at(o, 2 + i))];
    return;
  }
  if (kind == Obs::kTakeSeen || kind == Obs::kTake) {
    const int thief = seat_at(o, 0);
    const int victim = seat_at(o, kind == Obs::kTakeSeen ? 2 : 1);
    if (kind == Obs::kTakeSeen) {
      remove_card(victim, kind_at(o, 1), true);
      add_card(thief, kind_at(o, 1), true);
    } else {
      lose_hidden(victim, 1);
      ++hand_size[static_cast<std::size_t>(thief)];
    }
    theft_victim = -1;
    return;
  }
  const int seat = seat_at(o, 0);
  clear_action();
  switch (kind) {
    case Obs::kPlayJob:
      remove_card(seat, kind_at(o, 1), true);
      changed_job = true;
      break;
    case Obs::kJudgeEnforce: pay_ability(seat); law_of(o.value(1)); break;
    case Obs::kJudgeDestroy: pay_ability(seat); remove_law(o.value(1)); break;
    case Obs::kThief:
      pay_ability(seat);
      theft_victim = seat_at(o, 1);
      fresh_theft_ = true;
      break;
    case Obs::kScientistAdd: {
      pay_ability(seat);
      const Kind card = kind_at(o, 1);
      KnownLaw& law = law_of(o.value(2));
      if (!when_of(card) || law_when(law.law)) throw error("laws_and_disorder: a WHEN added where none fits");
      remove_card(seat, card, true);
      law.law.push(card);
      break;
    }
    case Obs::kScientistTake: {
      pay_ability(seat);
      const Kind card = kind_at(o, 1);
      KnownLaw& law = law_of(o.value(2));
      if (law_when(law.law) != when_of(card)) throw error("laws_and_disorder: a WHEN taken that the law lacks");
      --law.law.size;
      add_card(seat, card, true);
      break;
    }
    case Obs::kMerchantSwap:
    case Obs::kPriestSwap: read_swap(seat, o); break;
    case Obs::kTrade: pay_ability(seat); break;
    default: break;
  }
}

// A merchant or priest swap (seat, in, out, serial): the out card leaves
// the law for the user's hand, the in card takes its slot.
void Knowledge::read_swap(int seat, const Observation& o) {
  pay_ability(seat);
  const Kind in = kind_at(o, 1);
  const Kind out = kind_at(o, 2);
  KnownLaw& law = law_of(o.value(3));
  // A merchant swap replaces the verb (card 2); a priest swap names the
  // card's place (1-based), since ANY-POSITION may fill both subject and
  // recipient.
  const int slot = obs_kind(o) == Obs::kMerchantSwap ? 1 : o.value(4) - 1;
  if (slot < 0 || slot >= law.law.size || law.law.cards[static_cast<std::size_t>(slot)] != out) {
    throw error("laws_and_disorder: ", law_name(law.serial), " has no ", kind_name(out), " as card ", slot + 1);
  }
  law.law.cards[static_cast<std::size_t>(slot)] = in;
  remove_card(seat, in, true);
  add_card(seat, out, true);
}

Knowledge read_stream(const Config& config, int viewer, std::span<const Observation> stream) {
  Knowledge knowledge(config, viewer);
  for (const Observation& o : stream) knowledge.read(o);
  return knowledge;
}

// --- The tensor ----------------------------------------------------------------

void Knowledge::encode(std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == tensor_size(n), "laws_and_disorder tensor of ", out.size(),
               " floats; expected ", tensor_size(n));
  Writer w(out);
  w.one_hot(n, viewer);
  w.one_hot(n, turn_player);
  for (int s = 0; s < n; ++s) w.one_hot(kNumPositions, position_of[static_cast<std::size_t>(s)]);
  for (int s = 0; s < n; ++s) w.value(static_cast<float>(monies[static_cast<std::size_t>(s)]) / kMoniesScale);
  for (int s = 0; s < n; ++s) w.value(static_cast<float>(hand_size[static_cast<std::size_t>(s)]) / kHandScale);
  for (const int count : hand) w.value(static_cast<float>(count) / kCountScale);
  for (int s = 0; s < n; ++s) {
    for (const int count : seen[static_cast<std::size_t>(s)]) w.value(static_cast<float>(count) / kCountScale);
  }
  w.value(static_cast<float>(deck_size) / static_cast<float>(kDeckSize));
  w.flag(last_card_drawn);
  w.value(turns_left > 0 ? static_cast<float>(turns_left) / static_cast<float>(n) : 0.0f);
  w.flag(made_law);
  w.flag(changed_job);
  w.flag(used_ability);
  w.flag(game_over);
  for (int s = 0; s < n; ++s) w.value(static_cast<float>(paid_for_laws[static_cast<std::size_t>(s)]) / kPaidScale);
  const int mine = position_of[static_cast<std::size_t>(viewer)];
  for (int slot = 0; slot < kMaxTableLaws; ++slot) {
    if (slot < num_laws) {
      const KnownLaw& law = laws[static_cast<std::size_t>(slot)];
      write_law(w, law.law, law.maker, n, mine);
    } else {
      write_law(w, Law{}, -1, n, mine);
    }
  }
  write_law(w, building, builder, n, mine);
  w.one_hot(n, builder);
  const KnownLaw* effect = find_law(effect_serial);
  write_law(w, effect_law, effect != nullptr ? effect->maker : -1, n, mine);
  w.one_hot(n, effect_seat);
  w.flag(effect_seat >= 0 && effect_seat == viewer);
  w.one_hot(n, theft_victim);
  const std::size_t table_floats = w.written();
  KIBITZ_CHECK(static_cast<int>(table_floats) + kMoveValueFloats == tensor_size(n),
               "laws_and_disorder tensor layout wrote ", table_floats, " floats before the move values of ",
               tensor_size(n));
  encode_move_values(*this, out.subspan(table_floats));
}

// --- The description -----------------------------------------------------------

namespace {

std::string position_text(int position) {
  return position >= 0 ? std::string(position_name(static_cast<Position>(position))) : "-";
}

std::string cards_text(const KindCounts& counts) {
  std::string text;
  for (int k = 0; k < kNumKinds; ++k) {
    for (int c = 0; c < counts[static_cast<std::size_t>(k)]; ++c) {
      if (!text.empty()) text += ' ';
      text += kind_name(static_cast<Kind>(k));
    }
  }
  return text.empty() ? "-" : text;
}

}  // namespace

std::string Knowledge::describe() const {
  std::string text = seat_name(viewer) + " " + position_text(position_of[static_cast<std::size_t>(viewer)]);
  if (turn_player >= 0) text += " | turn " + std::to_string(turn_number) + " of " + seat_name(turn_player);
  if (game_over) text += " | game over";
  text += " |";
  for (int s = 0; s < n; ++s) {
    const auto i = static_cast<std::size_t>(s);
    text += " " + seat_name(s) + " " + position_text(position_of[i]) + " $" + std::to_string(monies[i]) + " " +
            std::to_string(hand_size[i]) + " cards;";
  }
  text += " hand " + cards_text(hand);
  for (int s = 0; s < n; ++s) {
    if (s != viewer && sum_of(seen[static_cast<std::size_t>(s)]) > 0) {
      text += " | " + seat_name(s) + " holds " + cards_text(seen[static_cast<std::size_t>(s)]);
    }
  }
  text += " | deck " + std::to_string(deck_size);
  if (last_card_drawn) text += " (final round: " + std::to_string(turns_left) + " turns left after this)";
  for (const KnownLaw& law : table()) {
    text += " | " + law_name(law.serial) + " by " + seat_name(law.maker) + ": " + law_sentence(law.law);
  }
  if (!building.empty()) text += " | " + seat_name(builder) + " is making: " + law_sentence(building);
  if (effect_serial > 0) {
    text += " | " + law_name(effect_serial) + " takes effect for " +
            (effect_seat >= 0 ? seat_name(effect_seat) : std::string("nobody"));
  }
  if (theft_victim >= 0) text += " | theft from " + seat_name(theft_victim);
  return text;
}

}  // namespace kibitz::laws_and_disorder
