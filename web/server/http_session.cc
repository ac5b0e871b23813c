// An HTTP connection: reads requests, answers each through route_http,
// keeps the connection alive when the client asks, and hands a WebSocket
// upgrade on /ws/ to ws_session.cc. A request's header is read first, so
// that its body limit can follow its target: max_upload_bytes for a replay
// file uploaded to the viewer, max_request_bytes for everything else. A
// replay viewer document is built on the server's view threads and the
// answer written back on this connection's strand: no network thread waits
// for a game to be replayed and analysed.
#include <boost/asio/dispatch.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "web/request_json.h"
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
  HttpSession(net::ip::tcp::socket socket, ServerContext& context, ConnectionSlot slot)
      : stream_(std::move(socket)), context_(context), slot_(std::move(slot)) {}

  void run() {
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

 private:
  void read() {
    parser_.emplace();
    // The largest limit while the header is read (Beast checks a declared
    // Content-Length against it there); the target's own once it is known.
    parser_->body_limit(std::max(context_.limits.max_request_bytes, context_.limits.max_upload_bytes));
    parser_->header_limit(16384);
    // A connection that sends nothing (half open, or idle between requests)
    // holds its place this long at most.
    stream_.expires_after(std::chrono::seconds(context_.limits.request_timeout_seconds));
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              self->on_header(ec);
                            });
  }

  std::size_t body_limit() const {
    return is_upload_target(view(parser_->get().target())) ? context_.limits.max_upload_bytes
                                                          : context_.limits.max_request_bytes;
  }

  void on_header(beast::error_code header_ec) {
    if (header_ec == http::error::body_limit) return refuse_body();
    if (header_ec) return close();
    const boost::optional<std::uint64_t> length = parser_->content_length();
    if (length && *length > body_limit()) return refuse_body();
    if (parser_->is_done()) return on_read({});
    parser_->body_limit(body_limit());
    // A client that asked first (curl does for a large upload) is told to send the body.
    if (beast::iequals(parser_->get()[http::field::expect], "100-continue")) {
      continue_.emplace(http::status::continue_, parser_->get().version());
      return http::async_write(stream_, *continue_,
                               [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                 if (ec) return self->close();
                                 self->read_body();
                               });
    }
    read_body();
  }

  void read_body() {
    stream_.expires_after(std::chrono::seconds(context_.limits.http_idle_seconds));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       self->on_read(ec);
                     });
  }

  // 413, naming the limit that applies to the request's target.
  void refuse_body() {
    const bool upload = is_upload_target(view(parser_->get().target()));
    std::string body = "{\"error\":";
    seat_protocol::append_json_string(
        body, upload ? "the replay file is longer than the upload limit of " +
                           std::to_string(context_.limits.max_upload_bytes) + " bytes (--max-upload-bytes)"
                     : "the request body is longer than the limit of " +
                           std::to_string(context_.limits.max_request_bytes) + " bytes");
    refused_ = true;
    answer(413, body + "}", false);
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::body_limit) return refuse_body();
    if (ec) return close();
    HttpRequest request = parser_->release();
    const bool upgrade = beast::websocket::is_upgrade(request);
    const std::string refusal = refuse_request(
        view(request.method_string()), target_path(view(request.target())), upgrade,
        view(request[http::field::host]), view(request[http::field::origin]), context_.loopback);
    if (!refusal.empty()) {
      std::string body = "{\"error\":";
      seat_protocol::append_json_string(body, printable_utf8(refusal, 1000));
      return answer(403, body + "}", false);
    }
    if (upgrade && target_path(view(request.target())).substr(0, 4) == "/ws/") {
      stream_.expires_never();
      return start_ws_session(stream_.release_socket(), std::move(request), context_,
                              std::move(slot_));
    }
    if (is_table_request(view(request.method_string()), view(request.target()))) {
      return create_table(std::move(request));
    }
    if (runs_off_network_threads(view(request.method_string()), view(request.target()))) {
      return answer_off_thread(std::move(request));
    }
    HttpReply reply = route_http(context_.registry, context_.static_files,
                                 view(request.method_string()),
                                 view(request.target()), request.body());
    respond(std::move(reply), request.version(), request.keep_alive(),
            request.method() == http::verb::head);
  }

  // A table request: the client's creation limit, then the request is read
  // here and the table built on the think pool; the answer comes back to
  // this connection's strand once built.
  void create_table(HttpRequest request) {
    const unsigned version = request.version();
    const bool keep_alive = request.keep_alive();
    if (!context_.clients.take_table_creation(slot_.address())) {
      return respond(error_reply(429, "this client address has created its limit of " +
                                          seat_protocol::json_number(context_.limits.tables_per_minute) +
                                          " tables a minute (--tables-per-minute); try again shortly"),
                     version, keep_alive, false);
    }
    TableSpec spec;
    try {
      spec = parse_table_spec_json(request.body());
    } catch (const KibitzError& e) {
      return respond(error_reply(400, e.what()), version, keep_alive, false);
    }
    context_.registry.create_async(std::move(spec), [self = shared_from_this(), version,
                                                     keep_alive](CreateResult result) {
      HttpReply reply = table_reply(result);
      self->context_.gate->pass([&] {
        net::post(self->stream_.get_executor(),
                  [self, reply = std::move(reply), version, keep_alive]() mutable {
                    self->respond(std::move(reply), version, keep_alive, false);
                  });
      });
    });
  }

  // Queues the request on the view threads, unless max_queued_views wait there.
  void answer_off_thread(HttpRequest request) {
    if (context_.views->queued() >= context_.limits.max_queued_views) {
      std::string body = "{\"error\":";
      seat_protocol::append_json_string(body, "too many replay views are waiting to be built (limit " +
                                                  std::to_string(context_.limits.max_queued_views) +
                                                  "); try again shortly");
      return respond(HttpReply{503, "application/json", body + "}"}, request.version(),
                     request.keep_alive(), false);
    }
    auto held = std::make_shared<const HttpRequest>(std::move(request));
    const bool queued =
        context_.views->submit([self = shared_from_this(), held] { self->build_view(*held); });
    if (!queued) close();  // the server is stopping
  }

  // On a view thread: builds the answer and hands it to this connection's
  // strand, unless the server has stopped meanwhile (the gate is closed).
  void build_view(const HttpRequest& request) {
    HttpReply reply;
    try {
      if (context_.view_started) context_.view_started();
      reply = route_http(context_.registry, context_.static_files, view(request.method_string()),
                         view(request.target()), request.body(), &context_.view_cache);
    } catch (const std::exception& e) {
      std::string body = "{\"error\":";
      seat_protocol::append_json_string(body, std::string("the replay view failed: ") + e.what());
      reply = HttpReply{500, "application/json", body + "}"};
    }
    const unsigned version = request.version();
    const bool keep_alive = request.keep_alive();
    context_.gate->pass([&] {
      net::post(stream_.get_executor(),
                [self = shared_from_this(), reply = std::move(reply), version, keep_alive]() mutable {
                  self->respond(std::move(reply), version, keep_alive, false);
                });
    });
  }

  void answer(int status, std::string body, bool keep_alive) {
    respond(HttpReply{status, "application/json", std::move(body)}, 11, keep_alive, false);
  }

  void respond(HttpReply reply, unsigned version, bool keep_alive, bool head) {
    response_.emplace(static_cast<http::status>(reply.status), version);
    http::response<http::string_body>& response = *response_;
    response.set(http::field::server, "kibitz");
    response.set(http::field::content_type, reply.content_type);
    // Answers carry secret links (a created table): no cache keeps them.
    response.set(http::field::cache_control, "no-store");
    response.keep_alive(keep_alive);
    response.body() = head ? std::string() : std::move(reply.body);
    response.prepare_payload();
    // A view may have taken a while: the write gets its own idle time.
    stream_.expires_after(std::chrono::seconds(context_.limits.http_idle_seconds));
    http::async_write(stream_, response,
                      [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
                        if (ec || !keep_alive) return self->close();
                        self->read();
                      });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
    if (refused_) drain();
  }

  // After a refused body, reads and drops what the client still sends
  // (until it closes, for the idle time at most, up to kMaxDrainBytes), so
  // that it gets to read the 413 instead of a reset connection.
  void drain() {
    if (drained_ > kMaxDrainBytes) return;
    stream_.expires_after(std::chrono::seconds(context_.limits.http_idle_seconds));
    stream_.async_read_some(net::buffer(scratch_),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                              self->drained_ += n;
                              if (!ec) self->drain();
                            });
  }

  static constexpr std::size_t kMaxDrainBytes = std::size_t{64} << 20;

  beast::tcp_stream stream_;
  ServerContext& context_;
  ConnectionSlot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
  std::optional<http::response<http::empty_body>> continue_;
  bool refused_ = false;  // a body over its limit was refused: drain before closing
  std::size_t drained_ = 0;
  std::array<char, 16384> scratch_{};
};

}  // namespace

void start_http_session(net::ip::tcp::socket socket, ServerContext& context, ConnectionSlot slot) {
  std::make_shared<HttpSession>(std::move(socket), context, std::move(slot))->run();
}

namespace {

// A refused connection: its answer, written once, then whatever the client
// still sends is read and dropped until it closes or a second has passed,
// so that the client reads the answer rather than a reset.
class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  Refusal(net::ip::tcp::socket socket, int status, const std::string& message) : stream_(std::move(socket)) {
    const std::string body = error_reply(status, message).body;
    text_ = "HTTP/1.1 " + std::to_string(status) +
            (status == 429 ? " Too Many Requests" : " Service Unavailable") +
            "\r\nServer: kibitz\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
            "Connection: close\r\nContent-Length: " +
            std::to_string(body.size()) + "\r\n\r\n" + body;
  }
  void run() {
    stream_.expires_after(std::chrono::seconds(1));
    net::async_write(stream_, net::buffer(text_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      beast::error_code ignored;
      self->stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
      self->drain();
    });
  }

 private:
  void drain() {
    stream_.async_read_some(net::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!ec) self->drain();
    });
  }

  beast::tcp_stream stream_;
  std::string text_;
  std::array<char, 4096> scratch_{};
};

}  // namespace

void refuse_connection(net::ip::tcp::socket socket, int status, const std::string& message) {
  std::make_shared<Refusal>(std::move(socket), status, message)->run();
}

}  // namespace kibitz::web::detail
