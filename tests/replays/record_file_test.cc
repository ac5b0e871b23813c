// Records through both archive formats and replay files through every kind
// of damage: whatever the bytes, reading returns the records or throws a
// KibitzError naming the record and byte offset, never crashes.
#include <gtest/gtest.h>

#include <bit>
#include <sstream>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "replays/checksum.h"
#include "replays/frame.h"
#include "replays/record_codec.h"
#include "replays/record_json.h"
#include "replays/replay_reader.h"
#include "tests/replays/replay_test_util.h"
#include "tests/support/error_of.h"

namespace kibitz::replays {
namespace {

using testing::frames_of;
using testing::random_record;
using testing::scripted_record;

std::vector<ReplayRecord> sample_records() {
  return {scripted_record("leduc_poker", testing::kLeducShowdown),
          random_record("kuhn_poker(players=3)", 3, /*annotate=*/false),
          random_record("leduc_poker", 11), random_record("loyalist_spies(rounds=1)", 5)};
}

// Reads every record of `bytes`; throws what the reader throws.
std::vector<ReplayRecord> read_all(const std::string& bytes, std::string_view expected_game = {}) {
  std::istringstream in(bytes);
  ReplayReader reader(in, "test.kbr", expected_game);
  std::vector<ReplayRecord> records;
  ReplayRecord record;
  while (reader.next(record)) records.push_back(record);
  return records;
}

// The error message of reading `bytes`, or "" when it reads cleanly.
std::string read_error(const std::string& bytes, std::string_view expected_game = {}) {
  return error_of([&] { read_all(bytes, expected_game); });
}

TEST(Checksum, IsTheStandardCrc32) {
  EXPECT_EQ(crc32("123456789"), 0xCBF43926u);  // the published check value
  EXPECT_EQ(crc32(""), 0u);
  const std::string text = "The quick brown fox jumps over the lazy dog";
  EXPECT_EQ(crc32(text), 0x414FA339u);
  // Continuing a CRC over a split gives the CRC of the whole, at every split
  // (both the eight-byte and the one-byte paths).
  for (std::size_t split = 0; split <= text.size(); ++split) {
    EXPECT_EQ(
        crc32(std::string_view(text).substr(split), crc32(std::string_view(text).substr(0, split))),
        crc32(text))
        << split;
  }
}

TEST(RecordFile, BinaryRoundTripKeepsEveryField) {
  const std::vector<ReplayRecord> records = sample_records();
  ASSERT_FALSE(records[0].annotations.empty());
  ASSERT_FALSE(records[0].start_time.empty());
  EXPECT_EQ(read_all(frames_of(records)), records);
}

TEST(RecordFile, DecodingReusesARecord) {
  // A record read over a bigger one must not keep any of the old contents.
  const std::vector<ReplayRecord> records = {random_record("loyalist_spies(rounds=1)", 1),
                                             random_record("kuhn_poker", 2, false)};
  EXPECT_EQ(read_all(frames_of(records)), records);
}

TEST(RecordFile, BinaryIsLittleEndianAndFramed) {
  const ReplayRecord record = scripted_record("leduc_poker", testing::kLeducShowdown);
  std::string bytes;
  append_frame(record, bytes);
  const FrameHeader header = read_frame_header(bytes.data());
  EXPECT_EQ(header.magic, kFrameMagic);
  EXPECT_EQ(header.version, kReplayFormatVersion);
  EXPECT_EQ(header.payload_length, bytes.size() - kFrameHeaderSize);
  EXPECT_EQ(header.checksum, crc32(std::string_view(bytes).substr(kFrameHeaderSize)));
  EXPECT_EQ(bytes.substr(0, 8), std::string("KBZR\x02\0\0\0", 8));
}

TEST(RecordFile, JsonRoundTripKeepsEveryFieldAndNamesThem) {
  const std::vector<ReplayRecord> records = sample_records();
  std::ostringstream out;
  {
    JsonRecordWriter writer(out);
    for (const ReplayRecord& record : records) writer.write(record);
    writer.finish();
  }
  const std::string json = out.str();
  for (const char* field :
       {"\"format_version\": 2", "\"records\"", "\"game\": \"leduc_poker\"", "\"seat_labels\"",
        "\"agent_specs\"", "\"actions\"", "\"annotations\"", "\"policy\"", "\"probability\"",
        "\"has_value\"", "\"stats\"", "\"simulations\"", "\"returns\"", "\"start_time\"",
        "\"duration_seconds\"", "\"forfeit\"", "\"action_text\"", "\"deal Js\"", "\"raise\""}) {
    EXPECT_NE(json.find(field), std::string::npos) << field << " missing from\n" << json;
  }
  std::istringstream in(json);
  EXPECT_EQ(read_json_records(in), records);
}

// A game a seat forfeited (agents/match/answer_rules.h), as version 2 keeps it.
ReplayRecord forfeited_record() {
  ReplayRecord record = random_record("leduc_poker", 7);
  record.actions.resize(3);  // both cards dealt, one bet made: a seat to act
  record.annotations.clear();
  record.forfeit = Forfeit{1, "engine 'bot': it ended its output"};
  record.returns = {13.0, -13.0};
  return record;
}

TEST(RecordFile, AForfeitRoundTripsInBothFormats) {
  const std::vector<ReplayRecord> records = {forfeited_record(), random_record("kuhn_poker", 3)};
  EXPECT_EQ(read_all(frames_of(records)), records);
  std::ostringstream out;
  {
    JsonRecordWriter writer(out);
    for (const ReplayRecord& record : records) writer.write(record);
  }
  EXPECT_NE(out.str().find("\"reason\": \"engine 'bot': it ended its output\""), std::string::npos)
      << out.str();
  std::istringstream in(out.str());
  EXPECT_EQ(read_json_records(in), records);
}

// Version 1 had no forfeit: its records still read, as games nobody forfeited.
TEST(RecordFile, Version1FramesAndDocumentsStillRead) {
  const ReplayRecord record = random_record("leduc_poker", 5);
  ASSERT_FALSE(record.forfeit.happened());
  std::string payload;
  encode_record(record, payload);
  // The forfeit is stored last: a 4-byte seat and an 8-byte text length (0).
  payload.resize(payload.size() - 12);
  FrameHeader header;
  header.magic = kFrameMagic;
  header.version = 1;
  header.payload_length = static_cast<std::uint32_t>(payload.size());
  header.checksum = crc32(payload);
  std::string bytes(kFrameHeaderSize, '\0');
  write_frame_header(header, bytes.data());
  bytes += payload;
  // A version 2 frame after it: one file may hold both (appending copies
  // the old frames as they are).
  const ReplayRecord forfeited = forfeited_record();
  append_frame(forfeited, bytes);
  EXPECT_EQ(read_all(bytes), (std::vector<ReplayRecord>{record, forfeited}));

  std::ostringstream out;
  {
    JsonRecordWriter writer(out);
    writer.write(record);
  }
  std::string json = out.str();
  const std::size_t version = json.find("\"format_version\": 2");
  ASSERT_NE(version, std::string::npos);
  json.replace(version, 19, "\"format_version\": 1");
  const std::size_t forfeit = json.find(",\n      \"forfeit\": {");
  ASSERT_NE(forfeit, std::string::npos) << json;
  json.erase(forfeit, json.find('}', forfeit) + 1 - forfeit);
  std::istringstream in(json);
  EXPECT_EQ(read_json_records(in), std::vector<ReplayRecord>{record});
}

TEST(RecordFile, JsonOfNoRecordsIsAnEmptyList) {
  std::ostringstream out;
  { JsonRecordWriter writer(out); }
  std::istringstream in(out.str());
  EXPECT_TRUE(read_json_records(in).empty());
  EXPECT_NE(out.str().find("\"records\": []"), std::string::npos) << out.str();
}

TEST(RecordFile, JsonOfAnotherVersionOrMissingFieldIsRefused) {
  std::istringstream other_version(R"({"format_version": 3, "records": []})");
  EXPECT_THROW(read_json_records(other_version), KibitzError);
  std::istringstream missing(R"({"format_version": 1, "records": [{"game": "kuhn_poker"}]})");
  EXPECT_THROW(read_json_records(missing), KibitzError);
  std::istringstream not_json("{\"format_version\": ");
  EXPECT_THROW(read_json_records(not_json), KibitzError);
}

// The JSON document of `records` as the export writes it.
std::string json_of(const std::vector<ReplayRecord>& records) {
  std::ostringstream out;
  JsonRecordWriter writer(out);
  for (const ReplayRecord& record : records) writer.write(record);
  writer.finish();
  return out.str();
}

// The error of reading `json` as replay JSON named "games.json", or "".
std::string json_error(const std::string& json) {
  std::istringstream in(json);
  return error_of([&] { read_json_records(in, "games.json"); });
}

// `text` with its first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from << " missing from\n" << text;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

TEST(RecordFile, JsonMustBeStrict) {
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"});
  record.duration_seconds = 0.5;
  const std::string json = json_of({record});
  ASSERT_EQ(json_error(json), "");
  const std::string field = "\"duration_seconds\": 0.5";
  for (const char* number : {"NaN", "Infinity", "-Infinity"}) {
    const std::string message =
        json_error(replaced(json, field, std::string("\"duration_seconds\": ") + number));
    EXPECT_NE(message.find("games.json: not valid JSON at line"), std::string::npos) << message;
    EXPECT_NE(message.find("NaN and Infinity"), std::string::npos) << message;
  }
  const std::string too_big = json_error(replaced(json, field, "\"duration_seconds\": 1e400"));
  EXPECT_NE(too_big.find("beyond the range of a double"), std::string::npos) << too_big;
  const std::string twice = json_error(
      replaced(json, "\"format_version\": 2,", "\"format_version\": 2, \"format_version\": 2,"));
  EXPECT_NE(twice.find("the key \"format_version\" appears twice"), std::string::npos) << twice;
  // Deep enough to overflow the stack of a recursive parser: refused at the
  // limit, before cereal parses anything.
  const std::string deep = json_error(std::string(200000, '['));
  EXPECT_NE(deep.find("nested deeper than 64 levels"), std::string::npos) << deep;
}

TEST(RecordFile, AFlagIsStoredAsZeroOrOne) {
  // One annotation with a value whose bytes are easy to find: has_value is
  // the byte just before them.
  ReplayRecord record = scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"}, false);
  DecisionInfo decision;
  decision.has_value = true;
  decision.value = 0.8125;
  record.annotations.push_back(Annotation{2, decision});
  std::string payload;
  encode_record(record, payload);
  std::string value_bytes;
  const auto bits = std::bit_cast<std::uint64_t>(decision.value);
  for (int i = 0; i < 8; ++i) value_bytes.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
  const std::size_t at = payload.find(value_bytes);
  ASSERT_NE(at, std::string::npos);
  ASSERT_EQ(payload[at - 1], '\x01');
  ReplayRecord decoded;
  decode_record(payload, decoded);
  EXPECT_EQ(decoded, record);
  for (const char byte : {'\x02', '\x7f', '\xff'}) {
    payload[at - 1] = byte;
    // Framed with a correct checksum, so only the decoder can refuse it.
    FrameHeader header;
    header.magic = kFrameMagic;
    header.version = kReplayFormatVersion;
    header.payload_length = static_cast<std::uint32_t>(payload.size());
    header.checksum = crc32(payload);
    std::string bytes(kFrameHeaderSize, '\0');
    write_frame_header(header, bytes.data());
    const std::string message = read_error(bytes + payload);
    EXPECT_NE(message.find("test.kbr: record 0 at byte 0: malformed record"), std::string::npos)
        << message;
    EXPECT_NE(
        message.find("the flag 'has_value' is stored as " +
                     std::to_string(static_cast<unsigned char>(byte)) + ", but a flag is 0 or 1"),
        std::string::npos)
        << message;
  }
}

TEST(RecordFile, EmptyInputHoldsNoRecords) { EXPECT_TRUE(read_all("").empty()); }

TEST(RecordFile, TruncationAtEveryByteIsReported) {
  const std::vector<ReplayRecord> records = {
      scripted_record("leduc_poker", testing::kLeducShowdown),
      scripted_record("kuhn_poker", {"deal J", "deal K", "pass", "pass"}, false)};
  const std::string bytes = frames_of(records);
  std::string first_frame;
  append_frame(records[0], first_frame);
  for (std::size_t cut = 1; cut < bytes.size(); ++cut) {
    const std::string message = read_error(bytes.substr(0, cut));
    if (cut == first_frame.size()) {
      // A cut between frames leaves a shorter valid file: the records before it.
      EXPECT_EQ(message, "");
      continue;
    }
    EXPECT_NE(message.find("truncated"), std::string::npos) << "cut at " << cut << ": " << message;
    const std::string where = cut < first_frame.size()
                                  ? "record 0 at byte 0"
                                  : "record 1 at byte " + std::to_string(first_frame.size());
    EXPECT_NE(message.find(where), std::string::npos) << "cut at " << cut << ": " << message;
  }
}

TEST(RecordFile, EveryFlippedByteIsReported) {
  const std::string bytes =
      frames_of({scripted_record("kuhn_poker", {"deal J", "deal K", "bet", "pass"}),
                 scripted_record("kuhn_poker", {"deal Q", "deal J", "pass", "bet", "bet"}, false)});
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (const unsigned char mask : {0x01, 0x80, 0xff}) {
      std::string damaged = bytes;
      damaged[i] = static_cast<char>(damaged[i] ^ mask);
      EXPECT_NE(read_error(damaged), "") << "byte " << i << " ^ " << int{mask} << " went unnoticed";
    }
  }
}

TEST(RecordFile, ChecksumMismatchNamesRecordAndOffset) {
  const std::vector<ReplayRecord> records = sample_records();
  std::string first_two;
  append_frame(records[0], first_two);
  const std::size_t second_offset = first_two.size();
  std::string bytes = frames_of(records);
  bytes[second_offset + kFrameHeaderSize + 5] ^= 0x10;
  const std::string message = read_error(bytes);
  EXPECT_NE(message.find("test.kbr: record 1 at byte " + std::to_string(second_offset)),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("checksum mismatch"), std::string::npos) << message;
}

TEST(RecordFile, WrongMagicIsReported) {
  std::string bytes = frames_of(sample_records());
  bytes[0] = 'X';
  const std::string message = read_error(bytes);
  EXPECT_NE(message.find("record 0 at byte 0"), std::string::npos) << message;
  EXPECT_NE(message.find("bad magic"), std::string::npos) << message;
  EXPECT_NE(read_error("this is not a replay file at all"), "");
}

TEST(RecordFile, WrongVersionIsReported) {
  std::string bytes = frames_of(sample_records());
  bytes[4] = 3;  // the version field, outside the checksummed payload
  const std::string message = read_error(bytes);
  EXPECT_NE(message.find("format version 3"), std::string::npos) << message;
  EXPECT_NE(message.find("reads versions 1 to 2"), std::string::npos) << message;
  bytes[4] = 0;
  EXPECT_NE(read_error(bytes).find("format version 0"), std::string::npos);
}

TEST(RecordFile, WrongGameIsReportedWhenAGameIsExpected) {
  const std::string bytes =
      frames_of({random_record("leduc_poker", 1), random_record("kuhn_poker", 2)});
  const std::string message = read_error(bytes, "leduc_poker");
  EXPECT_NE(message.find("record 1 at byte"), std::string::npos) << message;
  EXPECT_NE(message.find("kuhn_poker(players=2), expected leduc_poker"), std::string::npos)
      << message;
  // Any spelling of the same game matches its canonical spec.
  EXPECT_EQ(read_error(frames_of({random_record("kuhn_poker", 2)}), "kuhn_poker(players=2)"), "");
  EXPECT_EQ(read_error(frames_of({random_record("kuhn_poker(players=2)", 2)}), "kuhn_poker"), "");
}

TEST(RecordFile, LengthsInAPayloadAreBoundedEvenWithAValidChecksum) {
  // A payload crafted to pass the checksum: the endianness flag, then a game
  // name claiming 2^40 bytes. The reader must refuse before allocating.
  std::string payload(1, '\x01');
  for (int i = 0; i < 8; ++i) payload.push_back(i == 5 ? '\x01' : '\0');
  FrameHeader header;
  header.magic = kFrameMagic;
  header.version = kReplayFormatVersion;
  header.payload_length = static_cast<std::uint32_t>(payload.size());
  header.checksum = crc32(payload);
  std::string bytes(kFrameHeaderSize, '\0');
  write_frame_header(header, bytes.data());
  bytes += payload;
  const std::string message = read_error(bytes);
  EXPECT_NE(message.find("malformed record"), std::string::npos) << message;
  EXPECT_NE(message.find("exceeds the limit"), std::string::npos) << message;
}

TEST(RecordFile, TrailingBytesInAPayloadAreMalformed) {
  std::string payload;
  encode_record(random_record("kuhn_poker", 4), payload);
  payload += "xyz";
  ReplayRecord record;
  EXPECT_THROW(decode_record(payload, record), KibitzError);
  EXPECT_THROW(decode_record("", record), KibitzError);
}

TEST(RecordFile, RandomDamageNeverCrashes) {
  // Random cuts and bursts of flipped bytes over a valid file. Run under
  // ASan/UBSan (KIBITZ_SANITIZE=ON) this also proves no undefined behaviour.
  const std::string bytes = frames_of(sample_records());
  Rng rng(2024);
  int errors = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::string damaged = bytes;
    const auto flips = rng.uniform_int(4);
    for (std::uint64_t f = 0; f < flips; ++f) {
      damaged[rng.uniform_int(damaged.size())] ^= static_cast<char>(1 + rng.uniform_int(255));
    }
    if (rng.uniform_int(2) == 0) damaged.resize(rng.uniform_int(damaged.size()));
    try {
      read_all(damaged);
    } catch (const KibitzError&) {
      ++errors;
    }
  }
  EXPECT_GT(errors, 1500);  // nearly every damaged file is refused
}

}  // namespace
}  // namespace kibitz::replays
