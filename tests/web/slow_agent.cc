#include "tests/web/slow_agent.h"

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "agents/agent.h"
#include "agents/registry.h"

namespace kibitz::web::testing {

std::atomic<int> slow_decisions_begun{0};
std::atomic<int> slow_decisions_ended{0};
std::atomic<int> slow_builds_begun{0};

namespace {

class UntilStoppedAgent : public Agent {
 public:
  std::string spec() const override { return "until_stopped"; }
  void set_budget(const ActBudget& budget) override { stop_ = budget.stop; }
  Action act(const SeatView& view) override {
    ++slow_decisions_begun;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (std::chrono::steady_clock::now() < give_up && !(stop_ != nullptr && stop_->load())) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ++slow_decisions_ended;
    return view.legal_actions().front();
  }

 private:
  const std::atomic<bool>* stop_ = nullptr;
};

std::atomic<bool> builds_released{false};

class FirstActionAgent : public Agent {
 public:
  std::string spec() const override { return "slow_to_build"; }
  Action act(const SeatView& view) override { return view.legal_actions().front(); }
};

}  // namespace

void release_slow_builds() { builds_released = true; }
void hold_slow_builds() { builds_released = false; }

void register_slow_agent() {
  static const bool registered = [] {
    add_agents({AgentInfo{"until_stopped",
                          "thinks until its decision is stopped (a test agent)",
                          {},
                          [](const Params&, std::shared_ptr<const Game>, std::uint64_t) {
                            return std::make_unique<UntilStoppedAgent>();
                          }},
                AgentInfo{"slow_to_build",
                          "takes until the test releases it to build (a test agent)",
                          {},
                          [](const Params&, std::shared_ptr<const Game>, std::uint64_t) {
                            ++slow_builds_begun;
                            const auto give_up =
                                std::chrono::steady_clock::now() + std::chrono::minutes(1);
                            while (!builds_released.load() &&
                                   std::chrono::steady_clock::now() < give_up) {
                              std::this_thread::sleep_for(std::chrono::milliseconds(2));
                            }
                            return std::make_unique<FirstActionAgent>();
                          }}});
    return true;
  }();
  (void)registered;
}

}  // namespace kibitz::web::testing
