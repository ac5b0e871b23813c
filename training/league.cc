#include "training/league.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>

#include "env/core/error.h"

namespace kibitz::training {
namespace {

// The whole of `text` as a finite number, or a KibitzError naming `where`.
double parse_count(const std::string& text, const std::string& where) {
  double value = 0.0;
  const auto [end, code] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (code != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    throw error(where, ": a pool record holds a number that is not one");
  }
  return value;
}

}  // namespace

double loss_rate(const MemberRecord& record) { return (record.losses + 1.0) / (record.games + 2.0); }

std::vector<double> pfsp_weights(std::span<const MemberRecord> records, double power) {
  std::vector<double> weights;
  double total = 0.0;
  for (const MemberRecord& record : records) {
    weights.push_back(std::pow(loss_rate(record), power));
    total += weights.back();
  }
  for (double& weight : weights) weight /= total;
  return weights;
}

double game_loss(std::span<const float> returns, int learner) {
  float best_other = -std::numeric_limits<float>::infinity();
  for (std::size_t s = 0; s < returns.size(); ++s) {
    if (static_cast<int>(s) != learner) best_other = std::max(best_other, returns[s]);
  }
  const float mine = returns[static_cast<std::size_t>(learner)];
  return mine < best_other ? 1.0 : mine == best_other ? 0.5 : 0.0;
}

void PoolRecords::note(std::size_t member, double loss) {
  pending_.resize(2 * records_.size(), 0.0);
  pending_[2 * member] += 1.0;
  pending_[2 * member + 1] += loss;
}

std::vector<double> PoolRecords::pending() const {
  std::vector<double> deltas = pending_;
  deltas.resize(2 * records_.size(), 0.0);
  return deltas;
}

void PoolRecords::commit(std::span<const double> deltas) {
  KIBITZ_CHECK(deltas.size() == 2 * records_.size(), "pool record deltas for ", deltas.size() / 2,
               " members, not ", records_.size());
  for (std::size_t k = 0; k < records_.size(); ++k) {
    records_[k].games += deltas[2 * k];
    records_[k].losses += deltas[2 * k + 1];
  }
  pending_.clear();
}

std::string PoolRecords::to_text() const {
  std::ostringstream out;
  out.precision(17);
  for (std::size_t k = 0; k < records_.size(); ++k) {
    out << (k > 0 ? "," : "") << records_[k].games << ":" << records_[k].losses;
  }
  return out.str();
}

void PoolRecords::from_text(const std::string& text, const std::string& where) {
  std::vector<MemberRecord> read;
  std::istringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) throw error(where, ": a pool record is 'games:losses'");
    MemberRecord record;
    record.games = parse_count(item.substr(0, colon), where);
    record.losses = parse_count(item.substr(colon + 1), where);
    if (!(record.games >= 0.0) || !(record.losses >= 0.0) || record.losses > record.games) {
      throw error(where, ": a pool record needs 0 <= losses <= games");
    }
    read.push_back(record);
  }
  records_ = std::move(read);
  pending_.clear();
}

}  // namespace kibitz::training
