// The engine as a seat in the referee: `kibitz arena --agents
// 'engine(cmd=kibitz engine --agent X),Y'` plays every game with a seat
// stream to its end, and
//   - its games are those of X in process with the same seed, move for
//     move, with the same policies and values recorded;
//   - what the engine was sent (its --log) is, at each of its decisions,
//     exactly its seat's stream in the recorded game: nothing of another
//     seat's hidden cards, nothing but observations and the protocol's own
//     fields;
//   - at the end of each game it is sent the rest of its seat's stream (a
//     showdown, a round's reveals), then end_game with its seat's return
//     and no other.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "replays/replay_reader.h"
#include "tools/engine/engine_request.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;

struct Case {
  std::string game;
  std::string agent;  // played through the engine, and in process
  int games;
};

void PrintTo(const Case& c, std::ostream* out) { *out << c.game << " with " << c.agent; }

class EngineInArena : public ::testing::TestWithParam<Case> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("kibitz_engine_arena_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // Runs an arena of `first` against random agents, one per other seat,
  // so that `first` has one seat in every game; returns its records.
  std::vector<replays::ReplayRecord> arena(const std::string& first, const std::string& name) {
    const fs::path record = dir_ / (name + ".kbr");
    std::string agents = first;
    for (int p = 1; p < load_game(GetParam().game)->num_players(); ++p) agents += ",random";
    const std::string command = std::string("'") + KIBITZ_BINARY + "' arena --game '" +
                                GetParam().game + "' --agents '" + agents + "' --games " +
                                std::to_string(GetParam().games) + " --seed 11 --threads 1 --quiet --record '" +
                                record.string() + "' >'" + (dir_ / "out").string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream out(dir_ / "out");
    std::stringstream text;
    text << out.rdbuf();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << "\n" << text.str();
    return replays::read_replay_file(record.string());
  }

  fs::path dir_;
};

void expect_same_games(const std::vector<replays::ReplayRecord>& through_engine,
                       const std::vector<replays::ReplayRecord>& in_process) {
  ASSERT_EQ(through_engine.size(), in_process.size());
  for (std::size_t g = 0; g < in_process.size(); ++g) {
    const auto& a = through_engine[g];
    const auto& b = in_process[g];
    EXPECT_EQ(a.actions, b.actions) << "game " << g;
    EXPECT_EQ(a.returns, b.returns) << "game " << g;
    ASSERT_EQ(a.annotations.size(), b.annotations.size()) << "game " << g;
    for (std::size_t i = 0; i < b.annotations.size(); ++i) {
      EXPECT_EQ(a.annotations[i].move, b.annotations[i].move);
      EXPECT_EQ(a.annotations[i].decision.policy, b.annotations[i].decision.policy) << "game " << g;
      EXPECT_EQ(a.annotations[i].decision.has_value, b.annotations[i].decision.has_value);
      EXPECT_EQ(a.annotations[i].decision.value, b.annotations[i].decision.value);
    }
  }
}

// The messages the engine received, game by game (split at new_game).
std::vector<std::vector<std::string>> received_by_game(const fs::path& log) {
  std::vector<std::vector<std::string>> games;
  std::ifstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("> ", 0) != 0) continue;
    line.erase(0, 2);
    if (line.find(R"("type":"new_game")") != std::string::npos) games.emplace_back();
    if (!games.empty()) games.back().push_back(line);
  }
  return games;
}

// Checks one game's messages against the recorded game: at the engine's
// k-th decision it holds exactly the seat's stream of the k-th decision and
// is sent that decision's legal actions (version 3), and the game's last
// message is end_game, when it holds the seat's final stream, with the
// seat's return.
void expect_only_the_seats_stream(const Game& game, const replays::ReplayRecord& record,
                                  const std::vector<std::string>& messages) {
  const std::set<std::string> allowed = {"type", "version", "game",   "seat",  "observations",
                                         "seed", "budget",  "return", "legal"};
  const StreamSpec& spec = game.stream_spec();
  Player seat = -1;
  SeatStream told;
  std::vector<SeatStream> at_acts;
  std::vector<std::vector<std::string>> legal_at_acts;
  std::optional<SeatStream> at_end;
  double seat_return = 0;
  for (const std::string& text : messages) {
    // (A hello may follow: another seat's program starting, in the same log.)
    EXPECT_TRUE(!at_end.has_value() || text.find(R"("type":"hello")") != std::string::npos)
        << "a message after end_game: " << text;
    json::Document doc;
    doc.Parse(text.c_str());
    ASSERT_TRUE(doc.IsObject()) << text;
    for (auto it = doc.MemberBegin(); it != doc.MemberEnd(); ++it) {
      EXPECT_TRUE(allowed.count(it->name.GetString()) == 1) << "field " << it->name.GetString();
    }
    const std::string type = doc["type"].GetString();
    if (type == "new_game") seat = doc["seat"].GetInt();
    if (type == "observations") {
      for (const json::Value& o : doc["observations"].GetArray()) told.push_back(spec.from_json(json_text(o)));
    }
    if (type == "act") {
      at_acts.push_back(told);
      legal_at_acts.emplace_back();
      EXPECT_TRUE(doc.HasMember("legal") && doc["legal"].IsArray()) << text;
      if (doc.HasMember("legal") && doc["legal"].IsArray()) {
        for (const json::Value& a : doc["legal"].GetArray()) legal_at_acts.back().push_back(a.GetString());
      }
    }
    if (type == "end_game") {
      at_end = told;
      EXPECT_TRUE(doc.HasMember("return") && doc["return"].IsNumber()) << text;
      if (doc.HasMember("return") && doc["return"].IsNumber())
        seat_return = doc["return"].GetDouble();
    }
  }
  ASSERT_GE(seat, 0);
  EXPECT_EQ(record.seat_labels[static_cast<std::size_t>(seat)].rfind("engine(", 0), 0u);
  auto state = game.new_initial_state();
  std::size_t decision = 0;
  for (const Action action : record.actions) {
    if (state->current_player() == seat) {
      ASSERT_LT(decision, at_acts.size());
      EXPECT_EQ(at_acts[decision], state->seat_stream(seat)) << "decision " << decision;
      std::vector<std::string> legal;
      for (const Action a : state->legal_actions()) legal.push_back(state->action_to_string(seat, a));
      EXPECT_EQ(legal_at_acts[decision], legal) << "decision " << decision;
      ++decision;
    }
    state->apply_action(action);
  }
  EXPECT_EQ(decision, at_acts.size());
  // The end: the final observations, then end_game with its own return.
  ASSERT_TRUE(state->is_terminal());
  ASSERT_TRUE(at_end.has_value()) << "the game ended without end_game";
  EXPECT_EQ(*at_end, state->seat_stream(seat)) << "the final stream";
  EXPECT_GT(at_end->size(), at_acts.empty() ? 0 : at_acts.back().size());
  EXPECT_EQ(seat_return, record.returns[static_cast<std::size_t>(seat)]);
}

TEST_P(EngineInArena, PlaysAsTheAgentInProcessAndHearsOnlyItsSeat) {
  const Case& c = GetParam();
  const fs::path log = dir_ / "engine.log";
  const std::string engine = std::string("engine(cmd=") + KIBITZ_BINARY + " engine --agent " +
                             c.agent + " --log " + log.string() + ")";
  const auto through_engine = arena(engine, "engine");
  const auto in_process = arena(c.agent, "in_process");
  ASSERT_EQ(through_engine.size(), static_cast<std::size_t>(c.games));
  expect_same_games(through_engine, in_process);

  const auto game = load_game(c.game);
  const auto received = received_by_game(log);
  // One program for all the games of the (one) worker: each game's seed
  // comes with its new_game.
  std::ifstream lines(log);
  int hellos = 0, seeded = 0;
  for (std::string line; std::getline(lines, line);) {
    hellos += line.rfind(R"(> {"type":"hello")", 0) == 0 ? 1 : 0;
    seeded += line.rfind(R"(> {"type":"new_game")", 0) == 0 && line.find(R"("seed":)") != std::string::npos;
  }
  EXPECT_GE(hellos, 1);
  EXPECT_LE(hellos, game->num_players());
  EXPECT_EQ(seeded, c.games);
  ASSERT_EQ(received.size(), through_engine.size());
  for (std::size_t g = 0; g < received.size(); ++g) {
    SCOPED_TRACE("game " + std::to_string(g));
    expect_only_the_seats_stream(*game, through_engine[g], received[g]);
  }
}

// A program that speaks version 2 alone refuses the referee's version 3
// hello; the referee greets it again in version 2, sends it no "legal" (the
// real engine behind it, in version 2, would refuse the field) and plays the
// same games as the agent in process.
TEST(EngineVersions, TheRefereeFallsBackToVersion2) {
  const fs::path dir = fs::temp_directory_path() / ("kibitz_v2_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  auto run = [&](const std::string& first, const std::string& name) {
    const fs::path record = dir / (name + ".kbr");
    const std::string command = std::string("'") + KIBITZ_BINARY + "' arena --game kuhn_poker --agents '" + first +
                                ",random' --games 6 --seed 5 --threads 1 --quiet --record '" + record.string() +
                                "' >'" + (dir / "out").string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream out(dir / "out");
    std::stringstream text;
    text << out.rdbuf();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command << "\n" << text.str();
    return replays::read_replay_file(record.string());
  };
  const std::string shim = std::string(KIBITZ_SOURCE_DIR) + "/tests/tools/version2_engine.py";
  const fs::path log = dir / "engine.log";
  const auto through_v2 = run(std::string("engine(cmd=") + KIBITZ_PYTHON3 + " " + shim + " " + KIBITZ_BINARY +
                                  " engine --agent random --log " + log.string() + ")",
                              "v2");
  const auto in_process = run("random", "in_process");
  expect_same_games(through_v2, in_process);
  std::ifstream lines(log);
  int acts = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(R"(> {"type":"hello")", 0) == 0) {
      EXPECT_NE(line.find(R"("version":2)"), std::string::npos) << line;
    }
    if (line.rfind(R"(> {"type":"act")", 0) == 0) ++acts;
  }
  EXPECT_GT(acts, 0);
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    EveryGame, EngineInArena,
    ::testing::Values(Case{"kuhn_poker", "ismcts(sims=40)", 8},
                      Case{"leduc_poker", "ismcts(sims=40)", 6},
                      Case{"loyalist_spies", "ismcts(sims=8)", 4},
                      // Long games: a cheap agent, since what is checked is
                      // what reaches it on the wire.
                      Case{"adulting", "random", 4},
                      Case{"laws_and_disorder", "random", 4},
                      Case{"tea_game", "random", 5},  // 5 seats: one deal in every seating
                      // Hidden hands known by their backs: a search draws
                      // worlds from what the engine was sent.
                      Case{"spoon_nomic", "ismcts(sims=8)", 4},
                      // The heuristic declared in the game's manifest
                      // (agents/heuristic/liars_dice/), fed the engine's stream.
                      Case{"liars_dice", "heuristic", 6}),
    [](const ::testing::TestParamInfo<Case>& param_info) { return param_info.param.game; });

}  // namespace
}  // namespace kibitz::tools
