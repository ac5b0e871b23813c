#include "env/games/laws_and_disorder/valuation.h"

#include <algorithm>
#include <bit>

namespace kibitz::laws_and_disorder {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Of the remaining weight, the players who are neither me nor the leader
// share this much (they still compete for first place, less directly).
constexpr double kOthersShare = 0.5;
// How often a player uses an ability on their turn, and the cards in a law,
// as rough averages for laws still to come.
constexpr double kAbilityRate = 0.3;
constexpr double kCardsPerLaw = 3.5;

// A small worth by kind, to rank cards that the best law does not need:
// rare kinds (WHEN cards, big objects) above common ones.
double kind_bias(Kind kind) {
  if (when_of(kind).has_value()) return 0.3;
  if (verb_of(kind).has_value()) return 0.2;
  if (kind == Kind::kAnyPosition) return 0.25;
  if (object_amount(kind) > 0) return object_is_cards(kind) ? 0.15 : 0.08 * object_amount(kind);
  return 0.1;  // a job card
}

}  // namespace

Valuation::Valuation(const Knowledge& k, const LawsParams& params) : k_(k), params_(params) {
  const int n = k.n;
  for (int s = 0; s < n; ++s) {
    if (s == k.viewer) continue;
    if (leader_ < 0 || k.monies[at(s)] > k.monies[at(leader_)] ||
        (k.monies[at(s)] == k.monies[at(leader_)] && k.hand_size[at(s)] > k.hand_size[at(leader_)])) {
      leader_ = s;
    }
  }
  weight_[at(k.viewer)] = 1.0;
  if (!k.config.reward_score) {
    for (int s = 0; s < n; ++s) {
      if (s == k.viewer) continue;
      weight_[at(s)] = s == leader_ ? -1.0 : -kOthersShare / std::max(1, n - 2);
    }
  }
  // Turns left, all seats together: the deck lasts about deck/2 more turns,
  // then everyone plays one more.
  turns_left_ = k.turns_left >= 0 ? k.turns_left + 1.0 : k.deck_size / 2.0 + n;
  const double my_turns = turns_left_ / n;
  card_worth_ = params.card_value * std::clamp(my_turns / 3.0, 0.0, 1.0);
  if (k.turn_number >= n) {
    int paid = 0;
    for (int s = 0; s < n; ++s) paid += k.paid_for_laws[at(s)];
    law_rate_ = std::clamp(paid / kCardsPerLaw / k.turn_number, 0.3, 1.0);
  }
  // How often a WHEN law fires, per WHEN, for each seat holding its subject.
  double turns = turns_left_;
  // Under max_laws a law lasts until max_laws newer ones are made.
  if (k.config.max_laws > 0) turns = std::min(turns, k.config.max_laws / law_rate_);
  firings_[at(static_cast<int>(When::kTurnStart))] = turns / n;
  firings_[at(static_cast<int>(When::kLawMade))] = turns * law_rate_;
  firings_[at(static_cast<int>(When::kAbility))] = turns / n * kAbilityRate;
  const int limit = k.config.max_laws;
  if (limit > 0 && k.num_laws >= limit) dropped_future_ = future(k.laws[0].law, holders());
}

int Valuation::chosen_recipient(int giver) const {
  int best = -1;
  for (int s = 0; s < k_.n; ++s) {
    if (s == giver) continue;
    if (best < 0) {
      best = s;
      continue;
    }
    if (giver == me()) {
      // Mine: the seat that hurts me least, the poorest among equals.
      if (weight(s) > weight(best) || (weight(s) == weight(best) && k_.monies[at(s)] < k_.monies[at(best)])) best = s;
    } else if (k_.monies[at(s)] < k_.monies[at(best)]) {
      best = s;  // another's: probably the poorest, who threatens them least
    }
  }
  return best;
}

void Valuation::apply(const Law& law, const LawParts& parts, int seat, const Holders& holders,
                      std::array<double, kMaxPlayers>& delta) const {
  const int amount = object_amount(parts.object);
  const bool cards = object_is_cards(parts.object);
  const double unit = cards ? card_worth_ : 1.0;
  const int have = cards ? k_.hand_size[at(seat)] : k_.monies[at(seat)];
  switch (parts.verb) {
    case Verb::kGains:
      delta[at(seat)] += (cards ? std::min(amount, k_.deck_size) : amount) * unit;
      return;
    case Verb::kLoses: delta[at(seat)] -= std::min(amount, have) * unit; return;
    case Verb::kGives: break;
  }
  const double given = std::min(amount, have) * unit;
  int to = -2;  // -2: the giver chooses
  if (parts.has_recipient()) {
    const std::optional<Position> named = position_of(law.cards[at(parts.recipient_index)]);
    if (named.has_value()) to = holders[at(static_cast<int>(*named))];
  }
  if (to == seat) return;  // keeps it
  if (to == -2) to = chosen_recipient(seat);
  delta[at(seat)] -= given;
  if (to >= 0) delta[at(to)] += given;
}

double Valuation::fire_for(const Law& law, int seat, const Holders& holders) const {
  return fire_for(law, parts_of(law), seat, holders);
}

double Valuation::fire_for(const Law& law, const LawParts& parts, int seat, const Holders& holders) const {
  std::array<double, kMaxPlayers> delta{};
  apply(law, parts, seat, holders, delta);
  double value = 0.0;
  for (int s = 0; s < k_.n; ++s) value += weight(s) * delta[at(s)];
  return value;
}

double Valuation::fire_now(const Law& law, const Holders& holders) const {
  const Kind subject = law.cards[0];
  if (subject != Kind::kAnyPosition && holders[at(static_cast<int>(*position_of(subject)))] < 0) return 0.0;
  return fire_now(law, parts_of(law), holders);
}

double Valuation::fire_now(const Law& law, const LawParts& parts, const Holders& holders) const {
  if (parts.subject == Kind::kAnyPosition) {
    double value = 0.0;
    for (int s = 0; s < k_.n; ++s) value += fire_for(law, parts, s, holders);
    return value;
  }
  const int holder = holders[at(static_cast<int>(*position_of(parts.subject)))];
  return holder < 0 ? 0.0 : fire_for(law, parts, holder, holders);
}

double Valuation::future(const Law& law, const Holders& holders) const {
  return future_of(law, fire_now(law, holders));
}

// ANY-POSITION: for every seat, whether it fires for one seat at a time (its
// turn, its ability) or for all (a law made); `fire` counts them all.
double Valuation::future_of(const Law& law, double fire) const {
  const std::optional<When> when = law_when(law);
  if (!when.has_value()) return 0.0;
  return params_.horizon * firings_[at(static_cast<int>(*when))] * fire;
}

double Valuation::table_future(const Holders& holders, int skip_serial) const {
  // Every job card offered asks for the table under today's holders.
  const bool today = skip_serial == 0 && holders == k_.holder;
  if (today && table_future_today_.has_value()) return *table_future_today_;
  double value = 0.0;
  for (const KnownLaw& law : k_.table()) {
    if (law.serial != skip_serial) value += future(law.law, holders);
  }
  if (today) table_future_today_ = value;
  return value;
}

double Valuation::banker_future(const Holders& holders) const {
  const int banker = holders[at(static_cast<int>(Position::kBanker))];
  if (banker < 0) return 0.0;
  return weight(banker) * params_.horizon * turns_left_ / k_.n * law_rate_ * kCardsPerLaw;
}

bool Valuation::fires_on_my_ability(const Law& law) const {
  if (law_when(law) != When::kAbility) return false;
  const Kind subject = law.cards[0];
  return subject == Kind::kAnyPosition || static_cast<int>(subject) == k_.position_of[at(me())];
}

// The table's own laws fire the same for every ability offered, so their
// firings are worked out once; the sum is taken in table order.
double Valuation::ability_triggers(int slot, const Law* amended) const {
  const std::span<const KnownLaw> table = k_.table();
  if (!table_triggers_.has_value()) {
    std::array<std::optional<double>, kMaxTableLaws>& triggers = table_triggers_.emplace();
    for (std::size_t i = 0; i < table.size(); ++i) {
      if (fires_on_my_ability(table[i].law)) triggers[i] = fire_for(table[i].law, me(), holders());
    }
  }
  double value = 0.0;
  for (int i = 0; i < static_cast<int>(table.size()); ++i) {
    if (i != slot) {
      if (const std::optional<double>& fire = (*table_triggers_)[at(i)]) value += *fire;
    } else if (amended != nullptr && fires_on_my_ability(*amended)) {
      value += fire_for(*amended, me(), holders());
    }
  }
  return value;
}

double Valuation::law_made_triggers() const {
  double value = 0.0;
  for (const KnownLaw& law : k_.table()) {
    if (law_when(law.law) == When::kLawMade) value += fire_now(law.law, holders());
  }
  return value;
}

double Valuation::law_value(const Law& law, bool banker) const {
  return law_value_of(law, banker, fire_now(law, holders()));
}

double Valuation::law_value_of(const Law& law, bool banker, double fire) const {
  double value = weight(me()) * law.size * (banker ? 2 : 1);
  value += law_when(law).has_value() ? future_of(law, fire) : fire;
  const int limit = k_.config.max_laws;
  if (limit > 0 && k_.num_laws >= limit) value -= dropped_future_;
  return value;
}

namespace {

// parts_of a law the search has just completed with its object: S V O, or S
// GIVES R O (the search keeps to the grammar, so it need not be checked).
LawParts parts_with_object(const Law& law) {
  const bool recipient = law.size == 4;
  return LawParts{law.cards[0], *verb_of(law.cards[1]), recipient ? 2 : -1, law.cards[law.size - 1], -1};
}

}  // namespace

// Depth first in Kind order, so that among laws of equal worth the first in
// that order wins. A law's firing is worked out once its object is down and
// shared by its extensions: a WHEN card changes when a law fires, not what
// it does.
void Valuation::extend_best(Law& law, KindCounts& hand, bool banker, double fire, ScoredLaw& best) const {
  if (law.size >= 3 && (object_amount(law.cards[law.size - 1]) > 0 || law_when(law).has_value())) {
    const double value = law_value_of(law, banker, fire);
    if (!best.found || value > best.value) best = {law, value, true};
  }
  for (KindSet fitting = fitting_kinds(law); fitting != 0; fitting &= fitting - 1) {
    const int k = std::countr_zero(fitting);  // the lowest kind left: Kind order
    const Kind kind = static_cast<Kind>(k);
    if (hand[at(k)] == 0) continue;
    --hand[at(k)];
    law.cards[law.size++] = kind;
    extend_best(law, hand, banker, object_amount(kind) > 0 ? fire_now(law, parts_with_object(law), holders()) : fire,
                best);
    --law.size;
    ++hand[at(k)];
  }
}

ScoredLaw Valuation::best_law(const Law& prefix, const KindCounts& hand, bool banker) const {
  // The decisions ask for the best law of my whole hand once per candidate
  // action; it is found once.
  std::optional<ScoredLaw>* memo = prefix.empty() && hand == k_.hand ? &own_best_[banker ? 1 : 0] : nullptr;
  if (memo != nullptr && memo->has_value()) return **memo;
  ScoredLaw best;
  Law law = prefix;
  KindCounts left = hand;
  extend_best(law, left, banker, is_complete(prefix) ? fire_now(prefix, holders()) : 0.0, best);
  if (memo != nullptr) *memo = best;
  return best;
}

double Valuation::best_value(const KindCounts& hand, bool banker) const {
  const ScoredLaw best = best_law(Law{}, hand, banker);
  return best.found ? best.value : 0.0;
}

double Valuation::keep_value(Kind kind, const KindCounts& hand, bool banker) const {
  const auto k = at(static_cast<int>(kind));
  if (hand[k] == 0) return 0.0;
  KindCounts less = hand;
  --less[k];
  // A second copy of a kind adds less than the first.
  return best_value(hand, banker) - best_value(less, banker) + kind_bias(kind) - 0.05 * (hand[k] - 1);
}

double Valuation::gain_value(Kind kind, const KindCounts& hand, bool banker) const {
  const auto k = at(static_cast<int>(kind));
  KindCounts more = hand;
  ++more[k];
  return best_value(more, banker) - best_value(hand, banker) + kind_bias(kind) - 0.05 * hand[k];
}

}  // namespace kibitz::laws_and_disorder
