// The particle filter behind belief_filter.h for one round and one viewer.
// A particle is one hidden world of the round as the reference policy sees
// it: every seat's hand and the Success deck as counts of card classes
// (card_counts.h). start() draws the particles from the prior; observe()
// weighs them by the likelihood of each event the viewer saw and moves them
// on; traitor() reads the current estimate. belief_filter.h explains the
// method; this file is its mechanics.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "env/core/rng.h"
#include "replays/analysis/belief_filter.h"
#include "replays/analysis/card_counts.h"
#include "replays/analysis/reference_policy.h"
#include "replays/analysis/spies_observations.h"

namespace kibitz::replays::analysis {

// The particle filter of one round for one viewer.
class RoundFilter {
 public:
  // `policy` must outlive the filter.
  RoundFilter(const SpiesSetup& setup, int viewer, const ReferencePolicy& policy, int particles,
              double resample_below, Rng rng);

  // Draws the particles from the prior: a random deal of the cards the
  // viewer has not seen, and every other seat's keep drawn from the policy.
  void start(const Seen& round_start);

  // Weighs and moves the particles by one event; false when no particle fits
  // what was seen any more (the estimates are then meaningless).
  bool observe(const Seen& seen);

  // [seat] P(the seat holds a Joker now), averaged over the seats the viewer
  // cannot tell apart.
  std::array<double, 4> traitor() const;
  // The effective sample size of the current weights.
  double ess() const;
  int resamples() const { return resamples_; }

 private:
  // One hidden world.
  struct Particle {
    std::array<ClassCounts, 4> hand{};
    ClassCounts deck{};
  };
  // A card on the mission being played: by `seat`, of class `known_class`
  // when the viewer knows it (its own card), else -1.
  struct PlaySlot {
    int seat = 0;
    int known_class = -1;
  };
  // One way of splitting a revealed set between the play slots (the class
  // each took) and the deck, with its weight.
  struct Split {
    double weight = 0.0;
    std::array<std::int8_t, 4> choice{};
  };

  int tag(int card) const { return ((given_up_ >> card) & 1u) ? 1 : 0; }
  int card_class(int card) const { return class_of(card, tag(card)); }
  void note_public_facts(const Seen& seen);
  void shuffle_alike(int seat);
  template <typename F>
  void for_live(F&& f);
  int random_class(const ClassCounts& counts);
  int random_class_of_value(const ClassCounts& counts, int value);
  void weigh_known_take(int k, int seat);
  void reveal(loyalist_spies::CardMask cards);
  void enumerate_splits(const Particle& p, ClassCounts& left, std::size_t slot, double weight,
                        Split& split);
  bool normalise();
  void resample();

  SpiesSetup setup_;
  int viewer_;
  const ReferencePolicy& policy_;
  double resample_below_;
  Rng rng_;
  std::vector<Particle> particles_;
  std::vector<Particle> scratch_;
  std::vector<double> weights_;
  bool resample_due_ = false;
  int resamples_ = 0;
  loyalist_spies::CardMask given_up_ = 0;  // the viewer's own cards given up to the deck (tag 1)
  std::vector<PlaySlot> plays_;
  std::array<std::array<double, kNumClasses>, 4> slot_probability_{};
  std::vector<Split> splits_;
  std::array<std::uint64_t, 4> signature_{};
  std::uint64_t clock_ = 0;
};

}  // namespace kibitz::replays::analysis
