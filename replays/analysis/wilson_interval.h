// A share of successes with its 95% Wilson score interval: the one interval
// the replay reports give a proportion (an agent's lie rate, caught rate,
// overbid rate...). Wilson rather than the normal approximation because the
// shares are often near 0 or 1 and the counts small, where p +- z sqrt(p(1-p)/n)
// leaves [0, 1] or collapses to a point.
#pragma once

namespace kibitz::replays::analysis {

// z for a two-sided 95% interval of a normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

// `hits` of `total`, the share and its interval. With total = 0 nothing is
// known: the share is NaN and the interval the whole of [0, 1].
struct Proportion {
  int hits = 0;
  int total = 0;
  double rate = 0.0;
  double low = 0.0;
  double high = 1.0;
};

// The Wilson score interval of hits / total at `z` (default 95%). Throws
// KibitzError when hits is negative or above total.
Proportion wilson(int hits, int total, double z = kZ95);

// The difference a.rate - b.rate of two independent proportions with its
// 95% interval by Newcombe's hybrid score method (each side's Wilson
// interval combined), which stays within [-1, 1] and behaves at small
// counts where the normal approximation does not. Unknown (NaN, the
// interval [-1, 1]) when either proportion counted nothing.
struct ProportionDifference {
  double difference = 0.0;
  double low = -1.0;
  double high = 1.0;
};
ProportionDifference difference(const Proportion& a, const Proportion& b);

}  // namespace kibitz::replays::analysis
