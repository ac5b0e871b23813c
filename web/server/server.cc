#include "web/server/server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "env/core/error.h"
#include "web/server/request_guard.h"
#include "web/server/sessions.h"

namespace kibitz::web {

namespace net = boost::asio;
using net::ip::tcp;

// Members in this order so that they are destroyed the other way: the
// io_context (and with it every connection) before the registry whose
// tables the connections hold, the context they refer to last but one.
struct Server::Impl {
  explicit Impl(ServerOptions server_options)
      : options(std::move(server_options)),
        registry(this->options.registry),
        context(registry, this->options.network, this->options.static_files,
                is_loopback_address(this->options.address)),
        io(this->options.network_threads),
        acceptor(io),
        retry(io),
        sweep_timer(io) {
    context.views = std::make_unique<ThinkPool>(this->options.view_threads);
    context.view_started = this->options.view_started;
    context.reviews = std::make_unique<SeatReviews>(registry.think_pool(), this->options.reviewer,
                                                    this->options.reviews);
  }

  void listen() {
    boost::system::error_code ec;
    const net::ip::address ip = net::ip::make_address(options.address, ec);
    if (ec) throw error("--listen: '", options.address, "' is not an IP address");
    const tcp::endpoint endpoint(ip, options.port);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) {
      throw error("cannot listen on ", options.address, ":", options.port, ": ", ec.message());
    }
  }

  void accept() {
    // Each connection gets its own strand: its handlers never run at once.
    acceptor.async_accept(net::make_strand(io), [this](boost::system::error_code ec,
                                                       tcp::socket socket) {
      if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
      if (ec) {
        // Out of descriptors, say: try again shortly rather than spin, and
        // never stop accepting.
        retry.expires_after(std::chrono::milliseconds(50));
        retry.async_wait([this](boost::system::error_code wait_ec) {
          if (!wait_ec) accept();
        });
        return;
      }
      admit(std::move(socket));
      accept();
    });
  }

  // Closes abandoned tables now and then, so that their places and memory
  // come back even when no table request arrives to trigger it.
  void sweep() {
    const auto every = std::clamp<std::chrono::milliseconds>(options.registry.table_idle / 4,
                                                             std::chrono::milliseconds(50),
                                                             std::chrono::seconds(30));
    sweep_timer.expires_after(every);
    sweep_timer.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      registry.expire_idle_tables();
      sweep();
    });
  }

  // Serves the connection, or answers why not (429 or 503) when it is over
  // a connection limit: the server's, or its client address's.
  void admit(tcp::socket socket) {
    boost::system::error_code ec;
    const tcp::endpoint peer = socket.remote_endpoint(ec);
    if (ec) return;  // already gone
    int status = 0;
    std::string refusal;
    std::optional<detail::ConnectionSlot> slot =
        detail::ConnectionSlot::take(context, peer.address().to_string(), status, refusal);
    if (!slot) return detail::refuse_connection(std::move(socket), status, refusal);
    // Moves are small messages: Nagle's wait would add its delay to every one.
    socket.set_option(tcp::no_delay(true), ec);
    detail::start_http_session(std::move(socket), context, std::move(*slot));
  }

  ServerOptions options;
  TableRegistry registry;
  detail::ServerContext context;
  net::io_context io;
  tcp::acceptor acceptor;
  net::steady_timer retry;        // the next accept after a failed one
  net::steady_timer sweep_timer;  // the next expire_idle_tables
  std::vector<std::thread> threads;
  bool stopped = false;
};

Server::Server(ServerOptions options) {
  if (options.network_threads < 1) throw error("network threads must be at least 1");
  if (options.network.max_connections < 1) throw error("the connection limit must be at least 1");
  if (options.network.max_message_bytes < 64) throw error("the message size limit must be at least 64 bytes");
  if (options.view_threads < 1) throw error("view threads must be at least 1");
  if (options.network.max_upload_bytes < 1) throw error("the upload limit must be at least 1 byte");
  if (options.network.request_timeout_seconds < 1) throw error("the request timeout must be at least 1 second");
  impl_ = std::make_unique<Impl>(std::move(options));
  impl_->listen();
}

Server::~Server() { stop(); }

void Server::start() {
  if (!impl_->threads.empty() || impl_->stopped) return;
  impl_->accept();
  impl_->sweep();
  for (int i = 0; i < impl_->options.network_threads; ++i) {
    impl_->threads.emplace_back([this] { impl_->io.run(); });
  }
}

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  // Every search under way is told to stop now, and no new one starts.
  impl_->registry.cancel_thinking();
  if (!impl_->threads.empty()) {
    // Tell every listener of a game under way why it ends, and give the
    // network threads a moment to send it before they stop.
    bool aborted = false;
    for (const TableStatus& status : impl_->registry.tables()) {
      if (status.finished || status.aborted) continue;
      if (const auto table = impl_->registry.find(status.id)) table->abort("the server is shutting down");
      aborted = true;
    }
    if (aborted) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  // A think task holds its table and may answer a connection: none may
  // still run once the connections go.
  impl_->registry.wait_for_thinking();
  net::post(impl_->io, [this] {
    boost::system::error_code ignored;
    impl_->acceptor.close(ignored);
    impl_->retry.cancel();
    impl_->sweep_timer.cancel();
  });
  impl_->io.stop();
  for (std::thread& thread : impl_->threads) thread.join();
  impl_->threads.clear();
  impl_->context.gate->close();
  // Waits for a view being built and drops those queued, while the
  // io_context their connections belong to is still there.
  impl_->context.views.reset();
}

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }
const std::string& Server::address() const { return impl_->options.address; }
TableRegistry& Server::registry() { return impl_->registry; }

}  // namespace kibitz::web
