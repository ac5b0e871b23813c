#include "web/server/request_guard.h"

#include <algorithm>
#include <cctype>

namespace kibitz::web {
namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// "127.0.0.1:8080" -> "127.0.0.1"; "[::1]:8080" -> "::1"; "localhost" -> "localhost".
std::string_view host_name(std::string_view host) {
  if (!host.empty() && host.front() == '[') {
    const std::size_t close = host.find(']');
    return close == std::string_view::npos ? host : host.substr(1, close - 1);
  }
  return host.substr(0, host.find(':'));
}

bool names_loopback(std::string_view host) {
  const std::string name = lowercase(host_name(host));
  return name == "localhost" || is_loopback_address(name);
}

// "http://127.0.0.1:8080" -> "127.0.0.1:8080"; "null" (a sandboxed page) -> "".
std::string_view origin_host(std::string_view origin) {
  const std::size_t scheme = origin.find("://");
  if (scheme == std::string_view::npos) return {};
  std::string_view rest = origin.substr(scheme + 3);
  return rest.substr(0, rest.find('/'));
}

}  // namespace

bool is_loopback_address(std::string_view address) {
  if (address == "::1" || address == "[::1]") return true;
  return address.substr(0, 4) == "127." &&
         std::all_of(address.begin(), address.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; });
}

std::string refuse_request(std::string_view method, std::string_view path, bool websocket_upgrade,
                           std::string_view host, std::string_view origin,
                           bool listening_on_loopback) {
  if (listening_on_loopback && !names_loopback(host)) {
    return "this server listens on loopback and answers only requests addressed to localhost, "
           "127.0.0.1 or [::1], not to '" + std::string(host) + "'";
  }
  const bool changes_something = method != "GET" && method != "HEAD" && path.substr(0, 5) == "/api/";
  if (origin.empty() || !(changes_something || websocket_upgrade)) return {};
  if (lowercase(origin_host(origin)) != lowercase(host)) {
    return "a page from " + std::string(origin) + " may not " +
           (websocket_upgrade ? "open a table's WebSocket" : "change tables") + " on this server (" +
           std::string(host) + ")";
  }
  return {};
}

}  // namespace kibitz::web
