// kibitz_corpus_bench: the replay corpus (replays/corpus/, docs/corpus.md).
//
//   add_spies          `kibitz corpus add` of a file of 2,000 random Loyalist
//                      Spies games into a new corpus, plays kept but bluffs
//                      not judged (--no-bluffs), one thread: games per second
//                      (issue 35's target: at least 2,000)
//   add_spies_bluffs   the same for 8 games with bluffs judged at replay
//                      report's defaults (1,000 particles, 4 replicates): the
//                      belief filters' cost, for scale
//   agents_report      the per-agent report over a corpus of 100,000
//                      synthetic games (400,000 seat rows in four games and
//                      eight agents, written once): seconds per report
//                      (target: under 1 s)
//   named_report/NAME  each other named report over the same corpus, whose
//                      decision tables hold as many rows a game as real
//                      arena games (about 6 million in all) and whose
//                      tallies are summed from them as `corpus add` does
//
// Files live in the temporary directory and are removed at the end.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bench/random_playout.h"
#include "env/core/registry.h"
#include "replays/corpus/corpus_reports.h"
#include "replays/corpus/corpus_schema.h"
#include "replays/corpus/corpus_tallies.h"
#include "replays/corpus/corpus_writer.h"
#include "replays/corpus/report_catalog.h"
#include "replays/record_codec.h"
#include "replays/recorder.h"

namespace kibitz::bench {
namespace {

namespace fs = std::filesystem;
namespace corpus = replays::corpus;

constexpr std::uint64_t kSeed = 20261203;
constexpr int kSynthesizedGames = 100000;

std::string temp_path(const std::string& name) {
  return (fs::temp_directory_path() / ("kibitz_corpus_bench_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

// `games` random games of `spec` written to a replay file; returns its path.
std::string write_games(const std::string& spec, int games, const std::string& name) {
  const std::shared_ptr<const Game> game = load_game(spec);
  const std::vector<std::string> labels = {"random", "heuristic", "random", "heuristic"};
  const std::vector<std::string> seats(labels.begin(), labels.begin() + game->num_players());
  PlayoutBuffers buffers(*game);
  Rng rng(kSeed);
  std::string frames;
  for (int i = 0; i < games; ++i) {
    replays::Recorder recorder(*game, kSeed + static_cast<std::uint64_t>(i), seats, seats);
    std::unique_ptr<State> state = game->new_initial_state();
    while (!state->is_terminal()) {
      const Action action = random_move(*state, rng, buffers);
      recorder.on_action(*state, action);
      state->apply_action(action);
    }
    replays::append_frame(recorder.finish(*state), frames);
  }
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << frames;
  return path;
}

void remove_corpus(const std::string& path) {
  fs::remove(path);
  fs::remove(path + "-journal");
}

void add_file(benchmark::State& state, int games, bool bluffs) {
  const std::string replays_path = write_games("loyalist_spies", games, bluffs ? "bluffs.kbr" : "plain.kbr");
  const std::string db_path = temp_path("add.db");
  corpus::AddOptions options;
  options.analysis.bluffs = bluffs;
  options.threads = 1;
  for (auto _ : state) {
    state.PauseTiming();
    remove_corpus(db_path);
    state.ResumeTiming();
    const auto db = corpus::open_corpus(db_path, corpus::OpenMode::kCreate);
    const corpus::AddResult result = corpus::add_replay_file(*db, replays_path, options);
    benchmark::DoNotOptimize(result.games);
  }
  state.SetItemsProcessed(state.iterations() * games);
  state.counters["db_bytes_per_game"] = static_cast<double>(fs::file_size(db_path)) / games;
  remove_corpus(db_path);
  fs::remove(replays_path);
}

void BM_AddSpies(benchmark::State& state) { add_file(state, 2000, false); }
void BM_AddSpiesBluffs(benchmark::State& state) { add_file(state, 8, true); }

// Rows per game in the decision tables, as in heuristic-vs-random arena
// games of four seats (measured on 8 games of each): Spies plays, Adulting
// claims and bids, laws.
constexpr int kSpiesPlays = 75;
constexpr int kClaims = 129;
constexpr int kBids = 25;
constexpr int kLaws = 10;

int draw(Rng& rng, int bound) { return static_cast<int>(rng.uniform_int(static_cast<std::uint64_t>(bound))); }

// The decision rows of one synthetic game, so that the reports over
// spies_plays, adulting_claims, adulting_bids and laws (and the tallies
// summed from them) read as many rows as a corpus of real games would hold.
struct DecisionInserts {
  explicit DecisionInserts(corpus::Database& db)
      : play(db, "INSERT INTO spies_plays(game_id, round, mission, seat, card, traitor, place, fit, "
                 "honest_card, effect, effect_error, bluff, belief_before, belief_after, fooled) "
                 "VALUES (?1, ?2, ?3, ?4, 7, ?5, 'high', 'matched', ?6, ?7, 0.01, ?8, ?9, ?10, 0)"),
        claim(db, "INSERT INTO adulting_claims(game_id, round, seat, truth_adult, claim_adult, lie, ups, "
                  "downs, stands, won_card) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 2, 1, ?7, ?8)"),
        bid(db, "INSERT INTO adulting_bids(game_id, round, card, seat, bid, value, monies, won, refund, "
                "overbid) VALUES (?1, ?2, 3, ?3, ?4, ?5, 40, ?6, 0, ?7)"),
        law(db, "INSERT INTO laws(game_id, serial, maker, made_turn, fate, amendments, enforced, pay, "
                "maker_net, others_net) VALUES (?1, ?2, ?3, ?2, ?4, 0, ?5, 4, ?6, ?7)"),
        tallies(db) {}

  void add(std::int64_t game_id, const std::string& name, Rng& rng) {
    if (name == "loyalist_spies") {
      for (int i = 0; i < kSpiesPlays; ++i) {
        const double before = rng.uniform_double();
        play.bind(1, game_id).bind(2, i / 20).bind(3, i / 4 % 5).bind(4, i % 4).bind(5, draw(rng, 4) == 0 ? 1 : 0);
        if (draw(rng, 2) == 0) play.bind(6, 3).bind(7, rng.uniform_double() - 0.5);
        play.bind(8, draw(rng, 12) == 0 ? 1 : 0).bind(9, before).bind(10, rng.uniform_double()).run();
      }
      tallies.spies(game_id);
    } else if (name == "adulting") {
      for (int i = 0; i < kClaims; ++i) {
        const int truth = draw(rng, 2);
        const int claimed = draw(rng, 4) == 0 ? 1 - truth : truth;
        claim_row(game_id, i, truth, claimed, rng);
      }
      for (int i = 0; i < kBids; ++i) {
        const int bid_value = draw(rng, 30);
        const int value = draw(rng, 30);
        bid.bind(1, game_id).bind(2, i).bind(3, draw(rng, 4)).bind(4, bid_value).bind(5, value);
        bid.bind(6, draw(rng, 2)).bind(7, bid_value > value ? 1 : 0).run();
      }
      tallies.adulting(game_id);
    } else if (name == "laws_and_disorder") {
      const char* fates[] = {"on the table", "dropped", "destroyed"};
      for (int i = 0; i < kLaws; ++i) {
        law.bind(1, game_id).bind(2, i + 1).bind(3, draw(rng, 4)).bind(4, std::string_view(fates[draw(rng, 3)]));
        law.bind(5, draw(rng, 3)).bind(6, draw(rng, 20) - 5).bind(7, draw(rng, 20) - 10).run();
      }
    }
  }

  void claim_row(std::int64_t game_id, int i, int truth, int claim_adult, Rng& rng) {
    claim.bind(1, game_id).bind(2, i / 4).bind(3, i % 4).bind(4, truth).bind(5, claim_adult);
    claim.bind(6, truth != claim_adult ? 1 : 0).bind(7, draw(rng, 2)).bind(8, draw(rng, 4) == 0 ? 1 : 0).run();
  }

  corpus::Statement play, claim, bid, law;
  corpus::TallyInserter tallies;  // as `corpus add` sums each game's decisions
};

// 100,000 games of four seats each, rows written straight into the schema
// (playing and analysing that many games would take hours): four games,
// eight agents, every per-seat count filled where its game has it, and the
// decision tables as full as real games fill them (about 6 million rows).
std::string synthesized_corpus() {
  const std::string path = temp_path("report.db");
  remove_corpus(path);
  const auto db = corpus::open_corpus(path, corpus::OpenMode::kCreate);
  corpus::Transaction transaction(*db);
  db->exec("INSERT INTO files(identity, path, bytes, records, added_at, bluff_particles, bluff_seed) "
           "VALUES ('synthetic', 'synthetic', 0, 100000, '', 1000, '1')");
  corpus::Statement game(*db,
                         "INSERT INTO games(file_id, record_index, game, spec, seed, players, length, finished, "
                         "start_time, duration_seconds) VALUES (1, ?1, ?2, ?2, '0', 4, 200, 1, '', 0)");
  corpus::Statement seat(*db,
                         "INSERT INTO seats(game_id, seat, game, agent, label, agent_spec, return, won, win_share, "
                         "plays, bluffs, claims, lies, bids, overbids) "
                         "VALUES (?1, ?2, ?3, ?4, ?4, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
  DecisionInserts decisions(*db);
  const char* games[] = {"loyalist_spies", "adulting", "laws_and_disorder", "kuhn_poker"};
  Rng rng(kSeed);
  for (int g = 0; g < kSynthesizedGames; ++g) {
    const std::string name = games[g % 4];
    game.bind(1, g).bind(2, name).run();
    const std::int64_t game_id = db->last_insert_rowid();
    const int winner = static_cast<int>(rng.uniform_int(4));
    for (int s = 0; s < 4; ++s) {
      seat.bind(1, game_id).bind(2, s).bind(3, name).bind(4, "agent" + std::to_string((g + s) % 8));
      seat.bind(5, s == winner ? 1.0 : -1.0 / 3).bind(6, s == winner ? 1 : 0).bind(7, s == winner ? 1.0 : 0.0);
      if (name == "loyalist_spies") {
        seat.bind(8, 18).bind(9, static_cast<int>(rng.uniform_int(4)));
      } else if (name == "adulting") {
        seat.bind(10, 30).bind(11, static_cast<int>(rng.uniform_int(10)));
        seat.bind(12, 8).bind(13, static_cast<int>(rng.uniform_int(5)));
      }
      seat.run();
    }
    decisions.add(game_id, name, rng);
  }
  transaction.commit();
  return path;
}

const std::string& report_corpus() {
  static const std::string path = synthesized_corpus();
  return path;
}

void BM_AgentsReport(benchmark::State& state) {
  const std::string& path = report_corpus();
  std::size_t rows = 0;
  for (auto _ : state) {
    // Opening (and checking the schema) is part of a report's cost.
    const auto db = corpus::open_corpus(path, corpus::OpenMode::kReadOnly);
    rows = corpus::agents_report(*db, "").size();
    benchmark::DoNotOptimize(rows);
  }
  state.counters["games"] = kSynthesizedGames;
  state.counters["rows"] = static_cast<double>(rows);
}

void BM_AgentsReportOneGame(benchmark::State& state) {
  const std::string& path = report_corpus();
  for (auto _ : state) {
    const auto db = corpus::open_corpus(path, corpus::OpenMode::kReadOnly);
    benchmark::DoNotOptimize(corpus::agents_report(*db, "adulting").size());
  }
}

// One named report over the synthetic corpus, opened the way `kibitz corpus
// report` opens it, printing left out.
void BM_NamedReport(benchmark::State& state, const char* report, const char* game) {
  const std::string& path = report_corpus();
  corpus::ReportRequest request;
  request.report = report;
  request.game = game;
  std::size_t rows = 0;
  for (auto _ : state) {
    const auto db = corpus::open_corpus(path, corpus::OpenMode::kReadOnly);
    rows = corpus::run_named_report(*db, request, false).rows.size();
    benchmark::DoNotOptimize(rows);
  }
  state.counters["rows"] = static_cast<double>(rows);
}

}  // namespace
}  // namespace kibitz::bench

BENCHMARK(kibitz::bench::BM_AddSpies)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(kibitz::bench::BM_AddSpiesBluffs)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(kibitz::bench::BM_AgentsReport)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(kibitz::bench::BM_AgentsReportOneGame)->Unit(benchmark::kMillisecond)->UseRealTime();
// BENCHMARK_CAPTURE pastes the name into an identifier: no qualified names.
using kibitz::bench::BM_NamedReport;
BENCHMARK_CAPTURE(BM_NamedReport, games, "games", "")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_NamedReport, claims, "claims", "")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_NamedReport, bids, "bids", "")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_NamedReport, bluffs, "bluffs", "")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_NamedReport, laws, "laws", "")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_NamedReport, bluff_wins, "bluff-wins", "")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(BM_NamedReport, bluff_wins_adulting, "bluff-wins", "adulting")
    ->Unit(benchmark::kMillisecond)->UseRealTime();

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  kibitz::bench::remove_corpus(kibitz::bench::temp_path("report.db"));
  return 0;
}
