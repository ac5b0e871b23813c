// In-process tests of the seat side of the seat protocol: SeatSession (a
// seat known by its stream alone), act budgets (Agent::set_budget), reading
// typed observations, what can come next, the engine's request handling,
// the bounded line reader, and the engine(cmd=...) agent's errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "agents/registry.h"
#include "agents/search/search_agent.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "tests/support/error_of.h"
#include "tools/engine/bounded_line_reader.h"
#include "tools/engine/engine_server.h"
#include "tools/engine/next_observations.h"
#include "tools/engine/seat_entry.h"
#include "tools/engine/seat_session.h"

namespace kibitz::tools {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

SeatStream kuhn(const Game& game, std::initializer_list<const char*> texts) {
  SeatStream out;
  for (const char* text : texts) out.push_back(game.stream_spec().from_text(text));
  return out;
}

TEST(SeatSession, GrowsOnlyByObservationsSomeWorldExplains) {
  const auto game = load_game("kuhn_poker");
  const auto agent = make_agent("random", game, 1);
  SeatSession session(game, 1, *agent, 3);
  EXPECT_FALSE(session.to_act());
  session.observe(kuhn(*game, {"P0 is dealt a card", "dealt K"}));
  const SeatStream before = session.stream();
  // A second card, and P1 betting before P0, contradict the stream.
  for (const char* impossible : {"dealt Q", "P1 bets"}) {
    const std::string why = error_of([&] { session.observe(kuhn(*game, {impossible})); });
    EXPECT_TRUE(contains(why, impossible)) << why;
    EXPECT_EQ(session.stream(), before) << impossible;
  }
  // A batch is all or nothing: its good first half is not kept.
  EXPECT_FALSE(error_of([&] { session.observe(kuhn(*game, {"P0 bets", "P0 bets"})); }).empty());
  EXPECT_EQ(session.stream(), before);
  // Acting out of turn names whose turn it is.
  EXPECT_TRUE(contains(error_of([&] { session.act(); }), "P0's turn"));
  session.observe(kuhn(*game, {"P0 bets"}));
  ASSERT_TRUE(session.to_act());
  EXPECT_EQ(session.legal_action_texts(), (std::vector<std::string>{"pass", "bet"}));
  const SeatDecision decision = session.act();
  EXPECT_TRUE(decision.action_text == "pass" || decision.action_text == "bet");
  session.observe(kuhn(*game, {"P1 passes"}));
  EXPECT_TRUE(session.over());
  EXPECT_TRUE(contains(error_of([&] { session.act(); }), "over"));
  EXPECT_TRUE(contains(error_of([&] { session.observe(kuhn(*game, {"P0 bets"})); }), "over"));
  session.undo(2);
  EXPECT_EQ(session.stream(), before);
  EXPECT_FALSE(error_of([&] { session.undo(3); }).empty());
}

TEST(SeatSession, ReportsTheAgentsPolicyAndHonoursABudget) {
  const auto game = load_game("kuhn_poker");
  const auto agent = make_agent("ismcts(sims=50)", game, 1);
  SeatSession session(game, 0, *agent, 3);
  session.observe(kuhn(*game, {"dealt J", "P1 is dealt a card"}));
  auto simulations = [&] {
    for (const auto& [name, value] : agent->last_decision()->stats) {
      if (name == "simulations") return value;
    }
    return -1.0;
  };
  const SeatDecision own = session.act();
  EXPECT_EQ(simulations(), 50);
  ASSERT_EQ(own.policy.size(), 2u);
  EXPECT_TRUE(own.share().has_value());
  EXPECT_TRUE(own.value.has_value());
  session.act(ActBudget{7, 0});
  EXPECT_EQ(simulations(), 7);
  // The budget holds for one decision: the next one is the spec's again.
  session.act();
  EXPECT_EQ(simulations(), 50);
}

TEST(SeatEntry, ReadsSeveralCardsAfterACardKindAndSemicolons) {
  const auto game = load_game("kuhn_poker(players=3)");
  const StreamSpec& spec = game->stream_spec();
  const SeatStream cards = read_typed_observations(spec, 3, "DEALT  j q a");
  ASSERT_EQ(cards.size(), 3u);
  EXPECT_EQ(spec.to_text(cards[2]), "dealt A");
  const SeatStream two = read_typed_observations(spec, 3, "P0 passes; p1 bets");
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(spec.to_text(two[1]), "P1 bets");
  EXPECT_FALSE(error_of([&] { read_typed_observations(spec, 3, "dealt X"); }).empty());
  EXPECT_FALSE(error_of([&] { read_typed_observations(spec, 3, "P7 bets"); }).empty());
  EXPECT_FALSE(error_of([&] { read_typed_observations(spec, 3, " ; "); }).empty());
}

TEST(NextObservations, ListsWhatCanComeAndWhatIsForced) {
  const auto game = load_game("kuhn_poker");
  const auto agent = make_agent("random", game, 1);
  SeatSession session(game, 1, *agent, 3);
  NextObservations next = next_observations(session, 8);
  ASSERT_NE(next.forced(), nullptr);
  EXPECT_EQ(next.forced()->text, "P0 is dealt a card");
  session.observe(next.forced()->observations);
  next = next_observations(session, 16);
  EXPECT_EQ(next.forced(), nullptr);
  ASSERT_EQ(next.candidates.size(), 3u);  // dealt J, Q or K
  session.observe(kuhn(*game, {"dealt Q", "P0 passes"}));
  next = next_observations(session, 8);
  EXPECT_TRUE(next.seat_to_act);
  EXPECT_EQ(next.forced(), nullptr);  // the seat's own move is its choice
  EXPECT_EQ(next.own_move("BET"), kuhn(*game, {"P1 bets"}));
  EXPECT_TRUE(next.own_move("fold").empty());
}

TEST(EngineServer, AnswersEveryLineWithOneReplyAndKeepsItsGameOnErrors) {
  EngineServer server("random", 0);
  EXPECT_TRUE(contains(server.handle(R"({"type":"new_game","game":"kuhn_poker","seat":0})"),
                       "say hello first"));
  EXPECT_TRUE(contains(server.handle(R"({"type":"hello","version":1})"), "versions 2 to 3"));
  EXPECT_TRUE(contains(server.handle(R"({"type":"hello","version":2})"), R"("games":[)"));
  EXPECT_TRUE(contains(server.handle(R"({"type":"new_game","game":"kuhn_poker","seat":2})"),
                       "from 0 to 1"));
  EXPECT_FALSE(server.in_game());
  EXPECT_TRUE(contains(server.handle(R"({"type":"new_game","game":"kuhn_poker","seat":0})"),
                       R"("type":"game")"));
  const std::string state = server.handle(R"({"type":"state"})");
  for (const char* bad : {R"({"type":"act","budget":{"simulations":0}})",
                          R"({"type":"act","budget":{"simulations":5,"milliseconds":5}})",
                          R"({"type":"act","budget":{"sims":5}})",
                          R"({"type":"observations","observations":[]})",
                          R"({"type":"observations","observations":[{"kind":"dealt","card":"J"},{"kind":"dealt","card":"Q"}]})",
                          R"({"type":"observation","observation":{"kind":"deal","card":"J"}})",
                          R"({"type":"observation","observation":{"kind":"dealt","card":"J","seat":1}})",
                          "[1,2]", R"({"type":"state","type":"state"})", "{\"type\":\"act\",\"x\":1e999}"}) {
    EXPECT_TRUE(contains(server.handle(bad), R"({"type":"error")")) << bad;
    EXPECT_EQ(server.handle(R"({"type":"state"})"), state) << bad;
  }
}

TEST(BoundedLineReader, SkipsAnOverlongLineAndReadsTheNext) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::size_t huge = 10u << 20;
  std::thread writer([&] {
    std::string text = "short\r\n" + std::string(huge, 'x') + "\nnext\nlast";
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t wrote = ::write(fds[1], text.data() + done, text.size() - done);
      if (wrote <= 0) break;
      done += static_cast<std::size_t>(wrote);
    }
    ::close(fds[1]);
  });
  BoundedLineReader reader(fds[0], 1000);
  auto line = reader.next();
  ASSERT_TRUE(line && !line->too_long);
  EXPECT_EQ(line->text, "short");
  line = reader.next();
  ASSERT_TRUE(line && line->too_long);
  EXPECT_EQ(line->bytes, huge);
  EXPECT_TRUE(line->text.empty());
  line = reader.next();
  ASSERT_TRUE(line && !line->too_long);
  EXPECT_EQ(line->text, "next");
  line = reader.next();
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(line->text, "last");
  EXPECT_FALSE(reader.next().has_value());
  writer.join();
  ::close(fds[0]);
}

// The engine(cmd=...) agent names the program in every failure.
TEST(EngineAgent, FailuresOfTheProgramNameIt) {
  const auto game = load_game("kuhn_poker");
  auto failure = [&](const std::string& spec) {
    return error_of([&] { make_agent(spec, game, 1)->new_game(0); });
  };
  EXPECT_TRUE(contains(failure("engine"), "cmd=PROGRAM"));
  EXPECT_TRUE(contains(failure("engine(cmd=/no/such/program --x)"), "/no/such/program"));
  const std::string exited = failure("engine(cmd=false)");
  EXPECT_TRUE(contains(exited, "engine 'false'")) << exited;
  EXPECT_TRUE(contains(exited, "exited with status 1")) << exited;
  const std::string silent = failure("engine(cmd=sleep 5,timeout_ms=200)");
  EXPECT_TRUE(contains(silent, "no answer within 200 ms")) << silent;
  // cat answers hello with the hello itself: no games listed.
  EXPECT_TRUE(contains(failure("engine(cmd=cat)"), "does not play kuhn_poker"));
  EXPECT_TRUE(contains(failure("engine(cmd=sh -c 'read x; echo not json')"), "not a JSON object"));
  EXPECT_TRUE(contains(failure("engine(cmd=echo \"x)"), "unclosed"));
}

}  // namespace
}  // namespace kibitz::tools
