// The HTML page of the Adulting bid-and-claim report (`kibitz replay report
// FILE --html OUT` on a file of Adulting games; docs/bid_claim_report.md):
// one self-contained file (inline CSS and SVG, the render-check script of
// the Spies report; nothing loads from the network) showing, per agent over
// the whole file, the lie, caught, false-accusation, overbid and bluff-win
// rates with 95% Wilson intervals and each agent's bids against its
// valuations; the games that hold flagged events; and one game in detail:
// every auction with each bid against the bidder's valuation, every claim
// against the claimer's truth, every declaration and lawsuit.
#pragma once

#include <ostream>

#include "replays/analysis/adulting/adulting_json.h"

namespace kibitz::tools {

// Writes the page. `seconds`: how long the analysis took (method notes).
void write_adulting_report_html(const replays::analysis::AdultingReport& report, double seconds,
                                std::ostream& out);

}  // namespace kibitz::tools
