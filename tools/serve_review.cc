#include "tools/serve_review.h"

#include <sstream>

#include "env/core/error.h"
#include "tools/review/review_output.h"
#include "tools/review/seat_decisions.h"
#include "tools/review/seat_review.h"

namespace kibitz::tools {

web::SeatReviewer make_serve_reviewer(const ServeReviewOptions& options, const web::SpecPolicy& policy) {
  web::CheckedSpec checked;
  try {
    checked = web::check_agent_spec(options.agent, policy);
  } catch (const KibitzError& e) {
    throw error("--review-agent '", options.agent, "': ", e.what());
  }
  if (options.simulations < 1) throw error("--review-sims must be at least 1");
  return [options, checked](const web::ReviewJob& job, const web::ReviewProgress& progress,
                            const std::atomic<bool>& stop) {
    ReviewOptions review;
    review.agent = checked.spec;
    review.budget.simulations = options.simulations;
    review.budget.stop = &stop;
    review.replicates = options.replicates;
    review.seed = options.seed;
    review.progress = progress;
    SeatReview result;
    try {
      result = review_seat(job.game, seat_game_of(job.record), review);
    } catch (const KibitzError& e) {
      // The engine's spec may hold a catalogue's path: the seat sees its name.
      throw error(web::without_paths(e.what(), checked));
    }
    // What the seat is shown: the game and the engine as clients see them.
    result.game = job.shown_game;
    result.agent = web::shown_agent_spec(result.agent, checked);
    std::ostringstream out;
    write_review_json(out, result, ReviewSource{job.source, 0});
    return out.str();
  };
}

}  // namespace kibitz::tools
