// The HTML page of the Laws and Disorder laws report (`kibitz replay report
// FILE --html OUT` on a file of Laws and Disorder games; docs/laws_report.md):
// one self-contained file (inline CSS and SVG, the render-check script of
// the other reports; nothing loads from the network) showing, per agent over
// the whole file, wins, final monies, pay and who profited from whose laws
// with 95% intervals; every game's winner; and one game in detail: its laws
// as sentences over time (made, amended, enforced, dropped, destroyed),
// every law's payouts to every seat, and the maker x beneficiary matrix.
#pragma once

#include <ostream>

#include "replays/analysis/laws_and_disorder/laws_json.h"

namespace kibitz::tools {

// Writes the page. `seconds`: how long the analysis took (method notes).
void write_laws_report_html(const replays::analysis::LawsReport& report, double seconds, std::ostream& out);

}  // namespace kibitz::tools
