#include "tools/engine/seat_record_keeper.h"

#include <chrono>
#include <ctime>
#include <filesystem>

#include "env/core/atomic_file.h"
#include "replays/recorder.h"

namespace kibitz::tools {
namespace {

// "20261203-171502": the local time, for a file name a person can sort.
std::string stamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
  return text;
}

}  // namespace

SeatRecordKeeper::SeatRecordKeeper(std::string directory, const Game& game, Player seat, std::string agent,
                                   std::string source)
    : directory_(std::move(directory)), game_name_(game.name()) {
  record_.game = game.spec();
  record_.seat = seat;
  record_.agent = std::move(agent);
  record_.source = std::move(source);
}

void SeatRecordKeeper::start_game(std::uint64_t number) {
  number_ = number;
  finished_ = false;
  record_.stream.clear();
  record_.decisions.clear();
  record_.returns.reset();
  record_.start_time = replays::iso8601_utc_now();
}

void SeatRecordKeeper::on_decision(std::size_t stream_size, std::string played, std::string advised) {
  // Asked again at the same point (an engine's client may repeat act): the
  // last answer is the decision.
  if (!record_.decisions.empty() && record_.decisions.back().stream_size == stream_size) {
    record_.decisions.pop_back();
  }
  record_.decisions.push_back(replays::SeatRecordDecision{stream_size, std::move(played), std::move(advised)});
}

void SeatRecordKeeper::on_undo(std::size_t stream_size) {
  while (!record_.decisions.empty() && record_.decisions.back().stream_size >= stream_size) {
    record_.decisions.pop_back();
  }
}

std::string SeatRecordKeeper::finish(const SeatStream& stream,
                                     const std::optional<std::vector<double>>& returns) {
  if (finished_ || directory_.empty() || stream.empty()) return {};
  finished_ = true;
  record_.stream = stream;
  record_.returns = returns;
  // A name no earlier game of this session or another took.
  const std::string base = game_name_ + "-P" + std::to_string(record_.seat) + "-" + stamp() + "-game" +
                           std::to_string(number_);
  std::filesystem::path path = std::filesystem::path(directory_) / (base + ".seat.json");
  for (int n = 2; std::filesystem::exists(path); ++n) {
    path = std::filesystem::path(directory_) / (base + "-" + std::to_string(n) + ".seat.json");
  }
  write_file_atomically(path.string(), [&](std::ostream& out) { replays::write_seat_record(out, record_); });
  return path.string();
}

}  // namespace kibitz::tools
