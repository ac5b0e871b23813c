#include "replays/analysis/round_filter.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "env/core/error.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

double choose(int n, int k) {
  if (k < 0 || k > n) return 0.0;
  double r = 1.0;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

}  // namespace

RoundFilter::RoundFilter(const SpiesSetup& setup, int viewer, const ReferencePolicy& policy,
                         int particles, double resample_below, Rng rng)
    : setup_(setup),
      viewer_(viewer),
      policy_(policy),
      resample_below_(resample_below),
      rng_(std::move(rng)),
      particles_(at(particles)),
      weights_(at(particles), 1.0 / particles) {
  splits_.reserve(64);
}

void RoundFilter::start(const Seen& s) {
  // The viewer is told apart from everyone; the others start alike (seats
  // dealt 12 and 13 cards are treated alike: the difference in their chance
  // of a Joker is small, and keeping them apart would let the particles'
  // noise pick one pair).
  for (int seat = 0; seat < setup_.num_players; ++seat) {
    signature_[at(seat)] = seat == viewer_ ? ~std::uint64_t{0} : 0;
  }
  clock_ = 0;
  ValueCounts pool{};
  for (int v = 2; v < kNumValues; ++v) pool[at(v)] = ls::kNumSuits;
  pool[kJokerValue] = setup_.jokers;
  ls::for_each_card(s.own_dealt, [&](int c) { --pool[at(value_index(c))]; });
  std::vector<int> tokens;
  for (int v = 0; v < kNumValues; ++v) tokens.insert(tokens.end(), at(pool[at(v)]), v);
  given_up_ = setup_.keep5 ? s.own_dealt & ~s.own_kept : 0;
  const ls::CardMask own_hand = setup_.keep5 ? s.own_kept : s.own_dealt;
  for (Particle& p : particles_) {
    p = Particle{};
    rng_.shuffle(std::span<int>(tokens));
    std::size_t next = 0;
    for (int seat = 0; seat < setup_.num_players; ++seat) {
      if (seat == viewer_) continue;
      ValueCounts dealt{};
      for (int k = 0; k < s.dealt[at(seat)]; ++k) {
        KIBITZ_CHECK(next < tokens.size(), "more cards dealt than exist");
        ++dealt[at(tokens[next++])];
      }
      const ValueCounts kept = setup_.keep5 ? policy_.sample_keep(dealt, rng_) : dealt;
      for (int v = 0; v < kNumValues; ++v) {
        p.hand[at(seat)][at(v)] = static_cast<std::int8_t>(kept[at(v)]);
        p.deck[at(v)] = static_cast<std::int8_t>(p.deck[at(v)] + dealt[at(v)] - kept[at(v)]);
      }
    }
    for (; next < tokens.size(); ++next) ++p.deck[at(tokens[next])];
    if (viewer_ >= 0) {
      ls::for_each_card(own_hand, [&](int c) { ++p.hand[at(viewer_)][at(class_of(c, 0))]; });
      ls::for_each_card(given_up_, [&](int c) { ++p.deck[at(class_of(c, 1))]; });
    }
  }
  std::fill(weights_.begin(), weights_.end(), 1.0 / static_cast<double>(weights_.size()));
  resample_due_ = false;
}

bool RoundFilter::observe(const Seen& s) {
  // Resampling waits until the next event, so that the estimate read after
  // a weighing uses the weighted particles (less noise than their resample).
  if (resample_due_) resample();
  note_public_facts(s);
  switch (s.kind) {
    case SeenKind::kFlip:
      weigh_known_take(card_class(s.card), -1);
      return normalise();
    case SeenKind::kNoPlay:
      if (s.seat == viewer_) return true;
      for_live([&](Particle& p, double& w) {
        const ValueCounts hand = merge_tags(p.hand[at(s.seat)]);
        for (int v = 2; v < kNumValues; ++v) {
          if (hand[at(v)] > 0) w = 0.0;
        }
      });
      return normalise();
    case SeenKind::kPlay:
      plays_.push_back({s.seat, s.card >= 0 ? card_class(s.card) : -1});
      return true;
    case SeenKind::kReveal:
      reveal(s.cards);
      plays_.clear();
      return normalise();
    case SeenKind::kDraw:
      if (s.card >= 0) {
        weigh_known_take(card_class(s.card), s.seat);
        return normalise();
      }
      for_live([&](Particle& p, double&) {
        const int k = random_class(p.deck);
        --p.deck[at(k)];
        ++p.hand[at(s.seat)][at(k)];
      });
      return true;
    case SeenKind::kDiscard:
      for_live([&](Particle& p, double&) {
        ClassCounts& hand = p.hand[at(s.seat)];
        const int k = s.card >= 0 ? card_class(s.card)
                                  : random_class_of_value(
                                        hand, policy_.sample_discard(merge_tags(hand), rng_));
        KIBITZ_CHECK(hand[at(k)] > 0, "discarding a card not held");
        --hand[at(k)];
      });
      return true;
    default:
      return true;
  }
}

// Seats the viewer has seen do the same things at the same moments are
// interchangeable to it: nobody sees who played which card of a mission, and
// the reference policy treats every seat alike. Their beliefs are averaged
// (Rao-Blackwellisation over seat labels), which removes the noise of
// particles that happen to blame one of them. A signature per seat hashes
// what the seat was seen doing and when.
void RoundFilter::note_public_facts(const Seen& s) {
  switch (s.kind) {
    case SeenKind::kFlip:
    case SeenKind::kJack:
    case SeenKind::kQueen:
    case SeenKind::kReveal:
      ++clock_;
      return;
    case SeenKind::kPlay:
    case SeenKind::kNoPlay:
    case SeenKind::kDraw:
    case SeenKind::kDiscard: {
      if (s.seat == viewer_) return;
      shuffle_alike(s.seat);
      const std::uint64_t fact = (clock_ << 16) | (static_cast<std::uint64_t>(s.kind) << 8) |
                                 static_cast<std::uint64_t>(s.count);
      signature_[at(s.seat)] = derive_seed(signature_[at(s.seat)], "seen", fact);
      return;
    }
    default:
      return;
  }
}

// Before a seat's signature changes (which may set it apart from seats it
// was interchangeable with), each particle deals the hands of those seats
// out again among them at random. The posterior gives every such relabelling
// the same probability, so this keeps the particles' arbitrary choice of
// whom to blame from surviving the split as if it were evidence.
void RoundFilter::shuffle_alike(int seat) {
  std::array<int, 4> alike{};
  int count = 0;
  for (int other = 0; other < setup_.num_players; ++other) {
    if (signature_[at(other)] == signature_[at(seat)]) alike[at(count++)] = other;
  }
  if (count < 2) return;
  for_live([&](Particle& p, double&) {
    for (int i = count - 1; i > 0; --i) {
      const int j = static_cast<int>(rng_.uniform_int(static_cast<std::uint64_t>(i + 1)));
      std::swap(p.hand[at(alike[at(i)])], p.hand[at(alike[at(j)])]);
    }
  });
}

template <typename F>
void RoundFilter::for_live(F&& f) {
  for (std::size_t i = 0; i < particles_.size(); ++i) {
    if (weights_[i] > 0.0) f(particles_[i], weights_[i]);
  }
}

// A card of class k seen leaving the deck (a flip, or the viewer's own draw
// into the hand of `seat`; -1 for none): each particle is weighed by how many
// such cards its deck holds, the chance of that class coming up.
void RoundFilter::weigh_known_take(int k, int seat) {
  for_live([&](Particle& p, double& w) {
    w *= p.deck[at(k)];
    if (p.deck[at(k)] == 0) return;
    --p.deck[at(k)];
    if (seat >= 0) ++p.hand[at(seat)][at(k)];
  });
}

int RoundFilter::random_class(const ClassCounts& counts) {
  const int total = total_cards(counts);
  KIBITZ_CHECK(total > 0, "a draw from an empty deck");
  int pick = static_cast<int>(rng_.uniform_int(static_cast<std::uint64_t>(total)));
  for (int k = 0; k < kNumClasses; ++k) {
    pick -= counts[at(k)];
    if (pick < 0) return k;
  }
  return kNumClasses - 1;
}

int RoundFilter::random_class_of_value(const ClassCounts& counts, int value) {
  const int untagged = counts[at(value)];
  const int tagged = counts[at(value + kNumValues)];
  KIBITZ_CHECK(untagged + tagged > 0, "no card of value ", value);
  const auto pick = rng_.uniform_int(static_cast<std::uint64_t>(untagged + tagged));
  return pick < static_cast<std::uint64_t>(untagged) ? value : value + kNumValues;
}

// Weighs every live particle by the chance of the revealed set: the sum over
// every split of the set between the players who played and the face-down
// deck cards of the policy's probability of those plays times the chance of
// those deck cards. Then draws one split from those weights and applies it.
void RoundFilter::reveal(ls::CardMask cards) {
  ClassCounts revealed{};
  ls::for_each_card(cards, [&](int c) { ++revealed[at(card_class(c))]; });
  for_live([&](Particle& p, double& w) {
    for (std::size_t slot = 0; slot < plays_.size(); ++slot) {
      slot_probability_[slot].fill(0.0);
      if (plays_[slot].known_class >= 0) continue;
      const ClassCounts& held = p.hand[at(plays_[slot].seat)];
      const ValueCounts hand = merge_tags(held);
      const std::array<double, kNumValues> play = policy_.play_probabilities(hand);
      for (int k = 0; k < kNumClasses; ++k) {
        const int v = class_value(k);
        if (v == kJokerValue || held[at(k)] == 0 || revealed[at(k)] == 0) continue;
        slot_probability_[slot][at(k)] = play[at(v)] * held[at(k)] / hand[at(v)];
      }
    }
    splits_.clear();
    Split split;
    ClassCounts left = revealed;
    enumerate_splits(p, left, 0, 1.0, split);
    double total = 0.0;
    for (const Split& s : splits_) total += s.weight;
    w *= total;
    if (total <= 0.0) return;
    double pick = rng_.uniform_double() * total;
    const Split* chosen = &splits_.back();
    for (const Split& s : splits_) {
      pick -= s.weight;
      if (pick < 0.0) {
        chosen = &s;
        break;
      }
    }
    ClassCounts rest = revealed;
    for (std::size_t slot = 0; slot < plays_.size(); ++slot) {
      const int k = chosen->choice[slot];
      --p.hand[at(plays_[slot].seat)][at(k)];
      --rest[at(k)];
    }
    for (int k = 0; k < kNumClasses; ++k) {
      KIBITZ_CHECK(p.deck[at(k)] >= rest[at(k)], "face-down cards not in the deck");
      p.deck[at(k)] = static_cast<std::int8_t>(p.deck[at(k)] - rest[at(k)]);
    }
  });
}

void RoundFilter::enumerate_splits(const Particle& p, ClassCounts& left, std::size_t slot,
                                   double weight, Split& split) {
  if (slot == plays_.size()) {
    // What no player took came face down from the deck.
    double deck_chance = 1.0;
    for (int k = 0; k < kNumClasses && deck_chance > 0.0; ++k) {
      if (left[at(k)] > 0) deck_chance *= choose(p.deck[at(k)], left[at(k)]);
    }
    if (deck_chance > 0.0) {
      split.weight = weight * deck_chance;
      splits_.push_back(split);
    }
    return;
  }
  const int known = plays_[slot].known_class;
  for (int k = 0; k < kNumClasses; ++k) {
    if (left[at(k)] == 0) continue;
    const double probability =
        known >= 0 ? (k == known ? 1.0 : 0.0) : slot_probability_[slot][at(k)];
    if (probability <= 0.0) continue;
    --left[at(k)];
    split.choice[slot] = static_cast<std::int8_t>(k);
    enumerate_splits(p, left, slot + 1, weight * probability, split);
    ++left[at(k)];
  }
}

// Normalises the weights and notes whether a resample is due; false when
// every weight is zero.
bool RoundFilter::normalise() {
  double sum = 0.0;
  for (const double w : weights_) sum += w;
  if (!(sum > 0.0) || !std::isfinite(sum)) return false;
  for (double& w : weights_) w /= sum;
  resample_due_ = ess() < resample_below_ * static_cast<double>(weights_.size());
  return true;
}

// Systematic resampling: one uniform offset, evenly spaced pointers.
void RoundFilter::resample() {
  const double size = static_cast<double>(weights_.size());
  scratch_.resize(particles_.size());
  const double offset = rng_.uniform_double() / size;
  double cumulative = weights_[0];
  std::size_t j = 0;
  for (std::size_t i = 0; i < particles_.size(); ++i) {
    const double pointer = offset + static_cast<double>(i) / size;
    while (pointer > cumulative && j + 1 < particles_.size()) cumulative += weights_[++j];
    scratch_[i] = particles_[j];
  }
  particles_.swap(scratch_);
  std::fill(weights_.begin(), weights_.end(), 1.0 / size);
  resample_due_ = false;
  ++resamples_;
}

std::array<double, 4> RoundFilter::traitor() const {
  std::array<double, 4> held{};
  for (std::size_t i = 0; i < particles_.size(); ++i) {
    for (int seat = 0; seat < setup_.num_players; ++seat) {
      if (holds_joker(particles_[i].hand[at(seat)])) held[at(seat)] += weights_[i];
    }
  }
  std::array<double, 4> out{};
  for (int seat = 0; seat < setup_.num_players; ++seat) {
    int alike = 0;
    for (int other = 0; other < setup_.num_players; ++other) {
      if (signature_[at(other)] != signature_[at(seat)]) continue;
      out[at(seat)] += held[at(other)];
      ++alike;
    }
    out[at(seat)] = std::clamp(out[at(seat)] / alike, 0.0, 1.0);
  }
  return out;
}

double RoundFilter::ess() const {
  double sum2 = 0.0;
  for (const double w : weights_) sum2 += w * w;
  return sum2 > 0.0 ? 1.0 / sum2 : 0.0;
}

}  // namespace kibitz::replays::analysis
