#include "replays/analysis/wilson_interval.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "env/core/error.h"

namespace kibitz::replays::analysis {

Proportion wilson(int hits, int total, double z) {
  if (hits < 0 || total < 0 || hits > total) {
    throw error("a proportion needs 0 <= hits <= total, got ", hits, " of ", total);
  }
  Proportion p;
  p.hits = hits;
  p.total = total;
  if (total == 0) {
    p.rate = std::numeric_limits<double>::quiet_NaN();
    return p;
  }
  const double n = total;
  const double phat = hits / n;
  const double z2 = z * z;
  const double centre = (phat + z2 / (2.0 * n)) / (1.0 + z2 / n);
  const double half = z * std::sqrt(phat * (1.0 - phat) / n + z2 / (4.0 * n * n)) / (1.0 + z2 / n);
  p.rate = phat;
  // Clamped against rounding only: the Wilson bounds lie in [0, 1].
  p.low = std::clamp(centre - half, 0.0, 1.0);
  p.high = std::clamp(centre + half, 0.0, 1.0);
  // At 0 or all hits the bound on that side is exactly the share.
  if (hits == 0) p.low = 0.0;
  if (hits == total) p.high = 1.0;
  return p;
}

ProportionDifference difference(const Proportion& a, const Proportion& b) {
  ProportionDifference d;
  if (a.total == 0 || b.total == 0) {
    d.difference = std::numeric_limits<double>::quiet_NaN();
    return d;
  }
  d.difference = a.rate - b.rate;
  d.low = std::max(-1.0, d.difference - std::hypot(a.rate - a.low, b.high - b.rate));
  d.high = std::min(1.0, d.difference + std::hypot(a.high - a.rate, b.rate - b.low));
  return d;
}

}  // namespace kibitz::replays::analysis
