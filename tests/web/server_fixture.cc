#include "tests/web/server_fixture.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "env/core/json.h"

namespace kibitz::web::testing {

std::chrono::milliseconds patience(std::chrono::milliseconds idle) {
  double load = 0;
  std::ifstream("/proc/loadavg") >> load;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const double factor = std::max(1.0, load / cores);
  return std::chrono::milliseconds(
      static_cast<long long>(2.0 * factor * static_cast<double>(idle.count())));
}

AbortAfter::AbortAfter(WsClient& client, std::chrono::milliseconds limit)
    : watcher_([this, &client, limit] {
        std::unique_lock lock(mutex_);
        if (!done_.wait_for(lock, limit, [this] { return finished_; })) client.abort();
      }) {}

AbortAfter::~AbortAfter() {
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  done_.notify_all();
  watcher_.join();
}

bool is_valid_utf8(const std::string& text) {
  // rapidjson's own validator, one code point at a time: independent of
  // the server's printable_utf8, which these tests check.
  json::MemoryStream in(text.data(), text.size());
  json::StringBuffer sink;
  while (in.Tell() < text.size()) {
    if (!json::UTF8<>::Validate(in, sink)) return false;
  }
  return true;
}

}  // namespace kibitz::web::testing
