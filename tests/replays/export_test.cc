// The JSON export's derived fields: who took each action and each game's
// public outcome (replays/analysis/game_outcome.h), for scripted poker
// hands and a scripted Loyalist Spies round; and that a document carrying
// them still reads back to the same records.
#include <gtest/gtest.h>

#include <boost/property_tree/json_parser.hpp>
#include <boost/property_tree/ptree.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/registry.h"
#include "replays/analysis/game_outcome.h"
#include "replays/record_json.h"
#include "replays/replay_writer.h"
#include "tests/replays/replay_test_util.h"
#include "tests/replays/spies_test_games.h"

namespace kibitz::replays {
namespace {

using boost::property_tree::ptree;
using testing::scripted_record;

std::string exported(const std::vector<ReplayRecord>& records) {
  std::ostringstream out;
  JsonRecordWriter writer(out);
  for (const ReplayRecord& record : records) writer.write(record);
  writer.finish();
  return out.str();
}

// The one record of an export, parsed.
ptree exported_record(const ReplayRecord& record) {
  std::istringstream in(exported({record}));
  ptree document;
  boost::property_tree::read_json(in, document);
  return document.get_child("records").front().second;
}

// A JSON list of scalars, each as text.
std::vector<std::string> texts(const ptree& list) {
  std::vector<std::string> out;
  for (const auto& item : list) out.push_back(item.second.data());
  return out;
}

std::vector<std::string> shown(const ptree& outcome) {
  std::vector<std::string> out;
  for (const auto& item : outcome.get_child("showdown")) {
    out.push_back(item.second.get<std::string>("seat") + ":" +
                  item.second.get<std::string>("card"));
  }
  return out;
}

using Texts = std::vector<std::string>;

TEST(JsonExport, KuhnFoldNamesEveryMoverAndTheFold) {
  // P0 checks, P1 bets, P0 passes: a fold.
  const ptree record =
      exported_record(scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "bet", "pass"}));
  EXPECT_EQ(texts(record.get_child("action_player")), (Texts{"chance", "chance", "0", "1", "0"}));
  const ptree& outcome = record.get_child("outcome");
  EXPECT_EQ(outcome.get<std::string>("game"), "kuhn_poker");
  EXPECT_TRUE(outcome.get<bool>("finished"));
  EXPECT_EQ(outcome.get<std::string>("ending"), "fold");
  EXPECT_EQ(texts(outcome.get_child("folded")), Texts{"0"});
  EXPECT_TRUE(outcome.get_child("showdown").empty());  // folded cards stay hidden
  EXPECT_EQ(texts(outcome.get_child("winners")), Texts{"1"});
  EXPECT_EQ(outcome.count("public_card"), 0u);
}

TEST(JsonExport, KuhnShowdownShowsTheCards) {
  const ptree record =
      exported_record(scripted_record("kuhn_poker", {"deal J", "deal K", "bet", "bet"}));
  const ptree& outcome = record.get_child("outcome");
  EXPECT_EQ(outcome.get<std::string>("ending"), "showdown");
  EXPECT_TRUE(outcome.get_child("folded").empty());
  EXPECT_EQ(shown(outcome), (Texts{"0:J", "1:K"}));
  EXPECT_EQ(texts(outcome.get_child("winners")), Texts{"1"});
}

TEST(JsonExport, LeducShowdownHasThePublicCard) {
  const ptree record = exported_record(scripted_record("leduc_poker", testing::kLeducShowdown));
  EXPECT_EQ(texts(record.get_child("action_player")),
            (Texts{"chance", "chance", "0", "1", "chance", "0", "1"}));
  const ptree& outcome = record.get_child("outcome");
  EXPECT_EQ(outcome.get<std::string>("ending"), "showdown");
  EXPECT_EQ(outcome.get<std::string>("public_card"), "Qs");
  EXPECT_EQ(shown(outcome), (Texts{"0:Js", "1:Kh"}));
  EXPECT_EQ(texts(outcome.get_child("winners")), Texts{"1"});
}

TEST(JsonExport, LeducFoldAndATieSplittingThePot) {
  // Seat 1 folds to a raise before the board card.
  const ptree fold =
      exported_record(scripted_record("leduc_poker", {"deal Js", "deal Kh", "raise", "fold"}))
          .get_child("outcome");
  EXPECT_EQ(fold.get<std::string>("ending"), "fold");
  EXPECT_EQ(texts(fold.get_child("folded")), Texts{"1"});
  EXPECT_EQ(fold.count("public_card"), 0u);
  // Two Jacks against a Queen on the board: a split pot, two winners.
  const ptree tie =
      exported_record(scripted_record("leduc_poker", {"deal Js", "deal Jh", "call", "call",
                                                      "deal Qs", "call", "call"}))
          .get_child("outcome");
  EXPECT_EQ(tie.get<std::string>("ending"), "showdown");
  EXPECT_EQ(texts(tie.get_child("winners")), (Texts{"0", "1"}));
}

TEST(JsonExport, ARecordCutShortIsNotFinishedAndUnreplayedMovesAreMarked) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.actions.back() = 7;  // no such Kuhn action
  const ptree json = exported_record(record);
  EXPECT_EQ(texts(json.get_child("action_player")), (Texts{"chance", "chance", "0", "?"}));
  EXPECT_EQ(texts(json.get_child("action_text")).back(), "?");
  EXPECT_FALSE(json.get<bool>("outcome.finished"));
  EXPECT_EQ(json.get_child("outcome").count("ending"), 0u);
}

// The scripted game of the report tests (spies_test_games.h): after a
// direct deal and P0's Jack, P1's Clubs mission succeeds with 35 against a
// covert value of 37; P0, holding a Joker, ends the round a Traitor.
TEST(JsonExport, LoyalistSpiesGivesMissionsRolesAndPoints) {
  const ReplayRecord record = testing::scripted_game();
  const ptree json = exported_record(record);
  // The first moves: four aces and twenty cards dealt by chance, P0's peek.
  const Texts players = texts(json.get_child("action_player"));
  ASSERT_EQ(players.size(), record.actions.size());
  EXPECT_EQ(players[0], "chance");
  EXPECT_EQ(players[25], "0");  // peek P1
  EXPECT_EQ(players[30], "1");  // P1 plays 2D
  const ptree& outcome = json.get_child("outcome");
  EXPECT_EQ(outcome.get<std::string>("game"), "loyalist_spies");
  EXPECT_TRUE(outcome.get<bool>("finished"));
  ASSERT_EQ(outcome.get_child("rounds").size(), 1u);
  const ptree& round = outcome.get_child("rounds").front().second;
  EXPECT_EQ(round.get<int>("round"), 1);
  EXPECT_EQ(round.get<int>("first_determiner"), 0);
  EXPECT_TRUE(round.get<bool>("scored"));
  const ptree& mission = round.get_child("missions").front().second;
  EXPECT_EQ(mission.get<int>("mission"), 1);
  EXPECT_EQ(mission.get<int>("determiner"), 1);
  EXPECT_EQ(mission.get<std::string>("card"), "7C");
  EXPECT_EQ(mission.get<int>("kings"), 0);
  EXPECT_EQ(mission.get<int>("covert"), 37);
  EXPECT_EQ(mission.get<int>("vp"), 5);
  EXPECT_EQ(texts(mission.get_child("revealed")),
            (Texts{"2D", "2S", "2H", "2C", "8C", "9C", "TC"}));
  EXPECT_EQ(mission.get<int>("total"), 35);
  EXPECT_EQ(mission.get<std::string>("result"), "success");

  // Roles and points as the game scored them (its round-end events).
  const std::unique_ptr<State> state = load_game(record.game)->state_from_history(record.actions);
  const analysis::GameOutcome expected = analysis::public_outcome(*state);
  ASSERT_EQ(expected.rounds.size(), 1u);
  const Texts roles = texts(round.get_child("roles"));
  ASSERT_EQ(roles.size(), 4u);
  EXPECT_EQ(roles[0], "Traitor");  // P0 kept its Joker: Jokers cannot be played
  const std::vector<std::string> letters = analysis::role_letters(*state);
  for (std::size_t seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(roles[seat].front(), letters[seat].front()) << seat;
    EXPECT_EQ(texts(round.get_child("points"))[seat],
              std::to_string(expected.rounds[0].points[seat]));
    EXPECT_EQ(texts(round.get_child("totals"))[seat], texts(round.get_child("points"))[seat]);
  }
  EXPECT_EQ(round.get_child("missions").size(), expected.rounds[0].missions.size());
}

TEST(JsonExport, ADocumentWithTheDerivedFieldsReadsBack) {
  const std::vector<ReplayRecord> records = {
      scripted_record("leduc_poker", testing::kLeducShowdown),
      scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "bet", "pass"}),
      testing::scripted_game(), testing::agent_record("loyalist_spies(rounds=2)", "heuristic", 3)};
  std::istringstream in(exported(records));
  EXPECT_EQ(read_json_records(in), records);
}

TEST(JsonExport, TheCommandWritesTheDerivedFields) {
  const testing::TempDir dir;
  {
    ReplayWriter writer(dir.file("games.kbr"));
    writer.write(scripted_record("kuhn_poker", {"deal J", "deal K", "bet", "bet"}));
    writer.close();
  }
  const testing::CommandResult run =
      testing::run_kibitz("replay export '" + dir.file("games.kbr") + "' --json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::istringstream in(run.out);
  ptree document;
  boost::property_tree::read_json(in, document);
  const ptree& record = document.get_child("records").front().second;
  EXPECT_EQ(texts(record.get_child("action_player")), (Texts{"chance", "chance", "0", "1"}));
  EXPECT_EQ(record.get<std::string>("outcome.ending"), "showdown");
}

}  // namespace
}  // namespace kibitz::replays
