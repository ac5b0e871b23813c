#include "tests/web/load_driver.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <utility>

#include "agents/external/seat_protocol.h"
#include "env/core/json.h"
#include "env/core/rng.h"
#include "tests/web/server_client.h"

namespace kibitz::web::testing {
namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

class Person;

// The state of one run, shared by the host thread (creating tables), the
// client threads (the people) and the caller (waiting for the end).
class Load {
 public:
  explicit Load(const LoadOptions& options);
  LoadResult run();

  // For the people, from client threads.
  void person_done(std::size_t slot);
  // `person` heard its first turn; returns whether it may act now (true
  // once every first-wave person is seated) or is held until then.
  bool seated(const std::shared_ptr<Person>& person, bool first_wave);
  void fail(std::string why);
  const LoadOptions& options() const { return options_; }
  net::io_context& clients() { return clients_; }

 private:
  struct Slot {
    int games_started = 0;
    int people_left = 0;  // of its current table
  };

  void create_table(std::size_t slot);
  std::string stall_report();

  const LoadOptions options_;
  net::io_context clients_;
  net::io_context host_;  // one thread: table requests, one at a time
  std::size_t first_wave_people_ = 0;
  std::size_t seated_ = 0;                        // under mutex_
  bool released_ = false;                         // under mutex_
  std::vector<std::shared_ptr<Person>> held_;     // under mutex_

  std::mutex mutex_;
  std::condition_variable done_;
  std::vector<Slot> slots_;
  std::size_t slots_left_ = 0;
  std::string failure_;
  std::deque<PersonRecord> records_;  // stable addresses while people write them
  std::vector<std::string> table_ids_;
};

// One simulated person: a WebSocket client on its own strand.
class Person : public std::enable_shared_from_this<Person> {
 public:
  Person(Load& load, std::size_t slot, PersonRecord& record, std::string target, bool first_wave,
         std::uint64_t seed)
      : load_(load),
        slot_(slot),
        record_(record),
        target_(std::move(target)),
        first_wave_(first_wave),
        ws_(net::make_strand(load.clients())),
        timer_(ws_.get_executor()),
        rng_(seed) {}

  auto executor() { return ws_.get_executor(); }
  // Answers the turn it was held on; on the person's strand.
  void go() {
    if (!done_ && !next_.empty()) answer();
  }

  void start(unsigned short port) {
    ws_.read_message_max(64 << 20);
    beast::get_lowest_layer(ws_).async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), port),
        [self = shared_from_this()](beast::error_code ec) { self->on_connect(ec); });
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return finish("could not connect: " + ec.message());
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true));
    ws_.async_handshake("127.0.0.1", target_, [self = shared_from_this()](beast::error_code e) {
      if (e) return self->finish("the WebSocket handshake failed: " + e.message());
      self->read();
    });
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      const Clock::time_point at = Clock::now();
      if (ec) {
        const auto& reason = self->ws_.reason();
        return self->finish("the connection ended before game_over (" + ec.message() + "; close " +
                            std::to_string(reason.code) + " " + std::string(reason.reason.c_str()) + ")");
      }
      std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      if (self->on_message(text, at)) self->read();
    });
  }

  // Returns whether to read on.
  bool on_message(const std::string& text, Clock::time_point at) {
    if (pending_) {
      pending_ = false;
      record_.latency_ns.push_back(std::chrono::duration_cast<std::chrono::nanoseconds>(at - sent_at_).count());
      first_reply_ = true;
    }
    if (load_.options().keep_messages) record_.messages.push_back(text);
    json::Document doc;
    doc.Parse(text.data(), text.size());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("type") || !doc["type"].IsString()) {
      finish("a message that is not a typed JSON object: " + text.substr(0, 200));
      return false;
    }
    const std::string type = doc["type"].GetString();
    record_.last_type = type;
    if (first_reply_) {
      first_reply_ = false;
      if (type != "observations" && type != "game_over" && type != "refused") ++record_.unconfirmed;
    }
    if (type == "refused") {
      // A person who is refused would try again; these never should be.
      ++record_.refused;
      finish("an act was refused: " + text.substr(0, 200));
      return false;
    }
    if (type == "error") ++record_.errors;
    if (type == "aborted") {
      finish("the table was aborted: " + text.substr(0, 200));
      return false;
    }
    if (type == "game_over") {
      record_.over = true;
      if (doc.HasMember("history") && doc["history"].IsArray()) {
        record_.table_moves = static_cast<int>(doc["history"].Size());
      }
      close();
      return false;
    }
    if (type == "turn") on_turn(doc);
    return true;
  }

  void on_turn(const json::Document& doc) {
    bool go_now = true;
    if (!seated_) {
      seated_ = true;
      go_now = load_.seated(shared_from_this(), first_wave_);
    }
    next_.clear();
    if (!doc["to_act"].GetBool()) return;
    const auto& legal = doc["legal"].GetArray();
    if (legal.Empty()) return finish("a turn to act with no legal action");
    std::string action = legal[static_cast<unsigned>(rng_.uniform_int(legal.Size()))].GetString();
    next_ = seat_protocol::MessageWriter("act").text("action", action).line();
    if (go_now) answer();
  }

  // Sends next_, after the person's thinking time.
  void answer() {
    const auto& o = load_.options();
    if (o.think_max.count() <= 0) return send();
    const auto spread = static_cast<std::uint64_t>(std::max<std::int64_t>(0, (o.think_max - o.think_min).count()));
    timer_.expires_after(o.think_min + std::chrono::milliseconds(rng_.uniform_int(spread + 1)));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->send();
    });
  }

  // Beast allows one write at a time: an act chosen while the last one's
  // write has not completed goes when it has.
  void send() {
    if (done_ || next_.empty()) return;
    if (writing_) {
      send_after_write_ = true;
      return;
    }
    outgoing_ = std::move(next_);
    next_.clear();
    ++record_.acts;
    writing_ = true;
    pending_ = true;
    sent_at_ = Clock::now();
    ws_.async_write(net::buffer(outgoing_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      if (ec) return self->finish("could not send an act: " + ec.message());
      if (std::exchange(self->send_after_write_, false)) self->send();
      if (self->close_after_write_) self->close();
    });
  }

  // After game_over: a clean close, as a browser tab closing, once the
  // act's write (which may still be under way) has completed.
  void close() {
    if (writing_) {
      close_after_write_ = true;
      return;
    }
    close_after_write_ = false;
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {
      self->finish("");
    });
  }

  void finish(const std::string& failure) {
    if (done_) return;
    done_ = true;
    timer_.cancel();
    if (!failure.empty()) {
      record_.failure = failure;
      load_.fail("table " + record_.table_id + " (" + record_.game + ") seat " +
                 std::to_string(record_.seat) + ": " + failure);
      beast::error_code ignored;
      beast::get_lowest_layer(ws_).socket().close(ignored);
      return;
    }
    load_.person_done(slot_);
  }

  Load& load_;
  const std::size_t slot_;
  PersonRecord& record_;
  const std::string target_;
  const bool first_wave_;
  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  Rng rng_;
  beast::flat_buffer buffer_;
  std::string next_;      // the act chosen, not yet sent
  std::string outgoing_;  // the act being written
  Clock::time_point sent_at_;
  bool pending_ = false;      // an act sent, its first reply not yet read
  bool first_reply_ = false;  // the message being handled is that reply
  bool writing_ = false;
  bool send_after_write_ = false;
  bool close_after_write_ = false;
  bool seated_ = false;
  bool done_ = false;
};

Load::Load(const LoadOptions& options) : options_(options), slots_(options.slots.size()) {
  for (const LoadTable& table : options_.slots) {
    first_wave_people_ += static_cast<std::size_t>(std::count(table.seats.begin(), table.seats.end(), "human"));
  }
  slots_left_ = slots_.size();
}

std::string table_request(const LoadTable& table) {
  std::string body = "{\"game\":";
  append_json_string(body, table.game);
  body += ",\"seats\":[";
  for (std::size_t s = 0; s < table.seats.size(); ++s) {
    if (s > 0) body += ',';
    append_json_string(body, table.seats[s]);
  }
  return body + "]}";
}

// On the host thread: creates the slot's next table and starts its people.
void Load::create_table(std::size_t slot) {
  const LoadTable& table = options_.slots[slot];
  HttpAnswer answer;
  try {
    answer = http_request(options_.port, "POST", "/api/tables", table_request(table));
  } catch (const std::exception& e) {
    return fail("creating a " + table.game + " table: " + e.what());
  }
  json::Document doc;
  doc.Parse(answer.body.c_str());
  if (answer.status != 201 || doc.HasParseError() || !doc.IsObject() || !doc.HasMember("id")) {
    return fail("a " + table.game + " table was refused: " + std::to_string(answer.status) + " " +
                answer.body.substr(0, 300));
  }
  const std::string id = doc["id"].GetString();
  std::vector<std::shared_ptr<Person>> people;
  {
    std::lock_guard lock(mutex_);
    table_ids_.push_back(id);
    Slot& s = slots_[slot];
    const bool first_wave = s.games_started++ == 0;
    for (const auto& seat : doc["seats"].GetArray()) {
      if (!seat.HasMember("link")) continue;
      PersonRecord& record = records_.emplace_back();
      record.table_id = id;
      record.game = table.game;
      record.seat = seat["seat"].GetInt();
      people.push_back(std::make_shared<Person>(*this, slot, record,
                                                "/ws" + std::string(seat["link"].GetString()), first_wave,
                                                options_.seed * 1000003 + records_.size()));
    }
    s.people_left = static_cast<int>(people.size());
  }
  if (people.empty()) return fail("a " + table.game + " table with no person seat");
  for (const auto& person : people) person->start(options_.port);
}

void Load::person_done(std::size_t slot) {
  std::lock_guard lock(mutex_);
  Slot& s = slots_[slot];
  if (--s.people_left > 0) return;
  if (s.games_started < options_.games_per_slot) {
    net::post(host_, [this, slot] { create_table(slot); });
  } else if (--slots_left_ == 0) {
    done_.notify_all();
  }
}

bool Load::seated(const std::shared_ptr<Person>& person, bool first_wave) {
  std::vector<std::shared_ptr<Person>> release;
  {
    std::lock_guard lock(mutex_);
    if (released_) return true;
    if (!first_wave) return true;  // only after the release: a later table's
    if (++seated_ < first_wave_people_) {
      held_.push_back(person);
      return false;
    }
    released_ = true;
    release.swap(held_);
  }
  // Every first table is live and none has ended: the moment to measure.
  if (options_.on_all_seated) options_.on_all_seated();
  for (const auto& held : release) {
    net::post(held->executor(), [held] { held->go(); });
  }
  return true;
}

void Load::fail(std::string why) {
  std::lock_guard lock(mutex_);
  if (failure_.empty()) failure_ = std::move(why);
  done_.notify_all();
}

// Once the clients have stopped: which tables did not end, and what their
// people heard last.
std::string Load::stall_report() {
  std::size_t open = 0;
  std::string examples;
  for (const PersonRecord& r : records_) {
    if (r.over || !r.failure.empty()) continue;
    if (++open <= 5) {
      examples += "\n  table " + r.table_id + " (" + r.game + ") seat " + std::to_string(r.seat) +
                  ": " + std::to_string(r.acts) + " acts, last heard \"" + r.last_type + "\"";
    }
  }
  return "the server stalled: after " + std::to_string(options_.deadline.count()) + " ms, " +
         std::to_string(slots_left_) + " of " + std::to_string(slots_.size()) + " slots had not played all " +
         std::to_string(options_.games_per_slot) + " games; " + std::to_string(open) +
         " people still waiting" + examples;
}

LoadResult Load::run() {
  LoadResult result;
  auto client_work = net::make_work_guard(clients_);
  auto host_work = net::make_work_guard(host_);
  const Clock::time_point start = Clock::now();
  for (std::size_t s = 0; s < slots_.size(); ++s) net::post(host_, [this, s] { create_table(s); });
  std::vector<std::thread> threads;
  threads.emplace_back([this] { host_.run(); });
  for (int i = 0; i < std::max(1, options_.client_threads); ++i) threads.emplace_back([this] { clients_.run(); });
  bool ended = false;
  {
    std::unique_lock lock(mutex_);
    ended = done_.wait_until(lock, start + options_.deadline,
                             [this] { return slots_left_ == 0 || !failure_.empty(); });
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  }
  host_.stop();
  clients_.stop();
  for (std::thread& t : threads) t.join();
  // The threads are gone: the records are ours alone now.
  std::lock_guard lock(mutex_);
  if (!ended) failure_ = stall_report();
  result.failure = failure_;
  result.completed = failure_.empty();
  result.table_ids = table_ids_;
  result.people.assign(std::make_move_iterator(records_.begin()), std::make_move_iterator(records_.end()));
  return result;
}

}  // namespace

LoadResult run_load(const LoadOptions& options) {
  // People still queued in a stopped io_context (a failed run) are
  // destroyed with it; their destructors touch neither the Load nor a record.
  Load load(options);
  return load.run();
}

double LoadSummary::latency_us(double q) const {
  if (latency_ns.empty()) return 0;
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(latency_ns.size())));
  const std::size_t index = std::min(latency_ns.size() - 1, rank == 0 ? 0 : rank - 1);
  return static_cast<double>(latency_ns[index]) / 1000.0;
}

LoadSummary summarize(const LoadResult& result) {
  LoadSummary summary;
  std::set<std::string> tables;
  for (const PersonRecord& r : result.people) {
    if (tables.insert(r.table_id).second) summary.table_moves += r.table_moves;
    summary.acts += r.acts;
    summary.refused += r.refused;
    summary.errors += r.errors;
    summary.unconfirmed += r.unconfirmed;
    summary.latency_ns.insert(summary.latency_ns.end(), r.latency_ns.begin(), r.latency_ns.end());
  }
  std::sort(summary.latency_ns.begin(), summary.latency_ns.end());
  return summary;
}

}  // namespace kibitz::web::testing
