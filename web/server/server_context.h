// What every connection of one Server shares (internal to web/server/):
// the registry, the limits, the page hook, the count of open connections,
// the gate through which tables wake connections and the replay views' pool.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>

#include "web/replay_view_cache.h"
#include "web/server/server_limits.h"
#include "web/server/static_pages.h"
#include "web/table_registry.h"
#include "web/think_pool.h"

namespace kibitz::web::detail {

// Tables wake a connection from their own threads (a think-pool thread
// that applied an agent's move) by posting to the connection's strand. Once
// the server has stopped its network threads it closes this gate, so that
// no thread posts to an io_context while it is being destroyed.
class NotifyGate {
 public:
  // Runs `post` unless the gate is closed; closing waits for a post under way.
  template <typename Post>
  void pass(Post&& post) {
    std::lock_guard lock(mutex_);
    if (open_) std::forward<Post>(post)();
  }
  void close() {
    std::lock_guard lock(mutex_);
    open_ = false;
  }

 private:
  std::mutex mutex_;
  bool open_ = true;
};

struct ServerContext {
  TableRegistry& registry;
  NetworkLimits limits;
  StaticFileHook static_files;
  // Listening on 127.x or ::1: requests must then be addressed to a
  // loopback name (web/server/request_guard.h).
  bool loopback = false;
  std::shared_ptr<NotifyGate> gate = std::make_shared<NotifyGate>();
  std::atomic<int> connections{0};
  // Where replay viewer documents are built, off the network threads, and
  // the last few built; the server stops the pool before its io_context
  // goes (a task holds its connection). view_started: ServerOptions'.
  std::unique_ptr<ThinkPool> views{};
  ReplayViewCache view_cache{};
  std::function<void()> view_started{};
};

// Counts one open connection for as long as it lives.
class ConnectionSlot {
 public:
  explicit ConnectionSlot(ServerContext& context) : context_(&context) { ++context_->connections; }
  ~ConnectionSlot() {
    if (context_ != nullptr) --context_->connections;
  }
  ConnectionSlot(ConnectionSlot&& other) noexcept : context_(std::exchange(other.context_, nullptr)) {}
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(ConnectionSlot&&) = delete;

 private:
  ServerContext* context_;
};

}  // namespace kibitz::web::detail
