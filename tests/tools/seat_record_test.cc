// Seat records (replays/seat_record.h): what kibitz seat keeps of a game for
// its seat. They round-trip, and anything malformed is refused by name.
#include "replays/seat_record.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/stream_spec.h"
#include "tests/support/error_of.h"

namespace kibitz::replays {
namespace {

SeatRecord leduc_record() {
  const auto game = load_game("leduc_poker");
  const StreamSpec& spec = game->stream_spec();
  SeatRecord record;
  record.game = game->spec();
  record.seat = 0;
  record.agent = "ismcts";
  record.source = "kibitz seat";
  record.start_time = "2026-12-03T17:00:00.000Z";
  for (const char* text : {"dealt Qs", "P1 is dealt a card", "P0 raises", "P1 calls"}) {
    record.stream.push_back(spec.from_text(text));
  }
  record.decisions = {{2, "raise", "call"}};
  record.returns = std::vector<double>{1.0, -1.0};
  return record;
}

std::string written(const SeatRecord& record) {
  std::ostringstream out;
  write_seat_record(out, record);
  return out.str();
}

std::string read_error(const std::string& text) {
  std::istringstream in(text);
  return error_of([&] { read_seat_record(in, "r.seat.json"); });
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(SeatRecord, RoundTrips) {
  const SeatRecord record = leduc_record();
  const std::string text = written(record);
  EXPECT_NE(text.find("\"format\": \"kibitz-seat-record\""), std::string::npos) << text;
  EXPECT_NE(text.find("{\"kind\":\"dealt\",\"card\":\"Qs\"}"), std::string::npos) << text;
  std::istringstream in(text);
  EXPECT_TRUE(looks_like_json(in));
  EXPECT_EQ(read_seat_record(in, "r.seat.json"), record);
  SeatRecord open = record;
  open.returns.reset();
  std::istringstream again(written(open));
  EXPECT_EQ(read_seat_record(again, "r.seat.json"), open);
}

TEST(SeatRecord, AnythingMalformedIsRefusedByName) {
  const std::string good = written(leduc_record());
  EXPECT_NE(read_error(replaced(good, "kibitz-seat-record", "kibitz-arena")).find("not a kibitz seat record"),
            std::string::npos);
  EXPECT_NE(read_error(replaced(good, "\"version\": 1", "\"version\": 9")).find("another version"),
            std::string::npos);
  EXPECT_NE(read_error(replaced(good, "\"seat\": 0", "\"seat\": 5")).find("not a seat of"), std::string::npos);
  EXPECT_NE(read_error(replaced(good, "\"card\":\"Qs\"", "\"card\":\"Zz\"")).find("observation 0 of the stream"),
            std::string::npos);
  EXPECT_NE(read_error(replaced(good, "\"stream_size\": 2", "\"stream_size\": 99")).find("not a point of the stream"),
            std::string::npos);
  EXPECT_NE(read_error(replaced(good, "\"game\": \"leduc_poker\"", "\"game\": \"no_such_game\"")).find("does not load"),
            std::string::npos);
  // An observation that parses but names no seat of the game: its own index.
  EXPECT_NE(read_error(replaced(good, "\"seat\":1}", "\"seat\":7}")).find("observation 1 of the stream"),
            std::string::npos);
  EXPECT_NE(read_error(replaced(good, "\"returns\": [1, -1]", "\"returns\": [1]")).find("1 values for 2 seats"),
            std::string::npos);
  EXPECT_NE(read_error("{\"format\": \"kibitz-seat-record\", \"format\": 1}").find("twice"), std::string::npos);
  EXPECT_NE(read_error("[1, 2]").find("not a JSON object"), std::string::npos);
  std::istringstream frames("KBZR....");
  EXPECT_FALSE(looks_like_json(frames));
}

}  // namespace
}  // namespace kibitz::replays
