// kibitz_signature: one hash per registered game spec over a fixed number of
// seeded random games (STYLE 12, the bench signature). The hash covers every
// history (chance outcomes included) and the final returns, so it moves when
// the rules, legal actions, chance probabilities or scoring of a game change,
// and only then: a pure speed-up must leave every line as it was.
//
// Usage: kibitz_signature [--games=N]   (default 10000 games per spec)
// Prints "<spec> games=<N> moves=<total> signature=<16 hex digits>" per spec,
// in registry order; docs/PERFORMANCE.md records the current values.
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bench/random_playout.h"
#include "env/core/game.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz::bench {
namespace {

constexpr std::uint64_t kSignatureSeed = 20261121;
constexpr long kDefaultGames = 10000;

// 64-bit FNV-1a, fed whole integers byte by byte in a fixed (little-endian)
// order so the hash is the same on every machine.
class Fnv1a {
 public:
  void add(std::uint64_t value) {
    for (int byte = 0; byte < 8; ++byte) {
      hash_ = (hash_ ^ ((value >> (8 * byte)) & 0xff)) * 0x100000001b3ULL;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

struct Signature {
  std::uint64_t hash;
  long moves;
};

Signature sign_spec(const std::string& spec, long games) {
  const std::shared_ptr<const Game> game = load_game(spec);
  const std::unique_ptr<State> initial = game->new_initial_state();
  std::unique_ptr<State> state = game->new_initial_state();
  std::vector<double> returns(static_cast<std::size_t>(game->num_players()));
  PlayoutBuffers buffers(*game);
  Fnv1a fnv;
  long moves = 0;
  for (long g = 0; g < games; ++g) {
    // One generator per game, derived by spec and index, so a game's stream
    // never depends on how many draws the games before it made.
    Rng rng = Rng(kSignatureSeed).child(spec, static_cast<std::uint64_t>(g));
    initial->clone_into(*state);
    moves += play_to_end(*state, rng, buffers);
    fnv.add(state->history().size());
    for (Action action : state->history()) fnv.add(static_cast<std::uint64_t>(action));
    state->returns(returns);
    // Returns in millionths: exact for chip counts, and blind to the last-bit
    // differences that floating-point rewrites of a scorer may bring.
    for (double r : returns) fnv.add(static_cast<std::uint64_t>(std::llround(r * 1e6)));
  }
  return {fnv.value(), moves};
}

int run(int argc, char** argv) {
  long games = kDefaultGames;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--games=")) {
      games = std::stol(std::string(arg.substr(8)));
      if (games <= 0) {
        std::fprintf(stderr, "--games must be positive\n");
        return 2;
      }
    } else {
      std::fprintf(stderr, "unknown argument %s\nusage: kibitz_signature [--games=N]\n", argv[i]);
      return 2;
    }
  }
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      const Signature signature = sign_spec(spec, games);
      std::printf("%s games=%ld moves=%ld signature=%016" PRIx64 "\n", spec.c_str(), games,
                  signature.moves, signature.hash);
    }
  }
  return 0;
}

}  // namespace
}  // namespace kibitz::bench

int main(int argc, char** argv) {
  try {
    return kibitz::bench::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kibitz_signature: %s\n", e.what());
    return 1;
  }
}
