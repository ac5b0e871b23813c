// ThinkPool (web/think_pool.h): a task's stop flag is set at its time limit
// (and not before), every task under way is stopped by cancel_all, which
// also drops the queue and refuses new tasks, and wait_until_idle returns
// once the tasks under way have ended.
#include "web/think_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include "tests/web/server_fixture.h"

namespace kibitz::web {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Waits for `stop` for a minute at most; returns how long it waited.
Clock::duration wait_for_stop(const std::atomic<bool>& stop) {
  const auto began = Clock::now();
  while (!stop.load() && Clock::now() - began < 1min) std::this_thread::sleep_for(1ms);
  return Clock::now() - began;
}

TEST(ThinkPoolTest, AStopFlagIsSetAtTheTaskTimeLimit) {
  ThinkPool pool(2);
  std::promise<Clock::duration> limited;
  std::promise<bool> unlimited_stopped;
  pool.submit([&](const std::atomic<bool>& stop) { limited.set_value(wait_for_stop(stop)); }, 200ms);
  pool.submit(
      [&](const std::atomic<bool>& stop) {
        std::this_thread::sleep_for(400ms);
        unlimited_stopped.set_value(stop.load());
      },
      0ms);
  const Clock::duration waited = limited.get_future().get();
  EXPECT_GE(waited, 190ms);
  EXPECT_LT(waited, testing::patience(1s));
  EXPECT_FALSE(unlimited_stopped.get_future().get()) << "a task without a limit was stopped";
}

TEST(ThinkPoolTest, CancelAllStopsTasksUnderWayAndDropsTheQueue) {
  ThinkPool pool(1);
  std::atomic<bool> started{false};
  std::promise<Clock::duration> running;
  std::atomic<bool> queued_ran{false};
  pool.submit([&](const std::atomic<bool>& stop) {
    started = true;
    running.set_value(wait_for_stop(stop));
  });
  pool.submit([&] { queued_ran = true; });
  while (!started.load()) std::this_thread::sleep_for(1ms);
  EXPECT_EQ(pool.busy(), 1);
  EXPECT_EQ(pool.queued(), 1u);
  pool.cancel_all();
  EXPECT_LT(running.get_future().get(), testing::patience(1s));
  pool.wait_until_idle();
  EXPECT_EQ(pool.busy(), 0);
  EXPECT_EQ(pool.queued(), 0u);
  EXPECT_FALSE(queued_ran.load());
  EXPECT_FALSE(pool.submit([] {}));
}

TEST(ThinkPoolTest, EachTaskStartsWithAClearFlag) {
  ThinkPool pool(1);
  std::promise<void> first_done;
  pool.submit(
      [&](const std::atomic<bool>& stop) {
        wait_for_stop(stop);
        first_done.set_value();
      },
      50ms);
  first_done.get_future().get();
  std::promise<bool> second;
  pool.submit([&](const std::atomic<bool>& stop) { second.set_value(stop.load()); }, 10min);
  EXPECT_FALSE(second.get_future().get());
}

}  // namespace
}  // namespace kibitz::web
