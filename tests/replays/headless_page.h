// Loading a report page in headless Chromium for the report tests: the DOM
// after the load event (where the page's render check writes
// data-render="ok"), and the requests the page sent off the machine,
// counted from Chromium's net log; and the check both report tests (Adulting,
// Laws and Disorder) make with them.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "tests/replays/replay_test_util.h"

namespace kibitz::replays::testing {

inline constexpr const char* kChromium = "/usr/bin/chromium";

// Requests the page itself made that left the machine: each event line of
// a request for the file:// page names its network isolation key; a URL
// that is not file: or data: left.
inline int page_requests(const std::string& net_log) {
  std::istringstream lines(net_log);
  std::string line;
  int requests = 0;
  while (std::getline(lines, line)) {
    if (line.find("\"network_isolation_key\":\"file://") == std::string::npos) continue;
    const std::size_t url = line.find("\"url\":\"");
    if (url == std::string::npos) continue;
    const std::string scheme = line.substr(url + 7, 5);
    requests += scheme != "file:" && scheme != "data:";
  }
  return requests;
}

// Loads `html` in headless Chromium; returns the DOM after the load event
// and sets `requests` to the requests the page sent off the machine.
inline std::string rendered_page(const std::string& html, const TempDir& dir, int& requests) {
  const std::string path = dir.file("page.html");
  write_bytes(path, html);
  std::filesystem::remove_all(dir.file("profile"));
  const std::string command =
      std::string(kChromium) +
      " --headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run --window-size=1280,900 --user-data-dir='" +
      dir.file("profile") + "' --log-net-log='" + dir.file("net.json") +
      "' --virtual-time-budget=5000 --dump-dom 'file://" + path + "' >'" + dir.file("dom") + "' 2>'" +
      dir.file("chromium.log") + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << read_bytes(dir.file("chromium.log"));
  requests = page_requests(read_bytes(dir.file("net.json")));
  return read_bytes(dir.file("dom"));
}

// Expects `html` to render (its render check writes data-render="ok") with
// no request leaving the machine, and the count to see a request when there
// is one: the same page with an image from a documentation address
// (TEST-NET-3, never routed) must send one.
inline void expect_renders_offline(const std::string& html) {
  const TempDir dir;
  int requests = -1;
  const std::string dom = rendered_page(html, dir, requests);
  EXPECT_TRUE(contains(dom, "data-render=\"ok\"")) << dom.substr(0, 600);
  EXPECT_EQ(requests, 0);
  std::string leaky = html;
  leaky.insert(leaky.rfind("</main>"), "<img src=\"http://203.0.113.7/x.png\" alt=\"\">");
  const TempDir leaky_dir;
  rendered_page(leaky, leaky_dir, requests);
  EXPECT_GE(requests, 1);
}

}  // namespace kibitz::replays::testing
