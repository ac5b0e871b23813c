// Fuzz target: records as JSON (replays/record_json.h, the form `replay
// export --json` writes), read back by read_json_records. Records that read
// must also verify without crashing, and write and read back as the same
// records: the JSON form is meant to be an exact, lossless copy (compared
// through their binary encoding, which also refuses what a replay file
// could not hold).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "fuzz/fuzz_support.h"
#include "replays/record_codec.h"
#include "replays/record_json.h"
#include "replays/replay_record.h"
#include "replays/verify.h"

namespace {

using namespace kibitz;

// The binary payloads of `records`, one after another.
std::string encode_all(const std::vector<replays::ReplayRecord>& records) {
  std::string bytes;
  for (const replays::ReplayRecord& record : records) replays::encode_record(record, bytes);
  return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<replays::ReplayRecord> records;
  try {
    std::istringstream in{std::string(fuzz::as_text(data, size))};
    records = replays::read_json_records(in);
  } catch (const KibitzError&) {
    return 0;
  }
  for (const replays::ReplayRecord& record : records) {
    for (const replays::Problem& problem : replays::verify_record(record)) {
      replays::describe(problem);
    }
  }

  std::string encoded;
  try {
    encoded = encode_all(records);
  } catch (const KibitzError&) {
    return 0;  // too long for a replay file: the writer says so
  }
  std::ostringstream json;
  {
    replays::JsonRecordWriter writer(json);
    for (const replays::ReplayRecord& record : records) writer.write(record);
    writer.finish();
  }
  std::istringstream again(json.str());
  std::vector<replays::ReplayRecord> reread;
  try {
    reread = replays::read_json_records(again);
  } catch (const KibitzError& e) {
    KIBITZ_CHECK(false, "the JSON writer wrote records its reader refuses: ", e.what());
  }
  KIBITZ_CHECK(encode_all(reread) == encoded, "records changed through their JSON form");
  return 0;
}
