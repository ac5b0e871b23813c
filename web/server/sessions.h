// The two kinds of connection of a Server (internal to web/server/): an
// HTTP session reads requests and answers them through routes.h until the
// client asks to upgrade to a WebSocket on /ws/table/<id>, when it hands its
// socket to a WebSocket session (ws_session.cc).
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/http.hpp>

#include "web/server/server_context.h"

namespace kibitz::web::detail {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

// Serves one accepted connection, counted by `slot`; keeps itself alive
// through its handlers.
void start_http_session(boost::asio::ip::tcp::socket socket, ServerContext& context, ConnectionSlot slot);

// Answers a connection the server will not serve (over a connection limit)
// with `status` and {"error": message}, then closes it: the client reads
// why instead of a reset. Holds the socket for a second at most.
void refuse_connection(boost::asio::ip::tcp::socket socket, int status, const std::string& message);

// Takes over `socket`, whose upgrade request is `request`, and answers the
// handshake: the table and seat are read from the request's target.
void start_ws_session(boost::asio::ip::tcp::socket socket, HttpRequest request,
                      ServerContext& context, ConnectionSlot slot);

}  // namespace kibitz::web::detail
