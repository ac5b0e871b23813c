#include "agents/heuristic/tea_game/tea_decisions.h"

#include <algorithm>
#include <cmath>

#include "env/games/tea_game/odds.h"

namespace kibitz::tea_game::bot {
namespace {

// Pence a drawn card costs on average: a 10 pays 10p into the fund (4 of the
// 54 cards). The Queen's bill is shared by every drawer whoever draws it, so
// it does not depend on my own order.
constexpr double kTenPencePerCard = 4.0 * 10.0 / 54.0;

int cards_of(const TeaSeat& p) { return p.loss_exempt && p.drinks > 1 ? p.drinks - 1 : p.drinks; }

int drawer_count(const std::vector<TeaSeat>& seats) {
  int n = 0;
  for (const TeaSeat& p : seats) n += p.draws ? 1 : 0;
  return n;
}

// The worth of a drink received when seat `loser` makes the tea: late when
// the loser is (or may be, hiding a delay) delayed.
double drink_worth(const TeaSituation& s, int loser) {
  const TeaRewards& r = s.rewards;
  const TeaSeat& p = s.seats[static_cast<std::size_t>(loser)];
  if (p.delayed) return r.late_drink_value;
  if (loser == s.me) return r.drink_value;
  return r.drink_value * (1.0 - r.delay_prob) + r.late_drink_value * r.delay_prob;
}

double exemption_worth(const TeaSituation& s, const TeaParams& params) {
  return params.exemption_worth * s.rewards.drink_value;
}

// play_value with the drinks that maximise it (fewer on a tie); `best` gets them.
double best_play_value(TeaSituation s, const TeaParams& params, TeaOddsCache& odds, int* best = nullptr) {
  double top = 0.0;
  int top_d = 1;
  for (int d = 1; d <= kMaxDrinks; ++d) {
    s.seats[static_cast<std::size_t>(s.me)].drinks = d;
    const double v = play_value(s, params, odds);
    if (d == 1 || v > top + 1e-12) top = v, top_d = d;
  }
  if (best != nullptr) *best = top_d;
  return top;
}

}  // namespace

const TeaLossOdds& TeaOddsCache::odds(const std::vector<TeaSeat>& seats, bool aces_low) {
  ++queries_;
  // 3 bits a seat: 0 not drawing, else 1 + 2 * (cards - 1) + joker-exempt.
  std::uint64_t key = aces_low ? 1 : 0;
  for (const TeaSeat& p : seats) {
    const std::uint64_t code = p.draws ? 1 + 2 * static_cast<std::uint64_t>(cards_of(p) - 1) + (p.joker_exempt ? 1 : 0) : 0;
    key = key << 3 | code;
  }
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  // Every answer is recomputed alike from the seed, so emptying the cache
  // only costs time.
  if (cache_.size() >= max_entries_) cache_.clear();
  TeaLossOdds out;
  out.make_tea.assign(seats.size(), 0.0);
  out.no_loser = 1.0;
  if (drawer_count(seats) >= kMinTeaPlayers) {
    TeaTable table;
    table.aces_low = aces_low;
    std::vector<std::size_t> seat_of;
    for (std::size_t i = 0; i < seats.size(); ++i) {
      if (!seats[i].draws) continue;
      // The card count is what matters: describe it as drinks without the exemption.
      table.players.push_back({cards_of(seats[i]), false, seats[i].joker_exempt});
      seat_of.push_back(i);
    }
    // One seed for every table: choices compared within a decision see
    // common shuffles, and the answer depends on the seed and table alone.
    const TeaOdds odds = simulate_tea_odds(table, static_cast<std::uint64_t>(trials_), seed_);
    ++simulations_;
    for (std::size_t j = 0; j < seat_of.size(); ++j) out.make_tea[seat_of[j]] = odds.make_tea[j];
    out.no_loser = odds.no_loser;
  }
  return cache_.emplace(key, std::move(out)).first->second;
}

double play_value(const TeaSituation& s, const TeaParams& params, TeaOddsCache& cache) {
  if (drawer_count(s.seats) < kMinTeaPlayers) return 0.0;  // not played
  const TeaLossOdds& odds = cache.odds(s.seats, s.aces_low);
  const TeaSeat& me = s.seats[static_cast<std::size_t>(s.me)];
  double per_drink = 0.0;
  int total = 0;
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    per_drink += odds.make_tea[i] * drink_worth(s, static_cast<int>(i));
    total += s.seats[i].receives ? s.seats[i].drinks : 0;
  }
  const double p_me = odds.make_tea[static_cast<std::size_t>(s.me)];
  double value = me.drinks * per_drink - p_me * total * s.rewards.make_cost;
  // A loss wins an exemption (none when a hidden delay loses, which also
  // forfeits the one held); losing while holding one only renews it.
  if (s.games_after) {
    if (s.hiding_delay) {
      value -= s.holds_exemption ? p_me * exemption_worth(s, params) : 0.0;
    } else if (!s.holds_exemption) {
      value += p_me * exemption_worth(s, params);
    }
  }
  if (me.draws) value -= cards_of(me) * kTenPencePerCard * s.rewards.pence_value;
  return value;
}

int choose_drinks(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds) {
  if (!s.seats[static_cast<std::size_t>(s.me)].draws) return s.rewards.drink_value > 0.0 ? kMaxDrinks : 1;
  int best = 1;
  best_play_value(s, params, odds, &best);
  return best;
}

bool choose_spend(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds) {
  if (!s.holds_exemption) return false;
  const double keep = s.exemption_last_chance || !s.games_after ? 0.0 : exemption_worth(s, params);
  TeaSituation deal = s;
  TeaSeat& dealer = deal.seats[static_cast<std::size_t>(s.me)];
  dealer.draws = false;
  dealer.receives = true;
  dealer.loss_exempt = false;
  dealer.drinks = kMaxDrinks;
  // Too few drawers without me: the game is not played and a dealer keeps
  // the exemption, so dealing gains nothing and costs nothing.
  if (drawer_count(deal.seats) < kMinTeaPlayers) return false;
  const double deal_value = play_value(deal, params, odds);
  TeaSituation play = s;
  TeaSeat& player = play.seats[static_cast<std::size_t>(s.me)];
  player.draws = player.receives = true;
  player.loss_exempt = true;
  return deal_value > best_play_value(play, params, odds) + keep;
}

bool choose_announce(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds) {
  TeaSituation hide = s;
  hide.hiding_delay = true;
  hide.seats[static_cast<std::size_t>(s.me)].delayed = true;
  const double hide_value = best_play_value(hide, params, odds);
  TeaSituation open = s;
  open.hiding_delay = false;
  open.seats[static_cast<std::size_t>(s.me)].delayed = true;
  std::vector<std::size_t> may;
  for (std::size_t i = 0; i < s.seats.size(); ++i)
    if (static_cast<int>(i) != s.me && s.seats[i].draws && s.seats[i].may_withdraw) may.push_back(i);
  // k of them withdraw with binomial chance (the last k: the odds depend on
  // the card counts, which are alike before the orders).
  const double q = std::clamp(s.withdraw_rate, 0.0, 1.0);
  const auto m = static_cast<int>(may.size());
  double open_value = 0.0;
  double choose = 1.0;  // C(m, k)
  for (int k = 0; k <= m; ++k) {
    if (k > 0) choose = choose * (m - k + 1) / k;
    const double chance = choose * std::pow(q, k) * std::pow(1.0 - q, m - k);
    TeaSituation after = open;
    for (int j = 0; j < k; ++j) {
      TeaSeat& p = after.seats[may[static_cast<std::size_t>(m - 1 - j)]];
      p.draws = p.receives = false;
    }
    // Not played (too few left): nothing gained or lost this game.
    if (chance > 0.0) open_value += chance * best_play_value(after, params, odds);
  }
  return open_value > hide_value;
}

bool choose_withdraw(const TeaSituation& s, const TeaParams& params, TeaOddsCache& odds) {
  TeaSituation stay = s;
  TeaSeat& me = stay.seats[static_cast<std::size_t>(s.me)];
  me.draws = me.receives = true;
  return best_play_value(stay, params, odds) < 0.0;
}

}  // namespace kibitz::tea_game::bot
