#include "agents/heuristic/adulting/adulting_heuristic.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/core/params.h"

namespace kibitz {
namespace ad = adulting;
namespace bot = adulting::bot;
namespace {

bool contains(const ActionList& legal, Action a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); }

}  // namespace

AdultingHeuristic::AdultingHeuristic(std::shared_ptr<const Game> game, const bot::BotParams& params,
                                     std::uint64_t seed)
    : game_(std::dynamic_pointer_cast<const ad::AdultingGame>(game)), params_(params), rng_(seed) {
  KIBITZ_CHECK(game_ != nullptr, "the Adulting heuristic needs an Adulting game, not '", game->name(), "'");
}

std::string AdultingHeuristic::spec() const {
  auto real = [](double x) { return param_value_to_string(ParamValue(x)); };
  return "heuristic(lie_rate=" + real(params_.lie_rate) + ",bid_scale=" + real(params_.bid_scale) +
         ",vote_z=" + real(params_.vote_z) + ",bluff_rate=" + real(params_.bluff_rate) +
         ",sue_threshold=" + real(params_.sue_threshold) + ",extra_rate=" + real(params_.extra_rate) + ")";
}

void AdultingHeuristic::new_game(Player) {
  table_.reset();
  progress_.reset();
}

bool AdultingHeuristic::reseed(std::uint64_t seed) {
  rng_ = Rng(seed);
  new_game(0);
  return true;
}

// Reads the observations that arrived since the last decision. A stream
// that does not continue the one read (another seat, another game, a
// rollout starting mid-game) is read afresh from its start.
void AdultingHeuristic::catch_up(const SeatView& view) {
  const SeatStream& stream = view.stream();
  if (!table_ || !progress_.continues(view.seat(), stream)) {
    table_.emplace(*game_, view.seat());
    progress_.reset();
  }
  for (const Observation& o : progress_.unread(view.seat(), stream)) table_->read(o);
}

Action AdultingHeuristic::act(const SeatView& view) {
  view.legal_actions(legal_);
  KIBITZ_CHECK(!legal_.empty(), "the Adulting heuristic was asked to act with no legal action");
  catch_up(view);
  const Action choice = decide(legal_);
  // Every rule picks from the legal list; this guards a phase the rules do
  // not know (the legal system growing new steps).
  return contains(legal_, choice) ? choice : legal_.front();
}

// The phase is read off the legal actions: each phase has its own words.
Action AdultingHeuristic::decide(const ActionList& legal) {
  const bot::Table& t = *table_;
  const Action first = *std::min_element(legal.begin(), legal.end());
  const Action last = *std::max_element(legal.begin(), legal.end());
  if (first < ad::kTargetBase) return bot::scoring_choice(t, legal);
  if (first < ad::kAdultClaim) return bot::target_choice(t, legal);
  if (contains(legal, ad::kAdultClaim)) {
    return bot::claim_adult(t, params_, rng_) ? ad::kAdultClaim : ad::kChildClaim;
  }
  if (contains(legal, ad::kUpVote)) return bot::vote_up(t, params_) ? ad::kUpVote : ad::kDownVote;
  if (first >= ad::kBidBase && last < ad::kDeclareBase) {
    return ad::kBidBase + bot::bid_amount(t, params_, last - ad::kBidBase);
  }
  if (first >= ad::kDeclareBase && last < ad::kSue) return bot::declare_choice(params_, legal, rng_);
  if (first >= ad::kRankBase) return bot::rank_choice(t, legal);
  return legal_step(legal);
}

// The legal system's steps (appeals, lawsuits, fines, impeachment).
Action AdultingHeuristic::legal_step(const ActionList& legal) {
  const bot::Table& t = *table_;
  const Action first = *std::min_element(legal.begin(), legal.end());
  const Action last = *std::max_element(legal.begin(), legal.end());
  if (contains(legal, ad::kSue)) return bot::should_sue(t, params_) ? ad::kSue : ad::kDecline;
  if (contains(legal, ad::kAppeal)) return bot::should_appeal(t) ? ad::kAppeal : ad::kDecline;
  if (contains(legal, ad::kImpeach)) return bot::should_impeach(t) ? ad::kImpeach : ad::kDecline;
  if (contains(legal, ad::kCallOut)) return bot::call_out(t) ? ad::kCallOut : ad::kDecline;
  if (first >= ad::kPriceBase && last < ad::kAllow) {
    // The dealer sets the price of a case it allowed; a prosecutor proposes.
    const int max_price = last - ad::kPriceBase + 1;
    const int price = t.knowledge.dealer == t.viewer() ? bot::set_price(t, params_, max_price)
                                                       : bot::proposed_price(t, params_, max_price);
    return ad::kPriceBase + std::clamp(price, 1, max_price) - 1;
  }
  if (contains(legal, ad::kAllow)) return bot::allow_case(t, params_) ? ad::kAllow : ad::kDismiss;
  if (contains(legal, ad::kConcede)) return bot::concede(t) ? ad::kConcede : ad::kFight;
  if (first >= ad::kTakeBase && last < ad::kCallOut) {
    const bool take = rng_.uniform_double() < params_.extra_rate;
    return ad::kTakeBase + (take && last > ad::kTakeBase ? 1 : 0);
  }
  return first;
}

}  // namespace kibitz
