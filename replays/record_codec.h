// The stored form of one record: a cereal portable-binary payload (always
// little-endian, so files are byte-identical across machines), and the frame
// around it that a replay file is a sequence of (layout in frame.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "replays/replay_record.h"

namespace kibitz::replays {

// Appends the payload of `record` to `out`. Throws KibitzError when a list or
// text exceeds what a reader accepts (record_fields.h), writing nothing then.
void encode_record(const ReplayRecord& record, std::string& out);

// Decodes a whole payload, stored in format `version` (the frame's), into
// `out` (reusing its capacity). Throws KibitzError saying what is
// malformed: a short payload, a length beyond the limits, bytes left over.
void decode_record(std::string_view payload, ReplayRecord& out,
                   std::uint32_t version = kReplayFormatVersion);

// Appends one frame (header, then payload) holding `record` to `out`: the
// exact bytes a replay file stores for it.
void append_frame(const ReplayRecord& record, std::string& out);

}  // namespace kibitz::replays
