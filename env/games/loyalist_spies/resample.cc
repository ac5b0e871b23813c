// Worlds from a seat's stream (resample.h): the rounds drawn one by one,
// the fast draw first and the complete method where it meets dead ends,
// then the world rebuilt by replaying the history drawn.
#include "env/games/loyalist_spies/resample.h"

#include <algorithm>
#include <string>
#include <typeinfo>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/games/loyalist_spies/knowledge_reader.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {
namespace {

thread_local SampleStats t_resample_stats;

[[noreturn]] void no_world(const SpiesKnowledge& knowledge, const RoundPlan& plan, RoundSearch result,
                           std::int64_t runs) {
  const int first = knowledge.observation_of(plan.known->begin) + 1;
  const int last = knowledge.observation_of(plan.known->end - 1) + 1;
  const int round = static_cast<int>(plan.known - knowledge.rounds().data()) + 1;
  const std::string why = result == RoundSearch::kNoWorld
                              ? "every way to place the cards it did not see contradicts one of them"
                              : "no consistent world found in " + std::to_string(runs) + " draws";
  const std::string where =
      first > 0 ? " (observations " + std::to_string(first) + " to " + std::to_string(last) + ")" : "";
  throw error("loyalist_spies: no world gives seat P", knowledge.viewer(), " the observations of round ", round, where,
              ": ", why);
}

}  // namespace

void SampleStats::add(const SampleStats& other) {
  worlds += other.worlds;
  rounds += other.rounds;
  attempts += other.attempts;
  complete += other.complete;
  complete_runs += other.complete_runs;
}

void draw_history(const SpiesKnowledge& knowledge, std::span<const RoundPlan> plans, Rng& rng,
                  std::span<Action> actions, const SamplerOptions& options, SampleStats* stats) {
  KIBITZ_CHECK(actions.size() >= static_cast<std::size_t>(knowledge.history_length()), "history buffer too small");
  Chooser fast(rng);
  for (const RoundPlan& plan : plans) {
    RoundDraw draw(plan);
    int attempts = 0;
    bool drawn = false;
    while (!drawn && attempts < options.fast_attempts) {
      drawn = draw.draw(fast);
      ++attempts;
    }
    std::int64_t runs = 0;
    if (!drawn) {
      const RoundSearch result = search_round(draw, rng, options.complete_budget, runs);
      if (result != RoundSearch::kFound) no_world(knowledge, plan, result, runs);
    }
    if (stats != nullptr) {
      ++stats->rounds;
      stats->attempts += attempts;
      stats->complete += drawn ? 0 : 1;
      stats->complete_runs += runs;
    }
    draw.write_actions(actions.subspan(static_cast<std::size_t>(plan.known->history_begin),
                                       static_cast<std::size_t>(plan.entries)));
  }
  if (stats != nullptr) ++stats->worlds;
}

SpiesWorldSampler::SpiesWorldSampler(std::shared_ptr<const Game> game, Player seat, std::span<const Observation> stream,
                                     SamplerOptions options)
    : WorldSampler(std::move(game), seat, stream), options_(options) {
  const auto* spies = dynamic_cast<const LoyalistSpiesGame*>(&this->game());
  KIBITZ_CHECK(spies != nullptr, "SpiesWorldSampler for ", this->game().spec());
  knowledge_.read(*spies, seat, this->stream());
  plans_.resize(knowledge_.rounds().size());
  for (std::size_t r = 0; r < plans_.size(); ++r) plans_[r].prepare(knowledge_, knowledge_.rounds()[r]);
  // One world, replayed with every move checked, to be sure the stream has
  // one: sample() can then not fail, short of a bug.
  std::vector<Action> actions(static_cast<std::size_t>(knowledge_.history_length()));
  Rng rng(0);
  draw_history(knowledge_, plans_, rng, actions, options_, nullptr);
  std::unique_ptr<State> world;
  try {
    world = this->game().state_from_history(actions);
  } catch (const KibitzError& e) {
    throw error(this->game().spec(), ": no world gives seat P", seat, " its observations: ", e.what());
  }
  const SeatStream got = world->seat_stream(seat);
  const SeatStream& want = this->stream();
  if (got != want) {
    const auto at = static_cast<std::size_t>(std::mismatch(got.begin(), got.end(), want.begin(), want.end()).second -
                                             want.begin());
    const std::string text = at < want.size() ? this->game().stream_spec().to_text(want[at]) : "the end";
    throw error(this->game().spec(), ": no world gives seat P", seat, " these observations: observation ", at + 1,
                " ('", text, "') cannot follow the ones before it");
  }
}

void SpiesWorldSampler::sample(Rng& rng, State& out) const {
  KIBITZ_CHECK(typeid(out) == typeid(LoyalistSpiesState) &&
                   (&out.game() == &game() || out.game().spec() == game().spec()),
               "a world of ", game().spec(), " drawn into a state of ", out.game().spec());
  static thread_local std::array<Action, kMaxGameEvents> actions;
  SampleStats stats;
  draw_history(knowledge_, plans_, rng, actions, options_, &stats);
  auto& world = static_cast<LoyalistSpiesState&>(out);
  world.reset();
  world.replay_unchecked(std::span<const Action>(actions.data(), static_cast<std::size_t>(knowledge_.history_length())));
  worlds_.fetch_add(stats.worlds, std::memory_order_relaxed);
  rounds_.fetch_add(stats.rounds, std::memory_order_relaxed);
  attempts_.fetch_add(stats.attempts, std::memory_order_relaxed);
  if (stats.complete > 0) {
    complete_.fetch_add(stats.complete, std::memory_order_relaxed);
    complete_runs_.fetch_add(stats.complete_runs, std::memory_order_relaxed);
  }
}

SampleStats SpiesWorldSampler::stats() const {
  SampleStats s;
  s.worlds = worlds_.load(std::memory_order_relaxed);
  s.rounds = rounds_.load(std::memory_order_relaxed);
  s.attempts = attempts_.load(std::memory_order_relaxed);
  s.complete = complete_.load(std::memory_order_relaxed);
  s.complete_runs = complete_runs_.load(std::memory_order_relaxed);
  return s;
}

const SampleStats& resample_stats() { return t_resample_stats; }

std::unique_ptr<WorldSampler> LoyalistSpiesGame::new_world_sampler(Player seat,
                                                                   std::span<const Observation> stream) const {
  return std::make_unique<SpiesWorldSampler>(shared(), seat, stream);
}

// A thin call of the sampler's draw: the seat's stream read as it is made,
// into buffers kept per thread, so after the first call nothing is allocated.
void LoyalistSpiesState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(typeid(out) == typeid(LoyalistSpiesState), "resample into a state of another game");
  auto& world = static_cast<LoyalistSpiesState&>(out);
  KIBITZ_CHECK(world.game_ptr() == game_ptr() || world.game().spec() == game().spec(),
               "resample into a state of another game variant");
  thread_local SpiesKnowledge knowledge;
  thread_local std::array<RoundPlan, kMaxRoundsLimit> plans;
  static thread_local std::array<Action, kMaxGameEvents> actions;
  thread_search();  // the complete method's buffers, made on the first call rather than when first needed
  // The seat's stream, read straight off the observation log (what
  // seat_stream copies out), without a buffer between them.
  StreamReader reader(static_cast<const LoyalistSpiesGame&>(game()), player, knowledge, false);
  const ObservationLog& observations = observation_log();
  const Audience heard = seat_audience(player);
  int index = 0;
  for (int i = 0; i < observations.size(); ++i) {
    if ((observations.audience(i) & heard) != 0) reader.add(index++, observations.observation(i));
  }
  reader.finish();
  const std::size_t rounds = knowledge.rounds().size();
  for (std::size_t r = 0; r < rounds; ++r) plans[r].prepare(knowledge, knowledge.rounds()[r]);
  draw_history(knowledge, std::span<const RoundPlan>(plans.data(), rounds), rng, actions, SamplerOptions{},
               &t_resample_stats);
  world.reset();
  world.replay_unchecked(std::span<const Action>(actions.data(), static_cast<std::size_t>(knowledge.history_length())));
}

}  // namespace kibitz::loyalist_spies
