// Golden playthroughs (STYLE 12): for every registered game, one fixed-seed
// game of its shortest test spec written step by step as text and compared with the reviewed file
// tests/golden/<game>.txt. Any change in rules, strings, tensors, chance
// probabilities or legal actions shows up as a readable diff.
//
// After an intended change, regenerate and review:
//   KIBITZ_UPDATE_GOLDEN=1 ./kibitz_golden_tests && git diff tests/golden
#include <gtest/gtest.h>

#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/state.h"

namespace kibitz {
namespace {

constexpr std::uint64_t kGoldenSeed = 2024;
const std::filesystem::path kGoldenDir = KIBITZ_GOLDEN_DIR;

// Shortest text that reads back as the same double: identical on every
// platform, unlike stream formatting with a fixed precision.
std::string number(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, end);
}

std::string player_name(Player player) {
  if (player == kChancePlayer) return "chance";
  if (player == kTerminalPlayer) return "terminal";
  return "seat " + std::to_string(player);
}

// Nonzero entries as index:value, so tensors stay readable in a diff.
std::string sparse(const std::vector<float>& tensor) {
  std::string s;
  for (std::size_t i = 0; i < tensor.size(); ++i) {
    if (tensor[i] == 0.0f) continue;
    s += (s.empty() ? "" : " ") + std::to_string(i) + ":" + number(tensor[i]);
  }
  return s.empty() ? "(all zero)" : s;
}

std::string join_numbers(const std::vector<double>& values) {
  std::string s;
  for (double v : values) s += (s.empty() ? "" : " ") + number(v);
  return s;
}

// Perfect-recall strings grow with the game, so printing every seat's at
// every move makes files grow with the square of the length: they are
// written for the seat to act and, at the end, for every seat. Observations
// and tensors are written for every seat at every move.
void write_seat_views(const State& state, std::ostream& out) {
  const Player to_act = state.current_player();
  for (Player seat = 0; seat < state.num_players(); ++seat) {
    if (seat == to_act || state.is_terminal()) {
      out << "  seat " << seat << " infostate: " << state.information_state_string(seat) << "\n";
    }
    out << "  seat " << seat
        << " infostate tensor: " << sparse(state.information_state_tensor(seat)) << "\n";
    out << "  seat " << seat << " observation: " << state.observation_string(seat) << "\n";
    out << "  seat " << seat << " observation tensor: " << sparse(state.observation_tensor(seat))
        << "\n";
  }
}

// Plays the game named by `spec` with chance and every seat drawing from one
// seeded Rng, and describes every step.
std::string playthrough(const std::string& spec) {
  const std::shared_ptr<const Game> game = load_game(spec);
  Rng rng = Rng(kGoldenSeed).child(spec);
  std::ostringstream out;
  out << "# Golden playthrough of " << spec << " (seed " << kGoldenSeed << ", child '" << spec
      << "'): chance and seats pick with kibitz::Rng.\n"
      << "# After an intended change: KIBITZ_UPDATE_GOLDEN=1 kibitz_golden_tests, then review.\n"
      << "game " << game->spec() << "\n"
      << "players " << game->num_players() << ", actions " << game->num_distinct_actions()
      << ", chance outcomes " << game->max_chance_outcomes() << ", max length "
      << game->max_game_length() << ", returns in [" << number(game->min_return()) << ", "
      << number(game->max_return()) << "]\n";

  std::unique_ptr<State> state = game->new_initial_state();
  ChanceOutcomeList outcomes;
  ActionList legal;
  std::vector<double> rewards(static_cast<std::size_t>(game->num_players()));
  while (true) {
    const Player player = state->current_player();
    out << "\nmove " << state->move_number() << "\n";
    out << "  player " << player_name(player) << "\n";
    out << "  state: " << state->to_string() << "\n";
    write_seat_views(*state, out);
    state->rewards(rewards);
    out << "  rewards " << join_numbers(rewards) << "\n";
    if (state->is_terminal()) break;
    if (state->move_number() >= game->max_game_length()) {
      ADD_FAILURE() << spec << " is not over after max_game_length() moves";
      break;
    }

    Action chosen = kInvalidAction;
    if (player == kChancePlayer) {
      state->chance_outcomes(outcomes);
      std::vector<double> weights;
      out << "  outcomes";
      for (const ChanceOutcome& o : outcomes) {
        out << (weights.empty() ? " " : ", ") << o.action << " ("
            << state->action_to_string(kChancePlayer, o.action) << ") p=" << number(o.probability);
        weights.push_back(o.probability);
      }
      out << "\n";
      chosen = outcomes[rng.sample_index(weights)].action;
    } else {
      state->legal_actions(legal);
      out << "  legal";
      for (std::size_t i = 0; i < legal.size(); ++i) {
        out << (i == 0 ? " " : ", ") << legal[i] << " ("
            << state->action_to_string(player, legal[i]) << ")";
      }
      out << "\n";
      chosen = legal[rng.uniform_int(legal.size())];
    }
    out << "  chosen " << chosen << " (" << state->action_to_string(player, chosen) << ")\n";
    state->apply_action(chosen);
  }
  out << "\nreturns " << join_numbers(state->returns()) << "\n";
  return out.str();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Where two texts first differ, for a failure message a person can act on.
std::string first_difference(const std::string& expected, const std::string& actual) {
  const std::vector<std::string> a = split_lines(expected);
  const std::vector<std::string> b = split_lines(actual);
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  std::ostringstream out;
  out << "first difference at line " << i + 1 << "\n"
      << "  golden: " << (i < a.size() ? a[i] : "(end of file)") << "\n"
      << "  now:    " << (i < b.size() ? b[i] : "(end of output)");
  return out.str();
}

bool update_requested() {
  const char* value = std::getenv("KIBITZ_UPDATE_GOLDEN");
  return value != nullptr && std::string(value) == "1";
}

// The game's shortest test spec (by max_game_length; the first on a tie), so
// long multi-round defaults do not make huge files.
std::string golden_spec(const std::string& name) {
  const GameInfo& info = find_game(name);
  std::string best = info.test_specs.front();
  int best_length = load_game(best)->max_game_length();
  for (const std::string& spec : info.test_specs) {
    const int length = load_game(spec)->max_game_length();
    if (length < best_length) {
      best = spec;
      best_length = length;
    }
  }
  return best;
}

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const GameInfo& info : registered_games()) names.push_back(info.name);
  return names;
}

class GoldenTest : public testing::TestWithParam<std::string> {};

TEST_P(GoldenTest, PlaythroughMatchesCheckedInFile) {
  const std::string& name = GetParam();
  const std::string spec = golden_spec(name);
  const std::string text = playthrough(spec);
  ASSERT_EQ(text, playthrough(spec)) << spec << ": the same seed gave two different games";

  const std::filesystem::path file = kGoldenDir / (name + ".txt");
  if (update_requested()) {
    std::ofstream(file, std::ios::binary) << text;
    std::cout << "wrote " << file << "\n";
    return;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    FAIL() << "no golden playthrough for game '" << name << "' (" << file.string()
           << "). Every registered game needs one: run\n  KIBITZ_UPDATE_GOLDEN=1 "
           << "kibitz_golden_tests --gtest_filter='*/" << name << "'\nthen review and commit "
           << "tests/golden/" << name << ".txt";
  }
  std::ostringstream golden;
  golden << in.rdbuf();
  if (golden.str() != text) {
    FAIL() << name << " no longer plays as " << file.string() << ":\n"
           << first_difference(golden.str(), text)
           << "\nIf the change is intended, regenerate with KIBITZ_UPDATE_GOLDEN=1 "
           << "kibitz_golden_tests and review `git diff tests/golden`.";
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, GoldenTest, testing::ValuesIn(registered_names()),
                         [](const testing::TestParamInfo<std::string>& p) { return p.param; });

// A renamed or removed game must take its golden file with it.
TEST(GoldenFiles, EveryFileBelongsToARegisteredGame) {
  const std::vector<std::string> names = registered_names();
  const std::set<std::string> known(names.begin(), names.end());
  for (const auto& entry : std::filesystem::directory_iterator(kGoldenDir)) {
    const std::string file_name = entry.path().filename().string();
    if (entry.path().extension() != ".txt" || file_name == "CMakeLists.txt") continue;
    EXPECT_TRUE(known.count(entry.path().stem().string()))
        << entry.path() << " names no registered game; delete it or register the game";
  }
}

// The comparison itself must be able to fail: a changed line is reported
// with its number and both texts.
TEST(GoldenFiles, DifferenceNamesTheFirstChangedLine) {
  const std::string message = first_difference("a\nb\nc\n", "a\nB\nc\n");
  EXPECT_NE(message.find("line 2"), std::string::npos) << message;
  EXPECT_NE(message.find("golden: b"), std::string::npos) << message;
  EXPECT_NE(message.find("now:    B"), std::string::npos) << message;
}

}  // namespace
}  // namespace kibitz
