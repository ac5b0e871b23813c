// Fuzz target: a replay file as `kibitz replay verify` reads it. The input is
// the whole file: frames (replays/frame.h) checked by ReplayReader (magic,
// version, length, checksum), each payload decoded, each record
// re-simulated by verify_record. Seeds are real files from `kibitz play
// --record` and `kibitz arena --record`; since a payload must match its
// checksum, mutations mostly explore the framing, and record_decode_fuzzer
// explores the payloads.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  fuzz::expect_kibitz_errors([&] {
    replays::ReplayReader reader(in, "fuzz input");
    replays::ReplayRecord record;
    while (reader.next(record)) {
      for (const replays::Problem& problem : replays::verify_record(record)) {
        replays::describe(problem);
      }
    }
  });
  return 0;
}
