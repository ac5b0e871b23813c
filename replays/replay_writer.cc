#include "replays/replay_writer.h"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "env/core/error.h"
#include "env/core/input_file.h"
#include "replays/record_codec.h"
#include "replays/replay_reader.h"

namespace kibitz::replays {
namespace {

// Frames gather in memory up to this size before going to the file.
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

std::string temporary_path(const std::string& path) {
  // The same directory as the target, so the rename never crosses devices;
  // the counter keeps two writers of one process apart.
  static std::atomic<unsigned> counter{0};
  return path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
}

}  // namespace

ReplayWriter::ReplayWriter(std::string path, WriteMode mode)
    : path_(std::move(path)), temporary_(temporary_path(path_)) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path_, ignored)) {
    throw error("cannot write replay file '", path_, "': it is a directory");
  }
  out_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!out_) throw error("cannot write replay file '", path_, "': ", std::strerror(errno));
  open_ = true;
  if (mode == WriteMode::kAppend && std::filesystem::exists(path_, ignored)) {
    try {
      // Every frame is checked first (not decoded), so a damaged file is
      // reported rather than extended; then its bytes are copied as they are.
      ReplayReader reader(path_);
      std::string_view payload;
      while (reader.next_payload(payload)) {
      }
      if (reader.offset() == 0) return;  // empty: nothing to copy
      std::ifstream existing = open_regular_file(path_, "replay");
      out_ << existing.rdbuf();
      if (!out_)
        throw error("cannot write replay file '", path_, "': copying the old records failed");
    } catch (...) {
      discard();
      throw;
    }
  }
}

ReplayWriter::~ReplayWriter() {
  if (open_) discard();
}

void ReplayWriter::write(const ReplayRecord& record) {
  KIBITZ_CHECK(open_, "write to a closed ReplayWriter");
  append_frame(record, buffer_);
  ++records_;
  if (buffer_.size() >= kBufferBytes) flush_buffer();
}

void ReplayWriter::flush_buffer() {
  out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  buffer_.clear();
  if (!out_) throw error("cannot write replay file '", path_, "': write failed");
}

void ReplayWriter::close() {
  KIBITZ_CHECK(open_, "close of a closed ReplayWriter");
  try {
    flush_buffer();
    out_.close();
    if (out_.fail()) throw error("cannot write replay file '", path_, "': write failed");
    if (std::rename(temporary_.c_str(), path_.c_str()) != 0) {
      throw error("cannot write replay file '", path_, "': ", std::strerror(errno));
    }
  } catch (...) {
    discard();
    throw;
  }
  open_ = false;
}

void ReplayWriter::discard() {
  if (out_.is_open()) out_.close();
  std::remove(temporary_.c_str());
  buffer_.clear();
  open_ = false;
}

}  // namespace kibitz::replays
