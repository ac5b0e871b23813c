// A WebSocket connection to one table, as a seat (/ws/table/<id>?seat=<token>)
// or a spectator (/ws/table/<id>). Everything a connection does runs on its
// strand: the table wakes it by posting there (never calling in), and it
// sends its subscription's messages in order, one write at a time.
//
// From the client: {"type":"act","action":TEXT} -> Table::act; a refusal is
// answered {"type":"refused","reason":...}. {"type":"review","seat":S} ->
// SeatReviews::request (web/seat_reviews.h), its refusal answered
// {"type":"review_error","reason":...}; a seat's connection is told
// {"type":"review_offer"} after its first messages when the server offers
// reviews. Anything else is answered {"type":"error","reason":...} and the
// connection stays open. A message
// longer than max_message_bytes closes the connection with code 1009; one
// over the rate is refused, and a run of message_burst of those closes it.
//
// The close code tells the page whether to rejoin: 1013 (try again later)
// when the connection fell behind and a rejoin mends it; 1008 (policy) when
// the server refused the link or replaced the connection for good (a wrong
// token, a full table, a newer tab on the same seat, a flood), where
// rejoining would only repeat the refusal or fight the newer tab.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <memory>
#include <string>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "web/client_message.h"
#include "web/request_json.h"
#include "web/server/rate_limiter.h"
#include "web/server/routes.h"
#include "web/server/sessions.h"

namespace kibitz::web::detail {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using seat_protocol::MessageWriter;

constexpr std::string_view kWsTable = "/ws/table/";

// Reasons may quote what a client sent (an unknown table's id): cleaned,
// so that a reply never carries invalid UTF-8 or a control byte.
std::string reason_message(std::string_view type, std::string_view reason) {
  return MessageWriter(type).text("reason", printable_utf8(reason, 1000)).line();
}

class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(net::ip::tcp::socket socket, ServerContext& context, ConnectionSlot slot)
      : ws_(std::move(socket)),
        context_(context),
        slot_(std::move(slot)),
        bucket_(context.limits.messages_per_second, context.limits.message_burst) {}

  void run(HttpRequest request) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(context_.limits.max_message_bytes);
    ws_.text(true);
    target_.assign(request.target().data(), request.target().size());
    ws_.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->on_accept();
    });
  }

 private:
  void on_accept() {
    try {
      subscribe();
    } catch (const KibitzError& e) {
      // A wrong token, an unknown table, a full table: say why, then close.
      close_reason_ = e.what();
      return close_after_flush(reason_message("error", e.what()));
    }
    std::weak_ptr<WsSession> weak = weak_from_this();
    subscription_->set_notify([gate = context_.gate, weak, executor = ws_.get_executor()] {
      gate->pass([&] {
        net::post(executor, [weak] {
          if (const auto self = weak.lock()) self->pump();
        });
      });
    });
    pump();
    // After the welcome (which a page takes as a fresh start): whether this
    // seat may ask for a review once the game is over.
    if (!token_.empty() && context_.reviews && context_.reviews->offered()) {
      send(MessageWriter("review_offer").line());
    }
    read();
  }

  void subscribe() {
    const std::string_view path = target_path(target_);
    if (path.substr(0, kWsTable.size()) != kWsTable) {
      throw error("no WebSocket route ", quoted_request_text(path));
    }
    const std::string_view id = path.substr(kWsTable.size());
    table_ = context_.registry.find(id);
    if (!table_) throw error("no table ", quoted_request_text(id));
    token_ = query_parameter(target_, "seat");
    subscription_ = token_.empty() ? table_->watch() : table_->join(token_);
  }

  // Moves the subscription's new messages to the outbox and sends them.
  void pump() {
    if (closing_ || !subscription_) return;
    for (std::string& message : subscription_->take()) outbox_.push_back(std::move(message));
    if (subscription_->closed()) {
      close_reason_ = subscription_->close_reason();
      if (subscription_->fell_behind()) close_code_ = websocket::close_code::try_again_later;
      closing_ = true;
    } else if (outbox_.size() > context_.registry.limits().max_queued_messages) {
      // The client stopped reading: the outbox must not grow the server.
      close_reason_ = "too many unsent messages; rejoin to receive the whole stream again";
      close_code_ = websocket::close_code::try_again_later;
      closing_ = true;
    }
    write_next();
  }

  void send(std::string message) {
    if (closing_) return;
    outbox_.push_back(std::move(message));
    write_next();
  }

  void close_after_flush(std::string last_message) {
    outbox_.push_back(std::move(last_message));
    closing_ = true;
    write_next();
  }

  void write_next() {
    if (writing_) return;
    if (outbox_.empty()) {
      if (closing_ && !closed_) close();
      return;
    }
    writing_ = true;
    ws_.async_write(net::buffer(outbox_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      self->writing_ = false;
                      if (ec) return;  // the connection is gone; reading ends too
                      self->outbox_.pop_front();
                      self->write_next();
                    });
  }

  void close() {
    closed_ = true;
    // A close reason is at most 123 bytes on the wire, in valid UTF-8.
    websocket::close_reason reason(close_code_, printable_utf8(close_reason_, 118));
    if (close_reason_.empty()) reason.reason = "closed by the server";
    ws_.async_close(reason, [self = shared_from_this()](beast::error_code) {});
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      // On message_too_big Beast has already closed with code 1009.
      if (ec) return;
      if (self->ws_.got_binary()) {
        self->on_binary();
      } else {
        self->on_message(beast::buffers_to_string(self->buffer_.data()));
      }
      self->buffer_.consume(self->buffer_.size());
      if (!self->closing_) self->read();
    });
  }

  void on_message(const std::string& text) {
    if (!within_rate()) return;
    try {
      handle(text);
    } catch (const KibitzError& e) {
      send(reason_message("error", e.what()));
    }
  }

  // Every message is JSON text; a binary frame is answered, not parsed (its
  // bytes are never echoed), and counts against the rate like any message.
  void on_binary() {
    if (!within_rate()) return;
    send(reason_message("error", "binary frames are not accepted: send each message as a text frame "
                                 "holding one JSON object"));
  }

  // Spends a token of the rate limit; false (with the refusal sent, or the
  // connection closing after a run of them) when the client is over it.
  bool within_rate() {
    if (bucket_.try_take()) {
      over_rate_ = 0;
      return true;
    }
    if (++over_rate_ >= context_.limits.message_burst) {
      close_reason_ = "rate limit: too many messages over the limit in a row";
      closing_ = true;
      write_next();
    } else {
      send(reason_message("refused", rate_limit_text()));
    }
    return false;
  }

  std::string rate_limit_text() const {
    return "rate limit: at most " + seat_protocol::json_number(context_.limits.messages_per_second) +
           " messages per second";
  }

  // Reads an act or a review message (web/client_message.h); throws
  // KibitzError for anything else.
  void handle(const std::string& text) {
    const ClientMessage message = parse_client_message(text);
    if (message.type == ClientMessage::Type::kReview) {
      const std::string refusal =
          context_.reviews ? context_.reviews->request(table_, token_, message.seat) : "no review here";
      if (!refusal.empty()) send(review_error_message(refusal));
      return;
    }
    if (token_.empty()) return send(reason_message("refused", "a spectator cannot act"));
    const ActResult result = table_->act(token_, message.action);
    if (!result.accepted) send(reason_message("refused", result.reason));
  }

  websocket::stream<beast::tcp_stream> ws_;
  ServerContext& context_;
  ConnectionSlot slot_;
  TokenBucket bucket_;
  int over_rate_ = 0;
  std::string target_;
  std::shared_ptr<Table> table_;
  std::shared_ptr<Subscription> subscription_;
  std::string token_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
  bool writing_ = false;
  bool closing_ = false;
  bool closed_ = false;
  std::string close_reason_;
  websocket::close_code close_code_ = websocket::close_code::policy_error;
};

}  // namespace

void start_ws_session(net::ip::tcp::socket socket, HttpRequest request, ServerContext& context,
                      ConnectionSlot slot) {
  // Called on the connection's strand (server.cc accepts each socket onto
  // its own), which the WebSocket stream keeps as its executor.
  std::make_shared<WsSession>(std::move(socket), context, std::move(slot))->run(std::move(request));
}

}  // namespace kibitz::web::detail
