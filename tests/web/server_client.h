// Test clients of `kibitz serve` (web/server/server.h): one HTTP request at
// a time, and a WebSocket client with blocking reads that another thread can
// interrupt (abort), so a stuck test ends instead of hanging.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/websocket.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kibitz::web::testing {

struct HttpAnswer {
  int status = 0;
  std::string body;
};

// Extra request headers, e.g. {{"Origin", "https://elsewhere.example"}}; a
// "Host" among them replaces the usual 127.0.0.1:PORT.
using Headers = std::vector<std::pair<std::string, std::string>>;

HttpAnswer http_request(unsigned short port, std::string_view method, std::string_view target,
                        std::string_view body = {}, const Headers& headers = {});

// The same from another loopback address (e.g. "127.0.0.2"): another
// client, as far as the server's per-client limits can tell. Throws
// boost::system::system_error when the connection fails.
HttpAnswer http_request_from(const std::string& source, unsigned short port, std::string_view method,
                             std::string_view target, std::string_view body = {});

class WsClient {
 public:
  // Connects and upgrades on `target` ("/ws/table/ID?seat=TOKEN").
  WsClient(unsigned short port, std::string_view target);
  // The same, as a page from `origin` would ask ("http://127.0.0.1:PORT" is
  // the server's own); throws boost::system::system_error when refused.
  WsClient(unsigned short port, std::string_view target, const std::string& origin);
  // The next message; nullopt once the connection is closed (close_reason()
  // then says why, as the server put it) or aborted.
  std::optional<std::string> read();
  // false when the connection is gone.
  bool send(std::string_view text);
  // The same as a binary frame.
  bool send_binary(std::string_view bytes);
  // From any thread: ends the connection under a blocked read().
  void abort();
  const std::string& close_reason() const { return close_reason_; }
  int close_code() const { return close_code_; }

 private:
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  std::string close_reason_;
  int close_code_ = 0;
};

}  // namespace kibitz::web::testing
