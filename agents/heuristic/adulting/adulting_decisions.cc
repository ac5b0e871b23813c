// The Adulting heuristic's valuations and its yes/no decisions: claims,
// votes, bids and the legal system's steps (adulting_decisions.h). The
// choices among many legal actions are in adulting_choices.cc.
#include "agents/heuristic/adulting/adulting_decisions.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "env/games/adulting/valuation.h"

namespace kibitz::adulting::bot {
namespace {

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

// P(X >= s) for X ~ Binomial(d, q).
double binomial_tail(int d, double q, int s) {
  double below = 0.0;
  double choose = 1.0;  // C(d, i)
  for (int i = 0; i < s && i <= d; ++i) {
    below += choose * std::pow(q, i) * std::pow(1.0 - q, d - i);
    choose = choose * (d - i) / (i + 1);
  }
  return std::clamp(1.0 - below, 0.0, 1.0);
}

}  // namespace

// --- What things are worth ------------------------------------------------------

int rounds_left(const Knowledge& k) {
  if (k.stage == Knowledge::Stage::kOver) return 1;
  // Before the draw the round's card is still in the deck; after it, this
  // round is one more than the cards left.
  const int deck = k.game->num_cards() - k.drawn;
  int left = deck + (k.stage == Knowledge::Stage::kScoring ? 0 : 1);
  // Two spades down: any scoring phase may end the game.
  if (k.spades >= 2) left = std::min(left, 3);
  return std::max(left, 1);
}

int scoring_turns_left(const Knowledge& k, int seat) {
  if (k.stage == Knowledge::Stage::kOver) return 0;
  // Each card left gives one more scoring phase, and the round whose draw
  // finds the deck empty has one too; before the draw this round's counts.
  const int deck = k.game->num_cards() - k.drawn;
  const int first = k.stage == Knowledge::Stage::kScoring ? 0 : 1;
  if (!k.game->config().dealer_scoring) return deck + 1;
  int turns = 0;
  for (int j = first; j <= first + deck; ++j) {
    if ((k.dealer + j) % k.n == seat) ++turns;
  }
  return turns;
}

int card_value(const Knowledge& k, int seat, int card) {
  const AdultingGame& game = *k.game;
  const Columns& cols = k.columns[at(seat)];
  const CardMask with = k.held[at(seat)] | card_bit(card);
  const int value = marginal_value(game, cols, with, card);
  const int turns = scoring_turns_left(k, seat);
  if (turns <= 0 || value <= 0) return 0;
  if (card_count(with) <= turns) return value;
  // More cards than turns: the card is worth what it adds over the weakest
  // card it would push out of the mantle.
  int weakest = value;
  for (CardMask rest = with & ~card_bit(card); rest != 0; rest &= rest - 1) {
    weakest = std::min(weakest, marginal_value(game, cols, with, std::countr_zero(rest)));
  }
  return std::max(value - weakest, 0);
}

int standing(const Knowledge& k, int seat) {
  return mantle_potential(*k.game, k.columns[at(seat)], k.held[at(seat)]);
}

// --- Sorting and bidding ------------------------------------------------------------

bool claim_adult(const Table& t, const BotParams& p, Rng& rng) {
  if (t.knowledge.own_truth == 1) return true;
  // uniform_double is in [0, 1): lie_rate 0 never lies, 1 always does.
  return rng.uniform_double() < p.lie_rate;
}

double claim_surprise(const Table& t, int seat) {
  const ClaimRecord& r = t.record(seat);
  // Every claim on a card whose answer is certain: any excess is a lie.
  if (r.variance < 1e-9) return r.adult > r.expected + 0.5 ? 10.0 : 0.0;
  return (r.adult - r.expected) / std::sqrt(r.variance);
}

bool vote_down_claim(const Table& t, const BotParams& p, int claimer) {
  const Knowledge& k = t.knowledge;
  const double z = claim_surprise(t, claimer);
  if (k.card < 0) return z >= p.vote_z;
  // A claimer that would bid against this seat, or that the card would lift
  // to this seat's standing or past it, gets less benefit of the doubt: its
  // standing costs this seat directly.
  const int me = t.viewer();
  const bool rival = ((t.qualified >> me) & 1u) != 0 || (k.sorting[static_cast<std::size_t>(me)][0] == 0 &&
                                                         k.sorting[static_cast<std::size_t>(me)][1] == 0);
  const int gain = card_value(k, claimer, k.card);
  const bool hurts = gain > 0 && (rival || standing(k, claimer) + gain >= standing(k, me));
  return z >= p.vote_z - (hurts ? 1.5 : 0.0);
}

int bid_amount(const Table& t, const BotParams& p, int max_bid) {
  const Knowledge& k = t.knowledge;
  const int me = t.viewer();
  if (max_bid <= 0 || k.card < 0) return 0;
  const int value = card_value(k, me, k.card);
  if (value <= 0) return 0;
  // Nobody else bids: any bid takes the card. Otherwise outbidding the
  // richest rival by one is enough.
  int rival_money = -1;
  for (int s = 0; s < t.players(); ++s) {
    if (s != me && ((t.qualified >> s) & 1u)) rival_money = std::max(rival_money, t.money(s));
  }
  if (rival_money < 0) return 0;
  // Money buys nothing at the end: spend it at the pace of the rounds left,
  // more on a card worth more.
  const double pace = static_cast<double>(t.money(me)) / rounds_left(k);
  const long bid = std::lround(p.bid_scale * value * pace);
  return static_cast<int>(std::clamp<long>(bid, 0, std::min(max_bid, rival_money + 1)));
}

// --- Work phase and the legal system ---------------------------------------------

double declaration_plausibility(const Table& t, int seat) {
  const Knowledge& k = t.knowledge;
  const int value = k.declared[at(seat)];
  int declarations = 0;
  int as_high = 0;
  for (int s = 0; s < t.players(); ++s) {
    if (!t.declared_this_round(s)) continue;
    ++declarations;
    if (k.declared[at(s)] >= value) ++as_high;
  }
  declarations = std::max(declarations, 1);
  as_high = std::max(as_high, 1);
  // A uniform measurement 0..9 is at least `value` with chance (10 - v) / 10.
  const double q = (kMaxDeclare + 1 - value) / static_cast<double>(kMaxDeclare + 1);
  return binomial_tail(declarations, q, as_high);
}

bool should_sue(const Table& t, const BotParams& p) {
  if (t.last_declarer < 0 || t.money(t.viewer()) < 1) return false;
  return declaration_plausibility(t, t.last_declarer) < p.sue_threshold;
}

int proposed_price(const Table& t, const BotParams& p, int max_price) {
  const int seat = t.defendant >= 0 ? t.defendant : t.last_declarer;
  if (seat < 0 || p.sue_threshold <= 0.0) return 1;
  // The surer the case, the higher the stake: 1 at the threshold, 4 at
  // certainty.
  const double sureness = 1.0 - declaration_plausibility(t, seat) / p.sue_threshold;
  const long price = 1 + std::lround(3.0 * std::max(sureness, 0.0));
  return static_cast<int>(std::clamp<long>(price, 1, std::max(max_price, 1)));
}

bool allow_case(const Table& t, const BotParams& p) {
  if (t.defendant < 0) return true;
  // A reasonable suit: the declaration is at least somewhat high.
  return declaration_plausibility(t, t.defendant) < 2.0 * p.sue_threshold;
}

int set_price(const Table& t, const BotParams& p, int max_price) {
  if (t.defendant >= 0 && declaration_plausibility(t, t.defendant) < p.sue_threshold) return max_price;
  return std::max((max_price + 1) / 2, 1);
}

bool concede(const Table& t) {
  const Knowledge& k = t.knowledge;
  return k.own_measure >= 0 && k.declared[at(t.viewer())] > k.own_measure;
}

bool should_appeal(const Table& t) {
  // Only a ruling it knows is wrong, and only with the collateral.
  return t.ruling_known_wrong(t.viewer()) && t.money(t.viewer()) >= t.players() - 1;
}

bool should_impeach(const Table& t) {
  const Knowledge& k = t.knowledge;
  if (k.card >= 0 && t.game().card(k.card).job == Job::kChallenge) {
    return t.evidence == Evidence::kCorrupt || t.ranking_breaks_qualities();
  }
  return t.ruled_seat >= 0 && t.ruling_known_wrong(t.ruled_seat);
}

bool call_out(const Table& t) {
  return t.extra_payee >= 0 && t.seen_extra[at(t.extra_payee)] > 0;
}

bool vote_up(const Table& t, const BotParams& p) {
  switch (t.vote_on) {
    case VoteOn::kClaim:
      return !vote_down_claim(t, p, t.subject);
    case VoteOn::kLawsuit:
      // Up convicts: on the evidence if shown, else when implausible.
      if (t.evidence == Evidence::kMeasure) return t.knowledge.declared[at(t.subject)] > t.evidence_value;
      return declaration_plausibility(t, t.subject) < p.sue_threshold;
    case VoteOn::kAppeal:
      // Up overturns; without evidence the ruling stands unless known wrong.
      if (t.evidence == Evidence::kRight || t.evidence == Evidence::kWrong) return t.evidence == Evidence::kWrong;
      return t.ruling_known_wrong(t.subject);
    case VoteOn::kImpeach:
      // Up removes the dealer; without evidence only what this seat can
      // check itself counts.
      if (t.evidence == Evidence::kWrong || t.evidence == Evidence::kCorrupt) return true;
      if (t.evidence == Evidence::kRight || t.evidence == Evidence::kFair) return false;
      return should_impeach(t);
    case VoteOn::kNone:
      break;
  }
  return true;
}

}  // namespace kibitz::adulting::bot
