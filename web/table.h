// Table: one live game of `kibitz serve`. It owns the true State, the
// generator that draws chance (seeded from a secret, so that no player can
// predict a deal), the seats' agents, the recorder of the replay and the
// listeners.
//
// People act by their seat's token and an action's text; agents think on
// the ThinkPool, off the caller's thread, on a copy of the state seen
// through a SeatView, within the table's decision time (the pool sets the
// decision's ActBudget::stop when it passes, or when the server shuts
// down), and their move is applied under the table's mutex only if the
// game is still where it was when they started. Chance is drawn inside, as
// soon as it comes up.
//
// Listeners (Subscription) receive only what they may know: a seat its own
// stream (State::seat_stream), whether it is to act and its legal actions; a
// spectator the public stream (State::public_stream). The streams are kept
// by one SeatFeed per seat and one for the spectators, and the agents' views
// by one per seat, so a move costs what it added, not the game's length.
// Once the game has ended everyone receives everything: every stream, the
// history, the returns (message_json.h). A seat may join again with its
// token (a closed browser tab): it receives its whole stream again, and the
// older connection to that seat is closed.
//
// Thread-safe. A Table lives in a shared_ptr (Table::create), which the
// think pool's tasks hold while they run.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "env/core/rng.h"
#include "env/core/seat_feed.h"
#include "env/core/state.h"
#include "replays/recorder.h"
#include "replays/replay_record.h"
#include "replays/seat_record.h"
#include "web/message_json.h"
#include "web/subscription.h"
#include "web/table_spec.h"
#include "web/think_pool.h"

namespace kibitz::web {

struct TableOptions {
  std::string id;            // the table's public name (in links and lists)
  std::uint64_t seed = 0;    // chance and the agents' seeds; keep it secret until the end
  // Spectators at once. Seats do not count: each seat always has its place
  // (one connection, a rejoin replacing the older), which no number of
  // spectators can take.
  std::size_t max_spectators = 32;
  // Messages a listener may leave unread before it is closed.
  std::size_t max_queued_messages = 4096;
  // Longest action text a person may send.
  std::size_t max_action_bytes = 200;
  // How long an agent may think over one decision: then its ActBudget::stop
  // is set and a search answers with what it has found. Zero: no limit.
  std::chrono::milliseconds decision_time{0};
};

// The answer to a person's action.
struct ActResult {
  bool accepted = false;
  std::string reason;  // why not, when refused
};

// A summary for lists; reveals nothing hidden.
struct TableStatus {
  std::string id;
  std::string game;
  std::vector<std::string> seats;  // labels
  int moves = 0;                   // chance included
  bool finished = false;
  bool aborted = false;
  std::string abort_reason;
  std::vector<double> returns;  // when finished
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  // Called once, with no lock held, when the game has ended or was aborted.
  using EndHook = std::function<void(Table&)>;

  // Builds the table and tells its agents the new game; nothing moves until
  // begin(). `pool` must outlive the table.
  static std::shared_ptr<Table> create(TablePlan plan, TableOptions options, ThinkPool& pool,
                                       EndHook on_end = {});
  // Draws the opening chance and sets the first agent thinking. Separate
  // from create so that the owner can file the table before its end hook
  // can run (a game of agents may end on the pool before create returns).
  void begin();
  ~Table();

  const std::string& id() const { return options_.id; }
  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> shared_game() const { return game_; }
  // The game's spec as clients see it (TablePlan::game_spec): catalogue
  // names where game().spec() holds the server's paths.
  const std::string& game_spec() const { return game_spec_; }
  const std::vector<std::string>& seat_labels() const { return labels_; }
  // Person seat `seat`'s token, for the host's join links; empty for an agent's seat.
  const std::string& seat_token(Player seat) const;
  // The person seat whose token is `token` (every seat is compared, in
  // constant time each), or -1.
  Player seat_of_token(std::string_view token) const;

  // A listener for the seat of `token`: throws KibitzError for a token that
  // is no seat's here. Never refused for the number of listeners.
  std::shared_ptr<Subscription> join(std::string_view token);
  // A spectator; throws KibitzError at the limit of spectators.
  std::shared_ptr<Subscription> watch();

  // A person's move: refused with a reason for an unknown token, a game that
  // is over, a seat not to act, an unknown action or one not legal now.
  ActResult act(std::string_view token, std::string_view action_text);

  TableStatus status() const;
  // The replay of the finished game; empty until then, and for an aborted one.
  std::optional<replays::ReplayRecord> record() const;
  // Person seat `seat`'s record of the finished game (replays/seat_record.h):
  // the stream this table sent it and each action it took, with how much of
  // that stream it had seen; what a review of the seat reads (web/seat_reviews.h),
  // never the true state. Empty until the game has finished, and for an
  // aborted one. Its game is game().spec(), the server's own form.
  std::optional<replays::SeatRecord> seat_record(Player seat);
  // Queues `message` for person seat `seat`'s newest connection only, and
  // wakes it; false when the seat has none open. Said to one seat alone: a
  // review's progress and result.
  bool tell_seat(Player seat, std::string message);
  // Waits until the game ended or was aborted; false on timeout.
  bool wait_until_over(std::chrono::milliseconds timeout) const;
  // Stops the game (no replay): used when the server shuts down.
  void abort(std::string reason);

  // How long the table has gone unattended by `now`: zero while a person
  // holds one of its seats' connections (for a table without person seats,
  // while anyone watches), else the time since the last one left, or since
  // the table was made when nobody ever came.
  std::chrono::steady_clock::duration unattended_for(std::chrono::steady_clock::time_point now);

 private:
  struct Listener {
    std::weak_ptr<Subscription> subscription;
    std::size_t sent = 0;  // stream entries sent
    bool told_turn = false;  // at least one turn message sent
    bool told_end = false;
  };
  // Subscriptions to wake once the lock is released, and whether the game
  // ended under it (the end hook runs then).
  struct Wakeups {
    std::vector<std::shared_ptr<Subscription>> notify;
    bool ended = false;
  };

  Table(TablePlan plan, TableOptions options, ThinkPool& pool, EndHook on_end);

  // Under the lock: draws chance, ends the game or sets an agent thinking,
  // then sends every listener what it has not seen.
  void advance_locked(Wakeups& wakeups);
  void schedule_agent_locked(Player seat, Wakeups& wakeups);
  void finish_locked(Wakeups& wakeups);
  void abort_locked(const std::string& reason, Wakeups& wakeups);
  void apply_locked(Player actor, Action action, const DecisionInfo* decision);
  void publish_locked(Listener& listener, Wakeups& wakeups);
  // Under the lock: the stream `seat` (kSpectator: the public one) has at
  // the table's position, brought up to it at most once per move.
  const SeatStream& stream_locked(Player seat);
  std::shared_ptr<Subscription> add_listener(Player seat);
  // Runs on a think-pool thread: seat's agent chooses on `world`, a copy of
  // the state at move `move`, until it is done or `stop` is set.
  void think(Player seat, std::shared_ptr<const State> world, int move, const std::atomic<bool>& stop);
  // Wakes listeners and runs the end hook, with no lock held.
  void deliver(Wakeups& wakeups);
  ActResult refuse_locked(Player seat, std::string_view text) const;

  const TableOptions options_;
  const std::shared_ptr<const Game> game_;
  const std::string game_spec_;
  // The game's notes beside each observation sent (web/game_part.h); empty
  // for a game that declares none.
  const ObservationNotes notes_;
  std::vector<std::string> labels_;
  std::vector<std::string> tokens_;              // per seat; empty for agents
  std::vector<std::unique_ptr<Agent>> agents_;   // per seat; null for people
  // Per seat: the stream its agent's views are fed from. Read only by the
  // seat's think task, one at a time, on the world it was given.
  std::vector<SeatFeed> agent_feeds_;
  ThinkPool& pool_;
  EndHook on_end_;

  mutable std::mutex mutex_;
  mutable std::condition_variable over_cv_;
  std::unique_ptr<State> state_;
  Rng chance_;
  std::optional<replays::Recorder> recorder_;
  std::optional<replays::ReplayRecord> record_;
  bool thinking_ = false;
  bool aborted_ = false;
  std::string abort_reason_;
  std::vector<Listener> listeners_;
  // What the listeners are sent from: per seat, then the spectators' (last),
  // each with the move it was last brought up to.
  struct ListenerFeed {
    SeatFeed feed;
    int updated_at = -1;
  };
  std::vector<ListenerFeed> listener_feeds_;
  std::vector<std::weak_ptr<Subscription>> seat_listener_;  // the newest per seat
  // Per seat: each action a person took there, as its seat record keeps it.
  std::vector<std::vector<replays::SeatRecordDecision>> person_decisions_;
  std::chrono::steady_clock::time_point last_attended_;     // see unattended_for
};

}  // namespace kibitz::web
