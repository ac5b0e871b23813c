// Exact Tea Game odds by enumeration (odds.h).
//
// How the enumeration stays small:
//  1. Cards matter to the verdict only by class: 13 value classes (4 cards
//     each), the Joker and the Reverse Joker. Suits, the 10's fine and the
//     Queen of Hearts decide nothing about who makes the tea. So a hand is a
//     multiset of classes (at most 15 hands of 1 card, 118 of 2, 680 of 3),
//     and the deck is its 15 class counts. A hand of h_c cards of each class
//     c drawn from a deck with r_c of them (R in all) has probability
//     prod_c C(r_c, h_c) / C(R, k).
//  2. Players of one type (cards drawn, joker-exempt or not) are
//     exchangeable: drawing without replacement gives every order of the same
//     hands the same probability. So a group of m such players takes its
//     hands as a non-decreasing sequence of hand indices, weighted by the
//     number of orders, m! / prod(run lengths!), and the group's loss
//     probability is shared equally among its players. Ten one-drink players
//     are C(24, 10) = 1,961,256 leaves instead of 15^10.
//  3. Redraws depend only on (remaining deck counts, the tied players'
//     numbers of cards, reversed): memoised on that key. Tied players never
//     hold a joker exemption, so in a redraw players with the same number of
//     cards are exchangeable too.
//  4. A reshuffle returns the deck to full, so redraws could cycle. Within
//     one class (same tied numbers, same reversal) the deck only shrinks
//     until a reshuffle, and a tie can only keep or shrink the tied set and
//     set, never clear, the reversal. So each redraw is solved as an affine
//     function a + c * V of V, the value of the same class after a
//     reshuffle; V itself is then a / (1 - c) of the full-deck redraw.
//  5. Tied players who all draw the same number of cards are exchangeable
//     for the rest of the game: none is joker-exempt (a joker-exempt player
//     never contends), they alone draw from now on, and a shuffled deck
//     deals every order of the same hands with the same chance. Someone
//     loses with probability 1, so each of k such players loses with exactly
//     1/k, whatever the deck and reversal: no enumeration is needed. Only
//     ties between players drawing different numbers of cards are
//     enumerated.
//  6. Those mixed chains of ties are endless in the enumeration (every chain
//     of tie values leaves its own deck). A mixed tie whose whole path from
//     the start of the game has probability below the prune mass is cut: its
//     players' chances are taken from a redraw after a reshuffle (V) instead
//     of their own deck's. The answer is then that of a changed game which
//     agrees with the true one until the first cut, so every player's answer
//     is within P(a cut is reached) of the truth (each cut branch is worth a
//     value in [0, 1] in both). That probability is computed alongside the
//     value, exactly like a loss probability with "cut" as an absorbing
//     outcome (h + ch * Vh in the same affine form as point 4), memoised
//     redraws included, and reported as TeaOdds::error_bound. It is 0, and
//     the method is exact, when nothing was cut.
// Work (hand evaluations) is counted; past the limit the caller simulates.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "env/cards/card.h"
#include "env/core/error.h"
#include "env/games/tea_game/odds.h"
#include "env/games/tea_game/showdown.h"

namespace kibitz::tea_game {
namespace {

constexpr int kValueClasses = 13;  // class c holds the cards of rank c + 1
constexpr int kJokerClass = 13;
constexpr int kReverseClass = 14;
constexpr int kClasses = 15;

using Deck = std::array<int, kClasses>;
using PerCards = std::array<double, kMaxDrinks + 1>;  // indexed by cards drawn

struct Hand {
  Deck take{};
  HandWorth worth;
  bool joker = false;
  bool reverse = false;
};

struct WorkLimitReached {};

double binomial(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  double result = 1.0;
  for (int i = 0; i < k; ++i) result = result * (n - i) / (i + 1);
  return result;
}

int deck_total(const Deck& deck) {
  int total = 0;
  for (int n : deck) total += n;
  return total;
}

Deck full_deck(const TeaTable& table) {
  Deck deck{};
  for (int c = 0; c < kValueClasses; ++c) deck[c] = cards::kNumSuits;
  deck[kJokerClass] = table.joker_in_play ? 1 : 0;
  deck[kReverseClass] = table.reverse_joker_in_play ? 1 : 0;
  return deck;
}

// Every hand of `size` cards a full deck with both jokers can give, with its
// worth computed by showdown.h from stand-in cards (suits are irrelevant).
std::vector<Hand> hands_of_size(int size, bool aces_low) {
  std::vector<Hand> hands;
  Deck take{};
  std::function<void(int, int)> fill = [&](int c, int left) {
    if (left == 0) {
      Hand hand;
      hand.take = take;
      std::vector<cards::Card> stand_in;
      for (int v = 0; v < kValueClasses; ++v)
        for (int s = 0; s < take[v]; ++s)
          stand_in.push_back(cards::Card::make(0, static_cast<cards::Suit>(s), v + 1));
      hand.worth = hand_worth(stand_in, aces_low);
      hand.joker = take[kJokerClass] > 0;
      hand.reverse = take[kReverseClass] > 0;
      hands.push_back(hand);
      return;
    }
    if (c == kClasses) return;
    const int cap = c < kValueClasses ? cards::kNumSuits : 1;
    for (int n = 0; n <= std::min(cap, left); ++n) {
      take[c] = n;
      fill(c + 1, left - n);
    }
    take[c] = 0;
  };
  fill(0, size);
  return hands;
}

// Players of one type: they draw `cards`, and are joker-exempt or not.
struct Group {
  int cards = 1;
  bool joker_exempt = false;
  int size = 0;
};

// One round of drawing: every slot (player) takes a hand; groups' slots are
// consecutive and take non-decreasing hand indices (point 2 above).
class Round {
 public:
  using Leaf = std::function<void(const std::vector<const Hand*>&, const Deck&, double)>;

  Round(const std::vector<Group>& groups, const std::array<std::vector<Hand>, kMaxDrinks + 1>& hands,
        std::uint64_t& work, std::uint64_t limit)
      : hands_(hands), work_(work), limit_(limit) {
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (int i = 0; i < groups[g].size; ++i) {
        slot_group_.push_back(static_cast<int>(g));
        slot_cards_.push_back(groups[g].cards);
        slot_position_.push_back(i);
      }
    chosen_.assign(slot_group_.size(), nullptr);
    index_.assign(slot_group_.size(), 0);
    run_.assign(slot_group_.size(), 0);
  }

  const std::vector<int>& slot_group() const { return slot_group_; }
  const std::vector<int>& slot_cards() const { return slot_cards_; }

  void enumerate(const Deck& deck, const Leaf& leaf) { step(0, deck, 1.0, leaf); }

 private:
  void step(std::size_t slot, const Deck& deck, double weight, const Leaf& leaf) {
    if (slot == slot_group_.size()) {
      if (++work_ > limit_) throw WorkLimitReached{};
      leaf(chosen_, deck, weight);
      return;
    }
    const int k = slot_cards_[slot];
    const bool continues_group = slot > 0 && slot_group_[slot - 1] == slot_group_[slot];
    const std::size_t first = continues_group ? index_[slot - 1] : 0;
    const double draws = binomial(deck_total(deck), k);
    const std::vector<Hand>& hands = hands_[static_cast<std::size_t>(k)];
    for (std::size_t h = first; h < hands.size(); ++h) {
      const Hand& hand = hands[h];
      double ways = 1.0;
      for (int c = 0; c < kClasses && ways > 0.0; ++c)
        if (hand.take[c] > 0) ways *= binomial(deck[c], hand.take[c]);
      if (ways == 0.0) continue;
      run_[slot] = continues_group && h == index_[slot - 1] ? run_[slot - 1] + 1 : 1;
      // Orders of the group's hands: m! / prod(run!) built one factor a slot.
      const double orders = static_cast<double>(slot_position_[slot] + 1) / run_[slot];
      Deck rest = deck;
      for (int c = 0; c < kClasses; ++c) rest[c] -= hand.take[c];
      chosen_[slot] = &hand;
      index_[slot] = h;
      step(slot + 1, rest, weight * ways / draws * orders, leaf);
    }
  }

  const std::array<std::vector<Hand>, kMaxDrinks + 1>& hands_;
  std::uint64_t& work_;
  std::uint64_t limit_;
  std::vector<int> slot_group_, slot_cards_, slot_position_;
  std::vector<const Hand*> chosen_;
  std::vector<std::size_t> index_;
  std::vector<int> run_;
};

// Tied players by number of cards: tied[k] players draw k.
using Tied = std::array<int, kMaxDrinks + 1>;

// A redraw's value as a + c * V (point 4 above): a[k] is the probability
// that one of the tied k-card players loses. The probability of reaching a
// cut (point 6) is h + ch * Vh, Vh being that probability after a reshuffle;
// ch differs from c because a cut same-class branch counts towards c (its
// value is taken from V) but is absorbed in h.
struct Affine {
  PerCards a{};
  double c = 0.0;
  double h = 0.0;
  double ch = 0.0;
};

// The tied players' loss probabilities (per card count, as in Affine::a),
// and the probability of reaching a cut on the way.
struct Resolved {
  PerCards p{};
  double cut = 0.0;
};

// Point 5: all tied players draw the same number of cards. Returns that
// number, or 0 when the tied players are mixed.
int single_count(const Tied& tied) {
  int found = 0;
  for (int k = 1; k <= kMaxDrinks; ++k)
    if (tied[static_cast<std::size_t>(k)] > 0) {
      if (found != 0) return 0;
      found = k;
    }
  return found;
}

class ExactSolver {
 public:
  ExactSolver(const TeaTable& table, std::uint64_t limit, double prune_mass)
      : table_(table), limit_(limit), prune_mass_(prune_mass) {
    for (int k = 1; k <= kMaxDrinks; ++k)
      hands_[static_cast<std::size_t>(k)] = hands_of_size(k, table.aces_low);
  }

  std::uint64_t work() const { return work_; }
  double error_bound() const { return error_bound_; }

  // Per-group loss probabilities of the first round, and no_loser.
  std::vector<double> first_round(const std::vector<Group>& groups, double& no_loser) {
    std::vector<double> result(groups.size(), 0.0);
    Round round(groups, hands_, work_, limit_);
    round.enumerate(full_deck(table_), [&](const std::vector<const Hand*>& hands,
                                          const Deck& rest, double w) {
      const auto& group_of = round.slot_group();
      std::vector<Contender> contenders;
      bool reversed = false;
      for (std::size_t s = 0; s < hands.size(); ++s) {
        const Group& group = groups[static_cast<std::size_t>(group_of[s])];
        if (group.joker_exempt && hands[s]->joker) {  // a second Joker loses at once
          result[static_cast<std::size_t>(group_of[s])] += w;
          return;
        }
        reversed = reversed || hands[s]->reverse;
        if (!group.joker_exempt && !hands[s]->joker)
          contenders.push_back({static_cast<int>(s), hands[s]->worth});
      }
      if (contenders.empty()) {
        no_loser += w;
        return;
      }
      const RoundVerdict verdict = judge_round(contenders, reversed);
      if (verdict.losers.size() == 1) {
        result[static_cast<std::size_t>(group_of[static_cast<std::size_t>(verdict.losers[0])])] += w;
        return;
      }
      Tied tied{};
      for (int s : verdict.losers) ++tied[static_cast<std::size_t>(round.slot_cards()[static_cast<std::size_t>(s)])];
      const Resolved value = resolved(rest, tied, reversed, w);
      error_bound_ += w * value.cut;
      for (int s : verdict.losers) {
        const auto k = static_cast<std::size_t>(round.slot_cards()[static_cast<std::size_t>(s)]);
        result[static_cast<std::size_t>(group_of[static_cast<std::size_t>(s)])] += w * value.p[k] / tied[k];
      }
    });
    return result;
  }

 private:
  static std::uint64_t key(const Deck& deck, const Tied& tied, bool reversed) {
    std::uint64_t k = 0;
    for (int c = 0; c < kClasses; ++c) k = k * 5 + static_cast<std::uint64_t>(deck[c]);
    for (int n = 1; n <= kMaxDrinks; ++n) k = k * 16 + static_cast<std::uint64_t>(tied[static_cast<std::size_t>(n)]);
    return k * 2 + (reversed ? 1 : 0);
  }

  // The tied players' loss probabilities, reshuffles resolved.
  Resolved resolved(const Deck& deck, const Tied& tied, bool reversed, double mass) {
    if (const int k = single_count(tied); k > 0) return even(k);
    const Affine here = solve(deck, tied, reversed, mass);
    const Resolved full = after_reshuffle(tied, reversed);
    Resolved out;
    for (std::size_t k = 0; k < out.p.size(); ++k) out.p[k] = here.a[k] + here.c * full.p[k];
    out.cut = here.h + here.ch * full.cut;
    return out;
  }

  // Point 5: the k-card players share the loss evenly, nothing cut.
  static Resolved even(int k) {
    Resolved out;
    out.p[static_cast<std::size_t>(k)] = 1.0;
    return out;
  }

  // V: the value of a redraw of `tied` from a reshuffled (full) deck.
  Resolved after_reshuffle(const Tied& tied, bool reversed) {
    if (const int k = single_count(tied); k > 0) return even(k);
    const std::uint64_t id = key(Deck{}, tied, reversed);
    if (const auto it = full_memo_.find(id); it != full_memo_.end()) return it->second;
    const Affine f = solve(full_deck(table_), tied, reversed, 1.0);
    KIBITZ_CHECK(f.c < 1.0, "a redraw from a full deck must end with some chance");
    Resolved v;
    for (std::size_t k = 0; k < v.p.size(); ++k) v.p[k] = f.a[k] / (1.0 - f.c);
    v.cut = f.h / (1.0 - f.ch);  // ch <= c < 1
    full_memo_.emplace(id, v);
    return v;
  }

  // One redraw among `tied` from `deck`, as a + c * V.
  // `mass`: the probability of the path that reached this redraw.
  Affine solve(const Deck& deck, const Tied& tied, bool reversed, double mass) {
    int need = 0;
    for (int k = 1; k <= kMaxDrinks; ++k) need += k * tied[static_cast<std::size_t>(k)];
    if (deck_total(deck) < need) return Affine{{}, 1.0, 0.0, 1.0};  // reshuffle first
    const std::uint64_t id = key(deck, tied, reversed);
    if (const auto it = memo_.find(id); it != memo_.end() && it->second.mass >= mass)
      return it->second.value;
    std::vector<Group> groups;
    for (int k = 1; k <= kMaxDrinks; ++k)
      if (tied[static_cast<std::size_t>(k)] > 0) groups.push_back({k, false, tied[static_cast<std::size_t>(k)]});
    Affine out;
    Round round(groups, hands_, work_, limit_);
    round.enumerate(deck, [&](const std::vector<const Hand*>& hands, const Deck& rest, double w) {
      redraw_leaf(round, hands, rest, w, mass, tied, reversed, out);
    });
    memo_.insert_or_assign(id, Memo{out, mass});
    return out;
  }

  void redraw_leaf(const Round& round, const std::vector<const Hand*>& hands, const Deck& rest,
                   double w, double mass, const Tied& tied, bool reversed, Affine& out) {
    std::vector<Contender> contenders;
    bool now_reversed = reversed;
    for (std::size_t s = 0; s < hands.size(); ++s) {
      now_reversed = now_reversed || hands[s]->reverse;
      if (!hands[s]->joker) contenders.push_back({static_cast<int>(s), hands[s]->worth});
    }
    const RoundVerdict verdict = judge_round(contenders, now_reversed);
    KIBITZ_CHECK(!verdict.losers.empty(), "two or more tied players redraw: one can lose");
    const auto cards_of = [&](int s) {
      return static_cast<std::size_t>(round.slot_cards()[static_cast<std::size_t>(s)]);
    };
    if (verdict.losers.size() == 1) {
      out.a[cards_of(verdict.losers[0])] += w;
      return;
    }
    Tied again{};
    for (int s : verdict.losers) ++again[cards_of(s)];
    if (const int k = single_count(again); k > 0) {  // point 5: exact, never cut
      out.a[static_cast<std::size_t>(k)] += w;
      return;
    }
    const bool same_class = again == tied && now_reversed == reversed;
    if (mass * w < prune_mass_) {  // point 6: cut, valued after a reshuffle
      out.h += w;
      if (same_class) {
        out.c += w;
      } else {
        const Resolved child = after_reshuffle(again, now_reversed);
        for (std::size_t k = 0; k < out.a.size(); ++k) out.a[k] += w * child.p[k];
      }
      return;
    }
    if (same_class) {
      const Affine child = solve(rest, tied, reversed, mass * w);
      for (std::size_t k = 0; k < out.a.size(); ++k) out.a[k] += w * child.a[k];
      out.c += w * child.c;
      out.h += w * child.h;
      out.ch += w * child.ch;
      return;
    }
    const Resolved child = resolved(rest, again, now_reversed, mass * w);
    for (std::size_t k = 0; k < out.a.size(); ++k) out.a[k] += w * child.p[k];
    out.h += w * child.cut;
  }

  const TeaTable& table_;
  std::uint64_t limit_;
  double prune_mass_;
  std::uint64_t work_ = 0;
  std::array<std::vector<Hand>, kMaxDrinks + 1> hands_;
  struct Memo {
    Affine value;
    double mass = 0.0;  // the path probability it was computed at
  };
  std::unordered_map<std::uint64_t, Memo> memo_;
  double error_bound_ = 0.0;
  std::unordered_map<std::uint64_t, Resolved> full_memo_;
};

// An upper bound on the first round's leaves: per group, multisets of
// `size` hands out of the hands of its card count.
double first_round_leaves(const std::vector<Group>& groups, const TeaTable& table) {
  double leaves = 1.0;
  for (const Group& g : groups) {
    const auto hands = static_cast<int>(hands_of_size(g.cards, table.aces_low).size());
    leaves *= binomial(hands + g.size - 1, g.size);
  }
  return leaves;
}

}  // namespace

std::optional<TeaOdds> exact_tea_odds(const TeaTable& table, std::uint64_t work_limit,
                                      double prune_mass) {
  check_table(table);
  if (!(prune_mass >= 0.0 && prune_mass < 1.0))
    throw error("the prune mass must be in [0, 1); it is ", prune_mass);
  std::vector<Group> groups;
  std::vector<std::size_t> group_of;
  for (const TeaPlayer& p : table.players) {
    std::size_t g = 0;
    while (g < groups.size() &&
           (groups[g].cards != p.cards() || groups[g].joker_exempt != p.joker_exempt))
      ++g;
    if (g == groups.size()) groups.push_back({p.cards(), p.joker_exempt, 0});
    ++groups[g].size;
    group_of.push_back(g);
  }
  if (first_round_leaves(groups, table) > static_cast<double>(work_limit)) return std::nullopt;
  ExactSolver solver(table, work_limit, prune_mass);
  TeaOdds odds;
  try {
    const std::vector<double> per_group = solver.first_round(groups, odds.no_loser);
    for (std::size_t g : group_of) odds.make_tea.push_back(per_group[g] / groups[g].size);
  } catch (const WorkLimitReached&) {
    return std::nullopt;
  }
  odds.exact_work = solver.work();
  odds.error_bound = std::min(1.0, solver.error_bound());
  odds.pruned_mass = odds.error_bound;
  odds.method = odds.error_bound > 0.0 ? OddsMethod::kEnumerated : OddsMethod::kExact;
  return odds;
}

}  // namespace kibitz::tea_game
