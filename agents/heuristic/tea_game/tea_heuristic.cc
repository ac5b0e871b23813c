#include "agents/heuristic/tea_game/tea_heuristic.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/core/params.h"
#include "env/core/rng.h"
#include "env/games/tea_game/stream.h"

namespace kibitz {
namespace tg = tea_game;
namespace bot = tea_game::bot;

namespace {

// The odds are simulated from this seed, whatever the agent's seed: the
// agent then draws nothing at random, so its answers depend on the table
// alone, and a reseeded agent keeps its cache and still decides exactly as
// a fresh one (Agent::reseed). (Deriving it from the agent's seed made every
// arena episode simulate its tables again.)
constexpr std::uint64_t kOddsSeedRoot = 20261126;
std::uint64_t odds_seed() { return derive_seed(kOddsSeedRoot, "tea_heuristic_odds", 0); }

bool contains(const ActionList& legal, Action a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); }

}  // namespace

// The seed is not used: see odds_seed().
TeaHeuristic::TeaHeuristic(std::shared_ptr<const Game> game, const bot::TeaParams& params,
                           std::uint64_t)
    : game_(std::dynamic_pointer_cast<const tg::TeaGame>(game)),
      params_(params),
      odds_(odds_seed(), params.trials) {
  KIBITZ_CHECK(game_ != nullptr, "the Tea heuristic needs a Tea Game, not '", game->name(), "'");
}

std::string TeaHeuristic::spec() const {
  return "heuristic(exemption_worth=" + param_value_to_string(ParamValue(params_.exemption_worth)) +
         ",odds_trials=" + std::to_string(params_.trials) + ")";
}

void TeaHeuristic::new_game(Player) {
  knowledge_.reset();
  progress_.reset();
}

// Nothing depends on the seed, so the odds cache is kept: its answers are
// those a fresh agent would simulate.
bool TeaHeuristic::reseed(std::uint64_t) {
  new_game(0);
  return true;
}

// Reads the observations that arrived since the last decision. A stream
// that does not continue the one read (another seat, another episode) is
// read afresh from its start.
void TeaHeuristic::catch_up(const SeatView& view) {
  const SeatStream& stream = view.stream();
  if (!progress_.continues(view.seat(), stream)) {
    knowledge_.emplace(game_->config(), view.seat());
    seat_ = view.seat();
    last_drinks_.fill(0);
    withdrawals_ = stays_ = 0;
  }
  for (const Observation& o : progress_.unread(view.seat(), stream)) {
    knowledge_->read(o);
    const tg::Obs kind = tg::obs_kind(o);
    if (kind == tg::Obs::kOrder) last_drinks_[static_cast<std::size_t>(o.value(0))] = o.value(1);
    if ((kind == tg::Obs::kWithdraws || kind == tg::Obs::kStays) && o.value(0) != seat_)
      ++(kind == tg::Obs::kWithdraws ? withdrawals_ : stays_);
  }
}

// The game as it stands: who draws (those still to decide are assumed to
// play), what each ordered (or last ordered, or 1), exemptions and delays.
void TeaHeuristic::describe() {
  const tg::Knowledge& k = *knowledge_;
  const tg::Config& c = k.config();
  bot::TeaSituation& s = situation_;
  s.rewards = {c.drink_value, c.late_drink_value, c.make_cost, c.pence_value, c.delay_prob};
  s.me = seat_;
  s.aces_low = c.aces_low;
  s.games_after = k.game_index() + 1 < c.total_games();
  s.holds_exemption = k.holds_exemption(seat_);
  s.exemption_last_chance = s.holds_exemption && (k.player(seat_).exempt_through <= k.game_index() || !s.games_after);
  s.withdraw_rate = (withdrawals_ + 1.0) / (withdrawals_ + stays_ + 2.0);
  const tg::PlayerKnowledge& mine = k.player(seat_);
  s.hiding_delay = k.my_delay() == 1 && mine.role == tg::Role::kPlaying && !mine.announced;
  s.seats.assign(static_cast<std::size_t>(k.num_players()), bot::TeaSeat{});
  for (int i = 0; i < k.num_players(); ++i) {
    const tg::PlayerKnowledge& p = k.player(i);
    bot::TeaSeat& t = s.seats[static_cast<std::size_t>(i)];
    const bool orders_only = p.role == tg::Role::kDealer || p.role == tg::Role::kBirthday;
    t.draws = p.role == tg::Role::kPlaying || p.role == tg::Role::kUndecided;
    t.receives = t.draws || orders_only;
    const int last = last_drinks_[static_cast<std::size_t>(i)];
    t.drinks = p.drinks > 0 ? p.drinks : last > 0 ? last : orders_only ? tg::kMaxDrinks : 1;
    t.loss_exempt = t.draws && k.holds_exemption(i);
    t.joker_exempt = p.joker_exempt;
    t.delayed = p.announced || (i == seat_ && k.my_delay() == 1);
    t.may_withdraw = t.draws && !p.announced;
  }
}

Action TeaHeuristic::act(const SeatView& view) {
  view.legal_actions(legal_);
  KIBITZ_CHECK(!legal_.empty(), "the Tea heuristic was asked to act with no legal action");
  catch_up(view);
  describe();
  Action choice = legal_.front();
  if (contains(legal_, tg::kSpend)) {
    choice = bot::choose_spend(situation_, params_, odds_) ? tg::kSpend : tg::kPlay;
  } else if (contains(legal_, tg::kAnnounce)) {
    choice = bot::choose_announce(situation_, params_, odds_) ? tg::kAnnounce : tg::kHide;
  } else if (contains(legal_, tg::kWithdraw)) {
    choice = bot::choose_withdraw(situation_, params_, odds_) ? tg::kWithdraw : tg::kStay;
  } else if (contains(legal_, tg::kDrinksBase)) {
    choice = tg::kDrinksBase + bot::choose_drinks(situation_, params_, odds_) - 1;
  }
  // Every choice above is legal where it is made; this guards a rule change.
  return contains(legal_, choice) ? choice : legal_.front();
}

}  // namespace kibitz
