#include "tools/progress_bar.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
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

namespace {

std::string format_rate(double rate) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, rate >= 100.0 ? "%.0f" : "%.3g", rate);
  return buffer;
}

}  // namespace

std::string progress_numbers(std::int64_t done, std::int64_t baseline, std::int64_t total,
                             double elapsed, const std::string& unit, bool final) {
  const auto session = static_cast<double>(std::max<std::int64_t>(0, done - baseline));
  const double rate = elapsed > 0 ? session / elapsed : 0.0;
  std::string text = std::to_string(done) + "/" + std::to_string(total) + " " + unit;
  if (final) {
    text += " in " + format_duration(elapsed) + ", " + format_rate(rate) + " " + unit + "/s";
    if (baseline > 0) text += " (resumed at " + std::to_string(baseline) + ")";
    return text;
  }
  const std::string eta =
      rate > 0 ? format_duration(static_cast<double>(total - done) / rate) : std::string("?");
  return text + ", " + format_rate(rate) + " " + unit + "/s, ETA " + eta;
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

void ProgressBar::resume_from(std::int64_t done) {
  baseline_ = done;
  start_ = Clock::now();
  last_draw_ = start_;
}

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
  const std::string numbers = progress_numbers(done, baseline_, total_, elapsed, unit_, final);
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
