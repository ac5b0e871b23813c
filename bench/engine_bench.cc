// kibitz_engine_bench: the seat protocol's overhead per message, in process
// (tools/engine/engine_server.h), without pipes: what `kibitz engine` adds
// to each line beyond reading and writing it.
//
//   kuhn_game      one whole Kuhn poker game for seat 0 as a table sends it
//                  (new_game, the deal, the betting, the showdown, end_game)
//                  with a random agent asked to act once: items/s counts
//                  messages, so the time per item is the overhead per message
//   state          one `state` request in a Kuhn game under way (the reply
//                  lists the stream and the legal actions)
//   spies_deal     one `observations` request carrying a Loyalist Spies
//                  seat's whole set-up (aces and the deal), then end_game:
//                  parsing, checking by the world sampler, and the reply
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "tools/engine/engine_server.h"

namespace kibitz::bench {
namespace {

// A benchmark of error replies would measure the wrong thing: stop it.
bool refused(benchmark::State& bench, const std::string& reply) {
  if (!reply.starts_with(R"({"type":"error")")) return false;
  bench.SkipWithError(reply.c_str());
  return true;
}

// The requests of one Kuhn game for seat 0 in which seat 0 passes, seat 1
// bets and seat 0 calls (seat 0 acts once, as the engine's reply says).
const std::vector<std::string> kKuhnGame = {
    R"({"type":"new_game","game":"kuhn_poker","seat":0,"seed":1})",
    R"({"type":"observations","observations":[{"kind":"dealt","card":"K"},{"kind":"dealt_to","seat":1}]})",
    R"({"type":"act"})",
    R"({"type":"observations","observations":[{"kind":"pass","seat":0},{"kind":"bet","seat":1}]})",
    R"({"type":"act"})",
    R"({"type":"observations","observations":[{"kind":"bet","seat":0},{"kind":"show","seat":0,"card":"K"},{"kind":"show","seat":1,"card":"Q"}]})",
    R"({"type":"end_game","return":2})",
};

void bm_kuhn_game(benchmark::State& bench) {
  tools::EngineServer server("random", 1);
  server.handle(R"({"type":"hello","version":2})");
  for (auto _ : bench) {
    for (const std::string& line : kKuhnGame) {
      std::string reply = server.handle(line);
      if (refused(bench, reply)) return;
      benchmark::DoNotOptimize(reply.data());
    }
  }
  bench.SetItemsProcessed(bench.iterations() * static_cast<std::int64_t>(kKuhnGame.size()));
}

void bm_state(benchmark::State& bench) {
  tools::EngineServer server("random", 1);
  server.handle(R"({"type":"hello","version":2})");
  server.handle(kKuhnGame[0]);
  server.handle(kKuhnGame[1]);
  for (auto _ : bench) {
    std::string reply = server.handle(R"({"type":"state"})");
    benchmark::DoNotOptimize(reply.data());
  }
  bench.SetItemsProcessed(bench.iterations());
}

// A seat's set-up as one observations request: a real deal's first
// observations for seat 3, up to its first decision.
std::string spies_setup_request() {
  const auto game = load_game("loyalist_spies(rounds=1)");
  auto state = game->new_initial_state();
  Rng rng(7);
  while (state->is_chance_node()) state->apply_action(state->sample_chance_outcome(rng));
  std::string request = R"({"type":"observations","observations":[)";
  bool first = true;
  for (const Observation& o : state->seat_stream(3)) {
    if (!first) request += ',';
    first = false;
    request += game->stream_spec().to_json(o);
  }
  return request + "]}";
}

void bm_spies_deal(benchmark::State& bench) {
  tools::EngineServer server("random", 1);
  server.handle(R"({"type":"hello","version":2})");
  const std::string setup = spies_setup_request();
  const std::string new_game = R"json({"type":"new_game","game":"loyalist_spies(rounds=1)","seat":3,"seed":1})json";
  const std::string end_game = R"({"type":"end_game"})";
  for (auto _ : bench) {
    server.handle(new_game);
    std::string reply = server.handle(setup);
    if (refused(bench, reply)) return;
    benchmark::DoNotOptimize(reply.data());
    server.handle(end_game);
  }
  bench.SetItemsProcessed(bench.iterations());
}

BENCHMARK(bm_kuhn_game)->Name("engine/kuhn_game");
BENCHMARK(bm_state)->Name("engine/state");
BENCHMARK(bm_spies_deal)->Name("engine/spies_deal");

}  // namespace
}  // namespace kibitz::bench

BENCHMARK_MAIN();
