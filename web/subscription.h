// Subscription: one listener of a table (a person's seat or a spectator),
// as the network layer holds it. The table pushes JSON messages into it
// (message_json.h), in order; the listener takes them whenever it is
// notified. A bounded queue: a listener that lets more than its limit pile
// up (a browser that stopped reading) is closed rather than allowed to grow
// the server's memory, and can rejoin to receive its whole stream again.
//
// Thread-safe: the table pushes from whichever thread applied a move (a
// think-pool thread, a person's), the listener takes from its own.
#pragma once

#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "env/core/types.h"

namespace kibitz::web {

class Subscription {
 public:
  // `seat` is the seat listened to, or kSpectator.
  Subscription(Player seat, std::size_t max_queued);
  Subscription(const Subscription&) = delete;
  Subscription& operator=(const Subscription&) = delete;

  Player seat() const { return seat_; }

  // Called (with no table lock held, on the pushing thread) after messages
  // have been pushed: it should only wake the listener (post to its
  // executor), never call back into the table. Messages pushed before it
  // is set wait in the queue: take() returns them.
  void set_notify(std::function<void()> notify);

  // Every message queued so far, oldest first; the queue is emptied.
  std::vector<std::string> take();
  // Whether the table closed this subscription, and why ("a newer
  // connection joined this seat", "too many messages queued: ..."). A
  // closed subscription gets no more messages; its queue can still be taken.
  bool closed() const;
  std::string close_reason() const;
  // Whether it was closed because its listener fell behind (a queue full),
  // which a rejoin mends, rather than by the table's decision.
  bool fell_behind() const;

  // For the table: queues one message (dropped when closed; closes the
  // subscription when the queue is full) and reports whether it is open.
  bool push(std::string message);
  void close(std::string reason);
  // For the table: wakes the listener, outside any table lock.
  void notify();

 private:
  const Player seat_;
  const std::size_t max_queued_;
  mutable std::mutex mutex_;
  std::vector<std::string> queue_;
  bool closed_ = false;
  bool fell_behind_ = false;
  std::string close_reason_;
  std::function<void()> notify_;
};

}  // namespace kibitz::web
