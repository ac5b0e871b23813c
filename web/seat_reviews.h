// SeatReviews: "review this game" at a web table. Once a game is over, the
// holder of a person seat (its seat token, as for its moves) may ask for a
// review of its own decisions: every one set against an engine, as
// `kibitz review` does (docs/review.md), from the seat's record as this
// table kept it (Table::seat_record: the stream the table sent the seat and
// the actions it took), never the true state.
//
// The review itself is the operator's hook, a SeatReviewer: web/ knows no
// engine (tools/serve_review.h wraps tools/review's for `kibitz serve`), and
// the engine, its budget and the replicates are all the hook's, never the
// client's. Without a hook the server answers that it offers no review.
//
// What a review may cost is bounded here: it runs on the server's think pool
// (TableRegistry::think_pool) with a time limit, after which its stop flag
// is set (and at shutdown); at most one per seat is under way, and at most
// max_running in the whole server, past which a request is refused at once.
// A finished review is kept (the last max_kept), so a repeat is answered
// with it instead of a second search.
//
// The seat's newest connection alone hears of it (Table::tell_seat):
//   {"type":"review_progress","done":K,"total":N}  0 of N when accepted,
//                                                   then as decisions are done
//   {"type":"review","review":{...}}                the review ("kibitz-review" v1)
//   {"type":"review_error","reason":TEXT}           refused, failed or stopped
//
// Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "env/core/game.h"
#include "replays/seat_record.h"
#include "web/table.h"
#include "web/think_pool.h"

namespace kibitz::web {

// What a reviewer is given.
struct ReviewJob {
  replays::SeatRecord record;         // the seat's own record; its game in the server's form
  std::shared_ptr<const Game> game;   // that game, loaded (the table's own)
  std::string shown_game;             // the game's spec as clients see it (Table::game_spec)
  std::string source;                 // where it came from, for the review's "file": "table ID"
};

// Called after each decision reviewed, with (done, in all).
using ReviewProgress = std::function<void(std::size_t, std::size_t)>;

// Reviews the job's seat and returns the review as one JSON object (the
// "kibitz-review" document); throws KibitzError naming the problem. It must
// pass `stop` to every search and end soon once it is set.
using SeatReviewer =
    std::function<std::string(const ReviewJob&, const ReviewProgress&, const std::atomic<bool>& stop)>;

struct ReviewLimits {
  // Reviews queued or under way at once in the whole server; 0: none offered.
  int max_running = 1;
  // How long one review may run before it is stopped and reported so.
  std::chrono::milliseconds time_limit{std::chrono::seconds(120)};
  // Finished reviews kept to answer a repeated request.
  std::size_t max_kept = 64;
};

class SeatReviews {
 public:
  // `pool` must outlive the reviews under way (the registry's does: the
  // server waits for it before it goes).
  SeatReviews(ThinkPool& pool, SeatReviewer reviewer, ReviewLimits limits);
  ~SeatReviews();
  SeatReviews(const SeatReviews&) = delete;
  SeatReviews& operator=(const SeatReviews&) = delete;

  // Whether this server reviews at all (a hook, and max_running above 0).
  bool offered() const;

  // The review that the holder of `token` asks for, of seat `seat` of
  // `table`: started on the pool (or answered from those kept), with an
  // empty return; else the reason it is refused (no review offered, a
  // spectator, a token that is no seat here, another seat than the token's,
  // a game not over or stopped, one already under way for the seat, the
  // server's limit reached, the server shutting down).
  std::string request(const std::shared_ptr<Table>& table, std::string_view token, Player seat);

  // Reviews queued or under way now.
  int running() const;

 private:
  struct Shared;
  class Ticket;
  // The task on the pool; static, so that it needs nothing of this object.
  static void run(const SeatReviewer& reviewer, const ReviewLimits& limits, Ticket& ticket, const ReviewJob& job,
                  const std::atomic<bool>& stop);

  ThinkPool& pool_;
  const SeatReviewer reviewer_;
  const ReviewLimits limits_;
  std::shared_ptr<Shared> shared_;
};

// The messages above, for the server and its tests.
std::string review_progress_message(std::size_t done, std::size_t total);
std::string review_message(std::string_view review_json);
std::string review_error_message(std::string_view reason);

}  // namespace kibitz::web
