#include "web/table.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "agents/game_end.h"
#include "env/core/error.h"
#include "env/core/quoted_excerpt.h"
#include "env/core/seat_view.h"
#include "web/game_part.h"
#include "web/message_json.h"
#include "web/seat_token.h"

namespace kibitz::web {

namespace {

// Whether some action of the game, legal or not, is written `text` by `seat`
// (any case): tells "not legal now" from "unknown action" in a refusal.
bool names_some_action(const State& state, Player seat, std::string_view text) {
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const std::string wanted = lower(text);
  for (Action a = 0; a < state.game().num_distinct_actions(); ++a) {
    try {
      if (lower(state.action_to_string(seat, a)) == wanted) return true;
    } catch (const KibitzError&) {
      // an action number some states cannot write: not this one
    }
  }
  return false;
}

}  // namespace

std::shared_ptr<Table> Table::create(TablePlan plan, TableOptions options, ThinkPool& pool,
                                     EndHook on_end) {
  return std::shared_ptr<Table>(new Table(std::move(plan), std::move(options), pool, std::move(on_end)));
}

void Table::begin() {
  Wakeups wakeups;
  {
    std::lock_guard lock(mutex_);
    advance_locked(wakeups);
  }
  deliver(wakeups);
}

Table::Table(TablePlan plan, TableOptions options, ThinkPool& pool, EndHook on_end)
    : options_(std::move(options)),
      game_(plan.game),
      game_spec_(std::move(plan.game_spec)),
      notes_(observation_notes_of(plan.game->name())),
      pool_(pool),
      on_end_(std::move(on_end)),
      state_(plan.game->new_initial_state()),
      chance_(derive_seed(options_.seed, "chance", 0)),
      last_attended_(std::chrono::steady_clock::now()) {
  // What clients see and the replay records are the plan's shown specs,
  // never the game's or an agent's own spec(), which may hold server paths.
  KIBITZ_CHECK(!game_spec_.empty(), "a table plan without the game's shown spec");
  std::vector<std::string> agent_specs;
  for (std::size_t s = 0; s < plan.seats.size(); ++s) {
    SeatPlan& seat = plan.seats[s];
    KIBITZ_CHECK(!seat.spec.empty(), "a table plan without seat ", s, "'s shown spec");
    labels_.push_back(seat.label);
    agent_specs.push_back(seat.spec);
    tokens_.push_back(seat.human() ? new_seat_token() : std::string());
    if (seat.agent) seat.agent->new_game(static_cast<Player>(s));
    agents_.push_back(std::move(seat.agent));
  }
  seat_listener_.resize(plan.seats.size());
  person_decisions_.resize(plan.seats.size());
  for (std::size_t s = 0; s < plan.seats.size(); ++s) {
    agent_feeds_.emplace_back(static_cast<Player>(s));
    listener_feeds_.push_back({SeatFeed(static_cast<Player>(s))});
  }
  listener_feeds_.push_back({SeatFeed(kSpectator)});
  recorder_.emplace(*game_, options_.seed, labels_, std::move(agent_specs), game_spec_);
}

Table::~Table() = default;

const std::string& Table::seat_token(Player seat) const {
  KIBITZ_CHECK(seat >= 0 && seat < static_cast<Player>(tokens_.size()), "no seat ", seat);
  return tokens_[static_cast<std::size_t>(seat)];
}

Player Table::seat_of_token(std::string_view token) const {
  // Every seat is compared (no early exit), so the time says nothing about
  // which seat, if any, matched.
  Player found = -1;
  for (std::size_t s = 0; s < tokens_.size(); ++s) {
    const bool match = !tokens_[s].empty() && tokens_equal(tokens_[s], token);
    if (match) found = static_cast<Player>(s);
  }
  return found;
}

std::shared_ptr<Subscription> Table::join(std::string_view token) {
  const Player seat = seat_of_token(token);
  if (seat < 0) throw error("table ", id(), ": that token is not a seat of this table");
  return add_listener(seat);
}

std::shared_ptr<Subscription> Table::watch() { return add_listener(kSpectator); }

std::shared_ptr<Subscription> Table::add_listener(Player seat) {
  Wakeups wakeups;
  auto subscription = std::make_shared<Subscription>(seat, options_.max_queued_messages);
  {
    std::lock_guard lock(mutex_);
    // Listeners gone (dropped by the network layer, or closed) free their place.
    std::erase_if(listeners_, [](const Listener& l) {
      const auto s = l.subscription.lock();
      return s == nullptr || s->closed();
    });
    if (seat == kSpectator) {
      const auto spectators = std::count_if(listeners_.begin(), listeners_.end(), [](const Listener& l) {
        const auto s = l.subscription.lock();  // may have gone since the line above
        return s != nullptr && s->seat() == kSpectator;
      });
      if (static_cast<std::size_t>(spectators) >= options_.max_spectators) {
        throw error("table ", id(), " already has its limit of ", options_.max_spectators,
                    " spectators (--max-spectators)");
      }
    }
    if (seat >= 0) {
      auto& newest = seat_listener_[static_cast<std::size_t>(seat)];
      if (const auto old = newest.lock()) {
        old->close("a newer connection joined this seat");
        wakeups.notify.push_back(old);
      }
      newest = subscription;
    }
    last_attended_ = std::max(last_attended_, std::chrono::steady_clock::now());
    subscription->push(welcome_message(id(), game_spec_, game_->num_players(), seat, labels_));
    listeners_.push_back(Listener{subscription});
    publish_locked(listeners_.back(), wakeups);
  }
  deliver(wakeups);
  return subscription;
}

ActResult Table::act(std::string_view token, std::string_view action_text) {
  const Player seat = seat_of_token(token);
  if (seat < 0) return {false, "that token is not a seat of this table"};
  if (action_text.size() > options_.max_action_bytes) {
    return {false, "the action text is longer than " + std::to_string(options_.max_action_bytes) +
                       " bytes"};
  }
  Wakeups wakeups;
  {
    std::lock_guard lock(mutex_);
    if (aborted_) return {false, "the game was stopped: " + abort_reason_};
    if (state_->is_terminal()) return {false, "the game is over"};
    if (state_->current_player() != seat) return {false, "it is not your turn"};
    Action action = kInvalidAction;
    try {
      action = state_->string_to_action(seat, action_text);
    } catch (const KibitzError&) {
      return refuse_locked(seat, action_text);
    }
    // What the seat had been sent when it chose: its stream up to now.
    person_decisions_[static_cast<std::size_t>(seat)].push_back(
        {stream_locked(seat).size(), state_->action_to_string(seat, action), ""});
    apply_locked(seat, action, nullptr);
    advance_locked(wakeups);
  }
  deliver(wakeups);
  return {true, ""};
}

ActResult Table::refuse_locked(Player seat, std::string_view text) const {
  std::string legal;
  for (const Action a : state_->legal_actions()) {
    legal += (legal.empty() ? "" : ", ") + state_->action_to_string(seat, a);
  }
  const std::string shown = quoted_excerpt(text);
  if (names_some_action(*state_, seat, text)) {
    return {false, shown + " is not legal now; legal: " + legal};
  }
  return {false, "unknown action " + shown + "; legal: " + legal};
}

void Table::apply_locked(Player actor, Action action, const DecisionInfo* decision) {
  recorder_->on_action(*state_, action, decision);
  state_->apply_action(action);
}

void Table::advance_locked(Wakeups& wakeups) {
  while (!aborted_ && state_->is_chance_node()) {
    apply_locked(kChancePlayer, state_->sample_chance_outcome(chance_), nullptr);
  }
  if (aborted_) {
    // Nothing more happens; listeners were told when it was aborted.
  } else if (state_->is_terminal()) {
    finish_locked(wakeups);
  } else {
    const Player seat = state_->current_player();
    if (agents_[static_cast<std::size_t>(seat)] != nullptr && !thinking_) {
      schedule_agent_locked(seat, wakeups);
    }
  }
  for (Listener& listener : listeners_) publish_locked(listener, wakeups);
}

void Table::schedule_agent_locked(Player seat, Wakeups& wakeups) {
  thinking_ = true;
  std::shared_ptr<const State> world = state_->clone();
  const int move = state_->move_number();
  std::weak_ptr<Table> self = weak_from_this();
  const bool queued = pool_.submit(
      [self, seat, world, move](const std::atomic<bool>& stop) {
        if (const auto table = self.lock()) table->think(seat, world, move, stop);
      },
      options_.decision_time);
  if (!queued) abort_locked("the server is shutting down", wakeups);
}

void Table::think(Player seat, std::shared_ptr<const State> world, int move,
                  const std::atomic<bool>& stop) {
  // The agent is this task's alone: a table has one decision under way at a
  // time, and nothing else touches its agents until the game ends.
  Agent& agent = *agents_[static_cast<std::size_t>(seat)];
  Action action = kInvalidAction;
  std::string failure;
  try {
    // The spec's own budget, but stoppable: by the decision time, or by
    // the server shutting down.
    ActBudget budget;
    budget.stop = &stop;
    agent.set_budget(budget);
    const SeatView view(*world, agent_feeds_[static_cast<std::size_t>(seat)]);
    action = agent.act(view);
  } catch (const std::exception& e) {
    failure = "seat " + std::to_string(seat) + "'s agent failed: " + e.what();
  }
  Wakeups wakeups;
  {
    std::lock_guard lock(mutex_);
    thinking_ = false;
    if (aborted_ || state_->move_number() != move) return;
    if (failure.empty() && !state_->is_legal(action)) {
      failure = "seat " + std::to_string(seat) + "'s agent chose an illegal action";
    }
    if (!failure.empty()) {
      abort_locked(failure, wakeups);
    } else {
      apply_locked(seat, action, agent.last_decision());
      advance_locked(wakeups);
    }
  }
  deliver(wakeups);
}

void Table::finish_locked(Wakeups& wakeups) {
  if (record_.has_value()) return;
  record_ = recorder_->finish(*state_);
  for (std::size_t s = 0; s < agents_.size(); ++s) {
    if (agents_[s] != nullptr) agents_[s]->game_over(GameEnd(*state_, static_cast<Player>(s)));
  }
  wakeups.ended = true;
  over_cv_.notify_all();
}

void Table::abort_locked(const std::string& reason, Wakeups& wakeups) {
  if (aborted_ || record_.has_value()) return;
  aborted_ = true;
  abort_reason_ = reason;
  const std::string message = aborted_message(reason);
  for (Listener& listener : listeners_) {
    if (const auto s = listener.subscription.lock(); s && s->push(message)) wakeups.notify.push_back(s);
  }
  wakeups.ended = true;
  over_cv_.notify_all();
}

void Table::abort(std::string reason) {
  Wakeups wakeups;
  {
    std::lock_guard lock(mutex_);
    abort_locked(reason, wakeups);
  }
  deliver(wakeups);
}

void Table::publish_locked(Listener& listener, Wakeups& wakeups) {
  const auto subscription = listener.subscription.lock();
  if (subscription == nullptr || subscription->closed() || listener.told_end) return;
  const Player seat = subscription->seat();
  const SeatStream& stream = stream_locked(seat);
  bool pushed = false;
  if (stream.size() > listener.sent) {
    subscription->push(observations_message(game_->stream_spec(), stream, listener.sent, notes_));
    listener.sent = stream.size();
    pushed = true;
  }
  if (record_.has_value()) {
    subscription->push(game_over_message(*state_));
    listener.told_end = true;
    pushed = true;
  } else if (seat >= 0 && (pushed || !listener.told_turn)) {
    // A new listener hears whose turn it is even before its first observation.
    subscription->push(turn_message(*state_, seat));
    listener.told_turn = true;
    pushed = true;
  }
  if (pushed) wakeups.notify.push_back(subscription);
}

const SeatStream& Table::stream_locked(Player seat) {
  ListenerFeed& entry = listener_feeds_[seat == kSpectator ? listener_feeds_.size() - 1 : static_cast<std::size_t>(seat)];
  if (entry.updated_at != state_->move_number()) {
    entry.feed.update(*state_);
    entry.updated_at = state_->move_number();
  }
  return entry.feed.stream();
}

void Table::deliver(Wakeups& wakeups) {
  for (const auto& subscription : wakeups.notify) subscription->notify();
  wakeups.notify.clear();
  if (wakeups.ended && on_end_) on_end_(*this);
  wakeups.ended = false;
}

std::chrono::steady_clock::duration Table::unattended_for(std::chrono::steady_clock::time_point now) {
  std::lock_guard lock(mutex_);
  const bool has_people = std::any_of(tokens_.begin(), tokens_.end(), [](const std::string& t) { return !t.empty(); });
  const bool attended = std::any_of(listeners_.begin(), listeners_.end(), [&](const Listener& l) {
    const auto s = l.subscription.lock();
    return s != nullptr && !s->closed() && (!has_people || s->seat() != kSpectator);
  });
  if (attended) last_attended_ = std::max(last_attended_, now);
  return now > last_attended_ ? now - last_attended_ : std::chrono::steady_clock::duration{};
}

TableStatus Table::status() const {
  std::lock_guard lock(mutex_);
  TableStatus status{id(), game_spec_, labels_, state_->move_number(), record_.has_value(),
                     aborted_, abort_reason_, {}};
  if (record_.has_value()) status.returns = record_->returns;
  return status;
}

std::optional<replays::ReplayRecord> Table::record() const {
  std::lock_guard lock(mutex_);
  return record_;
}

std::optional<replays::SeatRecord> Table::seat_record(Player seat) {
  KIBITZ_CHECK(seat >= 0 && seat < static_cast<Player>(tokens_.size()), "no seat ", seat);
  std::lock_guard lock(mutex_);
  if (!record_.has_value()) return std::nullopt;
  replays::SeatRecord out;
  out.game = game_->spec();
  out.seat = seat;
  out.source = "kibitz serve";
  // The listeners' feed of the seat: what this table sends it, to the end.
  out.stream = stream_locked(seat);
  out.decisions = person_decisions_[static_cast<std::size_t>(seat)];
  out.returns = record_->returns;
  return out;
}

bool Table::tell_seat(Player seat, std::string message) {
  KIBITZ_CHECK(seat >= 0 && seat < static_cast<Player>(tokens_.size()), "no seat ", seat);
  std::shared_ptr<Subscription> listener;
  {
    std::lock_guard lock(mutex_);
    listener = seat_listener_[static_cast<std::size_t>(seat)].lock();
  }
  if (listener == nullptr || !listener->push(std::move(message))) return false;
  listener->notify();
  return true;
}

bool Table::wait_until_over(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return over_cv_.wait_for(lock, timeout, [this] { return aborted_ || record_.has_value(); });
}

}  // namespace kibitz::web
