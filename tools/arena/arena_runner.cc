#include "tools/arena/arena_runner.h"

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "agents/agent.h"
#include "agents/match/match_runner.h"
#include "agents/match/seat_agents.h"
#include "agents/match/worker_pool.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/rng.h"
#include "replays/analysis/game_outcome.h"
#include "replays/recorder.h"

namespace kibitz::tools {
namespace {

// Hands games that finish in any order to a consumer in game order, one at
// a time: a game waits here until every game before it has been handed
// over. A worker may not start a game more than `ahead` games past the
// oldest one not yet handed over, so however long one game takes (or a
// descheduled thread sleeps) at most `ahead` finished games wait here, and a
// stop is honoured within that many games.
class InOrderGames {
 public:
  using Consumer = std::function<void(const FinishedArenaGame&)>;
  InOrderGames(Consumer consume, std::int64_t ahead)
      : consume_(std::move(consume)), ahead_(ahead) {}

  // Blocks until `game` is within the window. The oldest game not handed
  // over is always being played (games are taken in index order), so the
  // window always moves on, unless a game failed: then nothing waits.
  void wait_for_window(std::int64_t game) {
    std::unique_lock<std::mutex> lock(mutex_);
    moved_.wait(lock, [&] { return failed_ || game < next_ + ahead_; });
  }

  void deliver(FinishedArenaGame game) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (game.game != next_) {
      waiting_.emplace(game.game, std::move(game));
      return;
    }
    consume_(game);
    ++next_;
    for (auto it = waiting_.find(next_); it != waiting_.end(); it = waiting_.find(next_)) {
      consume_(it->second);
      waiting_.erase(it);
      ++next_;
    }
    moved_.notify_all();
  }

  // A game threw: it will never be delivered, so release every waiter.
  void fail() {
    const std::lock_guard<std::mutex> lock(mutex_);
    failed_ = true;
    moved_.notify_all();
  }

 private:
  Consumer consume_;
  const std::int64_t ahead_;
  std::mutex mutex_;  // one consumer call at a time, and guards the rest
  std::condition_variable moved_;
  std::int64_t next_ = 0;
  bool failed_ = false;
  std::map<std::int64_t, FinishedArenaGame> waiting_;
};

// How many games past the oldest unfinished one each worker may run ahead.
constexpr std::int64_t kGamesAheadPerThread = 32;

}  // namespace

std::uint64_t arena_deal_seed(std::uint64_t seed, std::int64_t deal) {
  return Rng(seed).child("deal", static_cast<std::uint64_t>(deal)).seed();
}

ArenaSetup make_arena_setup(std::shared_ptr<const Game> game, std::vector<std::string> agents,
                            std::uint64_t seed) {
  ArenaSchedule schedule(static_cast<int>(agents.size()), game->num_players());
  for (const std::string& spec : agents) {
    try {
      make_agent(spec, game, seed);
    } catch (const KibitzError& e) {
      throw error("agent '", spec, "': ", e.what());
    }
  }
  return ArenaSetup{std::move(game), std::move(agents), std::move(schedule), seed, AnswerRules{}};
}

namespace {

// Notes every move of a game in its replay record.
class RecordingObserver : public MatchObserver {
 public:
  explicit RecordingObserver(replays::Recorder& recorder) : recorder_(recorder) {}
  void on_move(const State& state, Player, Action action, const DecisionInfo* decision) override {
    recorder_.on_action(state, action, decision);
  }

 private:
  replays::Recorder& recorder_;
};

// play_deal with the agents taken from (and kept in) `agents`, reseeded for
// this deal: what a worker of play_arena runs for each game.
MatchResult play_deal_with(SeatAgents& agents, const std::shared_ptr<const Game>& game,
                           std::span<const std::string> seat_agents, std::uint64_t deal_seed,
                           replays::ReplayRecord* record, const AnswerRules& rules,
                           const std::atomic<bool>* hurry = nullptr) {
  KIBITZ_CHECK(static_cast<int>(seat_agents.size()) == game->num_players(),
               "play_deal: ", seat_agents.size(), " agents for ", game->num_players(), " seats");
  const Rng deal_root(deal_seed);
  std::vector<Agent*> seats;
  seats.reserve(seat_agents.size());
  for (std::size_t s = 0; s < seat_agents.size(); ++s) {
    seats.push_back(
        &agents.get(seat_agents[s], static_cast<Player>(s), deal_root.child("seat", s).seed()));
  }
  if (hurry != nullptr) {
    // The agents' own budgets, with the flag that cuts them short.
    ActBudget budget;
    budget.stop = hurry;
    for (Agent* agent : seats) agent->set_budget(budget);
  }
  // Only a recorded game pays for the record; the recorder's clock starts
  // after the agents are ready, so its duration is the game's play alone.
  std::optional<replays::Recorder> recorder;
  std::optional<RecordingObserver> observer;
  if (record != nullptr) {
    std::vector<std::string> specs;
    for (const Agent* agent : seats) specs.push_back(agent->spec());
    recorder.emplace(*game, deal_seed,
                     std::vector<std::string>(seat_agents.begin(), seat_agents.end()),
                     std::move(specs));
    observer.emplace(*recorder);
  }
  Rng chance = deal_root;
  MatchResult result =
      play_match(*game, seats, chance, observer ? &*observer : nullptr, rules);
  if (recorder) {
    *record = result.forfeit.happened()
                  ? recorder->finish_forfeited(*result.state, result.forfeit, result.returns)
                  : recorder->finish(*result.state);
  }
  return result;
}

// The agent spec in each seat of seating `rotation`.
std::vector<std::string> seated_specs(const ArenaSetup& setup, int rotation) {
  const std::span<const int> seating = setup.schedule.seating(rotation);
  std::vector<std::string> seat_agents;
  seat_agents.reserve(seating.size());
  for (const int agent : seating) {
    seat_agents.push_back(setup.agents[static_cast<std::size_t>(agent)]);
  }
  return seat_agents;
}

FinishedArenaGame play_scheduled_game(SeatAgents& agents, const ArenaSetup& setup,
                                  const std::vector<std::vector<std::string>>& seatings,
                                  std::int64_t game, const ArenaRunOptions& options) {
  const auto rotations = static_cast<std::int64_t>(seatings.size());
  FinishedArenaGame finished;
  finished.game = game;
  if (options.record) finished.record.emplace();
  MatchResult result =
      play_deal_with(agents, setup.game, seatings[static_cast<std::size_t>(game % rotations)],
                     arena_deal_seed(setup.seed, game / rotations),
                     finished.record ? &*finished.record : nullptr, setup.answers, options.hurry);
  finished.returns = std::move(result.returns);
  finished.roles = replays::analysis::role_letters(*result.state);
  finished.forfeit = std::move(result.forfeit);
  return finished;
}

}  // namespace

std::unique_ptr<State> play_deal(const std::shared_ptr<const Game>& game,
                                 std::span<const std::string> seat_agents, std::uint64_t deal_seed,
                                 replays::ReplayRecord* record, const AnswerRules& rules) {
  SeatAgents agents(game);
  return play_deal_with(agents, game, seat_agents, deal_seed, record, rules).state;
}

std::unique_ptr<State> play_arena_game(const ArenaSetup& setup, std::int64_t deal, int rotation,
                                       replays::ReplayRecord* record) {
  return play_deal(setup.game, seated_specs(setup, rotation), arena_deal_seed(setup.seed, deal),
                   record, setup.answers);
}

ArenaResults::ArenaResults(const ArenaSchedule& schedule, std::int64_t num_deals)
    : num_deals_(num_deals), tally_(schedule) {
  KIBITZ_CHECK(num_deals >= 0, "bad arena size");
}

void ArenaResults::record(std::int64_t game, std::span<const double> returns,
                          const Forfeit& forfeit) {
  KIBITZ_CHECK(game >= 0 && game < num_games(), "game ", game, " out of range");
  tally_.add(game, returns);
  if (!forfeit.happened()) return;
  const int rotation = static_cast<int>(game % num_rotations());
  const int agent = tally_.schedule().seating(rotation)[static_cast<std::size_t>(forfeit.seat)];
  if (forfeits_.empty()) forfeits_.assign(tally_.schedule().num_agents(), 0);
  ++forfeits_[static_cast<std::size_t>(agent)];
  if (examples_.size() < kForfeitExamples) {
    examples_.push_back(ForfeitExample{game, agent, forfeit});
  }
}

ArenaResults play_arena(const ArenaSetup& setup, std::int64_t num_deals,
                        const ArenaRunOptions& options) {
  ArenaResults results(setup.schedule, num_deals);
  const int rotations = results.num_rotations();
  std::vector<std::vector<std::string>> seatings;
  for (int r = 0; r < rotations; ++r) seatings.push_back(seated_specs(setup, r));
  // The statistics take the games in order too, so nothing of a game is
  // kept once it has been handed over.
  InOrderGames in_order([&](const FinishedArenaGame& game) {
    results.record(game.game, game.returns, game.forfeit);
    if (options.on_game) options.on_game(game);
  }, kGamesAheadPerThread * std::max(1, options.threads));

  WorkerPoolOptions pool;
  pool.threads = options.threads;
  pool.stop = options.stop;
  pool.progress = options.progress;
  pool.progress_interval = options.progress_interval;
  // Each worker keeps its agents for all its games (SeatAgents reseeds them
  // per deal), so an agent's set-up is paid once per worker, not per game.
  run_jobs(results.num_games(), pool, [&](int) -> Job {
    auto agents = std::make_shared<SeatAgents>(setup.game);
    return [&, agents](std::int64_t game) {
      in_order.wait_for_window(game);
      try {
        in_order.deliver(play_scheduled_game(*agents, setup, seatings, game, options));
      } catch (...) {
        in_order.fail();
        throw;
      }
    };
  });
  return results;
}

}  // namespace kibitz::tools
