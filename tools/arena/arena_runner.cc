#include "tools/arena/arena_runner.h"

#include <algorithm>
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
std::unique_ptr<State> play_deal_with(SeatAgents& agents, const std::shared_ptr<const Game>& game,
                                      std::span<const std::string> seat_agents,
                                      std::uint64_t deal_seed, replays::ReplayRecord* record) {
  KIBITZ_CHECK(static_cast<int>(seat_agents.size()) == game->num_players(),
               "play_deal: ", seat_agents.size(), " agents for ", game->num_players(), " seats");
  const Rng deal_root(deal_seed);
  std::vector<Agent*> seats;
  seats.reserve(seat_agents.size());
  for (std::size_t s = 0; s < seat_agents.size(); ++s) {
    seats.push_back(
        &agents.get(seat_agents[s], static_cast<Player>(s), deal_root.child("seat", s).seed()));
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
  std::unique_ptr<State> state = play_game(*game, seats, chance, observer ? &*observer : nullptr);
  if (recorder) *record = recorder->finish(*state);
  return state;
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

}  // namespace

std::unique_ptr<State> play_deal(const std::shared_ptr<const Game>& game,
                                 std::span<const std::string> seat_agents, std::uint64_t deal_seed,
                                 replays::ReplayRecord* record) {
  SeatAgents agents(game);
  return play_deal_with(agents, game, seat_agents, deal_seed, record);
}

std::unique_ptr<State> play_arena_game(const ArenaSetup& setup, std::int64_t deal, int rotation,
                                       replays::ReplayRecord* record) {
  return play_deal(setup.game, seated_specs(setup, rotation), arena_deal_seed(setup.seed, deal),
                   record);
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
  ArenaResults results(num_deals, setup.schedule.num_rotations(), setup.game->num_players());
  const int rotations = results.num_rotations();
  std::vector<std::vector<std::string>> seatings;
  for (int r = 0; r < rotations; ++r) seatings.push_back(seated_specs(setup, r));
  std::optional<InOrderRecords> records;
  if (options.on_record) records.emplace(options.on_record);

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
      replays::ReplayRecord record;
      const std::unique_ptr<State> final_state = play_deal_with(
          *agents, setup.game, seatings[static_cast<std::size_t>(game % rotations)],
          arena_deal_seed(setup.seed, game / rotations), records ? &record : nullptr);
      results.record(game, final_state->returns(), replays::analysis::role_letters(*final_state));
      if (records) records->deliver(game, std::move(record));
    };
  });
  return results;
}

}  // namespace kibitz::tools
