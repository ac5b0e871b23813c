// The Adulting bid-and-claim report (docs/bid_claim_report.md): a scripted
// game with known lies, votes, bids and a tie refund gives its figures
// exactly, in the analysis and in the JSON; lawsuits are read from a
// hand-written observation sequence; the page renders in headless Chromium
// with no request leaving the machine; and over a file of random games the
// per-agent figures have their intervals inside [0, 1].
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/stream.h"
#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/adulting/adulting_figures.h"
#include "replays/analysis/adulting/adulting_json.h"
#include "replays/analysis/wilson_interval.h"
#include "replays/replay_reader.h"
#include "replays/replay_writer.h"
#include "tests/env/games/adulting/script.h"
#include "tests/replays/headless_page.h"
#include "tests/replays/report_run.h"
#include "tests/replays/replay_test_util.h"
#include "tools/replay/adulting/adulting_report_command.h"
#include "tools/replay/adulting/adulting_report_html.h"

namespace kibitz::replays::analysis {
namespace {

namespace ad = adulting;
using testing::TempDir;

// --- The Wilson interval -----------------------------------------------------

TEST(Wilson, KnownIntervals) {
  const Proportion half = wilson(5, 10);
  EXPECT_DOUBLE_EQ(half.rate, 0.5);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  const Proportion none = wilson(0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  const Proportion all = wilson(20, 20);
  EXPECT_NEAR(all.low, 0.8389, 1e-4);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  const Proportion empty = wilson(0, 0);
  EXPECT_TRUE(std::isnan(empty.rate));
  EXPECT_DOUBLE_EQ(empty.low, 0.0);
  EXPECT_DOUBLE_EQ(empty.high, 1.0);
  EXPECT_THROW(wilson(3, 2), KibitzError);
}

// Newcombe (1998), "Interval estimation for the difference between
// independent proportions", method 10 (the hybrid score interval), on his
// worked example 56/70 against 48/80: 0.2000, [0.0524, 0.3339].
TEST(Wilson, NewcombeDifferenceOfTwoShares) {
  const ProportionDifference d = difference(wilson(56, 70), wilson(48, 80));
  EXPECT_NEAR(d.difference, 0.2, 1e-12);
  EXPECT_NEAR(d.low, 0.0524, 1e-4);
  EXPECT_NEAR(d.high, 0.3339, 1e-4);
  // Equal shares: centred on zero. Nothing counted on one side: unknown.
  const ProportionDifference level = difference(wilson(30, 60), wilson(30, 60));
  EXPECT_DOUBLE_EQ(level.difference, 0.0);
  EXPECT_NEAR(level.low, -level.high, 1e-12);
  const ProportionDifference unknown = difference(wilson(3, 5), wilson(0, 0));
  EXPECT_TRUE(std::isnan(unknown.difference));
  EXPECT_DOUBLE_EQ(unknown.low, -1.0);
  EXPECT_DOUBLE_EQ(unknown.high, 1.0);
  // The extremes stay within [-1, 1].
  const ProportionDifference most = difference(wilson(10, 10), wilson(0, 10));
  EXPECT_DOUBLE_EQ(most.difference, 1.0);
  EXPECT_LE(most.high, 1.0);
  EXPECT_GT(most.low, 0.5);
}

// --- A scripted game ------------------------------------------------------------

// The smallest deck, two hearts and two clubs, so the game ends in round 5
// when the dealer cannot draw; written once to a temporary file that the
// record's spec names.
std::string small_deck_spec() {
  static const std::string path = [] {
    // One file per process: ctest runs the tests of this file side by side.
    const std::filesystem::path p = std::filesystem::temp_directory_path() /
                                    ("adulting_report_deck_" + std::to_string(::getpid()) + ".json");
    std::ofstream(p) << R"({"cards": [{"name": "H1", "suit": "hearts", "job": "payout"},)"
                     << R"( {"name": "H2", "suit": "hearts", "job": "payout"},)"
                     << R"( {"name": "C1", "suit": "clubs", "job": "payout"},)"
                     << R"( {"name": "C2", "suit": "clubs", "job": "payout"}]})";
    return p.string();
  }();
  return "adulting(players=4,variant=bidding,deck=" + path + ")";
}

// Four players, P0 deals round 1; agents "A" sit at P0 and P2, "B" at P1 and P3.
// Round 1 (H1; everyone holds 2 after income): truths P1 child, P2 adult,
// P3 child, P0 adult. P1 claims adult (a lie), voted up 3-0: stands. P2
// claims adult (true), voted down 1-2: falls (a false accusation). P3
// claims adult (a lie), voted down 0-3: falls (caught). P0 claims child (a
// lie, not an adult one). P1 alone bids 2 for H1, worth 1 point to it: an
// overbid win through a successful bluff.
// Round 2 (P1 deals; H2): P1 passes with H1 in hand; everyone adult, every
// claim true and voted up; bids in order P2 1, P3 3, P0 3, P1 0. H2 is
// worth 1 to P2, P3, P0 (empty mantles and hands) and 3 to P1 (it holds
// H1: hearts 2 = 4 points against 1). P3 takes H2 for 3 (tie with P0, who
// comes later and is refunded 3).
// Round 3 (P2 deals): P3 and P1 score their hearts; C1 is drawn, everyone
// is a child and says so: C1 is discarded. Round 4 (P3 deals): the same
// with C2. Round 5: the deck is empty and the game ends with P1 and P3 at
// 1 point each, sharing the win.
ReplayRecord scripted_record() {
  ad::testing::Script s(small_deck_spec());
  s.top("H1").draw("H1").top("H2");
  // Truths in claim order: P1, P2, P3, P0.
  s.chance("truth child").chance("truth adult").chance("truth child").chance("truth adult");
  s.act(1, "claim adult").act(2, "vote up").act(3, "vote up").act(0, "vote up");
  s.act(2, "claim adult").act(1, "vote down").act(3, "vote down").act(0, "vote up");
  s.act(3, "claim adult").act(1, "vote down").act(2, "vote down").act(0, "vote down");
  s.act(0, "claim child");
  s.act(1, "bid 2");
  s.act(1, "pass").draw("H2");
  s.truths("adult");
  for (const int claimant : {2, 3, 0, 1}) {
    s.act(claimant, "claim adult");
    for (const int voter : {2, 3, 0, 1}) {
      if (voter != claimant) s.act(voter, "vote up");
    }
  }
  s.act(2, "bid 1").act(3, "bid 3").act(0, "bid 3").act(1, "bid 0");
  s.act(3, "score H2 hearts").act(1, "score H1 hearts").draw("C1").truths("child");
  for (const int claimant : {3, 0, 1, 2}) s.act(claimant, "claim child");
  s.draw("C2").truths("child");
  for (const int claimant : {0, 1, 2, 3}) s.act(claimant, "claim child");
  EXPECT_TRUE(s.state().is_terminal()) << s.state().to_string();
  ReplayRecord record;
  record.game = s.game().spec();
  record.seat_labels = {"A", "B", "A", "B"};
  record.agent_specs = record.seat_labels;
  record.actions = s.state().history();
  record.returns = s.returns();
  return record;
}

TEST(AdultingEvents, ScriptedGameBidsClaimsAndRefunds) {
  const AdultingGameEvents g = adulting_events(scripted_record(), 0);
  ASSERT_TRUE(g.finished);
  EXPECT_EQ(g.points, (std::vector<int>{0, 1, 0, 1}));
  ASSERT_EQ(g.auctions.size(), 4u);
  for (std::size_t i = 2; i < 4; ++i) {  // nobody qualified
    EXPECT_EQ(g.auctions[i].winner, -1);
    EXPECT_TRUE(g.auctions[i].bids.empty());
  }
  const AdultingAuction& first = g.auctions[0];
  EXPECT_EQ(g.card_names[static_cast<std::size_t>(first.card)], "H1");
  ASSERT_EQ(first.bids.size(), 1u);
  EXPECT_EQ(first.winner, 1);
  EXPECT_EQ(first.price, 2);
  EXPECT_EQ(first.bids[0].value, 1);
  EXPECT_EQ(first.bids[0].monies, 2);
  EXPECT_TRUE(first.bids[0].overbid());
  const AdultingAuction& second = g.auctions[1];
  ASSERT_EQ(second.bids.size(), 4u);
  const int seats[] = {2, 3, 0, 1};
  const int bids[] = {1, 3, 3, 0};
  const int values[] = {1, 1, 1, 3};
  const int refunds[] = {0, 0, 3, 0};
  for (std::size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(second.bids[i].seat, seats[i]);
    EXPECT_EQ(second.bids[i].bid, bids[i]);
    EXPECT_EQ(second.bids[i].value, values[i]);
    EXPECT_EQ(second.bids[i].refund, refunds[i]);
    EXPECT_EQ(second.bids[i].won, seats[i] == 3);
  }
  ASSERT_EQ(g.claims.size(), 16u);
  EXPECT_TRUE(g.claims[0].successful_bluff());  // P1, round 1
  EXPECT_TRUE(g.claims[1].voted_down() && !g.claims[1].lie());  // P2: falsely accused
  EXPECT_TRUE(g.claims[2].adult_lie() && g.claims[2].voted_down());  // P3: caught
  EXPECT_TRUE(g.claims[3].lie() && !g.claims[3].claim_adult);  // P0: a child lie
  for (std::size_t i = 4; i < 16; ++i) EXPECT_FALSE(g.claims[i].lie());
  EXPECT_EQ(g.claims[0].ups, 3);
  EXPECT_EQ(g.claims[1].downs, 2);
}

TEST(AdultingFigures, ScriptedGameGivesTheKnownFigures) {
  AdultingFiguresBuilder builder;
  builder.add(adulting_events(scripted_record(), 0));
  const AdultingFileFigures f = builder.figures();
  ASSERT_EQ(f.agents.size(), 2u);
  const AgentFigures& a = f.agents[0];
  const AgentFigures& b = f.agents[1];
  ASSERT_EQ(a.agent, "A");
  EXPECT_EQ(a.tally.claims, 8);
  EXPECT_EQ(a.tally.lies, 1);  // P0's child claim
  EXPECT_DOUBLE_EQ(a.rates.lie.rate, 0.125);
  EXPECT_EQ(a.rates.caught.total, 0);
  EXPECT_EQ(a.tally.truthful_adult_claims, 3);
  EXPECT_EQ(a.tally.false_accusations, 1);  // P2 in round 1
  EXPECT_EQ(a.tally.bids, 2);
  EXPECT_EQ(a.tally.overbids, 1);  // P0's 3 on a card worth 1
  EXPECT_EQ(a.tally.refunds, 1);
  EXPECT_EQ(a.tally.refunded, 3);
  EXPECT_EQ(a.tally.auction_wins, 0);
  ASSERT_EQ(b.agent, "B");
  EXPECT_EQ(b.tally.claims, 8);
  EXPECT_EQ(b.tally.lies, 2);
  EXPECT_DOUBLE_EQ(b.rates.lie.rate, 0.25);
  EXPECT_EQ(b.rates.caught.hits, 1);
  EXPECT_EQ(b.rates.caught.total, 2);
  EXPECT_EQ(b.tally.successful_bluffs, 1);
  EXPECT_EQ(b.tally.bids, 3);
  EXPECT_EQ(b.tally.overbids, 2);
  EXPECT_EQ(b.tally.underbids, 1);
  EXPECT_EQ(b.tally.capped_underbids, 1);  // P1 held 2 for a card worth 3
  EXPECT_EQ(b.tally.auction_wins, 2);
  EXPECT_EQ(b.tally.cursed_wins, 2);
  EXPECT_DOUBLE_EQ(b.rates.mean_margin, 1.5);  // (2 - 1 + 3 - 1) / 2
  EXPECT_EQ(b.rates.bluff_wins.hits, 1);
  EXPECT_EQ(b.rates.bluff_wins.total, 2);
  EXPECT_EQ(b.tally.game_wins, 2);
  EXPECT_EQ(b.tally.game_wins_with_bluff, 1);
  EXPECT_EQ(b.tally.refunds, 0);
  ASSERT_EQ(f.flagged.size(), 1u);
  EXPECT_EQ(f.flagged[0].successful_bluffs, 1);
  EXPECT_EQ(f.flagged[0].overbid_wins, 2);
  EXPECT_EQ(f.flagged[0].guilty, 0);
}

// --- Lawsuits, from a hand-written observation sequence --------------------

// Streams for four seats: each observation goes to everyone, or privately
// to one seat with another form for the others.
struct StreamBuilder {
  std::vector<SeatStream> streams = std::vector<SeatStream>(4);
  StreamBuilder& all(ad::Obs kind, std::initializer_list<int> values) {
    for (SeatStream& s : streams) s.push_back(make(kind, values));
    return *this;
  }
  StreamBuilder& own(int seat, ad::Obs kind, std::initializer_list<int> values, ad::Obs others,
                     std::initializer_list<int> other_values) {
    for (std::size_t p = 0; p < streams.size(); ++p) {
      streams[p].push_back(static_cast<int>(p) == seat ? make(kind, values) : make(others, other_values));
    }
    return *this;
  }
  static Observation make(ad::Obs kind, std::initializer_list<int> values) {
    Observation o = ad::make_obs(kind);
    for (const int v : values) o.add(v);
    return o;
  }
};

TEST(AdultingEvents, LawsuitsFromTheLegalObservations) {
  const std::shared_ptr<const Game> loaded = load_game("adulting(players=4,variant=full)");
  const auto& game = static_cast<const ad::AdultingGame&>(*loaded);
  using ad::Obs;
  StreamBuilder b;
  b.all(Obs::kRound, {1, 0}).all(Obs::kDraws, {0, game.deck().find("H2")});
  // P1 measured 3, declares 6; P2 passes on suing, P3 sues; allowed at 2; P1 fights and is found guilty.
  b.own(1, Obs::kMeasured, {3}, Obs::kMeasuredTo, {1}).all(Obs::kDeclares, {1, 6});
  b.all(Obs::kNoSuit, {2}).all(Obs::kSues, {3, 1}).all(Obs::kProposes, {3, 4}).all(Obs::kAllows, {0});
  b.all(Obs::kSetsPrice, {0, 2}).all(Obs::kFights, {1}).all(Obs::kEvidenceNone, {});
  b.all(Obs::kVoteUp, {2}).all(Obs::kVoteUp, {0}).all(Obs::kGuilty, {1});
  // P2 measured 5, declares 5 (honest); P1 sues; the dealer dismisses.
  b.own(2, Obs::kMeasured, {5}, Obs::kMeasuredTo, {2}).all(Obs::kDeclares, {2, 5});
  b.all(Obs::kSues, {1, 2}).all(Obs::kProposes, {1, 2}).all(Obs::kDismisses, {0});
  // P3 measured 2, declares 4; P2 sues; allowed at 1; P3 concedes.
  b.own(3, Obs::kMeasured, {2}, Obs::kMeasuredTo, {3}).all(Obs::kDeclares, {3, 4});
  b.all(Obs::kSues, {2, 3}).all(Obs::kProposes, {2, 1}).all(Obs::kAllows, {0}).all(Obs::kSetsPrice, {0, 1});
  b.all(Obs::kConcedes, {3});
  AdultingGameEvents g = adulting_events(game, b.streams);
  g.agents = {"A", "B", "A", "B"};
  ASSERT_EQ(g.declarations.size(), 3u);
  const AdultingDeclaration& d1 = g.declarations[0];
  EXPECT_EQ(d1.measured, 3);
  EXPECT_TRUE(d1.inflated());
  EXPECT_EQ(d1.prosecutor, 3);
  EXPECT_EQ(d1.proposed, 4);
  EXPECT_EQ(d1.price, 2);
  EXPECT_EQ(d1.verdict, Verdict::kGuilty);
  EXPECT_FALSE(g.declarations[1].inflated());
  EXPECT_EQ(g.declarations[1].verdict, Verdict::kDismissed);
  EXPECT_TRUE(g.declarations[2].inflated());
  EXPECT_EQ(g.declarations[2].verdict, Verdict::kConceded);
  const AdultingTally p1 = seat_tally(g, 1);
  EXPECT_EQ(p1.sued, 1);
  EXPECT_EQ(p1.sued_inflated, 1);
  EXPECT_EQ(p1.guilty, 1);
  EXPECT_EQ(p1.suits_brought, 1);  // against P2
  EXPECT_EQ(flag_game(g).guilty, 1);
  // A verdict on someone who is not the defendant is refused.
  StreamBuilder bad = b;
  bad.all(Obs::kDeclares, {1, 7}).all(Obs::kSues, {2, 1}).all(Obs::kGuilty, {3});
  EXPECT_THROW(adulting_events(game, bad.streams), KibitzError);
}

// --- JSON -------------------------------------------------------------------------

TEST(AdultingJson, HoldsTheScriptedFigures) {
  const std::vector<ReplayRecord> records = {scripted_record()};
  const AdultingReport report = tools::adulting_report(records, "scripted.kbr", 0);
  std::ostringstream out;
  write_adulting_json(report, out);
  json::Document doc;
  doc.Parse(out.str().c_str());
  ASSERT_FALSE(doc.HasParseError()) << out.str();
  EXPECT_EQ(doc["games"].GetInt(), 1);
  const auto& agents = doc["agents"];
  ASSERT_EQ(agents.Size(), 2u);
  const auto& b = agents[1];
  EXPECT_STREQ(b["agent"].GetString(), "B");
  EXPECT_DOUBLE_EQ(b["rates"]["lie"]["rate"].GetDouble(), 0.25);
  EXPECT_EQ(b["rates"]["caught"]["hits"].GetInt(), 1);
  EXPECT_EQ(b["overbids"].GetInt(), 2);
  EXPECT_EQ(b["successful_bluffs"].GetInt(), 1);
  EXPECT_TRUE(agents[0]["rates"]["caught"]["rate"].IsNull());  // A told no adult lie
  EXPECT_TRUE(agents[0]["rates"]["discrimination"]["difference"].IsNull());
  // The voters over the whole file: every agent's claims together.
  const auto& voters = doc["voters"];
  int caught = 0, lies = 0, accused = 0, truthful = 0;
  for (const auto& a : agents.GetArray()) {
    caught += a["adult_lies_caught"].GetInt();
    lies += a["adult_lies"].GetInt();
    accused += a["false_accusations"].GetInt();
    truthful += a["truthful_adult_claims"].GetInt();
  }
  EXPECT_EQ(voters["caught"]["hits"].GetInt(), caught);
  EXPECT_EQ(voters["caught"]["total"].GetInt(), lies);
  EXPECT_EQ(voters["false_accusation"]["hits"].GetInt(), accused);
  EXPECT_EQ(voters["false_accusation"]["total"].GetInt(), truthful);
  if (lies > 0 && truthful > 0) {
    EXPECT_NEAR(voters["discrimination"]["difference"].GetDouble(),
                voters["caught"]["rate"].GetDouble() - voters["false_accusation"]["rate"].GetDouble(), 1e-5);
  }
  EXPECT_EQ(agents[0]["refunded"].GetInt(), 3);
  EXPECT_EQ(doc["flagged_games"][0]["record"].GetInt(), 0);
  const auto& game = doc["game"];
  EXPECT_TRUE(game["claims"][0]["successful_bluff"].GetBool());
  EXPECT_EQ(game["auctions"][1]["bids"][2]["refund"].GetInt(), 3);
  EXPECT_EQ(game["auctions"][1]["bids"][3]["value"].GetInt(), 3);
}

// --- The page in headless Chromium ----------------------------------------------

std::string scripted_page() {
  const std::vector<ReplayRecord> records = {scripted_record()};
  std::ostringstream out;
  tools::write_adulting_report_html(tools::adulting_report(records, "scripted.kbr", 0), 0.1, out);
  return out.str();
}

TEST(AdultingPage, RendersInHeadlessChromiumWithNoRequestLeaving) {
  if (!std::filesystem::exists(testing::kChromium)) {
    GTEST_SKIP() << testing::kChromium << " is not installed (setup.sh installs it); the page was not checked";
  }
  const std::string html = scripted_page();
  EXPECT_TRUE(testing::contains(html, "successful bluff"));
  EXPECT_TRUE(testing::contains(html, "data-kind=\"scatter\""));
  EXPECT_TRUE(testing::contains(html, "class=\"whisker\""));
  testing::expect_renders_offline(html);
}

// --- A file of random games -----------------------------------------------------

TEST(AdultingReportCommand, RandomGamesGiveIntervalsInsideZeroOne) {
  const TempDir dir;
  const std::string games = dir.file("games.kbr");
  json::Document doc;
  ASSERT_NO_FATAL_FAILURE(testing::record_and_report(
      dir, "--game 'adulting(players=4,variant=bidding)' --agents random,'ismcts(sims=2)' --games 8", doc));
  const std::vector<ReplayRecord> records = read_replay_file(games);
  const AdultingReport r = tools::adulting_report(records, games, 1);
  EXPECT_EQ(r.figures.games, records.size());
  ASSERT_EQ(r.figures.agents.size(), 2u);
  for (const AgentFigures& a : r.figures.agents) {
    SCOPED_TRACE(a.agent);
    EXPECT_GT(a.tally.claims, 0);
    EXPECT_GT(a.tally.bids, 0);
    for (const Proportion* p : {&a.rates.lie, &a.rates.caught, &a.rates.overbid, &a.rates.bluff_wins}) {
      EXPECT_LE(0.0, p->low);
      EXPECT_LE(p->low, p->high);
      EXPECT_LE(p->high, 1.0);
      if (p->total > 0) {
        EXPECT_LE(p->low, p->rate);
        EXPECT_LE(p->rate, p->high);
      }
    }
  }
  EXPECT_EQ(doc["agents"].Size(), 2u);
  // Bad input: no output named, and --json on a file of another game.
  EXPECT_EQ(testing::run_kibitz("replay report '" + games + "'").exit_code, 2);
  {
    ReplayWriter writer(dir.file("leduc.kbr"));
    writer.write(testing::scripted_record("leduc_poker", testing::kLeducShowdown));
    writer.close();
  }
  const testing::CommandResult leduc =
      testing::run_kibitz("replay report '" + dir.file("leduc.kbr") + "' --json '" + dir.file("l.json") + "'");
  EXPECT_EQ(leduc.exit_code, 2);
  EXPECT_TRUE(testing::contains(leduc.err, "--json is written for Adulting games")) << leduc.err;
}

// Games with the legal system (variant=full, legal=true): every declaration
// is set against a measurement its declarer saw, every lawsuit names a
// prosecutor other than the defendant, and the verdicts add up to the suits.
TEST(AdultingReportCommand, LegalSystemGamesGiveDeclarationsAndVerdicts) {
  const TempDir dir;
  const std::string games = dir.file("legal.kbr");
  const testing::CommandResult arena = testing::run_kibitz(
      "arena --game 'adulting(players=4,variant=full,legal=true)' --agents random,heuristic --games 8 --quiet "
      "--record '" + games + "'");
  ASSERT_EQ(arena.exit_code, 0) << arena.err;
  const std::vector<ReplayRecord> records = read_replay_file(games);
  AdultingFiguresBuilder builder;
  int declarations = 0;
  int suits = 0;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const AdultingGameEvents g = adulting_events(records[i], i);
    for (const AdultingDeclaration& d : g.declarations) {
      ++declarations;
      EXPECT_GE(d.measured, 0);
      EXPECT_GE(d.declared, d.measured);  // the rules allow no lower declaration
      if (d.prosecutor < 0) continue;
      ++suits;
      EXPECT_NE(d.prosecutor, d.seat);
      EXPECT_NE(d.verdict, Verdict::kNone);
    }
    builder.add(g);
  }
  EXPECT_GT(declarations, 0);
  EXPECT_GT(suits, 0);
  int sued = 0;
  int settled = 0;
  for (const AgentFigures& a : builder.figures().agents) {
    sued += a.tally.sued;
    settled += a.tally.dismissed + a.tally.conceded + a.tally.guilty + a.tally.not_guilty;
  }
  EXPECT_EQ(sued, suits);
  EXPECT_EQ(settled, suits);  // every game finished: no suit left open
}

}  // namespace
}  // namespace kibitz::replays::analysis
