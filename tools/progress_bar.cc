#include "tools/progress_bar.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace kibitz::tools {
namespace {

constexpr int kBarWidth = 30;
constexpr auto kTerminalInterval = std::chrono::milliseconds(100);

}  // namespace

std::string format_duration(double seconds) {
  char buffer[48];
  if (seconds < 10.0) {
    std::snprintf(buffer, sizeof buffer, "%.1fs", std::max(0.0, seconds));
    return buffer;
  }
  const auto total = static_cast<long long>(std::llround(seconds));
  if (total >= 3600) {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60,
                  total % 60);
  } else if (total >= 60) {
    std::snprintf(buffer, sizeof buffer, "%lld:%02lld", total / 60, total % 60);
  } else {
    std::snprintf(buffer, sizeof buffer, "%llds", total);
  }
  return buffer;
}

ProgressBar::ProgressBar(std::ostream& out, std::string prefix, std::string unit,
                         std::int64_t total, bool terminal, bool enabled,
                         std::chrono::seconds log_interval)
    : out_(out),
      prefix_(std::move(prefix)),
      unit_(std::move(unit)),
      total_(total),
      terminal_(terminal),
      enabled_(enabled),
      interval_(terminal ? Clock::duration(kTerminalInterval) : Clock::duration(log_interval)),
      start_(Clock::now()),
      last_draw_(start_) {}

void ProgressBar::update(std::int64_t done) {
  if (!enabled_) return;
  const Clock::time_point now = Clock::now();
  if (now - last_draw_ < interval_) return;
  last_draw_ = now;
  draw(done, false);
}

void ProgressBar::finish(std::int64_t done) {
  if (!enabled_) return;
  draw(done, true);
}

void ProgressBar::draw(std::int64_t done, bool final) {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
  char numbers[160];
  if (final) {
    std::snprintf(numbers, sizeof numbers, "%lld/%lld %s in %s, %.0f %s/s",
                  static_cast<long long>(done), static_cast<long long>(total_), unit_.c_str(),
                  format_duration(elapsed).c_str(), rate, unit_.c_str());
  } else {
    const std::string eta =
        rate > 0 ? format_duration(static_cast<double>(total_ - done) / rate) : std::string("?");
    std::snprintf(numbers, sizeof numbers, "%lld/%lld %s, %.0f %s/s, ETA %s",
                  static_cast<long long>(done), static_cast<long long>(total_), unit_.c_str(), rate,
                  unit_.c_str(), eta.c_str());
  }
  if (!terminal_) {
    out_ << prefix_ << ": " << numbers << "\n" << std::flush;
    return;
  }
  const int filled =
      total_ > 0
          ? static_cast<int>(kBarWidth * static_cast<double>(done) / static_cast<double>(total_))
          : kBarWidth;
  std::string bar(static_cast<std::size_t>(kBarWidth), '.');
  for (int i = 0; i < filled && i < kBarWidth; ++i) bar[static_cast<std::size_t>(i)] = '#';
  // Trailing spaces wipe what a longer previous line left behind.
  out_ << "\r" << prefix_ << " [" << bar << "] " << numbers << "    " << (final ? "\n" : "")
       << std::flush;
}

}  // namespace kibitz::tools
