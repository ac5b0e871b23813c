// The reviewer `kibitz serve` gives its tables (web/seat_reviews.h): a
// seat's record reviewed by tools/review's review_seat, written as the
// "kibitz-review" JSON (tools/review/review_output.h). The engine and its
// budget are the operator's flags, never a client's; the engine's spec is
// checked like any spec the server builds (web/spec_policy.h), and what
// the review shows of it and of the game holds catalogue names, never the
// server's paths.
#pragma once

#include <cstdint>
#include <string>

#include "web/seat_reviews.h"
#include "web/spec_policy.h"

namespace kibitz::tools {

struct ServeReviewOptions {
  std::string agent = "ismcts";     // --review-agent, as the operator wrote it
  std::int64_t simulations = 400;   // --review-sims, per decision, shared by the replicates
  int replicates = 4;               // fixed: enough for a standard error, cheap enough to serve
  std::uint64_t seed = 1;           // the same record always gets the same review
};

// Checks options.agent against `policy` (throws KibitzError naming the
// problem, for the flag) and returns the reviewer.
web::SeatReviewer make_serve_reviewer(const ServeReviewOptions& options, const web::SpecPolicy& policy);

}  // namespace kibitz::tools
