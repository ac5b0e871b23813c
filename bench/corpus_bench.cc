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
#include "replays/corpus/corpus_writer.h"
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

// 100,000 games of four seats each, rows written straight into the schema
// (playing and analysing that many games would take hours): four games,
// eight agents, every per-seat count filled where its game has it.
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
  }
  transaction.commit();
  return path;
}

void BM_AgentsReport(benchmark::State& state) {
  static const std::string path = synthesized_corpus();
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
  static const std::string path = synthesized_corpus();
  for (auto _ : state) {
    const auto db = corpus::open_corpus(path, corpus::OpenMode::kReadOnly);
    benchmark::DoNotOptimize(corpus::agents_report(*db, "adulting").size());
  }
}

}  // namespace
}  // namespace kibitz::bench

BENCHMARK(kibitz::bench::BM_AddSpies)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(kibitz::bench::BM_AddSpiesBluffs)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1);
BENCHMARK(kibitz::bench::BM_AgentsReport)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(kibitz::bench::BM_AgentsReportOneGame)->Unit(benchmark::kMillisecond)->UseRealTime();

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  kibitz::bench::remove_corpus(kibitz::bench::temp_path("report.db"));
  return 0;
}
