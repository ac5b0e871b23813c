#include "web/server/server.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
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
        context{registry, this->options.network, this->options.static_files,
                is_loopback_address(this->options.address)},
        io(this->options.network_threads),
        acceptor(io) {
    context.views = std::make_unique<ThinkPool>(this->options.view_threads);
    context.view_started = this->options.view_started;
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
      if (!ec) {
        if (context.connections.load() >= options.network.max_connections) {
          boost::system::error_code ignored;
          socket.close(ignored);  // over the limit: the client sees the connection end
        } else {
          // Moves are small messages: Nagle's wait would add its delay to every one.
          boost::system::error_code ignored;
          socket.set_option(tcp::no_delay(true), ignored);
          detail::start_http_session(std::move(socket), context);
        }
      }
      accept();
    });
  }

  ServerOptions options;
  TableRegistry registry;
  detail::ServerContext context;
  net::io_context io;
  tcp::acceptor acceptor;
  std::vector<std::thread> threads;
  bool stopped = false;
};

Server::Server(ServerOptions options) {
  if (options.network_threads < 1) throw error("network threads must be at least 1");
  if (options.network.max_connections < 1) throw error("the connection limit must be at least 1");
  if (options.network.max_message_bytes < 64) throw error("the message size limit must be at least 64 bytes");
  if (options.view_threads < 1) throw error("view threads must be at least 1");
  if (options.network.max_upload_bytes < 1) throw error("the upload limit must be at least 1 byte");
  impl_ = std::make_unique<Impl>(std::move(options));
  impl_->listen();
}

Server::~Server() { stop(); }

void Server::start() {
  if (!impl_->threads.empty() || impl_->stopped) return;
  impl_->accept();
  for (int i = 0; i < impl_->options.network_threads; ++i) {
    impl_->threads.emplace_back([this] { impl_->io.run(); });
  }
}

void Server::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
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
  net::post(impl_->io, [this] {
    boost::system::error_code ignored;
    impl_->acceptor.close(ignored);
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
