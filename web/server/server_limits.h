// The network layer's own limits (the table model's are ServerLimits in
// web/table_registry.h), each a `kibitz serve` flag. docs/serve.md lists
// them all with their defaults.
#pragma once

#include <cstddef>

namespace kibitz::web {

struct NetworkLimits {
  // Connections open at once (HTTP and WebSocket together); one more is
  // answered 503 and closed as soon as it is accepted.
  int max_connections = 256;
  // Connections open at once from one client address; one more is
  // answered 429 and closed, and the others' are unaffected.
  int max_connections_per_client = 32;
  // Tables one client address may create a minute (a token bucket holding
  // a minute's worth); one more is answered 429.
  double tables_per_minute = 10;
  // Seconds a connection has to send a request's header (a new one, or the
  // next on a kept-alive one) before it is closed: a connection that sends
  // nothing holds its place this long at most.
  int request_timeout_seconds = 10;
  // Longest WebSocket message a client may send: a longer one closes that
  // connection (code 1009, "message too big") and nothing else.
  std::size_t max_message_bytes = 4096;
  // Longest HTTP request body (a table request): longer is refused with 413.
  std::size_t max_request_bytes = 16384;
  // Longest replay file uploaded to the viewer (POST /api/replays/view), the
  // one request allowed more than max_request_bytes: longer is refused with 413.
  std::size_t max_upload_bytes = std::size_t{8} << 20;
  // Replay viewer documents waiting for a view thread: one more request is
  // refused with 503 until one is done.
  std::size_t max_queued_views = 16;
  // Messages per second a WebSocket connection may send, on average (a
  // token bucket refilled at this rate) ...
  double messages_per_second = 10;
  // ... and in one burst (the bucket's size). A message over the rate is
  // answered "refused"; a connection that keeps sending over the rate for
  // this many messages in a row is closed.
  int message_burst = 20;
  // Seconds an HTTP connection may wait on a request's body or on the
  // client reading an answer before it is closed.
  int http_idle_seconds = 30;
};

}  // namespace kibitz::web
