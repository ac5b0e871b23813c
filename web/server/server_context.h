// What every connection of one Server shares (internal to web/server/):
// the registry, the limits, the page hook, the count of open connections,
// the gate through which tables wake connections, the replay views' pool
// and the seats' reviews.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "web/replay_view_cache.h"
#include "web/seat_reviews.h"
#include "web/server/client_limits.h"
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
  ServerContext(TableRegistry& server_registry, NetworkLimits network_limits, StaticFileHook pages,
                bool on_loopback)
      : registry(server_registry),
        limits(network_limits),
        static_files(std::move(pages)),
        loopback(on_loopback),
        clients(network_limits.max_connections_per_client, network_limits.tables_per_minute) {}

  TableRegistry& registry;
  NetworkLimits limits;
  StaticFileHook static_files;
  // Listening on 127.x or ::1: requests must then be addressed to a
  // loopback name (web/server/request_guard.h).
  bool loopback = false;
  std::shared_ptr<NotifyGate> gate = std::make_shared<NotifyGate>();
  std::atomic<int> connections{0};
  ClientLimits clients;
  // Where replay viewer documents are built, off the network threads, and
  // the last few built; the server stops the pool before its io_context
  // goes (a task holds its connection). view_started: ServerOptions'.
  std::unique_ptr<ThinkPool> views{};
  ReplayViewCache view_cache{};
  std::function<void()> view_started{};
  // "Review this game" (web/seat_reviews.h), on the registry's think pool.
  std::unique_ptr<SeatReviews> reviews{};
};

// Counts one open connection, in all and for its client's address, for as
// long as it lives.
class ConnectionSlot {
 public:
  // A slot for a connection from `address`, or nullopt with `refusal` set
  // (an HTTP status and why) when the server or that address is at its limit.
  static std::optional<ConnectionSlot> take(ServerContext& context, const std::string& address,
                                            int& status, std::string& refusal) {
    if (context.connections.load() >= context.limits.max_connections) {
      status = 503;
      refusal = "the server has its limit of " + std::to_string(context.limits.max_connections) +
                " connections open (--max-connections); try again shortly";
      return std::nullopt;
    }
    if (!context.clients.open_connection(address)) {
      status = 429;
      refusal = "this client address has its limit of " +
                std::to_string(context.limits.max_connections_per_client) +
                " connections open (--max-client-connections); close some first";
      return std::nullopt;
    }
    return ConnectionSlot(context, address);
  }
  ~ConnectionSlot() {
    if (context_ == nullptr) return;
    --context_->connections;
    context_->clients.close_connection(address_);
  }
  ConnectionSlot(ConnectionSlot&& other) noexcept
      : context_(std::exchange(other.context_, nullptr)), address_(std::move(other.address_)) {}
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(ConnectionSlot&&) = delete;

  const std::string& address() const { return address_; }

 private:
  ConnectionSlot(ServerContext& context, std::string address)
      : context_(&context), address_(std::move(address)) {
    ++context_->connections;
  }

  ServerContext* context_;
  std::string address_;
};

}  // namespace kibitz::web::detail
