// What every fuzz target shares: the input as text, the one expected way to
// fail (KibitzError), a file in memory for loaders that take a path, and a
// bounded random playout. See fuzz/README.md for what counts as a finding.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/types.h"

namespace kibitz::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs `body`. A KibitzError is the answer kibitz owes to bad input, so it
// ends the run quietly. Everything else is a finding and is left to escape:
// another exception reaches std::terminate (libFuzzer reports the abort), a
// KIBITZ_CHECK aborts, and the sanitizers report memory errors and
// undefined behaviour themselves.
template <typename Body>
void expect_kibitz_errors(Body&& body) {
  try {
    body();
  } catch (const KibitzError&) {
    // Expected: bad input, named.
  }
}

// The text before the first newline and the text after it (empty when there
// is no newline): targets whose input is two parts, such as a game spec and
// a file for that game.
inline std::pair<std::string_view, std::string_view> split_first_line(std::string_view text) {
  const std::size_t newline = text.find('\n');
  if (newline == std::string_view::npos) return {text, {}};
  return {text.substr(0, newline), text.substr(newline + 1)};
}

// An anonymous in-memory regular file (memfd) named by a path, for loaders
// that take a path (checkpoints, policy files): no disk traffic, nothing
// left behind, and no clash between the processes of a -jobs campaign. The
// loaders open "/proc/self/fd/N" and see a regular file like any other.
class MemoryFile {
 public:
  MemoryFile() : fd_(::memfd_create("kibitz-fuzz", MFD_CLOEXEC)) {
    KIBITZ_CHECK(fd_ >= 0, "memfd_create failed: ", std::strerror(errno));
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  ~MemoryFile() { ::close(fd_); }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;

  // Replaces the file's contents with `bytes`.
  void assign(std::string_view bytes) {
    KIBITZ_CHECK(::ftruncate(fd_, 0) == 0, "ftruncate failed: ", std::strerror(errno));
    std::size_t written = 0;
    while (written < bytes.size()) {
      const ssize_t n = ::pwrite(fd_, bytes.data() + written, bytes.size() - written,
                                 static_cast<off_t>(written));
      KIBITZ_CHECK(n > 0, "pwrite failed: ", std::strerror(errno));
      written += static_cast<std::size_t>(n);
    }
  }
  const std::string& path() const { return path_; }

 private:
  int fd_;
  std::string path_;
};

// Every seat's views of `state`, as agents and the viewer ask for them.
inline void ask_every_view(const State& state) {
  for (Player seat = 0; seat < state.num_players(); ++seat) {
    state.information_state_string(seat);
    state.observation_string(seat);
    state.information_state_tensor(seat);
  }
  state.to_string();
}

// Plays `game` from its initial state with seeded uniform choices (chance
// by its own distribution) for at most `max_moves` moves: a fuzzed spec must
// give a game whose rules hold together, not only one that constructs. The
// seat to act is asked for its views at every decision, every seat at the
// start and the end (all of them at every move would halve the fuzzer's
// speed in the long games).
inline void play_random_game(const Game& game, int max_moves) {
  std::unique_ptr<State> state = game.new_initial_state();
  ask_every_view(*state);
  Rng rng(1);
  for (int move = 0; move < max_moves && !state->is_terminal(); ++move) {
    Action action = kInvalidAction;
    if (state->is_chance_node()) {
      action = state->sample_chance_outcome(rng);
    } else {
      const Player seat = state->current_player();
      state->information_state_string(seat);
      state->information_state_tensor(seat);
      const ActionList legal = state->legal_actions();
      KIBITZ_CHECK(!legal.empty(), "a decision node of ", game.spec(), " has no legal action");
      action = legal[rng.uniform_int(legal.size())];
      state->action_to_string(seat, action);
    }
    state->apply_action(action);
  }
  ask_every_view(*state);
  if (state->is_terminal()) state->returns();
}

}  // namespace kibitz::fuzz
