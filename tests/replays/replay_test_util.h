// Fixtures for the replay tests: records of scripted and random games, a
// temporary directory, and a way to run the kibitz binary.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "replays/record_codec.h"
#include "replays/recorder.h"
#include "replays/replay_record.h"

namespace kibitz::replays::testing {

namespace fs = std::filesystem;

// What a search agent would report: uniform over the legal actions, a value
// and a statistic, so annotations have every field filled.
inline DecisionInfo uniform_decision(const State& state) {
  DecisionInfo info;
  const ActionList legal = state.legal_actions();
  for (const Action action : legal) info.policy.emplace_back(action, 1.0 / legal.size());
  info.has_value = true;
  info.value = 0.25 * state.move_number();
  info.stats.emplace_back("simulations", 100.0 + state.move_number());
  return info;
}

// Plays `texts` (each action as its mover says it) from the initial state and
// records the game; seat moves are annotated when `annotate`.
inline ReplayRecord scripted_record(const std::string& spec, const std::vector<std::string>& texts,
                                    bool annotate = true, std::uint64_t seed = 7) {
  const std::shared_ptr<const Game> game = load_game(spec);
  std::vector<std::string> labels;
  std::vector<std::string> specs;
  for (int seat = 0; seat < game->num_players(); ++seat) {
    labels.push_back(seat == 0 ? "alice" : seat == 1 ? "bob" : "carol");
    specs.push_back("scripted");
  }
  Recorder recorder(*game, seed, labels, specs);
  std::unique_ptr<State> state = game->new_initial_state();
  for (const std::string& text : texts) {
    const Action action = state->string_to_action(state->current_player(), text);
    const DecisionInfo info = uniform_decision(*state);
    recorder.on_action(*state, action, annotate && !state->is_chance_node() ? &info : nullptr);
    state->apply_action(action);
  }
  return recorder.finish(*state);
}

// A game of uniformly random moves (chance by its probabilities).
inline ReplayRecord random_record(const std::string& spec, std::uint64_t seed,
                                  bool annotate = true) {
  const std::shared_ptr<const Game> game = load_game(spec);
  Rng rng(seed);
  Recorder recorder(*game, seed, std::vector<std::string>(game->num_players(), "random"),
                    std::vector<std::string>(game->num_players(), "random"));
  std::unique_ptr<State> state = game->new_initial_state();
  while (!state->is_terminal()) {
    Action action;
    if (state->is_chance_node()) {
      std::vector<double> weights;
      const ChanceOutcomeList outcomes = state->chance_outcomes();
      for (const ChanceOutcome& outcome : outcomes) weights.push_back(outcome.probability);
      action = outcomes[rng.sample_index(weights)].action;
      recorder.on_action(*state, action);
    } else {
      const ActionList legal = state->legal_actions();
      action = legal[rng.uniform_int(legal.size())];
      const DecisionInfo info = uniform_decision(*state);
      recorder.on_action(*state, action, annotate ? &info : nullptr);
    }
    state->apply_action(action);
  }
  return recorder.finish(*state);
}

// A Leduc hand to showdown: seat 0 holds Js, seat 1 Kh, the public card is
// Qs; seat 1 wins 3 chips with the higher card.
inline const std::vector<std::string> kLeducShowdown = {"deal Js", "deal Kh", "raise", "call",
                                                        "deal Qs", "call",    "call"};

inline std::string frames_of(const std::vector<ReplayRecord>& records) {
  std::string bytes;
  for (const ReplayRecord& record : records) append_frame(record, bytes);
  return bytes;
}

// A fresh directory, removed with everything in it at the end of the test.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = fs::temp_directory_path() /
            ("kibitz_replays_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // The names of the files in the directory, sorted.
  std::vector<std::string> listing() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(path_)) {
      names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }

 private:
  fs::path path_;
};

inline std::string read_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

inline void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// How a run of the kibitz binary ended.
struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs `kibitz ARGS` (shell text) with `input` on stdin; for the targets
// that name the binary (KIBITZ_BINARY), not those that only need records.
#ifdef KIBITZ_BINARY
inline CommandResult run_kibitz(const std::string& args, const std::string& input = "") {
  TempDir dir;
  write_bytes(dir.file("in"), input);
  const std::string command = std::string("'") + KIBITZ_BINARY + "' " + args + " <'" +
                              dir.file("in") + "' >'" + dir.file("out") + "' 2>'" +
                              dir.file("err") + "'";
  const int status = std::system(command.c_str());
  CommandResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = read_bytes(dir.file("out"));
  result.err = read_bytes(dir.file("err"));
  return result;
}
#endif  // KIBITZ_BINARY

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace kibitz::replays::testing
