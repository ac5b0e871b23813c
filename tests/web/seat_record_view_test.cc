// The replay viewer's document of a seat record (web/seat_record_view.h):
// the seat's own stream stepped one observation a step, in the game's own
// forms, its decisions at the steps where it decided, the result when the
// record settles it, and nothing of another seat (no other stream, no
// moves, no state text); and records from the network that are malformed,
// of another format or version, of an unknown game or one the server does
// not allow, refused with the problem named and nothing of the file quoted;
// and any cut or altered record answered, never crashed on.
#include "web/seat_record_view.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/core/json.h"
#include "env/core/registry.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "web/spec_policy.h"

namespace kibitz::web {
namespace {

using replays::SeatRecord;

json::Document parse(const std::string& text) {
  json::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text.substr(0, 200);
  return doc;
}

std::string compact(const json::Value& value) {
  json::StringBuffer buffer;
  json::Writer<json::StringBuffer> writer(buffer);
  value.Accept(writer);
  return buffer.GetString();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Kuhn: J to P0, K to P1, P0 passes, P1 bets, P0 folds (passes): P1's king
// is never shown, so P0's record cannot hold it.
struct KuhnGame {
  std::unique_ptr<State> state;
  SeatRecord record;
};

KuhnGame kuhn_fold() {
  KuhnGame out;
  out.state = load_game("kuhn_poker")->new_initial_state();
  State& state = *out.state;
  out.record.game = state.game().spec();
  out.record.seat = 0;
  out.record.agent = "random";
  out.record.source = "kibitz seat";
  for (const char* text : {"deal J", "deal K", "pass", "bet", "pass"}) {
    const Player actor = state.current_player();
    const Action action = state.string_to_action(actor, text);
    if (actor == 0) {
      out.record.decisions.push_back({state.seat_stream(0).size(), state.action_to_string(0, action), "pass"});
    }
    state.apply_action(action);
  }
  out.record.stream = state.seat_stream(0);
  out.record.returns = state.returns();
  return out;
}

std::string bytes_of(const SeatRecord& record) {
  std::ostringstream out;
  replays::write_seat_record(out, record);
  return out.str();
}

std::string error_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const KibitzError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SeatRecordViewTest, TheSeatsOwnStreamStepByStep) {
  const KuhnGame game = kuhn_fold();
  const SpecPolicy policy;
  ReplayViewOptions options;
  options.game_policy = &policy;
  const std::string text = seat_record_view_of_bytes(bytes_of(game.record), "uploaded file", 0, options);
  const json::Document doc = parse(text);
  EXPECT_STREQ(doc["kind"].GetString(), "seat_record");
  EXPECT_STREQ(doc["source"].GetString(), "uploaded file");
  EXPECT_EQ(doc["game"].GetString(), game.state->game().spec());
  EXPECT_EQ(doc["players"].GetInt(), 2);
  EXPECT_EQ(doc["seat"].GetInt(), 0);
  EXPECT_EQ(doc["games"].GetInt(), 1);
  EXPECT_STREQ(doc["kept_by"].GetString(), "kibitz seat");
  EXPECT_STREQ(doc["agent"].GetString(), "random");
  // One step per observation: entry i exists from step i + 1, in the game's forms.
  const SeatStream& stream = game.state->seat_stream(0);
  const StreamSpec& spec = game.state->game().stream_spec();
  ASSERT_EQ(doc["steps"].GetInt(), static_cast<int>(stream.size()));
  ASSERT_EQ(doc["stream"].Size(), stream.size());
  for (unsigned i = 0; i < stream.size(); ++i) {
    const json::Value& entry = doc["stream"][i];
    EXPECT_EQ(entry["step"].GetInt(), static_cast<int>(i) + 1);
    EXPECT_EQ(spec.from_json(compact(entry["json"])), stream[i]);
    EXPECT_EQ(entry["text"].GetString(), spec.to_text(stream[i]));
  }
  // Its two decisions, at the steps where it had seen that much.
  ASSERT_EQ(doc["decisions"].Size(), 2u);
  EXPECT_EQ(doc["decisions"][0]["step"].GetInt(), 2);
  EXPECT_STREQ(doc["decisions"][0]["played"].GetString(), "pass");
  EXPECT_EQ(doc["decisions"][1]["step"].GetInt(), 4);
  EXPECT_STREQ(doc["decisions"][1]["advised"].GetString(), "pass");
  ASSERT_TRUE(doc["returns"].IsArray());
  EXPECT_EQ(doc["returns"][0].GetDouble(), -1.0);
  EXPECT_TRUE(doc["finished"].GetBool());
  // Nothing of another seat: no other stream, no public stream, no moves
  // (their texts would name cards) and no state text; P1's king is nowhere.
  for (const char* field : {"streams", "public", "moves", "full", "annotations", "charts"}) {
    EXPECT_FALSE(doc.HasMember(field)) << field;
  }
  EXPECT_FALSE(contains(text, "\"K\"")) << text;
}

TEST(SeatRecordViewTest, AnUnsettledRecordIsNotFinished) {
  KuhnGame game = kuhn_fold();
  game.record.stream.resize(3);
  game.record.decisions.resize(1);
  game.record.returns.reset();
  const json::Document doc = parse(seat_record_view_of_bytes(bytes_of(game.record), "mine.seat.json", 0));
  EXPECT_TRUE(doc["returns"].IsNull());
  EXPECT_FALSE(doc["finished"].GetBool());
  EXPECT_EQ(doc["steps"].GetInt(), 3);
  EXPECT_STREQ(doc["source"].GetString(), "mine.seat.json");
}

TEST(SeatRecordViewTest, OnlyJsonLooksLikeASeatRecord) {
  EXPECT_TRUE(looks_like_seat_record(" \n{\"format\":1}"));
  EXPECT_FALSE(looks_like_seat_record("KBZR\x01\x00"));
  EXPECT_FALSE(looks_like_seat_record(""));
  EXPECT_FALSE(looks_like_seat_record("   "));
}

// Each refusal names the problem, and no message quotes the file: a marker
// written where a quoting reader would echo it never comes back.
TEST(SeatRecordViewTest, RecordsFromTheNetworkAreRefusedWithoutQuotingThem) {
  const SpecPolicy policy;
  ReplayViewOptions options;
  options.game_policy = &policy;
  const std::string good = bytes_of(kuhn_fold().record);
  const auto refusal = [&](const std::string& bytes, std::size_t index = 0) {
    const std::string message = error_of([&] { seat_record_view_of_bytes(bytes, "uploaded file", index, options); });
    EXPECT_FALSE(contains(message, "MARKER")) << message;
    EXPECT_TRUE(contains(message, "uploaded file")) << message;
    return message;
  };
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string bytes = good;
    const std::size_t at = bytes.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return bytes.replace(at, from.size(), to);
  };
  EXPECT_TRUE(contains(refusal("{\"format\": \"kibitz-seat-record\", \"MARKER\": 1, \"MARKER\": 2}"),
                       "not valid JSON"));
  EXPECT_TRUE(contains(refusal("{\"MARKER\""), "not valid JSON"));
  EXPECT_TRUE(contains(refusal(replaced("kibitz-seat-record", "kibitz-review")), "not a kibitz seat record"));
  EXPECT_TRUE(contains(refusal(replaced("\"version\": 1", "\"version\": 2")), "another version"));
  EXPECT_TRUE(contains(refusal(replaced("kuhn_poker(players=2)", "MARKER_game")), "is not a game this server builds"));
  EXPECT_TRUE(contains(refusal(replaced("kuhn_poker(players=2)", "adulting(deck=/etc/MARKER)")),
                       "is not a game this server builds"));
  EXPECT_TRUE(contains(refusal(replaced("{\"kind\":\"dealt\"", "{\"kind\":\"MARKER\"")),
                       "observation 0 of the stream is not one of kuhn_poker's observations"));
  EXPECT_TRUE(contains(refusal(replaced("\"card\":\"J\"", "\"card\":\"MARKER\"")), "observation 0 of the stream"));
  EXPECT_TRUE(contains(refusal(replaced("\"seat\": 0", "\"seat\": 5")), "\"seat\" is not a seat of kuhn_poker"));
  EXPECT_TRUE(contains(refusal(replaced("\"stream_size\": 4", "\"stream_size\": 40")), "\"stream_size\""));
  EXPECT_TRUE(contains(refusal(replaced("\"returns\": [-1, 1]", "\"returns\": [-1]")), "1 values for 2 seats"));
  EXPECT_TRUE(contains(refusal(good, 1), "a seat record of one game; game=1 does not exist"));
}

// Bytes from the network may be anything: every cut of a sound record, and
// the record with any byte changed, is either a document or a KibitzError
// (which the route answers 400), never another exception or a crash.
TEST(SeatRecordViewTest, CutAndAlteredRecordsEndInAnswers) {
  const SpecPolicy policy;
  ReplayViewOptions options;
  options.game_policy = &policy;
  const std::string good = bytes_of(kuhn_fold().record);
  std::size_t refused = 0;
  const auto view = [&](const std::string& bytes) {
    try {
      parse(seat_record_view_of_bytes(bytes, "uploaded file", 0, options));
    } catch (const KibitzError&) {
      ++refused;
    }
  };
  // Every cut before the closing brace (what follows it is white space).
  const std::size_t end = good.rfind('}');
  for (std::size_t cut = 0; cut <= end; ++cut) view(good.substr(0, cut));
  EXPECT_EQ(refused, end + 1) << "a cut record was taken";
  for (std::size_t at = 0; at < good.size(); ++at) {
    for (const char c : {'\0', '"', '}', '9', '\xff'}) {
      std::string bytes = good;
      bytes[at] = c;
      view(bytes);
    }
  }
}

// A person's own file, read without a policy, is told exactly what is wrong.
TEST(SeatRecordViewTest, AFileOfOnesOwnIsToldTheDetail) {
  std::string bytes = bytes_of(kuhn_fold().record);
  bytes.replace(bytes.find("kuhn_poker(players=2)"), 21, "no_such_game");
  const std::string message = error_of([&] { seat_record_view_of_bytes(bytes, "mine.seat.json", 0); });
  EXPECT_TRUE(contains(message, "unknown game 'no_such_game'")) << message;
}

}  // namespace
}  // namespace kibitz::web
