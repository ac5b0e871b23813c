// web/server/request_guard.h: what another site's page may ask of the server.
#include "web/server/request_guard.h"

#include <gtest/gtest.h>

namespace kibitz::web {
namespace {

TEST(RequestGuardTest, SameOriginRequestsPass) {
  EXPECT_EQ(refuse_request("POST", "/api/tables", false, "127.0.0.1:8080", "http://127.0.0.1:8080", true), "");
  EXPECT_EQ(refuse_request("GET", "/ws/table/x", true, "localhost:9000", "http://localhost:9000", true), "");
  EXPECT_EQ(refuse_request("GET", "/ws/table/x", true, "[::1]:9000", "http://[::1]:9000", true), "");
  EXPECT_EQ(refuse_request("POST", "/api/tables", false, "Example.org:80", "http://example.org:80", false), "");
}

TEST(RequestGuardTest, RequestsWithoutAnOriginPass) {
  EXPECT_EQ(refuse_request("POST", "/api/tables", false, "127.0.0.1:8080", "", true), "");
  EXPECT_EQ(refuse_request("GET", "/ws/table/x", true, "127.0.0.1:8080", "", true), "");
}

TEST(RequestGuardTest, AnotherSitesPageMayNotCreateTablesOrOpenSockets) {
  const std::string post = refuse_request("POST", "/api/tables", false, "127.0.0.1:8080",
                                          "https://evil.example", true);
  EXPECT_NE(post.find("https://evil.example"), std::string::npos) << post;
  EXPECT_NE(post.find("change tables"), std::string::npos) << post;
  const std::string ws = refuse_request("GET", "/ws/table/x", true, "127.0.0.1:8080", "http://127.0.0.1:9999", true);
  EXPECT_NE(ws.find("WebSocket"), std::string::npos) << ws;
  EXPECT_NE(refuse_request("POST", "/api/tables", false, "127.0.0.1:8080", "null", true), "");
  // Reading is left to the browser's own same-origin rule.
  EXPECT_EQ(refuse_request("GET", "/api/tables", false, "127.0.0.1:8080", "https://evil.example", true), "");
}

TEST(RequestGuardTest, ALoopbackServerRefusesARebindingName) {
  const std::string reason = refuse_request("GET", "/", false, "evil.example:8080", "", true);
  EXPECT_NE(reason.find("evil.example"), std::string::npos) << reason;
  // ... while a server listening on every address answers any name.
  EXPECT_EQ(refuse_request("GET", "/", false, "evil.example:8080", "", false), "");
}

TEST(RequestGuardTest, LoopbackAddresses) {
  EXPECT_TRUE(is_loopback_address("127.0.0.1"));
  EXPECT_TRUE(is_loopback_address("127.1.2.3"));
  EXPECT_TRUE(is_loopback_address("::1"));
  EXPECT_FALSE(is_loopback_address("0.0.0.0"));
  EXPECT_FALSE(is_loopback_address("127.evil.example"));
  EXPECT_FALSE(is_loopback_address("192.168.1.2"));
}

}  // namespace
}  // namespace kibitz::web
