#include "tools/review/review_output.h"

#include <algorithm>
#include <cstdio>

#include "env/core/json_text.h"
#include "env/core/stream_spec.h"

namespace kibitz::tools {
namespace {

std::string fixed(double x, const char* pattern = "%+.3f") { return format_number(x, pattern); }


std::string with_error(double value, const std::optional<double>& error) {
  return fixed(value) + (error ? " ±" + fixed(*error, "%.3f") : std::string(" ±?"));
}

}  // namespace

std::string format_number(double x, const char* pattern) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, pattern, x);
  return buffer;
}

std::vector<std::size_t> worst_first(const SeatReview& review) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < review.decisions.size(); ++i) {
    if (review.decisions[i].loss) order.push_back(i);
  }
  // The verdicts beyond the noise first, then the share of the spread lost.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const DecisionReview& x = review.decisions[a];
    const DecisionReview& y = review.decisions[b];
    if (severity(x.verdict) != severity(y.verdict)) return severity(x.verdict) > severity(y.verdict);
    return x.relative_loss > y.relative_loss;
  });
  return order;
}

namespace {

constexpr std::size_t kWorstListed = 5;

}  // namespace

void print_review(std::ostream& out, const SeatReview& review, const ReviewSource& source) {
  out << "kibitz review: " << source.file << " game " << source.game << ", " << review.game << ", seat "
      << seat_text(review.seat) << "\nengine " << review.agent << "\nbudget per decision: " << review.budget
      << ", shared by " << review.replicates << " replicates\n\n";
  out << " move  played            best              loss ± error      share lost  verdict\n";
  for (const DecisionReview& d : review.decisions) {
    char line[256];
    const std::string loss = d.forced  ? std::string("(forced)")
                             : d.loss ? with_error(*d.loss, d.loss_error)
                                      : std::string("(not valued)");
    std::snprintf(line, sizeof line, "%5d  %-16.16s  %-16.16s  %-16s  %9.0f%%  %s\n", d.move, d.played.c_str(),
                  d.best.c_str(), loss.c_str(), 100.0 * d.relative_loss, std::string(verdict_name(d.verdict)).c_str());
    out << line;
    if (d.note) out << "       " << d.note->kind << ": " << d.note->text << "\n";
  }
  out << "\n" << review.decisions.size() << (review.decisions.size() == 1 ? " decision, " : " decisions, ")
      << review.valued << " valued: mean loss "
      << fixed(review.mean_loss) << " per decision, accuracy " << fixed(review.accuracy, "%.1f") << "%\n";
  for (const Verdict v : {Verdict::kInaccuracy, Verdict::kMistake, Verdict::kBlunder, Verdict::kUnclear}) {
    out << "  " << verdict_name(v) << ": " << review.count(v) << "\n";
  }
  const std::vector<std::size_t> worst = worst_first(review);
  if (!worst.empty()) out << "worst decisions:\n";
  for (std::size_t k = 0; k < worst.size() && k < kWorstListed; ++k) {
    const DecisionReview& d = review.decisions[worst[k]];
    if (d.relative_loss <= 0.0) break;
    out << "  move " << d.move << ": played " << d.played << ", best " << d.best << " ("
        << verdict_name(d.verdict) << ", " << fixed(100.0 * d.relative_loss, "%.0f") << "% of the spread)\n";
  }
  out << "verdicts: docs/review.md (a share of the spread between the best and worst action; none within "
      << "2 standard errors)\n";
}

void write_review_json(std::ostream& out, const SeatReview& review, const ReviewSource& source) {
  out << "{\n  \"format\": \"kibitz-review\",\n  \"version\": 1,\n  \"file\": " << json_quote(source.file)
      << ",\n  \"game_index\": " << source.game << ",\n  \"game\": " << json_quote(review.game)
      << ",\n  \"seat\": " << review.seat << ",\n  \"engine\": " << json_quote(review.agent)
      << ",\n  \"budget\": " << json_quote(review.budget) << ",\n  \"replicates\": " << review.replicates
      << ",\n  \"valued\": " << review.valued
      << ",\n  \"mean_loss\": " << shortest_number(review.mean_loss) << ",\n  \"accuracy\": " << shortest_number(review.accuracy)
      << ",\n  \"decisions\": [";
  for (std::size_t i = 0; i < review.decisions.size(); ++i) {
    const DecisionReview& d = review.decisions[i];
    out << (i == 0 ? "\n" : ",\n") << "    {\"move\": " << d.move << ", \"played\": " << json_quote(d.played)
        << ", \"best\": " << json_quote(d.best) << ", \"loss\": " << (d.loss ? shortest_number(*d.loss) : "null")
        << ", \"loss_error\": " << (d.loss_error ? shortest_number(*d.loss_error) : "null")
        << ", \"spread\": " << shortest_number(d.spread) << ", \"relative_loss\": " << shortest_number(d.relative_loss)
        << ", \"verdict\": " << json_quote(verdict_name(d.verdict)) << ", \"forced\": " << (d.forced ? "true" : "false")
        << ", \"note\": ";
    if (d.note) {
      out << "{\"kind\": " << json_quote(d.note->kind) << ", \"text\": " << json_quote(d.note->text)
          << ", \"flagged\": " << (d.note->flagged ? "true" : "false") << "}";
    } else {
      out << "null";
    }
    out << ",\n     \"actions\": [";
    for (std::size_t a = 0; a < d.actions.size(); ++a) {
      const ActionEstimate& e = d.actions[a];
      out << (a == 0 ? "" : ", ") << "{\"action\": " << json_quote(e.action) << ", \"value\": " << shortest_number(e.value)
          << ", \"error\": " << (e.error ? shortest_number(*e.error) : "null") << ", \"share\": " << shortest_number(e.share) << "}";
    }
    out << "]}";
  }
  out << (review.decisions.empty() ? "]" : "\n  ]") << ",\n  \"worst\": [";
  const std::vector<std::size_t> worst = worst_first(review);
  for (std::size_t k = 0; k < worst.size() && k < kWorstListed; ++k) {
    out << (k == 0 ? "" : ", ") << review.decisions[worst[k]].move;
  }
  out << "]\n}\n";
}

}  // namespace kibitz::tools
