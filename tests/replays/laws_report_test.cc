// The Laws and Disorder laws report (docs/laws_report.md): a scripted game
// with known laws, amendments and payouts gives its figures exactly, in the
// analysis and in the JSON; streams that do not add up are refused; the
// page renders in headless Chromium with no request leaving the machine;
// the command reports a file of random games and refuses a bad file with a
// clear message and no output.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>

#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/stream.h"
#include "replays/analysis/laws_and_disorder/laws_events.h"
#include "replays/analysis/laws_and_disorder/laws_figures.h"
#include "replays/analysis/laws_and_disorder/laws_json.h"
#include "replays/replay_reader.h"
#include "replays/replay_writer.h"
#include "tests/replays/headless_page.h"
#include "tests/replays/report_run.h"
#include "tests/replays/replay_test_util.h"
#include "tools/replay/laws_and_disorder/laws_report_command.h"
#include "tools/replay/laws_and_disorder/laws_report_html.h"

namespace kibitz::replays::analysis {
namespace {

namespace ld = laws_and_disorder;
using testing::TempDir;

// Plays a game by action text; chance outcomes by their text too
// ("position BANKER", "draw GAINS"), or the first one left.
class Script {
 public:
  explicit Script(const std::string& spec) : game_(load_game(spec)), state_(game_->new_initial_state()) {}
  Script& chance(const std::string& text) {
    EXPECT_TRUE(state_->is_chance_node()) << text;
    return apply(text);
  }
  // `n` draws of whatever kind comes first in the deck's order.
  Script& draws(int n) {
    for (int i = 0; i < n; ++i) {
      EXPECT_TRUE(state_->is_chance_node());
      state_->apply_action(state_->chance_outcomes()[0].action);
    }
    return *this;
  }
  Script& act(int seat, const std::string& text) {
    EXPECT_EQ(state_->current_player(), seat) << text;
    return apply(text);
  }
  // Every seat ends its turns, draws taking the first kind left, to the end.
  void play_out() {
    while (!state_->is_terminal()) {
      if (state_->is_chance_node()) {
        draws(1);
      } else {
        apply("end-turn");
      }
    }
  }
  const State& state() const { return *state_; }
  const Game& game() const { return *game_; }

 private:
  Script& apply(const std::string& text) {
    state_->apply_action(state_->string_to_action(state_->current_player(), text));
    return *this;
  }
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
};

// Four players, at most three laws on the table. P0 BANKER, P1 JUDGE, P2
// SCIENTIST, P3 PRIEST; THIEF and MERCHANT are held by nobody. Agents "A"
// sit at P0 and P2, "B" at P1 and P3.
//  Turn 1, P0: L1 THE JUDGE GIVES THE BANKER 2 MONIES: paid 8 (the Banker
//    doubles); P1 gives P0 2.                          P0 13, P1 1
//  Turn 2, P1: L2 THE SCIENTIST LOSES 2 CARDS: paid 3; P2 discards two.
//    P1 uses the judge (2) to destroy L1.              P1 2
//  Turn 3, P2: L3 THE PRIEST GIVES THE THIEF 1 MONIES: paid 4; P3's monies
//    go to nobody (no thief): P3 loses 1. P2 uses the scientist (2) to add
//    WHEN-LAW-MADE to L2.                              P2 5, P3 2
//  Turn 4, P3: L4 THE BANKER GIVES THE PRIEST 1 CARD: paid 4; P0 hands
//    P3 a card; L2 fires (a law was made): P2 loses its 2 cards. P3 uses
//    the priest (2) to put BANKER for PRIEST in L3.     P3 4
//  Turn 5, P0: L5 THE BANKER GAINS 2 CARDS: the table is full, L2 is
//    dropped; paid 6; P0 draws 2.                      P0 19
//  Turn 6, P1: the judge (2) enforces L3: P0's monies go to nobody, P0
//    loses 1.                                          P0 18, P1 0
// Then everyone ends their turns to the end: 18, 0, 5, 4; P0 wins.
ReplayRecord scripted_record() {
  Script s("laws_and_disorder(players=4,max_laws=3)");
  s.chance("position BANKER").chance("position JUDGE").chance("position SCIENTIST").chance("position PRIEST");
  const std::vector<std::vector<std::string>> hands = {
      {"JUDGE", "GIVES", "BANKER", "2-MONIES", "BANKER", "GAINS", "2-CARDS"},
      {"SCIENTIST", "LOSES", "2-CARDS", "THIEF", "THIEF", "MERCHANT", "MERCHANT"},
      {"PRIEST", "GIVES", "THIEF", "1-MONIES", "WHEN-LAW-MADE", "5-MONIES", "4-MONIES"},
      {"BANKER", "GIVES", "PRIEST", "1-CARD", "BANKER", "SCIENTIST", "SCIENTIST"}};
  for (const auto& hand : hands) {
    for (const std::string& card : hand) s.chance("draw " + card);
  }
  s.act(0, "law JUDGE").act(0, "GIVES").act(0, "BANKER").act(0, "2-MONIES").act(0, "end-law");
  s.act(0, "end-turn").chance("draw 1-CARD").chance("draw 1-CARD");
  s.act(1, "law SCIENTIST").act(1, "LOSES").act(1, "2-CARDS").act(1, "end-law");
  s.act(2, "discard 5-MONIES").act(2, "discard 4-MONIES");
  s.act(1, "ability judge destroy L1").act(1, "end-turn").draws(2);
  s.act(2, "law PRIEST").act(2, "GIVES").act(2, "THIEF").act(2, "1-MONIES").act(2, "end-law");
  s.act(2, "ability scientist add WHEN-LAW-MADE to L2").act(2, "end-turn").chance("draw LOSES").chance("draw LOSES");
  s.act(3, "law BANKER").act(3, "GIVES").act(3, "PRIEST").act(3, "1-CARD").act(3, "end-law");
  s.act(0, "give 1-CARD");
  s.act(3, "ability priest subject BANKER in L3").act(3, "end-turn").draws(2);
  s.act(0, "law BANKER").act(0, "GAINS").act(0, "2-CARDS").act(0, "end-law").draws(2);
  s.act(0, "end-turn").draws(2);
  s.act(1, "ability judge enforce L3").act(1, "end-turn");
  s.play_out();
  ReplayRecord record;
  record.game = s.game().spec();
  record.seat_labels = {"A", "B", "A", "B"};
  record.agent_specs = record.seat_labels;
  record.actions = s.state().history();
  record.returns = s.state().returns();
  return record;
}

const SeatLawEffect& at(const LawsGameEvents& g, int serial, int seat) {
  return g.laws[static_cast<std::size_t>(serial - 1)].seats[static_cast<std::size_t>(seat)];
}

TEST(LawsEvents, ScriptedGameLawsAndTheirPayouts) {
  const LawsGameEvents g = laws_events(scripted_record(), 0);
  ASSERT_TRUE(g.finished);
  EXPECT_EQ(g.final_monies, (std::vector<int>{18, 0, 5, 4}));
  EXPECT_EQ(g.winners, (std::vector<int>{0}));
  EXPECT_EQ(g.abilities, (std::vector<int>{0, 2, 1, 1}));
  EXPECT_EQ(g.positions, (std::vector<int>{1, 0, 3, 5}));
  ASSERT_EQ(g.laws.size(), 5u);
  // L1: the Banker's double pay, and P1's gift to P0.
  EXPECT_EQ(at(g, 1, 0).pay, 8);
  EXPECT_EQ(at(g, 1, 0).received, 2);
  EXPECT_EQ(at(g, 1, 1).given, 2);
  EXPECT_EQ(at(g, 1, 1).effects, 1);
  EXPECT_EQ(g.laws[0].fate, LawFate::kDestroyed);
  EXPECT_EQ(g.laws[0].gone_turn, 2);
  // L2: four cards lost by P2, two when made, two when L4 was made; dropped.
  EXPECT_EQ(at(g, 2, 1).pay, 3);
  EXPECT_EQ(at(g, 2, 2).cards_lost, 4);
  EXPECT_EQ(at(g, 2, 2).effects, 2);
  EXPECT_EQ(g.laws[1].fate, LawFate::kDropped);
  EXPECT_EQ(sentence(g.laws[1].last), "THE SCIENTIST LOSES 2 CARDS WHEN A LAW IS MADE");
  // L3: two gifts to nobody, P3's when made and P0's when enforced.
  EXPECT_EQ(at(g, 3, 3).lost, 1);
  EXPECT_EQ(at(g, 3, 3).lost_to_nobody, 1);
  EXPECT_EQ(at(g, 3, 0).lost_to_nobody, 1);
  EXPECT_EQ(at(g, 3, 0).net_monies(), -1);
  EXPECT_EQ(g.laws[2].enforced, 1);
  EXPECT_EQ(sentence(g.laws[2].made), "THE PRIEST GIVES THE THIEF 1 MONIES");
  EXPECT_EQ(sentence(g.laws[2].last), "THE BANKER GIVES THE THIEF 1 MONIES");
  // L4: a card from P0 to P3; L5: two cards drawn.
  EXPECT_EQ(at(g, 4, 0).cards_given, 1);
  EXPECT_EQ(at(g, 4, 3).cards_received, 1);
  EXPECT_EQ(at(g, 4, 3).net_monies(), 4);
  EXPECT_EQ(at(g, 5, 0).pay, 6);
  EXPECT_EQ(at(g, 5, 0).cards_gained, 2);
  EXPECT_EQ(g.laws[4].fate, LawFate::kOnTable);
  // The timeline, in order.
  using K = LawChangeKind;
  const std::vector<std::tuple<int, int, K, int>> expected = {
      {1, 1, K::kMade, 0},       {2, 2, K::kMade, 1},      {2, 1, K::kDestroyed, 1},
      {3, 3, K::kMade, 2},       {3, 2, K::kWhenAdded, 2}, {4, 4, K::kMade, 3},
      {4, 3, K::kPositionSwapped, 3}, {5, 5, K::kMade, 0}, {5, 2, K::kDropped, -1},
      {6, 3, K::kEnforced, 1}};
  ASSERT_EQ(g.timeline.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE(i);
    const auto& [turn, serial, kind, seat] = expected[i];
    EXPECT_EQ(g.timeline[i].turn, turn);
    EXPECT_EQ(g.timeline[i].serial, serial);
    EXPECT_EQ(g.timeline[i].kind, kind);
    EXPECT_EQ(g.timeline[i].seat, seat);
  }
  EXPECT_EQ(g.timeline[4].card_in, static_cast<int>(ld::Kind::kWhenLawMade));
  EXPECT_EQ(g.timeline[6].card_in, static_cast<int>(ld::Kind::kBanker));
  EXPECT_EQ(g.timeline[6].card_out, static_cast<int>(ld::Kind::kPriest));
  EXPECT_EQ(sentence(g.timeline[4].law), "THE SCIENTIST LOSES 2 CARDS WHEN A LAW IS MADE");
  EXPECT_EQ(g.monies_by_turn[1], (std::vector<int>{13, 1, 3, 3}));  // as turn 2 began
  EXPECT_EQ(g.monies_by_turn.back(), g.final_monies);
}

TEST(LawsFigures, ScriptedGameMatrixAndAgents) {
  const LawsGameEvents g = laws_events(scripted_record(), 0);
  const SeatMatrix net = maker_matrix(g);
  EXPECT_EQ(net, (SeatMatrix{{16, -2, 0, 0}, {0, 3, 0, 0}, {-1, 0, 4, -1}, {0, 0, 0, 4}}));
  const SeatLawFigures p0 = seat_figures(g, 0);
  EXPECT_EQ(p0.laws_made, 2);
  EXPECT_EQ(p0.pay, 14);
  EXPECT_EQ(p0.own_effects, 2);
  EXPECT_EQ(p0.to_others, -2);
  EXPECT_EQ(p0.from_others, -1);
  EXPECT_TRUE(p0.won);
  LawsFiguresBuilder builder;
  builder.add(g);
  const LawsFileFigures f = builder.figures();
  ASSERT_EQ(f.agents.size(), 2u);
  const LawsAgentFigures& a = f.agents[0];
  ASSERT_EQ(a.agent, "A");
  EXPECT_EQ(a.win.hits, 1);
  EXPECT_EQ(a.win.total, 2);
  EXPECT_DOUBLE_EQ(mean_interval(a.tally.final_monies).mean, 11.5);
  EXPECT_DOUBLE_EQ(mean_interval(a.tally.self).mean, 10.0);  // 16 and 4
  EXPECT_DOUBLE_EQ(mean_interval(a.tally.to_agent.at("A")).mean, -0.5);  // P0 -> P2 0, P2 -> P0 -1
  EXPECT_DOUBLE_EQ(mean_interval(a.tally.to_agent.at("B")).mean, -1.5);  // -2 and -1
  const MeanInterval self = mean_interval(a.tally.self);
  EXPECT_NEAR(self.high - self.mean, kZ95 * std::sqrt(72.0 / 2.0), 1e-9);  // s^2 = 72
  const LawsAgentFigures& b = f.agents[1];
  EXPECT_EQ(b.win.hits, 0);
  EXPECT_DOUBLE_EQ(mean_interval(b.tally.self).mean, 3.5);
  EXPECT_DOUBLE_EQ(mean_interval(b.tally.to_agent.at("A")).mean, 0.0);
  EXPECT_EQ(b.self_harming.total, 2);
  EXPECT_EQ(b.self_harming.hits, 0);
}

// Streams that do not add up are refused, naming the problem.
TEST(LawsEvents, RefusesStreamsThatDoNotAddUp) {
  const std::shared_ptr<const Game> loaded = load_game("laws_and_disorder(players=2)");
  const auto& game = static_cast<const ld::LawsAndDisorderGame&>(*loaded);
  const auto obs = [](ld::Obs kind, std::initializer_list<int> values) {
    Observation o = ld::make_obs(kind);
    for (const int v : values) o.add(v);
    return o;
  };
  std::vector<SeatStream> streams(2);
  for (SeatStream& s : streams) {
    s = {obs(ld::Obs::kHolds, {0, 0}), obs(ld::Obs::kHolds, {1, 1}), obs(ld::Obs::kTurn, {1, 0}),
         obs(ld::Obs::kFinal, {0, 3}), obs(ld::Obs::kFinal, {1, 9})};
  }
  try {
    laws_events(game, streams);
    FAIL() << "final monies that nothing explains were accepted";
  } catch (const KibitzError& e) {
    EXPECT_TRUE(testing::contains(e.what(), "P1 ends with 9 monies")) << e.what();
  }
  for (SeatStream& s : streams) s.insert(s.begin() + 3, obs(ld::Obs::kGains, {1, 6, 4}));
  try {
    laws_events(game, streams);
    FAIL() << "a law that was never made was accepted";
  } catch (const KibitzError& e) {
    EXPECT_TRUE(testing::contains(e.what(), "L4 was never made")) << e.what();
  }
}

// Cards given to a position nobody holds are counted as given, to nobody,
// and received by no seat (a hand-built two-player stream).
TEST(LawsEvents, CardsGivenToNobody) {
  const std::shared_ptr<const Game> loaded = load_game("laws_and_disorder(players=2)");
  const auto& game = static_cast<const ld::LawsAndDisorderGame&>(*loaded);
  using ld::Kind;
  using ld::Obs;
  const auto obs = [](Obs kind, std::initializer_list<int> values) {
    Observation o = ld::make_obs(kind);
    for (const int v : values) o.add(v);
    return o;
  };
  const auto k = [](Kind kind) { return static_cast<int>(kind); };
  SeatStream s = {obs(Obs::kHolds, {0, 0}), obs(Obs::kHolds, {1, 1}), obs(Obs::kDrawSeen, {0, k(Kind::kGains)})};
  for (int i = 0; i < 4; ++i) s.push_back(obs(Obs::kDraw, {1}));
  s.push_back(obs(Obs::kTurn, {1, 1}));
  for (const Kind card : {Kind::kJudge, Kind::kGives, Kind::kPriest, Kind::kOneCard}) {
    s.push_back(obs(Obs::kLawCard, {1, k(card)}));
  }
  s.push_back(obs(Obs::kLawMade, {1, 1, 4, k(Kind::kJudge), k(Kind::kGives), k(Kind::kPriest), k(Kind::kOneCard)}));
  s.push_back(obs(Obs::kLawPaid, {1, 8, 1}));
  s.push_back(obs(Obs::kEffect, {1, 0}));
  s.push_back(obs(Obs::kGivesCards, {0, 1, 1}));
  s.push_back(obs(Obs::kNobodyReceives, {0}));
  s.push_back(obs(Obs::kDiscardSeen, {0, k(Kind::kGains)}));
  s.push_back(obs(Obs::kFinal, {0, 3}));
  s.push_back(obs(Obs::kFinal, {1, 11}));
  const LawsGameEvents g = laws_events(game, std::vector<SeatStream>{s, s});
  ASSERT_EQ(g.laws.size(), 1u);
  EXPECT_EQ(at(g, 1, 0).cards_given, 1);
  EXPECT_EQ(at(g, 1, 0).cards_to_nobody, 1);
  EXPECT_EQ(at(g, 1, 1).cards_received, 0);
  EXPECT_EQ(at(g, 1, 1).pay, 8);
  EXPECT_EQ(g.winners, (std::vector<int>{1}));
}

TEST(LawsJson, HoldsTheScriptedFigures) {
  const std::vector<ReplayRecord> records = {scripted_record()};
  const LawsReport report = tools::laws_report(records, "scripted.kbr", 0);
  std::ostringstream out;
  write_laws_json(report, out);
  json::Document doc;
  doc.Parse(out.str().c_str());
  ASSERT_FALSE(doc.HasParseError()) << out.str();
  EXPECT_EQ(doc["games"].GetInt(), 1);
  const auto& game = doc["game"];
  EXPECT_EQ(game["winners"][0].GetInt(), 0);
  EXPECT_EQ(game["final_monies"][0].GetInt(), 18);
  EXPECT_EQ(game["maker_matrix"][2][3].GetInt(), -1);
  EXPECT_EQ(game["maker_matrix"][0][0].GetInt(), 16);
  const auto& l3 = game["laws"][2];
  EXPECT_STREQ(l3["last_sentence"].GetString(), "THE BANKER GIVES THE THIEF 1 MONIES");
  EXPECT_EQ(l3["seats"][3]["lost_to_nobody"].GetInt(), 1);
  EXPECT_STREQ(game["laws"][1]["fate"].GetString(), "dropped");
  const auto& swap = game["timeline"][6];
  EXPECT_STREQ(swap["change"].GetString(), "position swapped");
  EXPECT_STREQ(swap["card_in"].GetString(), "BANKER");
  EXPECT_STREQ(swap["card_out"].GetString(), "PRIEST");
  const auto& a = doc["agents"][0];
  EXPECT_STREQ(a["agent"].GetString(), "A");
  EXPECT_DOUBLE_EQ(a["win"]["rate"].GetDouble(), 0.5);
  EXPECT_DOUBLE_EQ(a["matrix"]["self"]["mean"].GetDouble(), 10.0);
  EXPECT_DOUBLE_EQ(a["matrix"]["B"]["mean"].GetDouble(), -1.5);
  EXPECT_EQ(doc["games_list"][0]["laws"].GetInt(), 5);
  EXPECT_EQ(doc["games_list"][0]["maker_matrix"][0][1].GetInt(), -2);
}

TEST(LawsPage, RendersInHeadlessChromiumWithNoRequestLeaving) {
  const std::vector<ReplayRecord> records = {scripted_record()};
  std::ostringstream out;
  tools::write_laws_report_html(tools::laws_report(records, "scripted.kbr", 0), 0.1, out);
  const std::string html = out.str();
  EXPECT_TRUE(testing::contains(html, "THE SCIENTIST LOSES 2 CARDS WHEN A LAW IS MADE"));
  EXPECT_TRUE(testing::contains(html, "priest puts BANKER for PRIEST"));
  EXPECT_TRUE(testing::contains(html, "class=\"whisker\""));
  if (!std::filesystem::exists(testing::kChromium)) {
    GTEST_SKIP() << testing::kChromium << " is not installed (setup.sh installs it); the page was not rendered";
  }
  testing::expect_renders_offline(html);
}

TEST(LawsReportCommand, RandomGamesAndBadFiles) {
  const TempDir dir;
  const std::string games = dir.file("games.kbr");
  json::Document doc;
  ASSERT_NO_FATAL_FAILURE(testing::record_and_report(
      dir, "--game 'laws_and_disorder(players=4,max_laws=4)' --agents random,random --games 6", doc));
  EXPECT_EQ(doc["games"].GetInt(), 6);
  for (const auto& a : doc["agents"].GetArray()) {
    EXPECT_LE(a["win"]["low"].GetDouble(), a["win"]["high"].GetDouble());
    EXPECT_LE(a["per_game"]["pay"]["low"].GetDouble(), a["per_game"]["pay"]["mean"].GetDouble());
  }
  // A record that stops before the end: no final monies, no winner, and
  // its seats count in no win share.
  std::vector<ReplayRecord> cut = read_replay_file(games);
  cut[0].actions.resize(cut[0].actions.size() / 2);
  cut[0].returns.clear();
  const LawsGameEvents unfinished = laws_events(cut[0], 0);
  EXPECT_FALSE(unfinished.finished);
  EXPECT_TRUE(unfinished.winners.empty());
  EXPECT_TRUE(unfinished.final_monies.empty());
  LawsFiguresBuilder builder;
  builder.add(unfinished);
  EXPECT_EQ(builder.figures().agents[0].win.total, 0);
  // A file that is not a replay file: a clear error, exit 2, nothing written.
  testing::write_bytes(dir.file("bad.kbr"), "this is not a replay file");
  const testing::CommandResult bad = testing::run_kibitz("replay report '" + dir.file("bad.kbr") + "' --json '" +
                                                         dir.file("bad.json") + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(testing::contains(bad.err, "bad.kbr")) << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("bad.json")));
  // A record whose actions are not a legal game: refused, naming the record.
  std::vector<ReplayRecord> records = read_replay_file(games);
  records[0].actions.resize(records[0].actions.size() / 2);
  records[0].actions.push_back(ld::kNumActions + 5);
  records[0].returns.clear();
  {
    ReplayWriter writer(dir.file("broken.kbr"));
    for (const ReplayRecord& r : records) writer.write(r);
    writer.close();
  }
  const testing::CommandResult broken = testing::run_kibitz("replay report '" + dir.file("broken.kbr") +
                                                            "' --json '" + dir.file("broken.json") + "'");
  EXPECT_EQ(broken.exit_code, 2) << broken.out;
  EXPECT_TRUE(testing::contains(broken.err, "record 0")) << broken.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("broken.json")));
}

}  // namespace
}  // namespace kibitz::replays::analysis
