// One decision of a reviewed seat: the engine's estimate of every legal
// action, with its standard error, the action played, what it lost against
// the engine's best, and a verdict (docs/review.md).
//
// The estimates come from several independent searches (replicates, each
// with its own seed and its own worlds drawn from the seat's stream): an
// action's value is the mean of the replicates' values, its error the
// standard error of that mean. The loss's error is the standard error of
// the replicates' differences between the best action and the played one,
// so what the searches share (the same stream) does not count twice.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kibitz::tools {

enum class Verdict { kGood, kUnclear, kInaccuracy, kMistake, kBlunder };
std::string_view verdict_name(Verdict verdict);

// A loss this share of the decision's spread (best value minus worst) or
// more is an inaccuracy, a mistake, a blunder; less is good. Documented in
// docs/review.md; a loss within kNoiseMultiple standard errors of zero gets
// no verdict but good or unclear.
inline constexpr double kInaccuracyShare = 0.10;
inline constexpr double kMistakeShare = 0.25;
inline constexpr double kBlunderShare = 0.50;
inline constexpr double kNoiseMultiple = 2.0;

// What one replicate's search said about one decision, by action text.
struct ReplicateEstimate {
  std::vector<std::pair<std::string, double>> values;  // per action it valued
  std::vector<std::pair<std::string, double>> policy;  // its policy, if any
};

struct ActionEstimate {
  std::string action;
  double value = 0.0;
  std::optional<double> error;  // with two or more replicates valuing it
  int replicates = 0;           // how many valued it
  double share = 0.0;           // the mean policy share
};

// What the game's own analysis says of the move played, where the game has
// bluff or claim analysis (tools/review/decision_notes.h).
struct DecisionNote {
  std::string kind;      // "bluff", "play", "claim", "bid", "declaration"
  std::string text;      // one line, e.g. "claim adult, truth child: a lie; ..."
  bool flagged = false;  // a bluff, a lie, an overbid, an inflated rank
};

struct DecisionReview {
  int move = 0;
  std::string played;
  std::vector<ActionEstimate> actions;  // the valued ones, best first
  std::string best;
  // Known when the played action was valued.
  std::optional<double> loss;
  std::optional<double> loss_error;
  double spread = 0.0;          // best value minus worst
  double relative_loss = 0.0;   // loss / spread, in [0, 1]; 0 when unknown
  Verdict verdict = Verdict::kUnclear;
  bool forced = false;  // the only legal action
  std::optional<DecisionNote> note;  // none where the game's analysis says nothing
};

// Combines the replicates of one decision where `played` was played, one
// of `legal` legal actions (a forced move, the only one, is good: nothing
// was lost).
DecisionReview combine_replicates(int move, const std::string& played, std::size_t legal,
                                  const std::vector<ReplicateEstimate>& replicates);

// How bad a verdict is, for ordering: good and unclear 0, up to blunder 3.
int severity(Verdict verdict);

}  // namespace kibitz::tools
