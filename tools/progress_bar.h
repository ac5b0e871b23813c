// ProgressBar: "done / total, items per second, time left" for long commands,
// on standard error so it never mixes with results on standard output.
//
// On a terminal one line is redrawn in place (at most 10 times a second).
// Elsewhere (a log file, a pipe, CI) a plain line is written every few
// seconds instead, so logs stay readable and show the run is alive.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace kibitz::tools {

class ProgressBar {
 public:
  // `prefix` starts every line ("kibitz arena"), `unit` names the items
  // ("games"). A disabled bar prints nothing.
  ProgressBar(std::ostream& out, std::string prefix, std::string unit, std::int64_t total,
              bool terminal, bool enabled,
              std::chrono::seconds log_interval = std::chrono::seconds(5));

  // Work done before this session (a resumed run, from its checkpoint):
  // counted in done/total but not in the rate and the ETA, whose clock
  // restarts here. Call before the first update.
  void resume_from(std::int64_t done);
  // Reports progress; draws only when a redraw is due.
  void update(std::int64_t done);
  // Draws the final state and ends the line.
  void finish(std::int64_t done);

 private:
  using Clock = std::chrono::steady_clock;
  void draw(std::int64_t done, bool final);

  std::ostream& out_;
  std::string prefix_;
  std::string unit_;
  std::int64_t total_;
  bool terminal_;
  bool enabled_;
  Clock::duration interval_;
  std::int64_t baseline_ = 0;
  Clock::time_point start_;
  Clock::time_point last_draw_;
};

// "1:02:03", "4:05", "17s" or "2.5s".
std::string format_duration(double seconds);

// The numbers of a progress line after `elapsed` seconds of this session:
// "120/400 steps, 35.2 steps/s, ETA 8.0s", or when `final` "400/400 steps in
// 11s, 35.2 steps/s". The rate and ETA count only the work after
// `baseline`, the amount done before the session began (a resumed run), and
// the rate has three significant digits (at least its integer part).
std::string progress_numbers(std::int64_t done, std::int64_t baseline, std::int64_t total,
                             double elapsed, const std::string& unit, bool final);

}  // namespace kibitz::tools
