#include "web/seat_reviews.h"

#include <algorithm>
#include <deque>
#include <exception>
#include <mutex>
#include <utility>
#include <vector>

#include "agents/external/seat_protocol.h"
#include "env/core/error.h"
#include "web/request_json.h"

namespace kibitz::web {

using seat_protocol::MessageWriter;

// The reviews under way and those kept, shared with the tasks on the pool
// (which may outlive this object by the moment it takes a pool to drop them).
struct SeatReviews::Shared {
  struct Entry {
    std::weak_ptr<Table> table;  // a live weak_ptr is that very table, never another at its address
    Player seat = -1;
    std::shared_ptr<const std::string> review;  // kept entries only
    bool of(const std::shared_ptr<Table>& t, Player s) const { return seat == s && table.lock() == t; }
  };
  mutable std::mutex mutex;
  std::vector<Entry> running;
  std::deque<Entry> kept;  // newest last
};

// One review's place among those running: given back when the review ends,
// or when the pool drops its task unrun (at shutdown), since the task owns it.
class SeatReviews::Ticket {
 public:
  Ticket(std::shared_ptr<Shared> shared, std::shared_ptr<Table> table, Player seat, std::size_t max_kept)
      : shared_(std::move(shared)), table_(std::move(table)), seat_(seat), max_kept_(max_kept) {}
  ~Ticket() { settle(nullptr); }
  Ticket(const Ticket&) = delete;
  Ticket& operator=(const Ticket&) = delete;

  Table& table() const { return *table_; }
  Player seat() const { return seat_; }

  // Frees the place, keeping `review` when there is one; once only.
  void settle(std::shared_ptr<const std::string> review) {
    std::lock_guard lock(shared_->mutex);
    if (settled_) return;
    settled_ = true;
    std::erase_if(shared_->running, [&](const Shared::Entry& e) { return e.of(table_, seat_); });
    // Tables gone take their kept reviews with them.
    std::erase_if(shared_->kept, [](const Shared::Entry& e) { return e.table.expired(); });
    if (review == nullptr || max_kept_ == 0) return;
    shared_->kept.push_back({table_, seat_, std::move(review)});
    while (shared_->kept.size() > max_kept_) shared_->kept.pop_front();
  }

 private:
  std::shared_ptr<Shared> shared_;
  std::shared_ptr<Table> table_;  // held while the review runs: it reads and tells the table
  Player seat_;
  std::size_t max_kept_;
  bool settled_ = false;
};

std::string review_progress_message(std::size_t done, std::size_t total) {
  return MessageWriter("review_progress")
      .unsigned_integer("done", done)
      .unsigned_integer("total", total)
      .line();
}

std::string review_message(std::string_view review_json) {
  return MessageWriter("review").raw("review", review_json).line();
}

std::string review_error_message(std::string_view reason) {
  return MessageWriter("review_error").text("reason", printable_utf8(reason, 1000)).line();
}

SeatReviews::SeatReviews(ThinkPool& pool, SeatReviewer reviewer, ReviewLimits limits)
    : pool_(pool), reviewer_(std::move(reviewer)), limits_(limits), shared_(std::make_shared<Shared>()) {}

SeatReviews::~SeatReviews() = default;

bool SeatReviews::offered() const { return reviewer_ != nullptr && limits_.max_running > 0; }

int SeatReviews::running() const {
  std::lock_guard lock(shared_->mutex);
  return static_cast<int>(shared_->running.size());
}

std::string SeatReviews::request(const std::shared_ptr<Table>& table, std::string_view token, Player seat) {
  if (!offered()) return "this server does not offer reviews (kibitz review FILE does, from your seat record)";
  if (token.empty()) return "a spectator has no seat to review: open your seat's own link";
  const Player holder = table->seat_of_token(token);
  if (holder < 0) return "that token is not a seat of this table";
  if (holder != seat) {
    return "you hold seat " + std::to_string(holder) + ": only a seat's own holder may ask for its review";
  }
  std::optional<replays::SeatRecord> record = table->seat_record(seat);
  if (!record) {
    return table->status().aborted ? "the game was stopped before its end: there is nothing to review"
                                   : "the game is not over yet: a review reads your whole stream, so it waits "
                                     "for the end";
  }
  const std::size_t total = record->decisions.size();
  std::shared_ptr<Ticket> ticket;
  std::shared_ptr<const std::string> kept_review;
  {
    std::lock_guard lock(shared_->mutex);
    for (const Shared::Entry& kept : shared_->kept) {
      if (kept.of(table, seat)) kept_review = kept.review;
    }
  }
  if (kept_review) {
    table->tell_seat(seat, review_message(*kept_review));
    return "";
  }
  {
    std::lock_guard lock(shared_->mutex);
    if (std::any_of(shared_->running.begin(), shared_->running.end(),
                    [&](const Shared::Entry& e) { return e.of(table, seat); })) {
      return "a review of your seat is already under way";
    }
    if (shared_->running.size() >= static_cast<std::size_t>(limits_.max_running)) {
      return "the server is reviewing " + std::to_string(shared_->running.size()) +
             " games, its limit (kibitz serve --max-reviews); try again shortly";
    }
    shared_->running.push_back({table, seat, nullptr});
    ticket = std::make_shared<Ticket>(shared_, table, seat, limits_.max_kept);
  }
  ReviewJob job{std::move(*record), table->shared_game(), table->game_spec(), "table " + table->id()};
  table->tell_seat(seat, review_progress_message(0, total));
  // The task owns the ticket: dropped unrun (the server shutting down), it
  // frees the place all the same.
  const bool queued = pool_.submit(
      [reviewer = reviewer_, limits = limits_, ticket, job = std::move(job)](const std::atomic<bool>& stop) {
        run(reviewer, limits, *ticket, job, stop);
      },
      limits_.time_limit);
  if (!queued) return "the server is shutting down";
  return "";
}

void SeatReviews::run(const SeatReviewer& reviewer, const ReviewLimits& limits, Ticket& ticket,
                      const ReviewJob& job, const std::atomic<bool>& stop) {
  const auto started = std::chrono::steady_clock::now();
  Table& table = ticket.table();
  const Player seat = ticket.seat();
  // At most about a hundred progress messages, however long the game.
  int last_percent = -1;
  const ReviewProgress progress = [&](std::size_t done, std::size_t total) {
    const int percent = total == 0 ? 100 : static_cast<int>(100 * done / total);
    if (percent == last_percent && done != total) return;
    last_percent = percent;
    table.tell_seat(seat, review_progress_message(done, total));
  };
  std::string failure;  // what the seat is told when there is no review
  std::shared_ptr<const std::string> review;
  try {
    review = std::make_shared<const std::string>(reviewer(job, progress, stop));
  } catch (const std::exception& e) {
    failure = std::string("the review failed: ") + e.what();
  }
  if (stop.load()) {
    // A search cut short gives a review that would misjudge: none is sent.
    const bool timed_out = std::chrono::steady_clock::now() - started >= limits.time_limit;
    const auto ms = limits.time_limit.count();
    const std::string limit = ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
    failure = timed_out ? "the review ran past this server's limit of " + limit +
                              " (kibitz serve --review-seconds) and was stopped"
                        : std::string("the review was stopped: the server is shutting down");
    review = nullptr;
  }
  ticket.settle(review);
  table.tell_seat(seat, review ? review_message(*review) : review_error_message(failure));
}

}  // namespace kibitz::web
