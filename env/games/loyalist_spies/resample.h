// Worlds for Loyalist Spies search, drawn from one seat's stream alone
// (env/core/world_sampler.h): SpiesWorldSampler, which
// LoyalistSpiesGame::new_world_sampler returns, and the same draw behind
// LoyalistSpiesState::resample_from_infostate.
//
// Nothing here reads a true state. The seat's stream is read once into a
// SpiesKnowledge (knowledge.h: the log's events with every card the seat
// did not see unknown, and the stream refused, naming the observation, where
// the rules cannot produce it); each round's hidden cards and choices are
// then drawn from it (round_sampler.h: the method and its distribution) and
// the world is rebuilt by replaying the history drawn, so its stream for the
// seat is the stream given.
//
// Per round, the fast draw makes up to kFastAttempts random attempts; an
// attempt meets a dead end when a choice it made is contradicted by a later
// observation. When every attempt does, the complete method takes over: a
// depth-first search over the same decisions (round_search.cc), restarted
// on the Luby schedule, which tries every option the observations leave
// open, so it finds a world whenever the round has one, can reach every
// consistent world, and shows that there is none when it runs out of
// branches. SampleStats counts how often it is needed (bench/ reports the
// share); kCompleteBudget bounds its work on a stream it can neither
// explain nor rule out.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "env/core/rng.h"
#include "env/core/world_sampler.h"
#include "env/games/loyalist_spies/knowledge.h"
#include "env/games/loyalist_spies/round_sampler.h"

namespace kibitz::loyalist_spies {

// Random attempts per round before the complete method takes over.
inline constexpr int kFastAttempts = 64;
// Draws the complete method may run for one round before it gives up.
inline constexpr std::int64_t kCompleteBudget = 1'000'000;

// How the draws went.
struct SampleStats {
  std::int64_t worlds = 0;         // worlds drawn
  std::int64_t rounds = 0;         // rounds drawn
  std::int64_t attempts = 0;       // fast attempts made
  std::int64_t complete = 0;       // rounds the complete method drew
  std::int64_t complete_runs = 0;  // draws the complete method ran
  void add(const SampleStats& other);
};

// Tuning for tests: fast_attempts = 0 draws every round by the complete method.
struct SamplerOptions {
  int fast_attempts = kFastAttempts;
  std::int64_t complete_budget = kCompleteBudget;
};

// Draws the history of one world for `knowledge`, whose rounds' plans are
// `plans`, into `actions` (at least knowledge.history_length() long).
// Throws KibitzError naming the round when the complete method finds none.
void draw_history(const SpiesKnowledge& knowledge, std::span<const RoundPlan> plans, Rng& rng,
                  std::span<Action> actions, const SamplerOptions& options, SampleStats* stats);

class SpiesWorldSampler final : public WorldSampler {
 public:
  // Reads and checks the stream (KibitzError naming the observation the
  // rules cannot produce), and draws one world to make sure one exists.
  SpiesWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream,
                    SamplerOptions options = {});
  SpiesWorldSampler(const SpiesWorldSampler&) = delete;
  SpiesWorldSampler& operator=(const SpiesWorldSampler&) = delete;

  void sample(Rng& rng, State& out) const override;
  using WorldSampler::sample;

  const SpiesKnowledge& knowledge() const { return knowledge_; }
  // Totals over every sample() so far, from all threads.
  SampleStats stats() const;

 private:
  SpiesKnowledge knowledge_;
  std::vector<RoundPlan> plans_;  // point into knowledge_
  SamplerOptions options_;
  mutable std::atomic<std::int64_t> worlds_{0}, rounds_{0}, attempts_{0}, complete_{0}, complete_runs_{0};
};

// resample_from_infostate's totals on this thread (bench/ and tests read them).
const SampleStats& resample_stats();

}  // namespace kibitz::loyalist_spies
