#include "tests/web/server_client.h"

#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace kibitz::web::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using net::ip::tcp;

namespace {

HttpAnswer exchange(tcp::socket& socket, unsigned short port, std::string_view method,
                    std::string_view target, std::string_view body, const Headers& headers) {
  http::request<http::string_body> request(http::string_to_verb(beast::string_view(method.data(), method.size())),
                                           beast::string_view(target.data(), target.size()), 11);
  request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  request.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) request.set(name, value);
  request.body() = std::string(body);
  request.prepare_payload();
  http::write(socket, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(socket, buffer, response);
  return {static_cast<int>(response.result_int()), response.body()};
}

}  // namespace

HttpAnswer http_request(unsigned short port, std::string_view method, std::string_view target,
                        std::string_view body, const Headers& headers) {
  net::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  return exchange(socket, port, method, target, body, headers);
}

HttpAnswer http_request_from(const std::string& source, unsigned short port, std::string_view method,
                             std::string_view target, std::string_view body) {
  net::io_context io;
  tcp::socket socket(io);
  socket.open(tcp::v4());
  socket.bind(tcp::endpoint(net::ip::make_address(source), 0));
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  return exchange(socket, port, method, target, body, {});
}

WsClient::WsClient(unsigned short port, std::string_view target) : WsClient(port, target, "") {}

WsClient::WsClient(unsigned short port, std::string_view target, const std::string& origin) : ws_(io_) {
  ws_.next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  ws_.next_layer().set_option(tcp::no_delay(true));
  ws_.read_message_max(64 << 20);
  if (!origin.empty()) {
    ws_.set_option(beast::websocket::stream_base::decorator(
        [origin](beast::websocket::request_type& request) { request.set(http::field::origin, origin); }));
  }
  ws_.handshake("127.0.0.1:" + std::to_string(port), beast::string_view(target.data(), target.size()));
}

std::optional<std::string> WsClient::read() {
  beast::flat_buffer buffer;
  beast::error_code ec;
  ws_.read(buffer, ec);
  if (ec) {
    close_reason_ = std::string(ws_.reason().reason.c_str());
    close_code_ = ws_.reason().code;
    return std::nullopt;
  }
  return beast::buffers_to_string(buffer.data());
}

bool WsClient::send(std::string_view text) {
  beast::error_code ec;
  ws_.write(net::buffer(text.data(), text.size()), ec);
  return !ec;
}

bool WsClient::send_binary(std::string_view bytes) {
  beast::error_code ec;
  ws_.binary(true);
  ws_.write(net::buffer(bytes.data(), bytes.size()), ec);
  ws_.text(true);
  return !ec;
}

void WsClient::abort() {
  // shutdown(2) on the descriptor wakes a blocked recv in another thread.
  ::shutdown(ws_.next_layer().native_handle(), SHUT_RDWR);
}

}  // namespace kibitz::web::testing
