// The recipe of env/README.md, "Adding a game", proven: a throwaway game
// (probe_game.h) is registered through its manifest and its parts of every
// layer, in this binary alone, exactly as a game's own files would declare
// them, and every consumer picks it up with no other edit: the registry, the
// shared suites' listing, the heuristic agent, the network encoder, the
// engine's hello, `kibitz games`, `kibitz arena` recording it, `kibitz
// replay report`, the replay viewer's document (with the notes beside the
// observations) and the server's list of games.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <span>
#include <string>
#include <vector>

#include "agents/heuristic/heuristic_agent.h"
#include "agents/heuristic/heuristic_part.h"
#include "agents/neural/encoders.h"
#include "agents/random/random_agent.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "replays/replay_reader.h"
#include "tests/conformance/game_cases.h"
#include "tests/conformance/probe_game.h"
#include "tools/command.h"
#include "tools/engine/engine_server.h"
#include "tools/replay/report_part.h"
#include "web/game_listing.h"
#include "web/game_part.h"
#include "web/replay_view.h"

namespace kibitz {
namespace {

namespace fs = std::filesystem;

// How often the probe's heuristic was built: its factory is what the
// `heuristic` agent must reach.
int heuristic_builds = 0;

// Its parts, declared as a game's own folders would declare them.
const bool kGame = add_game(probe_game::manifest());
const bool kHeuristic = HeuristicParts::add(
    probe_game::kName,
    {{ParamSpec::real("probe_bias", 0.5, 0.0, 1.0, "manifest_probe: unused")},
     [](const Params&, std::shared_ptr<const Game>, std::uint64_t seed) -> std::unique_ptr<Agent> {
       ++heuristic_builds;
       return std::make_unique<RandomAgent>(seed);
     }});
const bool kReport = tools::ReportParts::add(
    probe_game::kName,
    {[](const tools::ReportRequest& request) {
      std::ofstream(request.html_out) << "probe report: record " << request.detailed << " of "
                                      << request.records.size();
    }});
const bool kWeb = web::WebParts::add(
    probe_game::kName,
    {[](const replays::ReplayRecord&, std::size_t, const web::view::ReplayedRecord& replayed,
        const web::ReplayViewOptions&) {
       web::view::GameNotes notes;
       notes.annotations.push_back({replayed.moves, 0, "probe", "noted by the probe's web part"});
       return notes;
     },
     "probe_renderer.js",
     // Notes beside every observation: the entry's index.
     [](std::span<const Observation>, std::size_t index) {
       return "{\"probe_entry\":" + std::to_string(index) + "}";
     }});

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A subcommand run in this process (so it sees this binary's parts), its
// standard output captured.
std::string run_command(const std::string& name, const std::vector<std::string>& args) {
  for (const tools::Command& command : tools::commands()) {
    if (command.name != name) continue;
    ::testing::internal::CaptureStdout();
    int status = -1;
    try {
      status = command.run(args);
    } catch (...) {
      ::testing::internal::GetCapturedStdout();
      throw;
    }
    const std::string out = ::testing::internal::GetCapturedStdout();
    EXPECT_EQ(status, tools::kExitOk) << name << ": " << out;
    return out;
  }
  ADD_FAILURE() << "no command " << name;
  return {};
}

class GameManifest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(kGame && kHeuristic && kReport && kWeb);
    dir_ = fs::temp_directory_path() / ("kibitz_manifest_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A recorded arena of the probe: its heuristic against random.
  std::string record_games() {
    const std::string path = (dir_ / "probe.kbr").string();
    run_command("arena", {"--game", probe_game::kName, "--agents", "heuristic,random", "--games",
                          "4", "--record", path});
    return path;
  }

  fs::path dir_;
};

TEST_F(GameManifest, TheRegistryAndTheSharedSuitesListIt) {
  const GameInfo& info = find_game(probe_game::kName);
  EXPECT_EQ(load_game(probe_game::kName)->name(), probe_game::kName);
  EXPECT_TRUE(std::is_sorted(registered_games().begin(), registered_games().end(),
                             [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; }));
  const std::vector<conformance::GameCase> cases = conformance::game_cases();
  EXPECT_TRUE(std::any_of(cases.begin(), cases.end(), [&](const conformance::GameCase& c) {
    return c.game == info.name && c.spec == info.test_specs.front();
  }));
  const std::vector<std::string> engine_games = tools::games_with_streams();
  EXPECT_NE(std::find(engine_games.begin(), engine_games.end(), probe_game::kName),
            engine_games.end())
      << "the engine's hello does not offer it";
}

TEST_F(GameManifest, TheHeuristicAgentBuildsItsRules) {
  const auto game = load_game(probe_game::kName);
  const int before = heuristic_builds;
  EXPECT_NE(make_agent("heuristic(probe_bias=0.2)", game, 1), nullptr);
  EXPECT_EQ(heuristic_builds, before + 1);
  const std::vector<std::string> games = HeuristicAgent::supported_games();
  EXPECT_NE(std::find(games.begin(), games.end(), probe_game::kName), games.end());
  const AgentInfo& heuristic = find_agent("heuristic");
  EXPECT_TRUE(contains(heuristic.summary, probe_game::kName)) << heuristic.summary;
  EXPECT_TRUE(std::any_of(heuristic.params.begin(), heuristic.params.end(),
                          [](const ParamSpec& p) { return p.name == "probe_bias"; }));
}

TEST_F(GameManifest, TheNetworkEncoderIsItsManifests) {
  const neural::EncoderInfo info = neural::encoder_info(*load_game(probe_game::kName));
  EXPECT_EQ(info.game_name, probe_game::kName);
  EXPECT_EQ(info.version, probe_game::kEncoderVersion);
  EXPECT_EQ(info.input_size, 4);
}

TEST_F(GameManifest, KibitzGamesListsItWithItsParts) {
  const std::string text = run_command("games", {probe_game::kName});
  EXPECT_TRUE(contains(text, "manifest_probe: Manifest probe, 2 players")) << text;
  EXPECT_TRUE(contains(
      text, "with: heuristic, network encoder v3, replay report, viewer notes, table layout"))
      << text;
  const std::string json = run_command("games", {"--json"});
  EXPECT_TRUE(contains(json, "\"name\": \"manifest_probe\"")) << json;
  EXPECT_TRUE(contains(json,
                       "\"encoder_version\": 3, \"replay_report\": true, \"viewer_notes\": true, "
                       "\"renderer\": \"probe_renderer.js\""))
      << json;
}

TEST_F(GameManifest, ArenaRecordsItAndTheReplayReportIsItsOwn) {
  const std::string path = record_games();
  const std::string html = (dir_ / "report.html").string();
  run_command("replay", {"report", path, "--html", html, "--game", "1"});
  std::ifstream in(html);
  std::stringstream page;
  page << in.rdbuf();
  EXPECT_EQ(page.str(), "probe report: record 1 of 4");
}

TEST_F(GameManifest, TheReplayViewerAddsItsNotes) {
  const std::vector<replays::ReplayRecord> records = replays::read_replay_file(record_games());
  ASSERT_FALSE(records.empty());
  const std::string doc =
      web::replay_view_json(records.front(), web::ReplaySource{"probe.kbr", 1, 0});
  EXPECT_TRUE(contains(doc, "\"kind\":\"probe\",\"text\":\"noted by the probe's web part\""))
      << doc;
  // The notes it declares beside the observations reach every stream's entries.
  EXPECT_TRUE(contains(doc, ",\"notes\":{\"probe_entry\":0}}")) << doc;
  EXPECT_TRUE(contains(doc, ",\"notes\":{\"probe_entry\":1}}")) << doc;
}

TEST_F(GameManifest, TheServersListOffersItWithItsRenderer) {
  const std::string& json = web::games_json();
  EXPECT_TRUE(contains(json, "{\"name\":\"manifest_probe\",\"title\":\"Manifest probe\"")) << json;
  EXPECT_TRUE(contains(json,
                       "\"examples\":[{\"spec\":\"manifest_probe\",\"what\":\"the only variant\"}],"
                       "\"heuristic\":true,\"renderer\":\"probe_renderer.js\"}"))
      << json;
}

}  // namespace
}  // namespace kibitz
