// Which requests a browser may make of `kibitz serve` from another site.
// Secret seat links already keep seats private; this guards what a link
// does not: a page on some other site, open in the same browser, quietly
// creating tables or opening WebSockets on a server it can reach (one on
// this machine's loopback, say), and DNS rebinding, where another site's
// name is made to point at 127.0.0.1.
//
//   - A request whose Origin header names another host and port than its
//     Host header is refused when it changes something or opens a
//     WebSocket (POST /api/..., a /ws/ upgrade). Plain GETs stay open: a
//     browser does not let another site read their answers anyway.
//   - A server listening on loopback answers only requests addressed to a
//     loopback name (localhost, 127.x.x.x, [::1]), so a rebound name is refused.
//   - Requests without an Origin (curl, scripts, the engine clients) pass:
//     a browser always sends one on the guarded requests.
#pragma once

#include <string>
#include <string_view>

namespace kibitz::web {

// Empty when the request may go on, else why not (for a 403's body).
// `listening_on_loopback`: the server's address is 127.x or ::1.
std::string refuse_request(std::string_view method, std::string_view path, bool websocket_upgrade,
                           std::string_view host, std::string_view origin,
                           bool listening_on_loopback);

// Whether `address` (as given to --listen) is a loopback address.
bool is_loopback_address(std::string_view address);

}  // namespace kibitz::web
