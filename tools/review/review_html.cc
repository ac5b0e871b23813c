#include "tools/review/review_html.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "env/core/stream_spec.h"
#include "tools/replay/svg_chart.h"

namespace kibitz::tools {
namespace {

std::string fixed(double x, const char* pattern = "%+.3f") { return format_number(x, pattern); }

const char* const kStyle = R"(<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 60rem; padding: 0 1rem; color: #1d232a; }
h1 { font-size: 1.4rem; margin-bottom: 0.2rem; overflow-wrap: anywhere; }
.meta { color: #56606b; margin-top: 0; overflow-wrap: anywhere; }
.figures { display: flex; flex-wrap: wrap; gap: 1.5rem; margin: 1rem 0; }
.figure b { display: block; font-size: 1.5rem; }
table.decisions { border-collapse: collapse; width: 100%; }
table.decisions td, table.decisions th { border-top: 1px solid #d8dde3; padding: 0.35rem 0.4rem; vertical-align: top; text-align: left; }
.verdict { font-weight: 600; }
.verdict.blunder { color: #a4161a; } .verdict.mistake { color: #c1440e; }
.verdict.inaccuracy { color: #9a6700; } .verdict.good { color: #1a7f37; } .verdict.unclear { color: #56606b; }
.bars { margin: 0.2rem 0 0; }
.bar { display: grid; grid-template-columns: 9rem 1fr 7.5rem; gap: 0.4rem; align-items: center; font-size: 0.85rem; }
.track { position: relative; height: 0.8rem; background: #eef1f4; }
.fill { position: absolute; top: 0; bottom: 0; left: 0; background: #7d8fa3; }
.played .fill { background: #c1440e; } .best .fill { background: #1a7f37; }
.whisker { position: absolute; top: 0.35rem; height: 0.1rem; background: #1d232a; }
.note { color: #56606b; font-size: 0.85rem; margin-top: 0.2rem; }
.note.flagged { color: #8250df; }
</style>
)";

// The bars of one decision: each valued action's value on a scale from the
// worst to the best value of the decision, with its error as a whisker.
void write_bars(std::ostream& out, const DecisionReview& d) {
  if (d.actions.empty()) return;
  double low = d.actions.front().value, high = low;
  for (const ActionEstimate& e : d.actions) {
    low = std::min(low, e.value - e.error.value_or(0.0));
    high = std::max(high, e.value + e.error.value_or(0.0));
  }
  // A little room below the worst, so its bar shows.
  const double span = high - low > 0 ? high - low : 1.0;
  low -= 0.1 * span;
  auto at = [&](double v) { return fixed(100.0 * (v - low) / (high - low + 0.1 * span), "%.1f"); };
  out << "<div class=\"bars\">";
  for (const ActionEstimate& e : d.actions) {
    const bool played = e.action == d.played, best = e.action == d.best;
    out << "<div class=\"bar" << (played ? " played" : "") << (best ? " best" : "") << "\"><span>"
        << escape_html(e.action) << (played ? " (played)" : "") << (best ? " (best)" : "")
        << "</span><span class=\"track\"><span class=\"fill\" style=\"width:" << at(e.value) << "%\"></span>";
    if (e.error) {
      out << "<span class=\"whisker\" style=\"left:" << at(e.value - *e.error) << "%;width:"
          << fixed(100.0 * 2 * *e.error / (high - low + 0.1 * span), "%.1f") << "%\"></span>";
    }
    out << "</span><span>" << fixed(e.value) << (e.error ? " ±" + fixed(*e.error, "%.3f") : "")
        << "</span></div>";
  }
  out << "</div>";
}

void write_decision_row(std::ostream& out, const DecisionReview& d) {
  const std::string verdict(verdict_name(d.verdict));
  out << "<tr id=\"move-" << d.move << "\"><td>" << d.move << "</td><td>" << escape_html(d.played)
      << "</td><td>";
  if (d.forced) {
    out << "(forced)";
  } else if (d.loss) {
    out << escape_html(fixed(*d.loss) + (d.loss_error ? " ±" + fixed(*d.loss_error, "%.3f") : " ±?"))
        << "<br>" << fixed(100.0 * d.relative_loss, "%.0f") << "% of the spread";
  } else {
    out << "(not valued)";
  }
  out << "</td><td><span class=\"verdict " << verdict << "\">" << verdict << "</span></td><td>";
  write_bars(out, d);
  if (d.note) {
    out << "<div class=\"note" << (d.note->flagged ? " flagged" : "") << "\">"
        << escape_html(d.note->kind + ": " + d.note->text) << "</div>";
  }
  out << "</td></tr>\n";
}

void write_figures(std::ostream& out, const SeatReview& review) {
  out << "<div class=\"figures\"><div class=\"figure\"><b>" << fixed(review.accuracy, "%.1f")
      << "%</b>accuracy</div><div class=\"figure\"><b>" << fixed(review.mean_loss)
      << "</b>mean loss per decision</div><div class=\"figure\"><b>" << review.valued << " of "
      << review.decisions.size() << "</b>decisions valued</div>";
  for (const Verdict v : {Verdict::kBlunder, Verdict::kMistake, Verdict::kInaccuracy, Verdict::kUnclear}) {
    out << "<div class=\"figure\"><b>" << review.count(v) << "</b>" << verdict_name(v) << "</div>";
  }
  out << "</div>\n";
}

}  // namespace

void write_review_html(std::ostream& out, const SeatReview& review, const ReviewSource& source) {
  const std::string title = "Review of seat " + seat_text(review.seat) + ", " + review.game;
  out << "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      << "<title>" << escape_html(title) << "</title>\n" << kStyle << "</head><body>\n<h1>"
      << escape_html(title) << "</h1>\n<p class=\"meta\">" << escape_html(source.file) << ", game "
      << source.game << ". Engine " << escape_html(review.agent) << ", " << escape_html(review.budget)
      << " a decision, shared by " << review.replicates
      << " replicates. Verdicts: a share of the spread between the best and worst action; none "
         "within 2 standard errors (docs/review.md).</p>\n";
  write_figures(out, review);
  const std::vector<std::size_t> worst = worst_first(review);
  out << "<h2>Worst decisions</h2>\n<ol>";
  for (std::size_t k = 0; k < worst.size() && k < 5; ++k) {
    const DecisionReview& d = review.decisions[worst[k]];
    if (d.relative_loss <= 0.0) break;
    out << "<li><a href=\"#move-" << d.move << "\">move " << d.move << "</a>: played "
        << escape_html(d.played) << ", best " << escape_html(d.best) << " (" << verdict_name(d.verdict)
        << ", " << fixed(100.0 * d.relative_loss, "%.0f") << "% of the spread)</li>";
  }
  out << "</ol>\n<h2>Every decision</h2>\n<table class=\"decisions\"><thead><tr><th>move</th>"
      << "<th>played</th><th>loss ± error</th><th>verdict</th><th>the engine's values</th></tr>"
      << "</thead><tbody>\n";
  for (const DecisionReview& d : review.decisions) write_decision_row(out, d);
  out << "</tbody></table>\n</body></html>\n";
}

}  // namespace kibitz::tools
