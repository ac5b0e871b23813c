// The game's notes beside a reviewed decision (issue 35, item 1's last
// point) and the review's HTML page. Each note must sit on the move the
// seat made, say what the game's analysis says of it (a Spies card judged
// for bluffing, an Adulting claim against the truth, a bid against the
// bidder's valuation, a declaration against the measurement), and be
// flagged exactly when the analysis flags the move; a game without such
// analysis gets none. The page escapes every text it shows.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <unistd.h>

#include "env/core/registry.h"
#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/game_analysis.h"
#include "replays/replay_reader.h"
#include "tests/tools/kibitz_run.h"
#include "tools/review/decision_notes.h"
#include "tools/review/review_html.h"

namespace kibitz::tools {
namespace {

namespace fs = std::filesystem;
using testing::KibitzRun;
using testing::read_whole_file;
using testing::run_kibitz;
namespace analysis = replays::analysis;

// A replay file of `games` arena games of `game`, `agents` playing.
fs::path recorded(const std::string& name, const std::string& game, int games,
                  const std::string& agents = "heuristic,random") {
  const fs::path dir = fs::temp_directory_path() / ("kibitz_review_notes_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / (name + ".kbr");
  if (!fs::exists(file)) {
    const KibitzRun run = run_kibitz("arena --game '" + game + "' --agents " + agents + " --games " +
                                     std::to_string(games) + " --seed 5 --record " + file.string() + " --quiet");
    EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  }
  return file;
}

// The text of each move of `record` by `seat`, by move index.
std::map<int, std::string> seat_move_texts(const replays::ReplayRecord& record, Player seat) {
  const auto game = load_game(record.game);
  auto state = game->new_initial_state();
  std::map<int, std::string> texts;
  for (std::size_t m = 0; m < record.actions.size(); ++m) {
    if (state->current_player() == seat) texts[static_cast<int>(m)] = state->action_to_string(seat, record.actions[m]);
    state->apply_action(record.actions[m]);
  }
  return texts;
}

analysis::ReportOptions quick_filters() {
  analysis::ReportOptions options;
  options.particles = 200;
  return options;
}

TEST(ReviewNotes, AdultingClaimsBidsAndDeclarationsSitOnTheSeatsMoves) {
  const fs::path file = recorded("adulting", "adulting", 1);
  const replays::ReplayRecord record = replays::read_record_at(file.string(), 0);
  const analysis::AdultingGameEvents events = analysis::adulting_events(record, 0);
  for (Player seat = 0; seat < events.players; ++seat) {
    const auto notes = decision_notes(record, 0, seat, quick_filters());
    const auto texts = seat_move_texts(record, seat);
    int claims = 0, lies = 0, bids = 0, overbids = 0, declarations = 0, inflated = 0;
    for (const auto& c : events.claims) {
      if (c.seat != seat) continue;
      ++claims;
      lies += c.lie();
    }
    for (const auto& a : events.auctions) {
      for (const auto& b : a.bids) {
        if (b.seat != seat) continue;
        ++bids;
        overbids += b.overbid();
      }
    }
    for (const auto& d : events.declarations) {
      if (d.seat != seat) continue;
      ++declarations;
      inflated += d.inflated();
    }
    std::map<std::string, int> kinds, flagged;
    for (const auto& [move, note] : notes) {
      ASSERT_TRUE(texts.count(move)) << "a note on move " << move << ", not seat " << seat << "'s";
      // The note's move is the move of its kind, and says what was played.
      const std::string& text = texts.at(move);
      const std::string expected_start = note.kind == "declaration" ? "declare " : note.kind + " ";
      EXPECT_EQ(text.rfind(expected_start, 0), 0u) << text << " / " << note.kind;
      ++kinds[note.kind];
      flagged[note.kind] += note.flagged;
    }
    EXPECT_EQ(kinds["claim"], claims) << "seat " << seat;
    EXPECT_EQ(flagged["claim"], lies) << "seat " << seat;
    EXPECT_EQ(kinds["bid"], bids) << "seat " << seat;
    EXPECT_EQ(flagged["bid"], overbids) << "seat " << seat;
    EXPECT_EQ(kinds["declaration"], declarations) << "seat " << seat;
    EXPECT_EQ(flagged["declaration"], inflated) << "seat " << seat;
    EXPECT_GT(claims, 0);
  }
}

TEST(ReviewNotes, SpiesCardsCarryTheBluffVerdictOfTheReport) {
  const fs::path file = recorded("spies", "loyalist_spies", 2);
  const replays::ReplayRecord record = replays::read_record_at(file.string(), 0);
  const analysis::GameAnalysis game = analysis::analyze_game(record, 0, quick_filters(), false);
  ASSERT_TRUE(game.spies);
  int bluffs_seen = 0;
  for (Player seat = 0; seat < game.num_players; ++seat) {
    const auto notes = decision_notes(record, 0, seat, quick_filters());
    const auto texts = seat_move_texts(record, seat);
    int plays = 0, bluffs = 0;
    for (const auto& v : game.verdicts) {
      if (v.seat != seat || v.card < 0) continue;
      ++plays;
      bluffs += v.bluff;
    }
    int noted = 0, flagged = 0;
    for (const auto& [move, note] : notes) {
      EXPECT_TRUE(note.kind == "play" || note.kind == "bluff") << note.kind;
      EXPECT_EQ(note.flagged, note.kind == "bluff");
      // "play 7H" and the note "7H as a ...".
      const std::string& text = texts.at(move);
      ASSERT_EQ(text.rfind("play ", 0), 0u) << text;
      EXPECT_EQ(note.text.rfind(text.substr(5) + " as a ", 0), 0u) << note.text;
      ++noted;
      flagged += note.flagged;
    }
    EXPECT_EQ(noted, plays) << "seat " << seat;
    EXPECT_EQ(flagged, bluffs) << "seat " << seat;
    bluffs_seen += bluffs;
  }
  std::printf("spies game 0: %d bluffs noted\n", bluffs_seen);
}

TEST(ReviewNotes, AGameWithoutSuchAnalysisGetsNone) {
  const fs::path file = recorded("leduc", "leduc_poker", 2, "cfr,random");
  const replays::ReplayRecord record = replays::read_record_at(file.string(), 0);
  EXPECT_TRUE(decision_notes(record, 0, 0, quick_filters()).empty());
}

TEST(ReviewNotes, TheCommandPutsTheNotesInItsJsonAndHtmlUnlessAskedNot) {
  const fs::path file = recorded("adulting", "adulting", 1);
  const fs::path json = file.parent_path() / "review.json", html = file.parent_path() / "review.html";
  const KibitzRun run = run_kibitz("review " + file.string() + " --seat 1 --sims 20 --quiet --json " +
                                   json.string() + " --html " + html.string());
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("       claim: claim "), std::string::npos) << run.out << run.err;
  const std::string written = read_whole_file(json);
  EXPECT_NE(written.find("\"note\": {\"kind\": \"claim\""), std::string::npos);
  const std::string page = read_whole_file(html);
  EXPECT_NE(page.find("<!doctype html>"), std::string::npos);
  EXPECT_NE(page.find("claim: claim "), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);

  const KibitzRun plain = run_kibitz("review " + file.string() + " --seat 1 --sims 20 --quiet --no-notes --json " +
                                     json.string());
  ASSERT_EQ(plain.exit_code, 0) << plain.out << plain.err;
  EXPECT_EQ(read_whole_file(json).find("\"note\": {"), std::string::npos);

  const KibitzRun bad = run_kibitz("review " + file.string() + " --seat 1 --particles 0");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--particles must be from 1"), std::string::npos) << bad.err;
}

TEST(ReviewNotes, ThePageEscapesEveryText) {
  SeatReview review;
  review.game = "kuhn_poker<b>";
  review.agent = "ismcts\"><script>alert(1)</script>";
  review.budget = "400 simulations";
  review.replicates = 4;
  DecisionReview d;
  d.move = 3;
  d.played = "<img src=x>";
  d.best = "bet";
  d.loss = 0.5;
  d.loss_error = 0.1;
  d.spread = 1.0;
  d.relative_loss = 0.5;
  d.verdict = Verdict::kBlunder;
  d.actions = {{"bet", 1.0, 0.1, 4, 0.5}, {"<img src=x>", 0.5, 0.1, 4, 0.5}};
  d.note = DecisionNote{"claim", "a <lie> & more", true};
  review.decisions = {d};
  std::ostringstream out;
  write_review_html(out, review, ReviewSource{"file<&>.kbr", 0});
  const std::string page = out.str();
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("<img"), std::string::npos);
  EXPECT_EQ(page.find("<lie>"), std::string::npos);
  EXPECT_NE(page.find("&lt;img src=x&gt;"), std::string::npos);
  EXPECT_NE(page.find("a &lt;lie&gt; &amp; more"), std::string::npos);
  EXPECT_NE(page.find("href=\"#move-3\""), std::string::npos);  // the worst decision links to its row
}

}  // namespace
}  // namespace kibitz::tools
