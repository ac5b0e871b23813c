// "until_stopped": a test agent that thinks until its decision is stopped
// (ActBudget::stop: the server's decision time, or its shutdown) or a
// minute has passed, then plays its first legal action. It stands for a
// search with a huge budget that honours the stop flag, without depending
// on any real search's speed. register_slow_agent() adds it to the agent
// registry (once; any later call does nothing).
#pragma once

#include <atomic>

namespace kibitz::web::testing {

void register_slow_agent();

// "slow_to_build": a test agent whose building takes until
// release_slow_builds() (or a minute), as a CFR solve at build time would;
// it then plays like "random" would, its first legal action. Registered by
// register_slow_agent() too.
void release_slow_builds();
void hold_slow_builds();
extern std::atomic<int> slow_builds_begun;

// Decisions the agents have begun and ended, in all.
extern std::atomic<int> slow_decisions_begun;
extern std::atomic<int> slow_decisions_ended;

}  // namespace kibitz::web::testing
