// Fuzz target: a checkpoint file (agents/neural/checkpoint.h) as the nn and
// ismcts_nn agents load it. The input is the file. Its payload checksum is
// set right before loading (the header's payload_fnv1a64 line is rewritten
// when it has one), so that mutations of the weights and tensor headers get
// past the checksum; the checksum check itself is covered by the unit tests.
// Then, as `--agents nn(model=FILE)` would:
//  - read_checkpoint, load_game of the game it names;
//  - make_agent("nn(model=FILE)") (the CPU copy of the net, CpuMlp) plays a
//    whole game on every seat, and "ismcts_nn(model=FILE,sims=8)" a few
//    moves. Every action an agent returns must be legal (KIBITZ_CHECK).
// LibTorch's own loader (TorchModel, for other devices and for training) is
// not fuzzed: the fuzz build cannot compile LibTorch (docs/testing.md).
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "agents/neural/checkpoint.h"
#include "agents/neural/neural_agents.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace kibitz;

constexpr std::string_view kHashField = "\npayload_fnv1a64=";
constexpr std::string_view kHeaderEnd = "\nend\n";

// Rewrites the 16 hex digits of the header's checksum to the checksum of
// what follows the header, when both are where a checkpoint has them.
void set_checksum(std::string& bytes) {
  const std::size_t end = bytes.find(kHeaderEnd);
  const std::size_t field = bytes.find(kHashField);
  if (end == std::string::npos || field == std::string::npos || field > end) return;
  const std::size_t digits = field + kHashField.size();
  if (digits + 16 > end + 1) return;
  const std::uint64_t hash = neural::payload_checksum(std::string_view(bytes).substr(end + kHeaderEnd.size()));
  char hex[17];
  const auto [last, ec] = std::to_chars(hex, hex + 16, hash, 16);
  std::string text(hex, last);
  text.insert(0, 16 - text.size(), '0');
  bytes.replace(digits, 16, text);
}

// Plays `game` with `agent` on every seat (chance by its distribution) for
// at most `max_moves` moves.
void play(const std::shared_ptr<const Game>& game, Agent& agent, int max_moves) {
  std::unique_ptr<State> state = game->new_initial_state();
  Rng rng(3);
  for (int move = 0; move < max_moves && !state->is_terminal(); ++move) {
    if (state->is_chance_node()) {
      state->apply_action(state->sample_chance_outcome(rng));
      continue;
    }
    const Action action = agent.act(SeatView(*state, state->current_player()));
    KIBITZ_CHECK(state->is_legal(action), "agent ", agent.spec(), " chose illegal action ", action);
    state->apply_action(action);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  kibitz::neural::register_neural_agents();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static fuzz::MemoryFile file;
  std::string bytes(fuzz::as_text(data, size));
  set_checksum(bytes);
  file.assign(bytes);
  const std::string& path = file.path();

  std::shared_ptr<const Game> game;
  fuzz::expect_kibitz_errors([&] {
    const neural::CheckpointFile checkpoint = neural::read_checkpoint(path);
    game = load_game(checkpoint.info.game_spec);
  });
  if (!game) return 0;
  fuzz::expect_kibitz_errors([&] {
    const std::unique_ptr<Agent> agent = make_agent("nn(model=" + path + ")", game, 1);
    play(game, *agent, 1000);
  });
  fuzz::expect_kibitz_errors([&] {
    const std::unique_ptr<Agent> agent =
        make_agent("ismcts_nn(model=" + path + ",sims=8)", game, 1);
    play(game, *agent, 6);
  });
  return 0;
}
