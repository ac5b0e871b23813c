// kibitz review --html: the review as one self-contained HTML page (no
// script, no file or address fetched), for reading or sending: the seat's
// figures, its worst decisions as links to their rows, and every decision
// with the engine's value of each legal action as a bar with its error, the
// action played and the best marked, the loss and the verdict, and the
// game's note on the move. Every text from the record or the engine is
// escaped.
#pragma once

#include <ostream>

#include "tools/review/review_output.h"
#include "tools/review/seat_review.h"

namespace kibitz::tools {

void write_review_html(std::ostream& out, const SeatReview& review, const ReviewSource& source);

}  // namespace kibitz::tools
