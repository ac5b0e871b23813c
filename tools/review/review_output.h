// What kibitz review writes: a table of the seat's decisions on standard
// output, and the whole review as JSON (--json). Formats in docs/review.md.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "tools/review/seat_review.h"

namespace kibitz::tools {

// Where the reviewed game came from, for the header.
struct ReviewSource {
  std::string file;
  std::size_t game = 0;
};

// `x` printed by a printf pattern for one double ("%+.3f", "%.1f"): the
// review's numbers in its table, its page and its notes.
std::string format_number(double x, const char* pattern);

// The decisions' indices, worst first: those whose loss is known, the
// verdicts beyond the noise by severity, then by the share of the spread
// lost.
std::vector<std::size_t> worst_first(const SeatReview& review);

void print_review(std::ostream& out, const SeatReview& review, const ReviewSource& source);
void write_review_json(std::ostream& out, const SeatReview& review, const ReviewSource& source);

}  // namespace kibitz::tools
