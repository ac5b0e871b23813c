// Server: `kibitz serve`'s HTTP and WebSocket server, Boost.Beast over
// Boost.Asio, on a small pool of network threads. It owns the
// TableRegistry; the routes are routes.h's, the WebSocket protocol is
// ws_session.h's, the limits are server_limits.h's and ServerLimits.
// Agents think on the registry's think pool, never on a network thread, and
// replay viewer documents are built on a pool of their own.
//
// Beast stays behind this header (an Impl), so that whoever starts a
// server compiles without it.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "web/seat_reviews.h"
#include "web/server/server_limits.h"
#include "web/server/static_pages.h"
#include "web/table_registry.h"

namespace kibitz::web {

struct ServerOptions {
  std::string address = "127.0.0.1";  // loopback unless asked otherwise
  unsigned short port = 8080;         // 0: a free port (port() tells which)
  int network_threads = 2;
  // Threads that build replay viewer documents (a replay analysed can take
  // a while), so that no network thread waits for one.
  int view_threads = 1;
  // A test seam: called on a view thread as each viewer document starts to
  // be built (a test holds a view there to show the network threads go on).
  std::function<void()> view_started;
  NetworkLimits network;
  RegistryOptions registry;
  StaticFileHook static_files = embedded_static_file;  // the pages (static_pages.h)
  // "Review this game" at the tables (web/seat_reviews.h): the operator's
  // reviewer, run on the think pool within `reviews`. Without one the
  // server offers no review.
  SeatReviewer reviewer;
  ReviewLimits reviews;
};

class Server {
 public:
  // Builds the registry and binds and listens on the address; throws
  // KibitzError naming the address when it cannot. Serves nothing until start().
  explicit Server(ServerOptions options);
  // stop(), then stops every table (no replays for unfinished games).
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Starts the network threads; returns at once.
  void start();
  // Aborts the games under way (their listeners are sent "aborted": the
  // server is shutting down; no replay), waits 200 ms for that to be sent,
  // then closes the listener and every connection and joins the network threads.
  void stop();

  // The port listened on (the one picked, for port 0).
  unsigned short port() const;
  const std::string& address() const;
  TableRegistry& registry();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace kibitz::web
