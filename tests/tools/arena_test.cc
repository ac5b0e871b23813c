// Tests of kibitz arena's parts, in process: the seating schedule, the engine
// (determinism across thread counts, paired deals, stopping, recording) and
// the statistics on known data. The command as a user runs it (errors,
// outputs, replay files, Ctrl-C) is tested in arena_cli_test.cc.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/verify.h"
#include "tools/arena/arena_output.h"
#include "tools/arena/arena_report.h"
#include "tools/arena/arena_runner.h"
#include "tools/arena/arena_schedule.h"
#include "tools/arena/statistics.h"

namespace kibitz::tools {
namespace {

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

// Every game's returns, by game index, collected through on_game.
struct CollectedGames {
  std::vector<std::int64_t> order;
  std::vector<std::vector<double>> returns;
};

ArenaResults play_collecting(const ArenaSetup& setup, std::int64_t deals, ArenaRunOptions options,
                             CollectedGames& into) {
  options.on_game = [&into](const FinishedArenaGame& game) {
    into.order.push_back(game.game);
    into.returns.push_back(game.returns);
  };
  return play_arena(setup, deals, options);
}

TEST(ArenaRunner, ResultsDoNotDependOnTheThreadCount) {
  const ArenaSetup setup = kuhn_setup({"random", "cfr(iters=50)"}, 11);
  CollectedGames serial_games;
  const ArenaResults serial = play_collecting(setup, 300, {}, serial_games);
  ASSERT_EQ(serial.num_finished(), 600);
  for (const int threads : {2, 3}) {
    ArenaRunOptions options;
    options.threads = threads;
    CollectedGames parallel_games;
    const ArenaResults parallel = play_collecting(setup, 300, options, parallel_games);
    ASSERT_EQ(parallel.num_finished(), 600);
    EXPECT_EQ(parallel_games.order, serial_games.order);
    for (std::size_t g = 0; g < 600; ++g) {
      ASSERT_EQ(serial_games.returns[g], parallel_games.returns[g])
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
  CollectedGames games;
  const ArenaResults results = play_collecting(setup, deals, options, games);
  EXPECT_GT(results.num_finished(), 0);
  EXPECT_LT(results.num_finished(), results.num_games());
  // Games are handed out in order and every game handed out is finished, so
  // the finished games are a prefix and only the last deal may be partial.
  const std::int64_t finished = results.num_finished();
  ASSERT_EQ(static_cast<std::int64_t>(games.order.size()), finished);
  for (std::int64_t g = 0; g < finished; ++g) {
    ASSERT_EQ(games.order[static_cast<std::size_t>(g)], g);
  }
  EXPECT_EQ(results.num_complete_deals(), finished / 3);
  const ArenaSummary summary = summarize_arena(setup, results);
  EXPECT_EQ(summary.deals_used, finished / 3);
  EXPECT_EQ(summary.games_finished, results.num_finished());

  // A stop before the start plays nothing.
  ArenaRunOptions stopped;
  stopped.stop = &stop;
  EXPECT_EQ(play_arena(setup, 10, stopped).num_finished(), 0);
}

// Games reach on_game once each, in game order, one call at a time,
// and are the same games for any thread count.
TEST(ArenaRunner, RecordsArriveInGameOrderForAnyThreadCount) {
  const ArenaSetup setup = kuhn_setup({"random", "cfr(iters=50)", "random"}, 8);
  std::vector<replays::ReplayRecord> serial;
  for (const int threads : {1, 2, 3}) {
    std::vector<replays::ReplayRecord> records;
    std::vector<std::int64_t> order;
    std::atomic<int> inside{0};
    bool overlapped = false;
    std::vector<std::vector<double>> returns;
    ArenaRunOptions options;
    options.threads = threads;
    options.record = true;
    options.on_game = [&](const FinishedArenaGame& game) {
      overlapped = overlapped || inside.fetch_add(1) != 0;
      order.push_back(game.game);
      records.push_back(*game.record);
      returns.push_back(game.returns);
      inside.fetch_sub(1);
    };
    const ArenaResults results = play_arena(setup, 100, options);
    ASSERT_EQ(results.num_finished(), 600);  // 3 agents, 2 seats: 6 seatings
    EXPECT_FALSE(overlapped) << threads << " threads";
    ASSERT_EQ(order.size(), 600u);
    for (std::int64_t g = 0; g < 600; ++g) {
      ASSERT_EQ(order[static_cast<std::size_t>(g)], g) << threads << " threads";
      const replays::ReplayRecord& record = records[static_cast<std::size_t>(g)];
      EXPECT_EQ(record.returns, returns[static_cast<std::size_t>(g)]);
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
  ArenaResults results(setup.schedule, 4);
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
  ArenaResults duplicate(setup.schedule, 4);
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
  results = ArenaResults(setup.schedule, 2);
  results.record(0, std::vector<double>{1, -1});
  results.record(1, std::vector<double>{1, -1});
  results.record(2, std::vector<double>{1, -1});
  EXPECT_EQ(summarize_arena(setup, results).deals_used, 1);
  EXPECT_EQ(summarize_arena(setup, results).games_finished, 3);
}

}  // namespace
}  // namespace kibitz::tools
