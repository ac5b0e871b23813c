// Fuzz target: the seat protocol (`kibitz engine`, docs/protocol.md). Every
// line of the input is one request to an EngineServer with a random agent.
//  - Every reply is exactly one line of strict JSON (replays/strict_json.h)
//    with a "type": the engine answers every request, bad ones with an
//    error, and never writes anything else.
//  - Nothing but a KIBITZ_CHECK may end the engine: handle() turns every
//    problem with a request into an error reply, so any exception escaping
//    it is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "env/core/error.h"
#include "fuzz/fuzz_support.h"
#include "replays/strict_json.h"
#include "tools/engine/engine_server.h"

namespace {

constexpr std::size_t kMaxRequests = 200;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  tools::EngineServer server("random", 1);
  std::string_view rest = fuzz::as_text(data, size);
  for (std::size_t n = 0; !rest.empty() && n < kMaxRequests; ++n) {
    const auto [line, after] = fuzz::split_first_line(rest);
    rest = after;
    const std::string reply = server.handle(line);
    KIBITZ_CHECK(reply.find('\n') == std::string::npos, "a reply of several lines: ", reply);
    replays::check_strict_json(reply, "engine reply");
    KIBITZ_CHECK(reply.starts_with("{\"type\":"), "a reply without a type first: ", reply);
  }
  return 0;
}
