// The network spec policy (web/spec_policy.h) and plan_table, which builds
// only what it allows: the attacks of issue 30 (a program started through a
// nested engine spec however it is spaced, files read by path, uncapped
// costs) are refused with no side effect, and no refusal quotes a file's
// bytes or says whether a path exists.
#include "web/spec_policy.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/tabular/tabular_policy.h"
#include "env/core/error.h"
#include "env/core/registry.h"
#include "web/table_spec.h"

namespace kibitz::web {
namespace {

namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A fresh folder of this test's own, removed afterwards.
class TempFolder {
 public:
  TempFolder() {
    path_ = fs::temp_directory_path() /
            ("kibitz_spec_policy_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempFolder() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  std::string file(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name, std::ios::binary) << text;
    return (path_ / name).string();
  }

 private:
  fs::path path_;
};

std::string agent_error(const std::string& spec, const SpecPolicy& policy = {}) {
  try {
    check_agent_spec(spec, policy);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

std::string game_error(const std::string& spec, const SpecPolicy& policy = {}) {
  try {
    check_game_spec(spec, policy);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

std::string plan_error(const TableSpec& spec, const SpecPolicy& policy = {}) {
  try {
    plan_table(spec, TableSpecRules{16, policy}, 1);
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "";
}

TEST(SpecPolicyTest, EngineIsRefusedHoweverItIsWrittenAndStartsNothing) {
  const TempFolder folder;
  const std::string marker = (folder.path() / "PWNED").string();
  const std::string cmd = "cmd=/usr/bin/touch " + marker;
  const std::vector<std::string> attacks = {
      "engine(" + cmd + ")",
      " engine ( " + cmd + " )",
      "ismcts(sims=1,rollout=engine (" + cmd + "))",
      "ismcts(sims=1,rollout=engine\t(" + cmd + "))",
      "pimc(worlds=1,sims=1,rollout=engine\t(" + cmd + "))",
      "mo_ismcts(sims=1,rollout=ismcts(sims=1,rollout=pimc(worlds=1,sims=1,rollout= engine\n(" +
          cmd + "))))",
  };
  for (const std::string& attack : attacks) {
    const std::string refused = agent_error(attack);
    EXPECT_TRUE(contains(refused, "runs a program on the server")) << attack << ": " << refused;
    const std::string planned = plan_error({"kuhn_poker", {"human", attack}});
    EXPECT_TRUE(contains(planned, "seat 1")) << planned;
    EXPECT_TRUE(contains(planned, "runs a program on the server")) << planned;
  }
  EXPECT_FALSE(fs::exists(marker)) << "a refused spec started its program";
}

TEST(SpecPolicyTest, EveryRegisteredAgentButEngineIsAllowedWithItsDefaults) {
  for (const AgentInfo& info : registered_agents()) {
    const std::string refused = agent_error(info.name);
    if (info.name == "engine") {
      EXPECT_FALSE(refused.empty());
    } else {
      EXPECT_EQ(refused, "") << info.name;
    }
  }
  for (const GameInfo& info : registered_games()) EXPECT_EQ(game_error(info.name), "") << info.name;
}

// Every declaration says what it is: a new cost, file, program or nested
// spec parameter left plain would pass the policy unchecked.
TEST(SpecPolicyTest, EveryDeclarationOfACostFileProgramOrSpecIsMarked) {
  const std::vector<std::string> costs = {"sims",        "worlds",     "iters",
                                          "max_nodes",   "time_ms",    "threads",
                                          "odds_trials", "timeout_ms", "belief",
                                          "belief_rounds"};
  const std::vector<std::string> plain_text = {"device", "birthdays"};
  auto check = [&](const std::string& owner, const std::vector<ParamSpec>& params) {
    for (const ParamSpec& p : params) {
      if (std::find(costs.begin(), costs.end(), p.name) != costs.end()) {
        EXPECT_EQ(p.role, ParamRole::kCost) << owner << " " << p.name;
      }
      if (p.type == ParamType::kString &&
          std::find(plain_text.begin(), plain_text.end(), p.name) == plain_text.end()) {
        EXPECT_NE(p.role, ParamRole::kPlain) << owner << " " << p.name << " is text but plain";
      }
      if (p.role == ParamRole::kCost) {
        EXPECT_NE(p.cost_kind, CostKind::kNone) << p.name;
      }
      if (p.role == ParamRole::kFile) {
        EXPECT_NE(p.file_kind, FileKind::kNone) << p.name;
      }
    }
  };
  for (const AgentInfo& info : registered_agents()) check("agent " + info.name, info.params);
  for (const GameInfo& info : registered_games()) check("game " + info.name, info.params);
  EXPECT_EQ(find_agent("engine").params.front().role, ParamRole::kProgram);
  EXPECT_EQ(find_agent("ismcts").params.front().cost_kind, CostKind::kSimulations);
}

TEST(SpecPolicyTest, TheCheckedSpecIsCanonicalAndNestedSpecsAreRewritten) {
  EXPECT_EQ(check_agent_spec(" ismcts( sims = 10 , rollout = pimc( worlds=2 , sims=3 ) )", {}).spec,
            "ismcts(sims=10,rollout=pimc(worlds=2,sims=3))");
  EXPECT_EQ(check_agent_spec("random", {}).spec, "random");
  EXPECT_EQ(check_game_spec("kuhn_poker(players=3)", {}).spec, "kuhn_poker(players=3)");
}

TEST(SpecPolicyTest, FilePathsAreRefusedWithoutLookingAtThem) {
  const TempFolder folder;
  const std::string secret = folder.file("secret.txt", "TOPSECRET-first-line\troot:x:0:0\n");
  const std::string absent = (folder.path() / "absent.txt").string();
  for (const std::string& value : {secret, absent, std::string("/etc/passwd"), std::string("../x"),
                                   std::string(".."), std::string("a/b"), std::string(".hidden")}) {
    const std::string message = agent_error("cfr(policy=" + value + ")");
    EXPECT_TRUE(contains(message, "not a path")) << message;
    EXPECT_FALSE(contains(message, "TOPSECRET")) << message;
  }
  // The same words whether the path names a file or nothing.
  std::string on_file = agent_error("cfr(policy=" + secret + ")");
  std::string on_nothing = agent_error("cfr(policy=" + absent + ")");
  on_file.replace(on_file.find(secret), secret.size(), "PATH");
  on_nothing.replace(on_nothing.find(absent), absent.size(), "PATH");
  EXPECT_EQ(on_file, on_nothing);
  // Through a table too, and for a game's deck.
  const std::string planned = plan_error({"kuhn_poker", {"human", "cfr(policy=" + secret + ")"}});
  EXPECT_TRUE(contains(planned, "not a path")) << planned;
  EXPECT_FALSE(contains(planned, "TOPSECRET")) << planned;
  const std::string deck =
      plan_error({"adulting(deck=" + secret + ")", {"human", "human", "human", "human"}});
  EXPECT_TRUE(contains(deck, "decks catalogue")) << deck;
  EXPECT_FALSE(contains(deck, "TOPSECRET")) << deck;
  EXPECT_EQ(game_error("adulting(deck=builtin)"), "");
}

TEST(SpecPolicyTest, WithoutACatalogueNoFileNameIsTaken) {
  const std::string message = agent_error("cfr(policy=kuhn)");
  EXPECT_TRUE(contains(message, "offers no models")) << message;
  EXPECT_TRUE(contains(message, "--models")) << message;
  EXPECT_TRUE(contains(game_error("adulting(deck=small)"), "--decks"));
}

TEST(SpecPolicyTest, CatalogueNamesMapToTheirFiles) {
  const TempFolder folder;
  const fs::path models = folder.path() / "models";
  fs::create_directories(models / "sub");
  const std::shared_ptr<const Game> kuhn = load_game("kuhn_poker");
  save_policy((models / "kuhn.policy").string(), TabularPolicy::uniform(*kuhn));
  std::ofstream(models / "sub" / "inner.policy") << "x";
  fs::create_symlink("/etc/passwd", models / "link.policy");
  SpecPolicy policy;
  policy.models = Catalogue::of_folder("--models", models.string());
  EXPECT_EQ(policy.models.names(), (std::vector<std::string>{"kuhn", "kuhn.policy"}));
  EXPECT_EQ(policy.models.skipped().size(), 2u);  // the subfolder and the link

  const CheckedSpec checked = check_agent_spec("cfr(policy=kuhn)", policy);
  // (cfr's max_nodes default is above the cap, so it is written out, lowered.)
  EXPECT_EQ(checked.spec,
            "cfr(policy=" + (models / "kuhn.policy").string() + ",max_nodes=1000000)");
  const TablePlan plan = plan_table({"kuhn_poker", {"human", "cfr(policy=kuhn.policy)"}},
                                    TableSpecRules{16, policy}, 3);
  EXPECT_FALSE(plan.seats[1].human());
  EXPECT_EQ(plan.seats[1].label, "cfr(policy=kuhn.policy)");
  // What clients see and replays record: the agent's own spec, by name.
  EXPECT_EQ(plan.seats[1].spec, "cfr(policy=kuhn.policy,max_nodes=1000000)");
  EXPECT_EQ(plan.seats[0].spec, "human");
  EXPECT_EQ(plan.game_spec, load_game("kuhn_poker")->spec());

  // The entry's own path, as this server records it, names it too; no other path does.
  const std::string path = (models / "kuhn.policy").string();
  EXPECT_EQ(check_agent_spec("cfr(policy=" + path + ",max_nodes=9)", policy).spec,
            "cfr(policy=" + path + ",max_nodes=9)");
  for (const fs::path& other : {models / "link.policy", models / "sub" / "inner.policy",
                                models / "." / "kuhn.policy", models / "kuhn"}) {
    EXPECT_TRUE(contains(agent_error("cfr(policy=" + other.string() + ")", policy), "not a path"))
        << other;
  }

  for (const char* name : {"link", "link.policy", "inner", "sub", "nothing"}) {
    const std::string message = agent_error(std::string("cfr(policy=") + name + ")", policy);
    EXPECT_TRUE(contains(message, "is not in this server's models catalogue")) << message;
    EXPECT_TRUE(contains(message, "offers: kuhn, kuhn.policy")) << message;
  }
}

TEST(SpecPolicyTest, AnErrorFromACatalogueFileNamesTheEntryNotItsPathOrBytes) {
  const TempFolder folder;
  folder.file("notes.txt", "TOPSECRET-first-line root:x:0:0\n");
  folder.file("tabbed.txt", "TOPSECRET-key\tTOPSECRET=1\n");
  SpecPolicy policy;
  policy.models = Catalogue::of_folder("--models", folder.path().string());
  for (const std::string name : {"notes", "tabbed"}) {
    const std::string message =
        plan_error({"kuhn_poker", {"human", "cfr(policy=" + name + ")"}}, policy);
    EXPECT_FALSE(message.empty());
    EXPECT_TRUE(contains(message, name)) << message;
    EXPECT_FALSE(contains(message, "TOPSECRET")) << message;
    EXPECT_FALSE(contains(message, folder.path().string())) << message;
  }
}

TEST(SpecPolicyTest, DecksComeFromTheirCatalogue) {
  const TempFolder folder;
  fs::copy_file(fs::path(KIBITZ_SOURCE_DIR) / "docs/examples/adulting_small_deck.json",
                folder.path() / "small.json");
  SpecPolicy policy;
  policy.decks = Catalogue::of_folder("--decks", folder.path().string());
  const CheckedSpec checked = check_game_spec("adulting(players=3,deck=small)", policy);
  EXPECT_EQ(checked.spec,
            "adulting(players=3,deck=" + (folder.path() / "small.json").string() + ")");
  const TablePlan plan =
      plan_table({"adulting(players=3,deck=small)", {"human", "random", "random"}},
                 TableSpecRules{16, policy}, 3);
  EXPECT_EQ(plan.game->name(), "adulting");
  // Built from the path; shown, and recorded, by the name the host gave.
  EXPECT_TRUE(contains(plan.game->spec(), folder.path().string())) << plan.game->spec();
  const std::string by_name = "deck=small";
  EXPECT_TRUE(contains(plan.game_spec, by_name)) << plan.game_spec;
  EXPECT_FALSE(contains(plan.game_spec, folder.path().string())) << plan.game_spec;
  // The shown spec reads back, through the catalogue, to the same game.
  EXPECT_EQ(load_game(check_game_spec(plan.game_spec, policy).spec)->spec(), plan.game->spec());
  // A model name is no deck.
  EXPECT_TRUE(contains(game_error("adulting(deck=small)"), "offers no decks"));
}

TEST(SpecPolicyTest, ShownSpecsNameEntriesAtEveryDepthAndOnlyFileParameters) {
  const TempFolder folder;
  save_policy((folder.path() / "kuhn.policy").string(),
              TabularPolicy::uniform(*load_game("kuhn_poker")));
  SpecPolicy policy;
  policy.models = Catalogue::of_folder("--models", folder.path().string());
  const std::string path = (folder.path() / "kuhn.policy").string();
  const CheckedSpec checked = check_agent_spec("ismcts(sims=4,rollout=cfr(policy=kuhn))", policy);
  ASSERT_TRUE(contains(checked.spec, path)) << checked.spec;
  EXPECT_EQ(shown_agent_spec(checked.spec, checked),
            "ismcts(sims=4,rollout=cfr(policy=kuhn,max_nodes=1000000))");
  // The host's own text: kept as written unless it names a path.
  EXPECT_EQ(shown_agent_spec("ismcts(sims=4, rollout=cfr(policy=kuhn))", checked),
            "ismcts(sims=4, rollout=cfr(policy=kuhn))");
  const CheckedSpec by_path = check_agent_spec("cfr(policy=" + path + ")", policy);
  EXPECT_EQ(shown_agent_spec("cfr(policy=" + path + ")", by_path), "cfr(policy=kuhn.policy)");
}

TEST(SpecPolicyTest, CostsAboveTheCapsAreRefusedNamingTheCapAndItsFlag) {
  const SpecPolicy policy;  // the default caps
  struct Case {
    std::string spec, words;
  };
  const std::vector<Case> cases = {
      {"ismcts(sims=1000000000)",
       "cap of 100000 simulations per decision (kibitz serve --max-sims)"},
      {"cfr(iters=100000000)", "cap of 10000 iterations (kibitz serve --max-iters)"},
      {"cfr(max_nodes=1000000000)", "cap of 1000000 nodes (kibitz serve --max-nodes)"},
      {"ismcts(threads=256,sims=10)", "cap of 2 threads (kibitz serve --think-threads)"},
      {"ismcts(time_ms=3600000)", "cap of 2000 milliseconds (kibitz serve --max-time-ms)"},
      {"heuristic(odds_trials=1000000)", "(kibitz serve --max-sims)"},
      {"pimc(worlds=1000,sims=1000)", "1000000 simulations per decision"},
      {"ismcts(sims=1000,rollout=ismcts(sims=1000))", "nested searches multiplied"},
      {"ismcts(sims=10,threads=2,rollout=ismcts(sims=10,threads=2))", "threads per decision"},
      {"ismcts(sims=10,rollout=ismcts(time_ms=5))", "may not play by the clock"},
      // A belief model acts in every world of the pool: belief x rounds x its own cost.
      {"ismcts(sims=10,belief=100,belief_rounds=10,belief_model=ismcts(sims=1000))",
       "nested searches multiplied"},
      // A modelled opponent acts in every simulation.
      {"ismcts(sims=1000,opponents=ismcts(sims=1000))", "nested searches multiplied"},
      {"ismcts(opponents=engine(cmd=x))", "runs a program on the server"},
  };
  for (const Case& c : cases) {
    const std::string message = agent_error(c.spec, policy);
    EXPECT_TRUE(contains(message, c.words)) << c.spec << ": " << message;
    const std::string planned = plan_error({"kuhn_poker", {"human", c.spec}}, policy);
    EXPECT_TRUE(contains(planned, c.words)) << c.spec << ": " << planned;
  }
  // At the caps: allowed.
  EXPECT_EQ(agent_error("ismcts(sims=100000,threads=2,time_ms=2000)", policy), "");
  EXPECT_EQ(agent_error("pimc(worlds=100,sims=1000)", policy), "");
  EXPECT_EQ(agent_error("ismcts(sims=100,rollout=ismcts(sims=1000))", policy), "");
  EXPECT_EQ(agent_error("ismcts(sims=10,belief=100,belief_model=ismcts(sims=1000))", policy), "");
  EXPECT_EQ(agent_error("ismcts(sims=100000,belief=64,belief_model=heuristic)", policy), "");
  // opponents=tree (the default, written or not) names no agent to bound.
  EXPECT_EQ(agent_error("ismcts(opponents=tree)", policy), "");
  EXPECT_EQ(agent_error("ismcts(sims=100,opponents=cfr,values=best)", policy), "");
}

TEST(SpecPolicyTest, ADefaultAboveACapIsLoweredToIt) {
  // cfr's own max_nodes default (5,000,000) is above the server's cap.
  EXPECT_EQ(check_agent_spec("cfr", {}).spec, "cfr(max_nodes=1000000)");
  SpecPolicy tight;
  tight.caps.max_sims = 50;
  EXPECT_EQ(check_agent_spec("ismcts", tight).spec, "ismcts(sims=50)");
  // Unless the lowest value the parameter takes is above the cap.
  EXPECT_TRUE(contains(agent_error("heuristic", tight), "is below the least odds_trials"));
}

TEST(SpecPolicyTest, CataloguesRefuseFoldersTheyCannotServe) {
  const TempFolder folder;
  auto refusal = [](const std::string& dir) {
    try {
      Catalogue::of_folder("--models", dir);
    } catch (const KibitzError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_TRUE(contains(refusal((folder.path() / "absent").string()), "not a folder"));
  EXPECT_TRUE(contains(refusal(folder.file("plain", "x")), "not a folder"));
  fs::create_directories(folder.path() / "a,b");
  EXPECT_TRUE(contains(refusal((folder.path() / "a,b").string()), "must not"));
  EXPECT_TRUE(Catalogue::is_entry_name("spies.pt"));
  for (const char* bad : {"", ".", "..", "../x", "/abs", "a/b", "a b", "a(b)", "a,b", ".hidden"}) {
    EXPECT_FALSE(Catalogue::is_entry_name(bad)) << bad;
  }
}

TEST(SpecPolicyTest, PathsInMessagesAreReplacedByEntryNames) {
  CheckedSpec checked;
  checked.files = {{"/srv/models/spies.pt", "spies"}};
  EXPECT_EQ(without_paths("cannot read '/srv/models/spies.pt' (/srv/models/spies.pt)", checked),
            "cannot read 'spies' (spies)");
}

}  // namespace
}  // namespace kibitz::web
