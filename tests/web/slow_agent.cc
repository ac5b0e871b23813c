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

}  // namespace

void register_slow_agent() {
  static const bool registered = [] {
    add_agents({AgentInfo{"until_stopped",
                          "thinks until its decision is stopped (a test agent)",
                          {},
                          [](const Params&, std::shared_ptr<const Game>, std::uint64_t) {
                            return std::make_unique<UntilStoppedAgent>();
                          }}});
    return true;
  }();
  (void)registered;
}

}  // namespace kibitz::web::testing
