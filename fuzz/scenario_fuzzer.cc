// Fuzz target: a scenario file as `kibitz replay run` reads it
// (tools/replay/scenario.h): parsed, played from the initial state, printed
// as the result JSON and checked against its expected returns.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "tools/replay/scenario.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kibitz;
  fuzz::expect_kibitz_errors([&] {
    const tools::Scenario scenario = tools::parse_scenario(fuzz::as_text(data, size), "fuzz.json");
    const tools::ScenarioRun run = tools::run_scenario(scenario);
    tools::scenario_result_json(scenario, run);
    tools::check_expected_returns(scenario, run);
  });
  return 0;
}
