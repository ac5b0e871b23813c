// The replay viewer's document (web/replay_view.h): every seat's stream and
// the public stream tagged by step and equal to the game's own when read to
// the end, a state text per step, decisions and annotations where they
// belong, Loyalist Spies' bluffs and P(Traitor) charts, Adulting's claims and
// bids at their movers' steps, a document for every registered game, and
// damaged or missing records refused with a message naming the problem.
#include "web/replay_view.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "replays/record_codec.h"
#include "env/core/rng.h"
#include "replays/recorder.h"
#include "tests/replays/replay_test_util.h"
#include "tests/replays/spies_test_games.h"
#include "web/game_part.h"
#include "web/replay_view_cache.h"

namespace kibitz::web {
namespace {

using replays::ReplayRecord;

// A game of uniformly random moves, every seat's move annotated as a search
// would (tests/replays/replay_test_util.h).
using replays::testing::random_record;

json::Document parse(const std::string& text) {
  json::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << "at " << doc.GetErrorOffset() << ": "
                                    << text.substr(doc.GetErrorOffset() > 80 ? doc.GetErrorOffset() - 80 : 0, 160);
  return doc;
}

std::string compact(const json::Value& value) {
  json::StringBuffer buffer;
  json::Writer<json::StringBuffer> writer(buffer);
  value.Accept(writer);
  return buffer.GetString();
}

std::unique_ptr<State> replayed(const ReplayRecord& record) {
  std::unique_ptr<State> state = load_game(record.game)->new_initial_state();
  for (const Action action : record.actions) state->apply_action(action);
  return state;
}

std::string view_of(const ReplayRecord& record, const ReplayViewOptions& options = {}) {
  return replay_view_json(record, ReplaySource{"test.kbr", 1, 0}, options);
}

// A stream of the document decoded back into observations, its steps
// checked: non-decreasing, within 0..M, and its texts the game's own.
SeatStream decoded(const json::Value& entries, const StreamSpec& spec, int moves) {
  SeatStream out;
  int last = 0;
  for (const auto& entry : entries.GetArray()) {
    const int step = entry["step"].GetInt();
    EXPECT_GE(step, last);
    EXPECT_LE(step, moves);
    last = step;
    out.push_back(spec.from_json(compact(entry["json"])));
    EXPECT_EQ(entry["text"].GetString(), spec.to_text(out.back()));
  }
  return out;
}

// What every document must satisfy, whatever the game.
void check_document(const ReplayRecord& record, const json::Document& doc) {
  const std::unique_ptr<State> state = replayed(record);
  const StreamSpec& spec = state->game().stream_spec();
  const int moves = static_cast<int>(record.actions.size());
  ASSERT_TRUE(doc.IsObject());
  EXPECT_EQ(doc["steps"].GetInt(), moves);
  EXPECT_EQ(doc["moves"].Size(), record.actions.size());
  EXPECT_EQ(doc["players"].GetInt(), state->num_players());
  EXPECT_EQ(doc["game"].GetString(), state->game().spec());
  EXPECT_EQ(doc["finished"].GetBool(), state->is_terminal());
  ASSERT_EQ(doc["streams"].Size(), static_cast<unsigned>(state->num_players()));
  for (Player p = 0; p < state->num_players(); ++p) {
    EXPECT_EQ(decoded(doc["streams"][static_cast<unsigned>(p)], spec, moves), state->seat_stream(p))
        << "seat " << p;
  }
  EXPECT_EQ(decoded(doc["public"], spec, moves), state->public_stream());
  // Each entry's notes are the game's notes on that stream (web/game_part.h).
  const ObservationNotes notes = observation_notes_of(state->game().name());
  for (Player p = -1; p < state->num_players(); ++p) {  // -1: the public stream
    const json::Value& entries = p < 0 ? doc["public"] : doc["streams"][static_cast<unsigned>(p)];
    const SeatStream stream = p < 0 ? state->public_stream() : state->seat_stream(p);
    for (json::SizeType i = 0; i < entries.Size() && i < stream.size(); ++i) {
      const std::string expected = notes ? notes(stream, i) : "";
      const auto member = entries[i].FindMember("notes");
      EXPECT_EQ(member == entries[i].MemberEnd() ? "" : compact(member->value), expected)
          << "seat " << p << " entry " << i;
    }
  }
  int last = 0;
  for (const auto& note : doc["annotations"].GetArray()) {
    EXPECT_GE(note["step"].GetInt(), last) << note["text"].GetString();
    EXPECT_LE(note["step"].GetInt(), moves);
    EXPECT_GE(note["seat"].GetInt(), -1);
    EXPECT_LT(note["seat"].GetInt(), state->num_players());
    last = note["step"].GetInt();
  }
  for (const auto& chart : doc["charts"].GetArray()) {
    for (const auto& series : chart["series"].GetArray()) {
      int previous = 0;
      for (const auto& point : series["points"].GetArray()) {
        EXPECT_GE(point[0].GetInt(), previous);
        EXPECT_LE(point[0].GetInt(), moves);
        EXPECT_GE(point[1].GetDouble(), chart["y_min"].GetDouble());
        EXPECT_LE(point[1].GetDouble(), chart["y_max"].GetDouble());
        previous = point[0].GetInt();
      }
    }
  }
}

TEST(ReplayViewTest, ASpiesGameStepByStep) {
  const ReplayRecord record = random_record(replays::testing::kSingleRound, 3);
  const auto started = std::chrono::steady_clock::now();
  const std::string text = view_of(record);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << "the view of a one-round Spies game of " << record.actions.size() << " moves took "
            << seconds << " s\n";
  const json::Document doc = parse(text);
  check_document(record, doc);
  // The mission flips and reveals carry their terms (checked entry by entry
  // above): the public stream has some.
  int noted = 0;
  for (const auto& entry : doc["public"].GetArray()) noted += entry.HasMember("notes") ? 1 : 0;
  EXPECT_GT(noted, 0);
  const std::unique_ptr<State> state = replayed(record);
  const auto moves = static_cast<unsigned>(record.actions.size());
  // A state text per step, the last the final state's.
  ASSERT_TRUE(doc["full"].IsArray());
  ASSERT_EQ(doc["full"].Size(), moves + 1);
  EXPECT_EQ(doc["full"][moves].GetString(), state->to_string());
  EXPECT_STREQ(doc["full_omitted"].GetString(), "");
  EXPECT_STREQ(doc["source"].GetString(), "test.kbr");
  // Seat moves carry their agents' decisions; chance moves none.
  std::unique_ptr<State> walk = load_game(record.game)->new_initial_state();
  for (unsigned i = 0; i < moves; ++i) {
    const json::Value& move = doc["moves"][i];
    const Player player = walk->current_player();
    EXPECT_EQ(move["player"].GetInt(), player == kChancePlayer ? -1 : player);
    EXPECT_EQ(move["text"].GetString(), walk->action_to_string(player, record.actions[i]));
    if (player == kChancePlayer) {
      EXPECT_TRUE(move["decision"].IsNull());
    } else {
      ASSERT_TRUE(move["decision"].IsObject());
      EXPECT_EQ(move["decision"]["policy"].Size(), walk->legal_actions().size());
      EXPECT_TRUE(move["decision"]["stats"].HasMember("simulations"));
    }
    walk->apply_action(record.actions[i]);
  }
  // The public chart and one per seat, each seat's without its own line.
  ASSERT_EQ(doc["charts"].Size(), 5u);
  EXPECT_EQ(doc["charts"][0]["viewer"].GetInt(), kSpectator);
  EXPECT_EQ(doc["charts"][0]["series"].Size(), 4u);
  EXPECT_GT(doc["charts"][0]["series"][0]["points"].Size(), 1u);
  EXPECT_EQ(doc["charts"][2]["viewer"].GetInt(), 1);
  for (const auto& series : doc["charts"][2]["series"].GetArray()) EXPECT_NE(series["seat"].GetInt(), 1);
  // Every face-down card is judged at its mission's reveal; the round's roles at its end.
  bool roles = false;
  for (const auto& note : doc["annotations"].GetArray()) roles = roles || note["kind"] == "roles";
  EXPECT_TRUE(roles);
}

// The scripted game of the bluff report's tests: P0, a Traitor, plays its
// lowest card, 2C, on a Clubs mission; the reveal follows its play.
TEST(ReplayViewTest, ATraitorPlayingLowIsABluffAtTheReveal) {
  const ReplayRecord record = replays::testing::scripted_game();
  const json::Document doc = parse(view_of(record));
  check_document(record, doc);
  // Aces (4), deal (20), Jack and peek (2), flip and three face-down cards
  // (4), then four plays: P0's 2C is move 33, so the reveal exists at step 34.
  const json::Value* bluff = nullptr;
  for (const auto& note : doc["annotations"].GetArray()) {
    if (note["kind"] == "bluff") bluff = &note;
  }
  ASSERT_NE(bluff, nullptr);
  EXPECT_EQ((*bluff)["seat"].GetInt(), 0);
  EXPECT_EQ((*bluff)["step"].GetInt(), 34);
  EXPECT_STREQ(doc["moves"][33]["text"].GetString(), "play 2C");
  EXPECT_NE(std::string((*bluff)["text"].GetString()).find("2C"), std::string::npos);
  // The public belief about P0 has a point at the reveal.
  bool at_reveal = false;
  for (const auto& point : doc["charts"][0]["series"][0]["points"].GetArray()) {
    at_reveal = at_reveal || point[0].GetInt() == 34;
  }
  EXPECT_TRUE(at_reveal);
}

TEST(ReplayViewTest, AdultingClaimsAndBidsSitAtTheirMoversSteps) {
  int claims = 0;
  int bids = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const ReplayRecord record = random_record("adulting", seed);
    const json::Document doc = parse(view_of(record));
    check_document(record, doc);
    for (const auto& note : doc["annotations"].GetArray()) {
      const std::string kind = note["kind"].GetString();
      if (kind != "claim" && kind != "lie" && kind != "bid" && kind != "overbid") continue;
      ++(kind == "claim" || kind == "lie" ? claims : bids);
      // The step right after the seat's own move.
      const int step = note["step"].GetInt();
      ASSERT_GT(step, 0);
      EXPECT_EQ(doc["moves"][static_cast<unsigned>(step - 1)]["player"].GetInt(), note["seat"].GetInt())
          << note["text"].GetString();
    }
  }
  EXPECT_GT(claims, 0);
  EXPECT_GT(bids, 0);
}

// Every spec the conformance suite plays (each game's default among them):
// an uploaded file may hold any legal game, and its analysis must cope.
TEST(ReplayViewTest, EveryRegisteredGameGivesADocument) {
  std::uint64_t seed = 40;
  for (const GameInfo& info : registered_games()) {
    for (const std::string& spec : info.test_specs) {
      SCOPED_TRACE(spec);
      const ReplayRecord record = random_record(spec, ++seed);
      check_document(record, parse(view_of(record)));
    }
  }
}

TEST(ReplayViewTest, LongStateTextsAreLeftOutWithAReason) {
  const ReplayRecord record = random_record("leduc_poker", 5);
  ReplayViewOptions options;
  options.max_full_bytes = 40;
  const json::Document doc = parse(view_of(record, options));
  EXPECT_TRUE(doc["full"].IsNull());
  EXPECT_NE(std::string(doc["full_omitted"].GetString()).find("40 bytes"), std::string::npos);
}

std::string file_bytes(const std::vector<ReplayRecord>& records) {
  std::string bytes;
  for (const ReplayRecord& record : records) replays::append_frame(record, bytes);
  return bytes;
}

std::string error_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ReplayViewTest, ChoosesARecordOfAFileByIndex) {
  const ReplayRecord kuhn = random_record("kuhn_poker", 1);
  const ReplayRecord leduc = random_record("leduc_poker", 2);
  const std::string bytes = file_bytes({kuhn, leduc});
  const json::Document doc = parse(replay_view_of_bytes(bytes, "uploaded file", 1));
  EXPECT_EQ(doc["games"].GetInt(), 2);
  EXPECT_EQ(doc["game_index"].GetInt(), 1);
  EXPECT_STREQ(doc["source"].GetString(), "uploaded file");
  check_document(leduc, doc);
  EXPECT_EQ(error_of([&] { replay_view_of_bytes(bytes, "uploaded file", 5); }),
            "the file holds 2 games; game=5 does not exist");
  EXPECT_EQ(parse_game_index(""), 0u);
  EXPECT_EQ(parse_game_index("12"), 12u);
  EXPECT_NE(error_of([] { parse_game_index("-1"); }).find("game=-1 is not a game number"), std::string::npos);
  EXPECT_NE(error_of([] { parse_game_index("1x"); }).find("game=1x"), std::string::npos);
  EXPECT_NE(error_of([] { parse_game_index("99999999999999999999"); }), "no error");
}

TEST(ReplayViewTest, DamagedBytesAndIllegalRecordsAreRefused) {
  const ReplayRecord record = random_record("kuhn_poker", 1);
  std::string bytes = file_bytes({record});
  EXPECT_NE(error_of([] { replay_view_of_bytes("", "uploaded file", 0); }).find("is empty"), std::string::npos);
  EXPECT_NE(error_of([] { replay_view_of_bytes("not a replay file at all", "uploaded file", 0); }), "no error");
  std::string damaged = bytes;
  damaged[damaged.size() - 2] ^= 0x5a;
  EXPECT_NE(error_of([&] { replay_view_of_bytes(damaged, "uploaded file", 0); }).find("uploaded file"),
            std::string::npos);
  EXPECT_NE(error_of([&] { replay_view_of_bytes(bytes.substr(0, bytes.size() / 2), "uploaded file", 0); }),
            "no error");
  // Sound frames around a game that is not legal: the move is named.
  ReplayRecord illegal = record;
  illegal.actions[0] = 99;
  const std::string message = error_of([&] { replay_view_of_bytes(file_bytes({illegal}), "uploaded file", 0); });
  EXPECT_NE(message.find("move 0"), std::string::npos) << message;
}

TEST(ReplayViewCacheTest, KeepsTheLastDocumentsUsed) {
  ReplayViewCache cache(2, 100);
  int builds = 0;
  const auto build = [&](const std::string& text) {
    return [&builds, text] {
      ++builds;
      return text;
    };
  };
  EXPECT_EQ(cache.get_or_build("a", build("A")), "A");
  EXPECT_EQ(cache.get_or_build("b", build("B")), "B");
  EXPECT_EQ(cache.get_or_build("a", build("not built")), "A");  // kept; now the most recent
  EXPECT_EQ(builds, 2);
  cache.get_or_build("c", build("C"));  // b, the least recently used, goes
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.get_or_build("b", build("B again")), "B again");
  EXPECT_EQ(cache.get_or_build("c", build("not built")), "C");
  // Past the byte limit: served, never kept; a failed build keeps nothing.
  EXPECT_EQ(cache.get_or_build("big", build(std::string(101, 'x'))).size(), 101u);
  EXPECT_EQ(cache.get_or_build("big", build("rebuilt")), "rebuilt");
  EXPECT_THROW(cache.get_or_build("bad", [] () -> std::string { throw error("no"); }), KibitzError);
  EXPECT_EQ(cache.get_or_build("bad", build("fine")), "fine");
}

}  // namespace
}  // namespace kibitz::web
