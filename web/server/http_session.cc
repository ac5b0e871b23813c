// An HTTP connection: reads requests (bodies up to max_request_bytes),
// answers each through route_http, keeps the connection alive when the
// client asks, and hands a WebSocket upgrade on /ws/ to ws_session.cc.
#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <memory>
#include <optional>

#include "agents/external/seat_protocol.h"
#include "web/server/request_guard.h"
#include "web/server/routes.h"
#include "web/server/sessions.h"

namespace kibitz::web::detail {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

std::string_view view(beast::string_view text) { return {text.data(), text.size()}; }

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(net::ip::tcp::socket socket, ServerContext& context)
      : stream_(std::move(socket)), context_(context), slot_(context) {}

  void run() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(context_.limits.max_request_bytes);
    parser_->header_limit(16384);
    stream_.expires_after(std::chrono::seconds(context_.limits.http_idle_seconds));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       self->on_read(ec);
                     });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::body_limit) {
      return answer(413, "{\"error\":\"the request body is longer than the limit of " +
                             std::to_string(context_.limits.max_request_bytes) + " bytes\"}",
                    false);
    }
    if (ec) return close();
    HttpRequest request = parser_->release();
    const bool upgrade = beast::websocket::is_upgrade(request);
    const std::string refusal = refuse_request(
        view(request.method_string()), target_path(view(request.target())), upgrade,
        view(request[http::field::host]), view(request[http::field::origin]), context_.loopback);
    if (!refusal.empty()) {
      std::string body = "{\"error\":";
      seat_protocol::append_json_string(body, refusal);
      return answer(403, body + "}", false);
    }
    if (upgrade && target_path(view(request.target())).substr(0, 4) == "/ws/") {
      stream_.expires_never();
      return start_ws_session(stream_.release_socket(), std::move(request), context_,
                              std::move(slot_));
    }
    const HttpReply reply = route_http(context_.registry, context_.static_files,
                                       view(request.method_string()),
                                       view(request.target()), request.body());
    response_.emplace(static_cast<http::status>(reply.status), request.version());
    finish_response(reply, request.keep_alive(), request.method() == http::verb::head);
  }

  void answer(int status, std::string body, bool keep_alive) {
    response_.emplace(static_cast<http::status>(status), 11);
    finish_response(HttpReply{status, "application/json", std::move(body)}, keep_alive, false);
  }

  void finish_response(const HttpReply& reply, bool keep_alive, bool head) {
    http::response<http::string_body>& response = *response_;
    response.set(http::field::server, "kibitz");
    response.set(http::field::content_type, reply.content_type);
    // Answers carry secret links (a created table): no cache keeps them.
    response.set(http::field::cache_control, "no-store");
    response.keep_alive(keep_alive);
    response.body() = head ? std::string() : reply.body;
    response.prepare_payload();
    http::async_write(stream_, response,
                      [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
                        if (ec || !keep_alive) return self->close();
                        self->read();
                      });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  ServerContext& context_;
  ConnectionSlot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
};

}  // namespace

void start_http_session(net::ip::tcp::socket socket, ServerContext& context) {
  std::make_shared<HttpSession>(std::move(socket), context)->run();
}

}  // namespace kibitz::web::detail
