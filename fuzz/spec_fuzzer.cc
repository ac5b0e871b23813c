// Fuzz target: game and agent spec strings (env/core/spec.h), as --game and
// --agents/--seats take them. The input is two lines: a game spec, then an
// agent spec (a one-line input is a game spec alone).
//  - Both are parsed; a spec that parses must print (to_string) as text that
//    parses back to the same spec.
//  - The game is loaded (load_game) and played to the end by seeded random
//    choices, every seat's views asked for on the way.
//  - The agent is built (make_agent) for two-player Kuhn poker, the
//    cheapest game, and never asked to act: a search of any size is a
//    legitimate request, not a finding. For the same reason agents that
//    solve a game when built (cfr) are built only with a small iteration
//    count, and specs naming a file (policy=, model=) are not built: the
//    loaders have their own targets, and the fuzzer must not read files.
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "agents/registry.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/spec.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace kibitz;

// More CFR+ iterations than this makes building an agent slow (a solve per
// build), so the fuzzer skips such specs.
constexpr std::int64_t kMaxCfrIterations = 200;
// Nesting deeper than this is built anyway (deep nesting must be refused
// cleanly), but the walk below stops looking into it.
constexpr int kMaxInspectedDepth = 32;

// Parses, prints and parses again; the two parses must agree.
void check_round_trip(std::string_view text) {
  fuzz::expect_kibitz_errors([&] {
    const Spec spec = parse_spec(text);
    const std::string printed = spec.to_string();
    Spec again;
    try {
      again = parse_spec(printed);
    } catch (const KibitzError& e) {
      KIBITZ_CHECK(false, "spec '", printed, "' (printed from '", text,
                   "') does not parse: ", e.what());
    }
    KIBITZ_CHECK(again.name == spec.name && again.args == spec.args, "spec '", text,
                 "' prints as '", printed, "', which parses as '", again.to_string(), "'");
  });
}

// Whether building `spec` is quick and reads no file, looking into nested
// specs (values that parse as specs themselves).
bool cheap_to_build(const Spec& spec, int depth) {
  if (depth > kMaxInspectedDepth) return true;
  for (const auto& [key, value] : spec.args) {
    if (key == "policy" || key == "model") return false;
    if (spec.name == "cfr" && key == "iters") {
      std::int64_t iterations = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), iterations);
      if (ec != std::errc() || iterations > kMaxCfrIterations) return false;
    }
    try {
      if (!cheap_to_build(parse_spec(value), depth + 1)) return false;
    } catch (const KibitzError&) {
      // A plain value, not a nested spec.
    }
  }
  // cfr without iters solves with its default count.
  if (spec.name == "cfr") {
    bool has_iterations = false;
    for (const auto& arg : spec.args) has_iterations = has_iterations || arg.first == "iters";
    if (!has_iterations) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto lines = fuzz::split_first_line(fuzz::as_text(data, size));
  const std::string_view game_text = lines.first;
  const std::string_view agent_text = lines.second;
  check_round_trip(game_text);
  check_round_trip(agent_text);

  fuzz::expect_kibitz_errors([&] {
    const std::shared_ptr<const Game> game = load_game(game_text);
    game->spec();
    fuzz::play_random_game(*game, 1000);
  });

  if (agent_text.empty()) return 0;
  static const std::shared_ptr<const Game> kuhn = load_game("kuhn_poker");
  fuzz::expect_kibitz_errors([&] {
    if (!cheap_to_build(parse_spec(agent_text), 0)) return;
    const std::unique_ptr<Agent> agent = make_agent(agent_text, kuhn, 7);
    agent->spec();
  });
  return 0;
}
