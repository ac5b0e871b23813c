#include "tools/arena/arena_runner.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "agents/agent.h"
#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/core/seat_view.h"
#include "replays/analysis/game_outcome.h"
#include "replays/recorder.h"

namespace kibitz::tools {
namespace {

// Hands records of games that finish in any order to a consumer in game
// order, one at a time: a record waits here until every game before it has
// been handed over. Games are taken in index order and each takes a bounded
// time, so few wait at once.
class InOrderRecords {
 public:
  using Consumer = std::function<void(std::int64_t, const replays::ReplayRecord&)>;
  explicit InOrderRecords(const Consumer& consume) : consume_(consume) {}

  void deliver(std::int64_t game, replays::ReplayRecord record) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (game != next_) {
      waiting_.emplace(game, std::move(record));
      return;
    }
    consume_(game, record);
    ++next_;
    for (auto it = waiting_.find(next_); it != waiting_.end(); it = waiting_.find(next_)) {
      consume_(next_, it->second);
      waiting_.erase(it);
      ++next_;
    }
  }

 private:
  const Consumer& consume_;
  std::mutex mutex_;  // one consumer call at a time, and guards the rest
  std::int64_t next_ = 0;
  std::map<std::int64_t, replays::ReplayRecord> waiting_;
};

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
  return ArenaSetup{std::move(game), std::move(agents), std::move(schedule), seed};
}

std::unique_ptr<State> play_deal(const std::shared_ptr<const Game>& game,
                                 std::span<const std::string> seat_agents, std::uint64_t deal_seed,
                                 replays::ReplayRecord* record) {
  KIBITZ_CHECK(static_cast<int>(seat_agents.size()) == game->num_players(),
               "play_deal: ", seat_agents.size(), " agents for ", game->num_players(), " seats");
  const Rng deal_root(deal_seed);
  std::vector<std::unique_ptr<Agent>> agents;
  agents.reserve(seat_agents.size());
  for (std::size_t s = 0; s < seat_agents.size(); ++s) {
    agents.push_back(make_agent(seat_agents[s], game, deal_root.child("seat", s).seed()));
    agents.back()->new_game(static_cast<Player>(s));
  }
  // Only a recorded game pays for the record; the recorder's clock starts
  // after the agents are built, so its duration is the game's play alone.
  std::optional<replays::Recorder> recorder;
  if (record != nullptr) {
    std::vector<std::string> specs;
    for (const auto& agent : agents) specs.push_back(agent->spec());
    recorder.emplace(*game, deal_seed,
                     std::vector<std::string>(seat_agents.begin(), seat_agents.end()),
                     std::move(specs));
  }
  Rng chance = deal_root;
  ChanceOutcomeList outcomes;
  std::vector<double> weights;
  std::unique_ptr<State> state = game->new_initial_state();
  while (!state->is_terminal()) {
    const Player actor = state->current_player();
    Action action = kInvalidAction;
    const Agent* mover = nullptr;
    if (actor == kChancePlayer) {
      // Exactly one draw per chance event keeps the streams of a deal's
      // seatings aligned event by event.
      state->chance_outcomes(outcomes);
      weights.clear();
      for (const ChanceOutcome& outcome : outcomes) weights.push_back(outcome.probability);
      action = outcomes[chance.sample_index(weights)].action;
    } else {
      Agent& agent = *agents[static_cast<std::size_t>(actor)];
      action = agent.act(SeatView(*state, actor));
      KIBITZ_CHECK(state->is_legal(action), "agent ", agent.spec(), " chose illegal action ",
                   action);
      mover = &agent;
    }
    if (recorder) {
      recorder->on_action(*state, action, mover != nullptr ? mover->last_decision() : nullptr);
    }
    state->apply_action(action);
  }
  if (recorder) *record = recorder->finish(*state);
  return state;
}

std::unique_ptr<State> play_arena_game(const ArenaSetup& setup, std::int64_t deal, int rotation,
                                       replays::ReplayRecord* record) {
  const std::span<const int> seating = setup.schedule.seating(rotation);
  std::vector<std::string> seat_agents;
  seat_agents.reserve(seating.size());
  for (const int agent : seating) {
    seat_agents.push_back(setup.agents[static_cast<std::size_t>(agent)]);
  }
  return play_deal(setup.game, seat_agents, arena_deal_seed(setup.seed, deal), record);
}

ArenaResults::ArenaResults(std::int64_t num_deals, int num_rotations, int num_seats)
    : num_deals_(num_deals), num_rotations_(num_rotations), num_seats_(num_seats) {
  KIBITZ_CHECK(num_deals >= 0 && num_rotations > 0 && num_seats > 0, "bad arena size");
  returns_.assign(static_cast<std::size_t>(num_games() * num_seats), 0.0);
  roles_.assign(static_cast<std::size_t>(num_games() * num_seats), std::string());
  finished_.assign(static_cast<std::size_t>(num_games()), 0);
}

std::int64_t ArenaResults::num_finished() const {
  std::int64_t count = 0;
  for (const char f : finished_) count += f != 0 ? 1 : 0;
  return count;
}

std::vector<std::int64_t> ArenaResults::complete_deals() const {
  std::vector<std::int64_t> deals;
  for (std::int64_t deal = 0; deal < num_deals_; ++deal) {
    bool complete = true;
    for (int r = 0; r < num_rotations_ && complete; ++r) {
      complete = finished(deal * num_rotations_ + r);
    }
    if (complete) deals.push_back(deal);
  }
  return deals;
}

std::span<const double> ArenaResults::returns(std::int64_t game) const {
  KIBITZ_CHECK(finished(game), "game ", game, " has not finished");
  return std::span<const double>(returns_).subspan(static_cast<std::size_t>(game * num_seats_),
                                                   static_cast<std::size_t>(num_seats_));
}

std::span<const std::string> ArenaResults::roles(std::int64_t game) const {
  KIBITZ_CHECK(finished(game), "game ", game, " has not finished");
  return std::span<const std::string>(roles_).subspan(static_cast<std::size_t>(game * num_seats_),
                                                      static_cast<std::size_t>(num_seats_));
}

void ArenaResults::record(std::int64_t game, std::span<const double> returns,
                          std::span<const std::string> roles) {
  KIBITZ_CHECK(game >= 0 && game < num_games(), "game ", game, " out of range");
  KIBITZ_CHECK(static_cast<int>(returns.size()) == num_seats_, "wrong number of returns");
  KIBITZ_CHECK(roles.empty() || static_cast<int>(roles.size()) == num_seats_,
               "wrong number of roles");
  std::copy(returns.begin(), returns.end(),
            returns_.begin() + static_cast<std::ptrdiff_t>(game * num_seats_));
  std::copy(roles.begin(), roles.end(),
            roles_.begin() + static_cast<std::ptrdiff_t>(game * num_seats_));
  finished_[static_cast<std::size_t>(game)] = 1;
}

ArenaResults play_arena(const ArenaSetup& setup, std::int64_t num_deals,
                        const ArenaRunOptions& options) {
  KIBITZ_CHECK(options.threads >= 1, "an arena needs at least one thread");
  ArenaResults results(num_deals, setup.schedule.num_rotations(), setup.game->num_players());
  const std::int64_t total = results.num_games();

  std::atomic<std::int64_t> next_game{0};
  std::atomic<std::int64_t> games_done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr failure;
  std::mutex mutex;  // guards failure and workers_left
  std::condition_variable all_done;
  int workers_left = options.threads;

  auto stopping = [&] {
    return failed.load() || (options.stop != nullptr && options.stop->load());
  };
  std::optional<InOrderRecords> records;
  if (options.on_record) records.emplace(options.on_record);

  auto work = [&] {
    try {
      std::vector<double> returns;
      replays::ReplayRecord record;
      while (!stopping()) {
        const std::int64_t game = next_game.fetch_add(1);
        if (game >= total) break;
        const std::unique_ptr<State> final_state = play_arena_game(
            setup, game / results.num_rotations(), static_cast<int>(game % results.num_rotations()),
            records ? &record : nullptr);
        returns = final_state->returns();
        results.record(game, returns, replays::analysis::role_letters(*final_state));
        if (records) records->deliver(game, std::move(record));
        games_done.fetch_add(1);
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      failed.store(true);
    }
    const std::lock_guard<std::mutex> lock(mutex);
    --workers_left;
    all_done.notify_all();
  };

  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(options.threads));
  for (int t = 0; t < options.threads; ++t) workers.emplace_back(work);
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (!all_done.wait_for(lock, options.progress_interval, [&] { return workers_left == 0; })) {
      if (options.progress) {
        lock.unlock();
        options.progress(games_done.load(), total);
        lock.lock();
      }
    }
  }
  for (std::thread& worker : workers) worker.join();
  if (failure) std::rethrow_exception(failure);
  if (options.progress) options.progress(games_done.load(), total);
  return results;
}

}  // namespace kibitz::tools
