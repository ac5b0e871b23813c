#include "replays/record_codec.h"

#include <cereal/archives/portable_binary.hpp>
#include <istream>
#include <new>
#include <ostream>
#include <stdexcept>
#include <streambuf>

#include "env/core/error.h"
#include "replays/checksum.h"
#include "replays/frame.h"
#include "replays/record_fields.h"

namespace kibitz::replays {
namespace fields {

void too_long(const char* what, std::uint64_t count, std::uint64_t limit) {
  throw error(what, " of ", count, " items exceeds the limit of ", limit);
}

void bad_flag(const char* name, unsigned byte) {
  throw error("the flag '", name, "' is stored as ", byte, ", but a flag is 0 or 1");
}

void check_text_length(const std::string& text) {
  if (text.size() > kMaxTextBytes) too_long("a text", text.size(), kMaxTextBytes);
}

}  // namespace fields

namespace {

// Appends whatever is written to a string: cereal writes straight into the
// caller's buffer, with no intermediate stream copy.
class StringSink : public std::streambuf {
 public:
  explicit StringSink(std::string& out) : out_(out) {}

 protected:
  std::streamsize xsputn(const char* data, std::streamsize size) override {
    out_.append(data, static_cast<std::size_t>(size));
    return size;
  }
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof()))
      out_.push_back(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }

 private:
  std::string& out_;
};

// Reads from bytes in memory without copying them.
class MemorySource : public std::streambuf {
 public:
  explicit MemorySource(std::string_view bytes) {
    // streambuf wants non-const pointers; nothing here ever writes through them.
    char* begin = const_cast<char*>(bytes.data());
    setg(begin, begin, begin + bytes.size());
  }
  std::size_t remaining() const { return static_cast<std::size_t>(egptr() - gptr()); }
};

// The first payload byte is cereal's endianness flag; we always write 1.
constexpr char kLittleEndianFlag = 1;

}  // namespace

void encode_record(const ReplayRecord& record, std::string& out) {
  const std::size_t start = out.size();
  try {
    StringSink sink(out);
    std::ostream stream(&sink);
    cereal::PortableBinaryOutputArchive archive(
        stream, cereal::PortableBinaryOutputArchive::Options::LittleEndian());
    archive(record);
  } catch (...) {
    out.resize(start);
    throw;
  }
}

void decode_record(std::string_view payload, ReplayRecord& out, std::uint32_t version) {
  KIBITZ_CHECK(version >= kOldestReplayFormatVersion && version <= kReplayFormatVersion,
               "decode_record: format version ", version);
  if (payload.empty() || payload[0] != kLittleEndianFlag) {
    throw error("malformed record: the payload does not start with the portable-binary flag");
  }
  MemorySource source(payload);
  std::istream stream(&source);
  try {
    cereal::PortableBinaryInputArchive archive(stream);
    load_record(archive, out, version);
  } catch (const KibitzError& e) {
    throw error("malformed record: ", e.what());
  } catch (const cereal::Exception& e) {
    throw error("malformed record: ", e.what());
  } catch (const std::length_error& e) {
    throw error("malformed record: a stored length is too large");
  } catch (const std::bad_alloc&) {
    throw error("malformed record: a stored length is too large");
  }
  if (source.remaining() != 0) {
    throw error("malformed record: ", source.remaining(), " bytes left over after the record");
  }
}

void append_frame(const ReplayRecord& record, std::string& out) {
  const std::size_t start = out.size();
  out.resize(start + kFrameHeaderSize);
  try {
    encode_record(record, out);
  } catch (...) {
    out.resize(start);
    throw;
  }
  const std::size_t payload_length = out.size() - start - kFrameHeaderSize;
  if (payload_length > kMaxPayloadBytes) {
    out.resize(start);
    throw error("a record of ", payload_length, " bytes exceeds the limit of ", kMaxPayloadBytes);
  }
  FrameHeader header;
  header.magic = kFrameMagic;
  header.version = kReplayFormatVersion;
  header.payload_length = static_cast<std::uint32_t>(payload_length);
  header.checksum = crc32(std::string_view(out).substr(start + kFrameHeaderSize, payload_length));
  write_frame_header(header, out.data() + start);
}

}  // namespace kibitz::replays
