// Fuzz target: the body of `POST /api/tables` (`kibitz serve`), which
// anyone who reaches the server may send. web::parse_table_spec_json
// (web/table_spec.h) reads it before any game or agent is built.
//  - A body that does not read is a KibitzError naming the problem.
//  - A body that reads gives a game and seats; written back as JSON with
//    kibitz's own quoting (env/core/json_text.h), it must read back to the
//    same request (a round trip that changes it is a finding).
// Building the table (plan_table) is left out: the game and agent specs it
// reads are spec_fuzzer's, and the costs they may ask for are bounded by the
// server's limits, not by the parser.
#include <cstddef>
#include <cstdint>
#include <string>

#include "env/core/error.h"
#include "env/core/json_text.h"
#include "fuzz/fuzz_support.h"
#include "web/table_spec.h"

namespace {

using kibitz::web::TableSpec;

std::string as_json(const TableSpec& spec) {
  std::string out = "{\"game\":";
  kibitz::append_json_string(out, spec.game);
  out += ",\"seats\":[";
  for (std::size_t i = 0; i < spec.seats.size(); ++i) {
    if (i > 0) out += ',';
    kibitz::append_json_string(out, spec.seats[i]);
  }
  return out + "]}";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  TableSpec spec;
  try {
    spec = web::parse_table_spec_json(fuzz::as_text(data, size));
  } catch (const KibitzError&) {
    return 0;  // Expected: bad input, named.
  }
  // What kibitz wrote must read: an error here escapes and is a finding.
  const std::string written = as_json(spec);
  const TableSpec again = web::parse_table_spec_json(written);
  KIBITZ_CHECK(again.game == spec.game && again.seats == spec.seats, "round trip changed the request: ", written);
  return 0;
}
