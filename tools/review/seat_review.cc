#include "tools/review/seat_review.h"

#include <algorithm>
#include <atomic>
#include <memory>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "tools/engine/seat_session.h"

namespace kibitz::tools {
namespace {

// One replicate: an agent of its own seed, following the seat's stream.
struct Replicate {
  std::unique_ptr<Agent> agent;
  std::unique_ptr<SeatSession> session;
};

ActBudget share_of(const ActBudget& budget, int replicates) {
  ActBudget each = budget;
  if (budget.simulations > 0) each.simulations = std::max<decltype(each.simulations)>(1, budget.simulations / replicates);
  if (budget.time_ms > 0) each.time_ms = std::max<decltype(each.time_ms)>(1, budget.time_ms / replicates);
  return each;
}

// Feeds the replicate's session up to `size` observations of `stream`.
void catch_up(SeatSession& session, const SeatStream& stream, std::size_t size) {
  const std::size_t have = session.stream().size();
  if (size > have) session.observe(std::span<const Observation>(stream).subspan(have, size - have));
}

ReplicateEstimate ask(SeatSession& session, const ActBudget& budget) {
  const SeatDecision decision = session.act(budget);
  return ReplicateEstimate{decision.action_values, decision.policy};
}

void summarise(SeatReview& review) {
  double loss_sum = 0.0, lost_share_sum = 0.0;
  for (const DecisionReview& d : review.decisions) {
    if (!d.loss) continue;
    ++review.valued;
    loss_sum += *d.loss;
    const bool counts = d.verdict != Verdict::kGood && d.verdict != Verdict::kUnclear;
    lost_share_sum += counts ? d.relative_loss : 0.0;
  }
  if (review.valued == 0) return;
  review.mean_loss = loss_sum / review.valued;
  review.accuracy = 100.0 * (1.0 - lost_share_sum / review.valued);
}

}  // namespace

int SeatReview::count(Verdict verdict) const {
  return static_cast<int>(std::count_if(decisions.begin(), decisions.end(),
                                        [&](const DecisionReview& d) { return d.verdict == verdict; }));
}

SeatReview review_seat(const SeatGame& seat_game, const ReviewOptions& options) {
  return review_seat(load_game(seat_game.game), seat_game, options);
}

SeatReview review_seat(std::shared_ptr<const Game> game, const SeatGame& seat_game, const ReviewOptions& options) {
  KIBITZ_CHECK(options.replicates >= 1, "review_seat: ", options.replicates, " replicates");
  KIBITZ_CHECK(game != nullptr, "review_seat: no game");
  const std::atomic<bool>* stop = options.budget.stop;
  const Rng root(options.seed);
  std::vector<Replicate> replicates;
  for (int r = 0; r < options.replicates; ++r) {
    Replicate replicate;
    replicate.agent = make_agent(options.agent, game, root.child("agent", static_cast<std::uint64_t>(r)).seed());
    replicate.session = std::make_unique<SeatSession>(game, seat_game.seat, *replicate.agent,
                                                      root.child("worlds", static_cast<std::uint64_t>(r)).seed());
    replicates.push_back(std::move(replicate));
  }
  SeatReview review;
  review.game = game->spec();
  review.seat = seat_game.seat;
  review.agent = replicates.front().agent->spec();
  review.replicates = options.replicates;
  review.budget = options.budget.simulations > 0 ? std::to_string(options.budget.simulations) + " simulations"
                  : options.budget.time_ms > 0   ? std::to_string(options.budget.time_ms) + " ms"
                                                 : std::string("the agent's own, per replicate");
  const ActBudget each = share_of(options.budget, options.replicates);
  bool checked_values = false;
  for (std::size_t i = 0; i < seat_game.decisions.size(); ++i) {
    if (stop != nullptr && stop->load()) throw error("the review was stopped after ", i, " decisions");
    const SeatDecisionPoint& point = seat_game.decisions[i];
    if (point.stream_size > seat_game.stream.size()) throw error("decision ", i, " lies past the seat's stream");
    std::vector<ReplicateEstimate> estimates;
    for (Replicate& replicate : replicates) catch_up(*replicate.session, seat_game.stream, point.stream_size);
    const std::size_t legal = replicates.front().session->legal_action_texts().size();
    for (Replicate& replicate : replicates) {
      if (legal > 1) estimates.push_back(ask(*replicate.session, each));
    }
    if (legal > 1 && !checked_values) {
      checked_values = true;
      if (estimates.front().values.empty()) {
        throw error("agent ", review.agent, " gives no value for each action, which a review needs: "
                    "use a search agent (ismcts, mo_ismcts, pimc, ismcts_nn)");
      }
    }
    // Searches stopped midway valued too little to judge by.
    if (stop != nullptr && stop->load()) throw error("the review was stopped at decision ", i);
    review.decisions.push_back(combine_replicates(point.move, point.played, legal, estimates));
    if (options.progress) options.progress(i + 1, seat_game.decisions.size());
  }
  summarise(review);
  return review;
}

}  // namespace kibitz::tools
