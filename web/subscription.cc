#include "web/subscription.h"

#include <utility>

namespace kibitz::web {

Subscription::Subscription(Player seat, std::size_t max_queued) : seat_(seat), max_queued_(max_queued) {}

void Subscription::set_notify(std::function<void()> notify) {
  std::lock_guard lock(mutex_);
  notify_ = std::move(notify);
}

std::vector<std::string> Subscription::take() {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  out.swap(queue_);
  return out;
}

bool Subscription::closed() const {
  std::lock_guard lock(mutex_);
  return closed_;
}

std::string Subscription::close_reason() const {
  std::lock_guard lock(mutex_);
  return close_reason_;
}

bool Subscription::fell_behind() const {
  std::lock_guard lock(mutex_);
  return fell_behind_;
}

bool Subscription::push(std::string message) {
  std::lock_guard lock(mutex_);
  if (closed_) return false;
  if (queue_.size() >= max_queued_) {
    closed_ = true;
    fell_behind_ = true;
    close_reason_ = "too many messages queued (" + std::to_string(max_queued_) +
                    ") without being read; rejoin to receive the whole stream again";
    return false;
  }
  queue_.push_back(std::move(message));
  return true;
}

void Subscription::close(std::string reason) {
  std::lock_guard lock(mutex_);
  if (closed_) return;
  closed_ = true;
  close_reason_ = std::move(reason);
}

void Subscription::notify() {
  std::function<void()> notify;
  {
    std::lock_guard lock(mutex_);
    notify = notify_;
  }
  if (notify) notify();
}

}  // namespace kibitz::web
