#include "replays/analysis/reference_policy.h"

#include <algorithm>
#include <vector>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"

namespace kibitz::replays::analysis {
namespace {

constexpr int kKeep = loyalist_spies::kKeepCount;

int lowest_pack_value(const ValueCounts& hand) {
  for (int v = 2; v < kNumValues; ++v) {
    if (hand[static_cast<std::size_t>(v)] > 0) return v;
  }
  return -1;
}

int highest_pack_value(const ValueCounts& hand) {
  for (int v = kNumValues - 1; v >= 2; --v) {
    if (hand[static_cast<std::size_t>(v)] > 0) return v;
  }
  return -1;
}

// One card drawn uniformly from `hand` (non-empty), as its value.
int uniform_card(const ValueCounts& hand, int cards, Rng& rng) {
  int pick = static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(cards)));
  for (int v = 0; v < kNumValues; ++v) {
    pick -= hand[static_cast<std::size_t>(v)];
    if (pick < 0) return v;
  }
  KIBITZ_CHECK(false, "card count out of step");
  return -1;
}

// Adds to `kept` up to `want` cards from `dealt` (less what is kept), taking
// values in the order given by `step` (+1 lowest first, -1 highest first).
void keep_by_value(const ValueCounts& dealt, int want, int step, ValueCounts& kept) {
  int v = step > 0 ? 2 : kNumValues - 1;
  while (want > 0 && v >= 2 && v < kNumValues) {
    const auto i = static_cast<std::size_t>(v);
    const int take = std::min(want, dealt[i] - kept[i]);
    kept[i] += take;
    want -= take;
    v += step;
  }
}

}  // namespace

ReferencePolicy::ReferencePolicy(double epsilon, double joker_keep)
    : epsilon_(epsilon), joker_keep_(joker_keep) {
  if (!(epsilon >= 0.0 && epsilon <= 1.0)) {
    throw error("reference policy: epsilon must be in [0, 1], got ", epsilon);
  }
  if (!(joker_keep >= 0.0 && joker_keep <= 1.0)) {
    throw error("reference policy: joker_keep must be in [0, 1], got ", joker_keep);
  }
}

std::array<double, kNumValues> ReferencePolicy::play_probabilities(const ValueCounts& hand) const {
  std::array<double, kNumValues> out{};
  int pack_cards = 0;
  for (int v = 2; v < kNumValues; ++v) pack_cards += hand[static_cast<std::size_t>(v)];
  if (pack_cards == 0) return out;
  const bool traitor = hand[kJokerValue] > 0;
  const int chosen = traitor ? highest_pack_value(hand) : lowest_pack_value(hand);
  for (int v = 2; v < kNumValues; ++v) {
    out[static_cast<std::size_t>(v)] =
        epsilon_ * hand[static_cast<std::size_t>(v)] / static_cast<double>(pack_cards);
  }
  out[static_cast<std::size_t>(chosen)] += 1.0 - epsilon_;
  return out;
}

ValueCounts ReferencePolicy::sample_keep(const ValueCounts& dealt, Rng& rng) const {
  int cards = 0;
  for (const int n : dealt) cards += n;
  KIBITZ_CHECK(cards >= kKeep, "a keep from fewer than five cards");
  ValueCounts kept{};
  if (rng.uniform_double() < epsilon_) {
    // Any five of the dealt cards, uniformly.
    ValueCounts left = dealt;
    for (int k = 0; k < kKeep; ++k) {
      const int v = uniform_card(left, cards - k, rng);
      --left[static_cast<std::size_t>(v)];
      ++kept[static_cast<std::size_t>(v)];
    }
    return kept;
  }
  const int jokers = dealt[kJokerValue];
  if (jokers > 0 && rng.uniform_double() < joker_keep_) {
    kept[kJokerValue] = std::min(jokers, kKeep);
    keep_by_value(dealt, kKeep - kept[kJokerValue], -1, kept);
  } else {
    keep_by_value(dealt, kKeep, +1, kept);
  }
  return kept;
}

int ReferencePolicy::sample_discard(const ValueCounts& hand, Rng& rng) const {
  int cards = 0;
  for (const int n : hand) cards += n;
  KIBITZ_CHECK(cards > 0, "a discard from an empty hand");
  if (rng.uniform_double() < epsilon_) return uniform_card(hand, cards, rng);
  if (hand[kJokerValue] == 0) return highest_pack_value(hand);
  const int low = lowest_pack_value(hand);
  return low >= 0 ? low : kJokerValue;
}

}  // namespace kibitz::replays::analysis
