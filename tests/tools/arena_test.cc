// Tests of kibitz arena: the seating schedule, the engine (determinism across
// thread counts, paired deals, stopping, recording), the statistics on known
// data, and the command as a user runs it (errors, outputs, replay files,
// Ctrl-C).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/games/loyalist_spies/scoring.h"
#include "replays/analysis/game_outcome.h"
#include "replays/replay_reader.h"
#include "replays/verify.h"
#include "tools/arena/arena_output.h"
#include "tools/arena/arena_report.h"
#include "tools/arena/arena_runner.h"
#include "tools/arena/arena_schedule.h"
#include "tools/arena/statistics.h"
#include "tools/command.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- schedule

TEST(ArenaSchedule, EveryAgentPlaysEverySeatEquallyOften) {
  for (const auto& [agents, seats] : std::vector<std::pair<int, int>>{
           {2, 2}, {3, 3}, {4, 4}, {2, 3}, {2, 4}, {3, 4}, {3, 2}, {4, 2}, {5, 3}, {2, 1}}) {
    const ArenaSchedule schedule(agents, seats);
    std::map<std::pair<int, int>, int> plays;  // (agent, seat) -> count
    for (int r = 0; r < schedule.num_rotations(); ++r) {
      ASSERT_EQ(static_cast<int>(schedule.seating(r).size()), seats);
      for (int s = 0; s < seats; ++s) ++plays[{schedule.agent_at(r, s), s}];
    }
    for (int a = 0; a < agents; ++a) {
      for (int s = 0; s < seats; ++s) {
        EXPECT_EQ((plays[{a, s}]), schedule.plays_per_seat_per_deal())
            << agents << " agents, " << seats << " seats: agent " << a << " seat " << s;
      }
    }
    EXPECT_EQ(schedule.plays_per_deal(), schedule.plays_per_seat_per_deal() * seats);
  }
}

TEST(ArenaSchedule, RotatesFillsCyclicallyOrArranges) {
  const ArenaSchedule rotate(3, 3);
  ASSERT_EQ(rotate.num_rotations(), 3);
  EXPECT_EQ(std::vector<int>(rotate.seating(1).begin(), rotate.seating(1).end()),
            (std::vector<int>{1, 2, 0}));
  // Two agents in three seats: A B A, then B A B.
  const ArenaSchedule fill(2, 3);
  ASSERT_EQ(fill.num_rotations(), 2);
  EXPECT_EQ(std::vector<int>(fill.seating(0).begin(), fill.seating(0).end()),
            (std::vector<int>{0, 1, 0}));
  EXPECT_EQ(std::vector<int>(fill.seating(1).begin(), fill.seating(1).end()),
            (std::vector<int>{1, 0, 1}));
  // Three agents in two seats: every ordered pair, so each pair meets in
  // both orders.
  const ArenaSchedule arrange(3, 2);
  ASSERT_EQ(arrange.num_rotations(), 6);
  std::set<std::vector<int>> seatings;
  for (int r = 0; r < 6; ++r) {
    const std::vector<int> seating(arrange.seating(r).begin(), arrange.seating(r).end());
    EXPECT_NE(seating[0], seating[1]);
    seatings.insert(seating);
  }
  EXPECT_EQ(seatings.size(), 6u);
}

TEST(ArenaSchedule, RefusesTooFewAgentsAndTooManySeatings) {
  EXPECT_THROW(ArenaSchedule(1, 2), KibitzError);
  EXPECT_THROW(ArenaSchedule(10, 5), KibitzError);  // 30240 seatings
  EXPECT_NO_THROW(ArenaSchedule(7, 4));             // 840
}

// ------------------------------------------------------------------ engine

ArenaSetup kuhn_setup(std::vector<std::string> agents, std::uint64_t seed,
                      const std::string& game = "kuhn_poker") {
  return make_arena_setup(load_game(game), std::move(agents), seed);
}

TEST(ArenaRunner, ResultsDoNotDependOnTheThreadCount) {
  const ArenaSetup setup = kuhn_setup({"random", "cfr(iters=50)"}, 11);
  ArenaRunOptions one;
  const ArenaResults serial = play_arena(setup, 300, one);
  ASSERT_EQ(serial.num_finished(), 600);
  for (const int threads : {2, 3}) {
    ArenaRunOptions options;
    options.threads = threads;
    const ArenaResults parallel = play_arena(setup, 300, options);
    ASSERT_EQ(parallel.num_finished(), 600);
    for (std::int64_t g = 0; g < 600; ++g) {
      const auto a = serial.returns(g);
      const auto b = parallel.returns(g);
      ASSERT_EQ(std::vector<double>(a.begin(), a.end()), std::vector<double>(b.begin(), b.end()))
          << "game " << g << " with " << threads << " threads";
    }
    std::ostringstream serial_json, parallel_json;
    const ArenaRunInfo info{600, 300, false};
    write_arena_json(serial_json, setup, info, summarize_arena(setup, serial));
    write_arena_json(parallel_json, setup, info, summarize_arena(setup, parallel));
    EXPECT_EQ(serial_json.str(), parallel_json.str());
  }
}

// Every seating of a deal sees the same chance stream: in Kuhn the cards.
TEST(ArenaRunner, SeatingsOfADealShareTheDeal) {
  for (const std::string game : {"kuhn_poker", "kuhn_poker(players=3)"}) {
    const ArenaSetup setup = kuhn_setup({"random", "cfr(iters=20)", "random"}, 5, game);
    const int players = setup.game->num_players();
    std::set<std::vector<Action>> distinct_deals;
    for (std::int64_t deal = 0; deal < 30; ++deal) {
      std::vector<Action> first;
      for (int r = 0; r < setup.schedule.num_rotations(); ++r) {
        const auto state = play_arena_game(setup, deal, r);
        const std::vector<Action> cards(state->history().begin(),
                                        state->history().begin() + players);
        if (r == 0) first = cards;
        EXPECT_EQ(cards, first) << game << " deal " << deal << " seating " << r;
      }
      distinct_deals.insert(first);
    }
    EXPECT_GT(distinct_deals.size(), 3u) << game << ": deals should differ";
  }
}

// Seat seeds depend on the seat, not on the agent, so two copies of one agent
// replay each other's games: the mirror match is an exact tie.
TEST(ArenaRunner, MirrorMatchIsAnExactTie) {
  const ArenaSetup setup = kuhn_setup({"random", "random"}, 3);
  for (std::int64_t deal = 0; deal < 20; ++deal) {
    EXPECT_EQ(play_arena_game(setup, deal, 0)->history(),
              play_arena_game(setup, deal, 1)->history());
  }
  const ArenaSummary summary = summarize_arena(setup, play_arena(setup, 200, {}));
  EXPECT_EQ(summary.agents[0].mean_return.mean, 0.0);
  EXPECT_EQ(summary.agents[0].mean_return.high, 0.0);
  EXPECT_DOUBLE_EQ(summary.agents[0].win_rate.mean, 0.5);
  EXPECT_NEAR(summary.agents[0].rating.rating, 0.0, 1e-9);
}

TEST(ArenaRunner, StopFlagFinishesRunningGamesAndKeepsWholeDeals) {
  const ArenaSetup setup = kuhn_setup({"random", "random", "random"}, 1, "kuhn_poker(players=3)");
  std::atomic<bool> stop{false};
  ArenaRunOptions options;
  options.threads = 2;
  options.stop = &stop;
  options.progress_interval = std::chrono::milliseconds(1);
  options.progress = [&stop](std::int64_t done, std::int64_t) {
    if (done > 0) stop.store(true);
  };
  const std::int64_t deals = 500'000;
  const ArenaResults results = play_arena(setup, deals, options);
  EXPECT_GT(results.num_finished(), 0);
  EXPECT_LT(results.num_finished(), results.num_games());
  // Games are handed out in order and every game handed out is finished, so
  // the finished games are a prefix and only the last deal may be partial.
  const std::int64_t finished = results.num_finished();
  for (std::int64_t g = 0; g < results.num_games(); ++g) {
    ASSERT_EQ(results.finished(g), g < finished) << "game " << g;
  }
  const std::vector<std::int64_t> complete = results.complete_deals();
  EXPECT_EQ(static_cast<std::int64_t>(complete.size()), finished / 3);
  const ArenaSummary summary = summarize_arena(setup, results);
  EXPECT_EQ(summary.deals_used, static_cast<std::int64_t>(complete.size()));
  EXPECT_EQ(summary.games_finished, results.num_finished());

  // A stop before the start plays nothing.
  ArenaRunOptions stopped;
  stopped.stop = &stop;
  EXPECT_EQ(play_arena(setup, 10, stopped).num_finished(), 0);
}

// Records reach on_record once per game, in game order, one call at a time,
// and are the same games for any thread count.
TEST(ArenaRunner, RecordsArriveInGameOrderForAnyThreadCount) {
  const ArenaSetup setup = kuhn_setup({"random", "cfr(iters=50)", "random"}, 8);
  std::vector<replays::ReplayRecord> serial;
  for (const int threads : {1, 2, 3}) {
    std::vector<replays::ReplayRecord> records;
    std::vector<std::int64_t> order;
    std::atomic<int> inside{0};
    bool overlapped = false;
    ArenaRunOptions options;
    options.threads = threads;
    options.on_record = [&](std::int64_t game, const replays::ReplayRecord& record) {
      overlapped = overlapped || inside.fetch_add(1) != 0;
      order.push_back(game);
      records.push_back(record);
      inside.fetch_sub(1);
    };
    const ArenaResults results = play_arena(setup, 100, options);
    ASSERT_EQ(results.num_finished(), 600);  // 3 agents, 2 seats: 6 seatings
    EXPECT_FALSE(overlapped) << threads << " threads";
    ASSERT_EQ(order.size(), 600u);
    for (std::int64_t g = 0; g < 600; ++g) {
      ASSERT_EQ(order[static_cast<std::size_t>(g)], g) << threads << " threads";
      const replays::ReplayRecord& record = records[static_cast<std::size_t>(g)];
      const auto returns = results.returns(g);
      EXPECT_EQ(record.returns, std::vector<double>(returns.begin(), returns.end()));
    }
    if (threads == 1) {
      serial = records;
      continue;
    }
    for (std::size_t g = 0; g < 600; ++g) {
      ASSERT_TRUE(replays::same_game(records[g], serial[g])) << "game " << g << ", " << threads;
    }
  }
}

// A record names the agent in each seat and the deal's seed, which is all it
// takes to play the game again; cfr's decisions become annotations.
TEST(ArenaRunner, RecordsCarryTheDealAndReplayFromTheirOwnFields) {
  const ArenaSetup setup = kuhn_setup({"cfr(iters=50)", "random"}, 21);
  int annotations = 0;
  for (std::int64_t deal = 0; deal < 10; ++deal) {
    for (int rotation = 0; rotation < 2; ++rotation) {
      replays::ReplayRecord record;
      const auto state = play_arena_game(setup, deal, rotation, &record);
      EXPECT_EQ(record.actions, state->history());
      EXPECT_EQ(record.returns, state->returns());
      EXPECT_EQ(record.game, setup.game->spec());
      EXPECT_EQ(record.seed, Rng(21).child("deal", static_cast<std::uint64_t>(deal)).seed());
      EXPECT_EQ(record.seed, arena_deal_seed(21, deal));
      const int first = setup.schedule.agent_at(rotation, 0);
      EXPECT_EQ(record.seat_labels[0], setup.agents[static_cast<std::size_t>(first)]);
      EXPECT_EQ(record.seat_labels[1], setup.agents[static_cast<std::size_t>(1 - first)]);
      EXPECT_TRUE(replays::verify_record(record).empty()) << "deal " << deal;
      annotations += static_cast<int>(record.annotations.size());
      // Played again from the record alone.
      EXPECT_EQ(play_deal(load_game(record.game), record.seat_labels, record.seed)->history(),
                record.actions)
          << "deal " << deal << " seating " << rotation;
    }
  }
  EXPECT_GT(annotations, 0) << "cfr reports its policy at every decision";
  // Without a record the game is the same.
  replays::ReplayRecord record;
  EXPECT_EQ(play_arena_game(setup, 3, 1)->history(),
            play_arena_game(setup, 3, 1, &record)->history());
}

TEST(ArenaRunner, BadAgentSpecIsNamed) {
  try {
    kuhn_setup({"random", "bogus_agent"}, 0);
    FAIL() << "expected an error";
  } catch (const KibitzError& e) {
    EXPECT_NE(std::string(e.what()).find("bogus_agent"), std::string::npos) << e.what();
  }
}

// -------------------------------------------------------------- statistics

TEST(Statistics, MeanIntervalOfAKnownSample) {
  const std::vector<double> sample = {1, 2, 3, 4, 5};
  const MeanEstimate e = estimate_mean(sample);
  EXPECT_DOUBLE_EQ(e.mean, 3.0);
  // s = sqrt(2.5), standard error s / sqrt(5) = sqrt(0.5).
  EXPECT_NEAR(e.high - e.mean, kZ95 * std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(e.mean - e.low, kZ95 * std::sqrt(0.5), 1e-12);
  EXPECT_EQ(e.samples, 5);
  const std::vector<double> one = {7};
  EXPECT_EQ(estimate_mean(one).low, 7.0);
  EXPECT_EQ(estimate_mean(one).high, 7.0);
  EXPECT_EQ(estimate_mean({}).samples, 0);
}

TEST(Statistics, WinningSeatsSplitTies) {
  EXPECT_EQ(winning_seats(std::vector<double>{1, -1}), (std::vector<int>{0}));
  EXPECT_EQ(winning_seats(std::vector<double>{-2, 1, 1}), (std::vector<int>{1, 2}));
}

PairwiseScores scores_from(const std::vector<std::vector<double>>& wins) {
  PairwiseScores scores(static_cast<int>(wins.size()));
  for (std::size_t a = 0; a < wins.size(); ++a) {
    for (std::size_t b = 0; b < wins.size(); ++b) {
      for (int i = 0; i < wins[a][b]; ++i) scores.add_win(static_cast<int>(a), static_cast<int>(b));
    }
  }
  return scores;
}

TEST(Statistics, BradleyTerryOrdersAHandMadeWinMatrix) {
  // A beats B 30-10 and C 35-5; B beats C 30-10.
  const PairwiseScores scores = scores_from({{0, 30, 35}, {10, 0, 30}, {5, 10, 0}});
  const std::vector<double> ratings = fit_bradley_terry(scores);
  ASSERT_EQ(ratings.size(), 3u);
  EXPECT_GT(ratings[0], ratings[1]);
  EXPECT_GT(ratings[1], ratings[2]);
  EXPECT_NEAR(ratings[0] + ratings[1] + ratings[2], 0.0, 1e-9);
}

TEST(Statistics, BradleyTerryMatchesTheTwoPlayerClosedForm) {
  // Without a prior, 3:1 odds are 400 log10(3) Elo apart, split around 0.
  const std::vector<double> ratings = fit_bradley_terry(scores_from({{0, 75}, {25, 0}}), 0.0);
  EXPECT_NEAR(ratings[0] - ratings[1], 400.0 * std::log10(3.0), 1e-6);
  EXPECT_NEAR(ratings[0], -ratings[1], 1e-9);
  // An agent that wins everything stays finite with the prior.
  const std::vector<double> sweep = fit_bradley_terry(scores_from({{0, 50}, {0, 0}}));
  EXPECT_TRUE(std::isfinite(sweep[0]));
  EXPECT_GT(sweep[0], 300.0);
}

TEST(Statistics, BradleyTerryIsSymmetricOnSymmetricData) {
  PairwiseScores scores =
      scores_from({{0, 20, 20, 20}, {20, 0, 20, 20}, {20, 20, 0, 20}, {20, 20, 20, 0}});
  scores.add_tie(0, 3);
  for (const double r : fit_bradley_terry(scores)) EXPECT_NEAR(r, 0.0, 1e-9);
  // Bootstrap over symmetric batches: intervals straddle 0 and mirror each
  // other for two agents.
  std::vector<PairwiseScores> batches;
  for (int i = 0; i < 50; ++i)
    batches.push_back(scores_from({{0, i % 2 == 0 ? 3.0 : 1.0}, {i % 2 == 0 ? 1.0 : 3.0, 0}}));
  const std::vector<RatingEstimate> estimates = bootstrap_bradley_terry(batches, 400, 9);
  EXPECT_NEAR(estimates[0].rating, 0.0, 1e-9);
  EXPECT_LT(estimates[0].low, 0.0);
  EXPECT_GT(estimates[0].high, 0.0);
  EXPECT_NEAR(estimates[0].low, -estimates[1].high, 1e-9);
  // Fixed seed, same intervals.
  EXPECT_EQ(bootstrap_bradley_terry(batches, 400, 9)[0].low, estimates[0].low);
}

// The per-agent and per-seat statistics on hand-written results.
TEST(Statistics, SummaryOfKnownResults) {
  const ArenaSetup setup = kuhn_setup({"random", "random"}, 0);
  ArenaResults results(4, 2, 2);
  // Deal d: the agent in seat 0 wins 1 + d; agent 0 is in seat 0 in seating 0.
  for (std::int64_t d = 0; d < 4; ++d) {
    const double x = 1.0 + static_cast<double>(d);
    results.record(d * 2, std::vector<double>{x, -x});
    results.record(d * 2 + 1, std::vector<double>{x, -x});
  }
  const ArenaSummary summary = summarize_arena(setup, results);
  EXPECT_EQ(summary.deals_used, 4);
  // Each agent wins x in seat 0 and loses x in seat 1: per-deal mean 0.
  EXPECT_EQ(summary.agents[0].mean_return.mean, 0.0);
  EXPECT_DOUBLE_EQ(summary.agents[0].win_rate.mean, 0.5);
  EXPECT_DOUBLE_EQ(summary.agents[0].mean_return_by_seat[0].mean, 2.5);
  EXPECT_DOUBLE_EQ(summary.agents[0].mean_return_by_seat[1].mean, -2.5);
  EXPECT_DOUBLE_EQ(summary.seats[0].mean_return.mean, 2.5);
  EXPECT_DOUBLE_EQ(summary.seats[0].win_rate.mean, 1.0);
  // Per-deal seat-0 means 1, 2, 3, 4: the interval of that sample.
  const MeanEstimate expected = estimate_mean(std::vector<double>{1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(summary.seats[0].mean_return.low, expected.low);
  EXPECT_EQ(summary.agents[0].seats_played, 8);
  // Every deal is a duplicate tie: ratings 0.
  EXPECT_NEAR(summary.agents[0].rating.rating, 0.0, 1e-9);

  // Agent 0 earns more than agent 1 facing it in three deals of four: it
  // wins those deals even though it loses the single big game of deal 3.
  ArenaResults duplicate(4, 2, 2);
  for (std::int64_t d = 0; d < 4; ++d) {
    const double edge = d < 3 ? 1.0 : -5.0;                         // agent 0's return in each game
    duplicate.record(d * 2, std::vector<double>{edge, -edge});      // agent 0 in seat 0
    duplicate.record(d * 2 + 1, std::vector<double>{-edge, edge});  // agent 0 in seat 1
  }
  const ArenaSummary duplicates = summarize_arena(setup, duplicate);
  EXPECT_DOUBLE_EQ(duplicates.agents[0].mean_return.mean, -0.5);
  EXPECT_DOUBLE_EQ(duplicates.agents[0].win_rate.mean, 0.75);
  EXPECT_GT(duplicates.agents[0].rating.rating, 0.0);
  EXPECT_NEAR(duplicates.agents[0].rating.rating, -duplicates.agents[1].rating.rating, 1e-9);
  // An incomplete deal is left out.
  results = ArenaResults(2, 2, 2);
  results.record(0, std::vector<double>{1, -1});
  results.record(1, std::vector<double>{1, -1});
  results.record(2, std::vector<double>{1, -1});
  EXPECT_EQ(summarize_arena(setup, results).deals_used, 1);
  EXPECT_EQ(summarize_arena(setup, results).games_finished, 3);
}

// --------------------------------------------------------------------- CLI

struct CommandRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

// A fresh scratch directory per test, removed at the end.
class ArenaCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("kibitz_arena_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `kibitz arena ARGS` through the shell (quote specs with parentheses).
  CommandRun arena(const std::string& args) {
    const std::string command = std::string("'") + KIBITZ_BINARY + "' arena " + args +
                                " </dev/null >'" + (dir_ / "out").string() + "' 2>'" +
                                (dir_ / "err").string() + "'";
    const int status = std::system(command.c_str());
    return CommandRun{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir_ / "out"),
                      read_text(dir_ / "err")};
  }

  void expect_bad_input(const std::string& args, const std::string& named) {
    const CommandRun run = arena(args);
    EXPECT_EQ(run.exit_code, kExitBadInput) << args << "\n" << run.out << run.err;
    EXPECT_NE(run.err.find(named), std::string::npos)
        << args << ": stderr should name '" << named << "':\n"
        << run.err;
  }

  fs::path dir_;
};

TEST_F(ArenaCli, BadInputIsNamed) {
  expect_bad_input("--game kuhn_poker --agents random,bogus_agent", "bogus_agent");
  expect_bad_input("--game kuhn_poker --agents 'random,cfr(foo=1)'", "foo");
  expect_bad_input("--game kuhn_poker --agents random,random --games 0", "--games");
  expect_bad_input("--game kuhn_poker --agents random,random --games -5", "--games");
  expect_bad_input("--game kuhn_poker --agents random,random --threads 0", "--threads");
  expect_bad_input("--game kuhn_poker --agents random", "--agents");
  expect_bad_input("--game kuhn_poker --agents random,,random", "--agents");
  expect_bad_input("--game kuhn_poker --agents 'random(,random'", "--agents");
  expect_bad_input("--game bogus_game --agents random,random", "bogus_game");
  expect_bad_input("--agents random,random", "--game");
  expect_bad_input("--game kuhn_poker --agents random,random --seed -1", "--seed");
  expect_bad_input("--game kuhn_poker --agents random,random --json /no/such/dir/r.json",
                   "/no/such/dir/r.json");
  expect_bad_input("--game kuhn_poker --agents random,random --record /no/such/dir/g.kbr",
                   "/no/such/dir/g.kbr");
}

TEST_F(ArenaCli, CfrBeatsRandomInKuhn) {
  const fs::path json = dir_ / "r.json";
  const CommandRun run = arena(
      "--game kuhn_poker --agents 'cfr(iters=200),random' --games 4000 --seed 1 "
      "--threads 2 --json '" +
      json.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  boost::property_tree::ptree tree;
  boost::property_tree::read_json(json.string(), tree);
  const auto& cfr = tree.get_child("agent_stats").begin()->second;
  EXPECT_EQ(cfr.get<std::string>("spec"), "cfr(iters=200)");
  EXPECT_GT(cfr.get<double>("mean_return.low"), 0.0) << run.out;
  // Ratings compare whole deals (duplicate scoring), so they follow chips
  // won, not hands won: CFR wins fewer hands than random (it gives up small
  // pots and takes big ones) yet rates clearly higher.
  EXPECT_GT(cfr.get<double>("rating.low"), 0.0) << run.out;
  EXPECT_LT(cfr.get<double>("win_rate.mean"), 0.5) << run.out;
  EXPECT_NE(run.out.find("cfr(iters=200)"), std::string::npos) << run.out;
}

TEST_F(ArenaCli, WritesParseableJsonAndCsv) {
  const fs::path json = dir_ / "r.json";
  const fs::path csv = dir_ / "games.csv";
  const CommandRun run = arena(
      "--game 'kuhn_poker(players=3)' --agents 'random,cfr(iters=30,max_nodes=100000)' "
      "--games 15 --seed 4 --quiet --json '" +
      json.string() + "' --csv '" + csv.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  EXPECT_EQ(run.err, "") << "--quiet prints nothing on stderr";
  // 15 games with 2 seatings per deal round up to 16.
  EXPECT_NE(run.out.find("16 = 8 deals x 2 seatings (15 requested, rounded up"), std::string::npos)
      << run.out;

  boost::property_tree::ptree tree;
  boost::property_tree::read_json(json.string(), tree);
  EXPECT_EQ(tree.get<std::string>("game"), "kuhn_poker(players=3)");
  EXPECT_EQ(tree.get<std::uint64_t>("seed"), 4u);
  EXPECT_EQ(tree.get<int>("games_planned"), 16);
  EXPECT_EQ(tree.get<int>("games_used"), 16);
  EXPECT_EQ(tree.get<bool>("interrupted"), false);
  std::vector<std::string> agents;
  for (const auto& item : tree.get_child("agents")) agents.push_back(item.second.data());
  EXPECT_EQ(agents, (std::vector<std::string>{"random", "cfr(iters=30,max_nodes=100000)"}));
  EXPECT_EQ(tree.get_child("seat_stats").size(), 3u);
  double sum = 0;  // zero-sum game, every agent equally often in every seat
  for (const auto& item : tree.get_child("agent_stats")) {
    sum += item.second.get<double>("mean_return.mean");
    EXPECT_EQ(item.second.get<int>("seats_played"), 8 * 3);
    EXPECT_EQ(item.second.get_child("mean_return_by_seat").size(), 3u);
  }
  EXPECT_NEAR(sum * 3.0 / 2.0, 0.0, 1e-9);

  std::istringstream lines(read_text(csv));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line,
            "game,deal,rotation,seat0_agent,seat1_agent,seat2_agent,seat0_return,seat1_return,"
            "seat2_return");
  int rows = 0;
  while (std::getline(lines, line)) {
    // The cfr spec holds a comma, so it is quoted.
    if (rows == 0) {
      EXPECT_EQ(line.rfind("0,0,0,random,\"cfr(iters=30,max_nodes=100000)\",random,", 0), 0u)
          << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 16);
  // No temporary files are left behind.
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files += entry.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 4);  // out, err, r.json, games.csv
}

// A game with roles: the CSV gives each seat's role in every round, one
// letter a round, as the scoring of the recorded game has them.
TEST_F(ArenaCli, CsvGivesEachSeatsRolesInLoyalistSpies) {
  const fs::path csv = dir_ / "games.csv";
  const fs::path kbr = dir_ / "games.kbr";
  const CommandRun run = arena(
      "--game 'loyalist_spies(rounds=2)' --agents random,heuristic --games 4 --seed 3 "
      "--quiet --csv '" +
      csv.string() + "' --record '" + kbr.string() + "'");
  ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
  std::istringstream lines(read_text(csv));
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line,
            "game,deal,rotation,seat0_agent,seat1_agent,seat2_agent,seat3_agent,seat0_return,"
            "seat1_return,seat2_return,seat3_return,seat0_roles,seat1_roles,seat2_roles,"
            "seat3_roles");
  const std::vector<replays::ReplayRecord> records = replays::read_replay_file(kbr.string());
  ASSERT_GE(records.size(), 4u);
  for (const replays::ReplayRecord& record : records) {
    ASSERT_TRUE(std::getline(lines, line));
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    ASSERT_EQ(fields.size(), 15u) << line;
    const std::unique_ptr<State> state = load_game(record.game)->state_from_history(record.actions);
    const replays::analysis::GameOutcome outcome = replays::analysis::public_outcome(*state);
    ASSERT_EQ(outcome.rounds.size(), 2u);
    for (std::size_t seat = 0; seat < 4; ++seat) {
      std::string expected;
      for (const replays::analysis::RoundOutcome& round : outcome.rounds) {
        ASSERT_TRUE(round.scored);
        expected += loyalist_spies::role_name(round.roles[seat]).front();
      }
      EXPECT_EQ(fields[11 + seat], expected) << line;
    }
  }
  EXPECT_FALSE(std::getline(lines, line)) << "more rows than records: " << line;
}

TEST_F(ArenaCli, OutputIsTheSameForAnyThreadCount) {
  const std::string args = "--game leduc_poker --agents random,random,random --games 600 --seed 2";
  const CommandRun one = arena(args + " --threads 1");
  const CommandRun two = arena(args + " --threads 2");
  ASSERT_EQ(one.exit_code, kExitOk) << one.err;
  ASSERT_EQ(two.exit_code, kExitOk) << two.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_NE(one.out.find("rating"), std::string::npos) << one.out;
}

// Every game lands in the replay file in game order, the file verifies, and
// it holds the same games for any thread count (the records differ only in
// their wall-clock fields, start time and duration).
TEST_F(ArenaCli, RecordWritesEveryGameInOrderForAnyThreadCount) {
  const std::string args =
      "--game 'kuhn_poker(players=3)' --agents 'random,cfr(iters=30,max_nodes=100000)' "
      "--games 2000 --seed 4 --quiet";
  std::vector<std::vector<replays::ReplayRecord>> files;
  for (const int threads : {1, 2}) {
    const fs::path path = dir_ / ("games" + std::to_string(threads) + ".kbr");
    const fs::path csv = dir_ / ("games" + std::to_string(threads) + ".csv");
    const CommandRun run = arena(args + " --threads " + std::to_string(threads) + " --record '" +
                                 path.string() + "' --csv '" + csv.string() + "'");
    ASSERT_EQ(run.exit_code, kExitOk) << run.out << run.err;
    EXPECT_NE(run.out.find("recorded 2000 games to " + path.string()), std::string::npos)
        << run.out;
    files.push_back(replays::read_replay_file(path.string()));
    ASSERT_EQ(files.back().size(), 2000u);

    // Record g is game g: the CSV row of game g lists the same returns.
    std::istringstream lines(read_text(csv));
    std::string line;
    std::getline(lines, line);  // header
    for (const replays::ReplayRecord& record : files.back()) {
      ASSERT_TRUE(std::getline(lines, line));
      std::string tail;
      for (const double r : record.returns) {
        std::ostringstream number;
        number << r;
        tail += "," + number.str();
      }
      ASSERT_TRUE(line.ends_with(tail)) << line << " vs" << tail;
    }

    const std::string verify = "'" + std::string(KIBITZ_BINARY) + "' replay verify '" +
                               path.string() + "' --expect-game 'kuhn_poker(players=3)' >'" +
                               (dir_ / "verify").string() + "'";
    const int status = std::system(verify.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == kExitOk) << read_text(dir_ / "verify");
    EXPECT_NE(read_text(dir_ / "verify").find("2000 records, all verified"), std::string::npos)
        << read_text(dir_ / "verify");
  }
  for (std::size_t g = 0; g < 2000; ++g) {
    ASSERT_TRUE(replays::same_game(files[0][g], files[1][g])) << "record " << g;
    // Seating g mod 2 of deal g / 2, both seatings of a deal from one seed.
    ASSERT_EQ(files[0][g].seed, arena_deal_seed(4, static_cast<std::int64_t>(g / 2))) << g;
    ASSERT_EQ(files[0][g].seat_labels[0], g % 2 == 0 ? "random" : "cfr(iters=30,max_nodes=100000)")
        << g;
  }
  // No temporary files are left behind: out, err, verify, two .kbr, two .csv.
  int files_left = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files_left += entry.is_regular_file();
  EXPECT_EQ(files_left, 7);
}

// Starts a long `kibitz arena` in a child process, sends it SIGINT `delay`
// after it printed its plan (by then Ctrl-C is handled) and waits for it.
// Returns the exit status (-1 if it did not exit normally); stdout lands in
// dir/out, the JSON summary in dir/r.json and the replay file in dir/g.kbr.
int interrupt_arena(const fs::path& dir, std::chrono::milliseconds delay) {
  const fs::path out = dir / "out";
  const std::string json = (dir / "r.json").string();
  const std::string record = (dir / "g.kbr").string();
  const std::string err = (dir / "err").string();
  fs::remove(out);
  const pid_t child = ::fork();
  if (child < 0) return -1;
  if (child == 0) {
    if (std::freopen(out.c_str(), "w", stdout) == nullptr) std::_Exit(99);
    if (std::freopen(err.c_str(), "w", stderr) == nullptr) std::_Exit(99);
    // One thread: about ten seconds of games in a release build.
    ::execl(KIBITZ_BINARY, "kibitz", "arena", "--game", "kuhn_poker", "--agents", "random,random",
            "--games", "10000000", "--json", json.c_str(), "--record", record.c_str(),
            static_cast<char*>(nullptr));
    std::_Exit(98);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (read_text(out).find("games: ") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::this_thread::sleep_for(delay);
  ::kill(child, SIGINT);
  int status = 0;
  while (::waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Ctrl-C: running games finish, the complete deals are reported, every
// finished game is in the replay file, exit 130.
TEST_F(ArenaCli, InterruptPrintsPartialResultsAndExits130) {
  // Slow builds (sanitizers) may take a while to reach the first game: wait
  // longer until an interrupted run has finished some.
  for (const int delay_ms : {300, 1000, 3000}) {
    const int status = interrupt_arena(dir_, std::chrono::milliseconds(delay_ms));
    ASSERT_EQ(status, kExitInterrupted) << read_text(dir_ / "out") << read_text(dir_ / "err");
    const std::string text = read_text(dir_ / "out");
    EXPECT_NE(text.find("interrupted after "), std::string::npos) << text;
    EXPECT_NE(text.find("of 10000000 games"), std::string::npos) << text;
    boost::property_tree::ptree tree;
    boost::property_tree::read_json((dir_ / "r.json").string(), tree);
    EXPECT_EQ(tree.get<bool>("interrupted"), true);
    const auto finished = tree.get<std::int64_t>("games_finished");
    EXPECT_LT(finished, 10000000);
    // The replay file holds every finished game, in game order (checked by
    // the deal seed shared by each pair of records), and nothing else.
    replays::ReplayReader reader((dir_ / "g.kbr").string(), "kuhn_poker");
    replays::ReplayRecord record;
    std::int64_t records = 0;
    while (reader.next(record)) {
      ASSERT_EQ(record.seed, arena_deal_seed(0, records / 2)) << "record " << records;
      if (records % 1000 == 0) {
        EXPECT_TRUE(replays::verify_record(record).empty()) << "record " << records;
      }
      ++records;
    }
    EXPECT_EQ(records, finished);
    EXPECT_NE(text.find("recorded " + std::to_string(finished) + " games"), std::string::npos)
        << text;
    if (finished == 0) continue;
    EXPECT_NE(text.find("results over "), std::string::npos) << text;
    EXPECT_EQ(tree.get<std::int64_t>("deals_used"), finished / 2);
    return;
  }
  FAIL() << "no game finished before the interrupt";
}

}  // namespace
}  // namespace kibitz::tools
