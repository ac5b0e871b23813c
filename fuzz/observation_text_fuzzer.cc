// Fuzz target: observations as people type them (`kibitz seat`) and as the
// seat protocol carries them (JSON), through each game's StreamSpec
// (env/core/stream_spec.h). The input's first byte picks a game; every
// following line is read as one observation, as text or, when it starts
// with '{', as JSON.
//  - An observation that reads must validate, and its text and JSON forms
//    must read back to the same observation (a round trip that fails is a
//    finding).
//  - The observations that read make a stream; the game's world sampler is
//    built on it for seat 0 and asked for one world, whose stream must be
//    the given one. A stream the game cannot produce is refused with a
//    KibitzError, which is the expected answer.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace kibitz;

// Short games only: a long stream makes the sampler's work large by right.
constexpr const char* kSpecs[] = {"kuhn_poker", "kuhn_poker(players=3)", "leduc_poker",
                                  "loyalist_spies(rounds=1)"};
constexpr std::size_t kMaxObservations = 400;

Observation read_one(const StreamSpec& spec, std::string_view line, int num_players) {
  Observation o = line.starts_with('{') ? spec.from_json(line) : spec.from_text(line);
  spec.validate(o, num_players);
  // Both forms read back to the same observation.
  KIBITZ_CHECK(spec.from_text(spec.to_text(o)) == o, "text round trip: ", spec.to_text(o));
  KIBITZ_CHECK(spec.from_json(spec.to_json(o)) == o, "JSON round trip: ", spec.to_json(o));
  return o;
}

// The games, loaded once for the whole run: a game is immutable, and
// loading it for every input cost more than most inputs.
const std::vector<std::shared_ptr<const Game>>& games() {
  static const auto* loaded = [] {
    auto* out = new std::vector<std::shared_ptr<const Game>>;
    for (const char* spec : kSpecs) out->push_back(load_game(spec));
    return out;
  }();
  return *loaded;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& game = games()[data[0] % std::size(kSpecs)];
  const StreamSpec& spec = game->stream_spec();
  std::string_view rest = fuzz::as_text(data + 1, size - 1);
  SeatStream stream;
  while (!rest.empty() && stream.size() < kMaxObservations) {
    const std::string_view line = fuzz::split_first_line(rest).first;
    rest = fuzz::split_first_line(rest).second;
    fuzz::expect_kibitz_errors([&] { stream.push_back(read_one(spec, line, game->num_players())); });
  }
  fuzz::expect_kibitz_errors([&] {
    const auto sampler = game->new_world_sampler(0, stream);
    Rng rng(1);
    const auto world = sampler->sample(rng);
    KIBITZ_CHECK(world->seat_stream(0) == stream, "a sampled world's stream differs from the input");
  });
  return 0;
}
