// Fuzz target: one record payload (cereal portable binary, inside a frame in
// a file) as decode_record reads it, without the frame, so that mutations are
// not stopped by the frame's checksum. A payload that decodes must also
//  - encode back to exactly the same bytes: the encoding is fixed-width and
//    little-endian, so a decoder that accepts two byte strings for one record
//    (a bool byte of 2, say) is reading something it does not check;
//  - survive a trip through a frame and ReplayReader unchanged;
//  - be verifiable (verify_record reports problems, never crashes).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "env/core/error.h"
#include "fuzz/fuzz_support.h"
#include "replays/record_codec.h"
#include "replays/replay_reader.h"
#include "replays/replay_record.h"
#include "replays/verify.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  const std::string_view payload = fuzz::as_text(data, size);
  replays::ReplayRecord record;
  try {
    replays::decode_record(payload, record);
  } catch (const KibitzError&) {
    return 0;  // rejected, as bad bytes should be
  }

  std::string encoded;
  replays::encode_record(record, encoded);
  KIBITZ_CHECK(encoded == payload, "decode_record accepted ", payload.size(),
               " bytes that encode back to ", encoded.size(), " other bytes");

  std::string framed;
  replays::append_frame(record, framed);
  std::istringstream in(framed);
  replays::ReplayReader reader(in, "re-framed record");
  replays::ReplayRecord reread;
  KIBITZ_CHECK(reader.next(reread), "a framed record reads back as no record");
  std::string reencoded;
  replays::encode_record(reread, reencoded);
  KIBITZ_CHECK(reencoded == encoded, "a record changed through a frame");
  KIBITZ_CHECK(!reader.next(reread), "one framed record reads back as two");

  for (const replays::Problem& problem : replays::verify_record(record)) {
    replays::describe(problem);
  }
  return 0;
}
