// Games and arenas from Python (tools/arena/): play one deal with agent specs
// in the seats, or a whole paired-deal arena, and get its statistics as
// Python objects. Python agents take part through "python(name=...)"
// (kibitz.register_agent). The GIL is released while games run; a Python
// agent takes it back for each decision.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "python/src/bindings.h"
#include "python/src/shared_objects.h"
#include "replays/replay_writer.h"
#include "tools/arena/arena_report.h"
#include "tools/arena/arena_runner.h"

namespace py = pybind11;

namespace kibitz::python {
namespace {

py::dict mean_dict(const tools::MeanEstimate& e) {
  py::dict out;
  out["mean"] = e.mean;
  out["low"] = e.low;
  out["high"] = e.high;
  out["samples"] = e.samples;
  return out;
}

py::dict agent_dict(const tools::AgentStats& a) {
  py::dict out;
  out["spec"] = a.spec;
  out["seats_played"] = a.seats_played;
  out["mean_return"] = mean_dict(a.mean_return);
  out["win_rate"] = mean_dict(a.win_rate);
  py::dict rating;
  rating["rating"] = a.rating.rating;
  rating["low"] = a.rating.low;
  rating["high"] = a.rating.high;
  out["rating"] = rating;
  py::list by_seat;
  for (const tools::MeanEstimate& e : a.mean_return_by_seat) by_seat.append(mean_dict(e));
  out["mean_return_by_seat"] = by_seat;
  return out;
}

py::dict summary_dict(const tools::ArenaSummary& s, const std::string& game_spec) {
  py::dict out;
  out["game"] = game_spec;
  out["games_finished"] = s.games_finished;
  out["deals_used"] = s.deals_used;
  out["games_used"] = s.games_used;
  out["bootstrap_resamples"] = s.bootstrap_resamples;
  py::list agents;
  for (const tools::AgentStats& a : s.agents) agents.append(agent_dict(a));
  out["agents"] = agents;
  py::list seats;
  for (const tools::SeatStats& seat : s.seats) {
    py::dict entry;
    entry["mean_return"] = mean_dict(seat.mean_return);
    entry["win_rate"] = mean_dict(seat.win_rate);
    seats.append(entry);
  }
  out["seats"] = seats;
  return out;
}

// What the calling thread does while the arena's workers play: every
// progress interval it takes the GIL, lets Python handle signals (Ctrl-C
// raises KeyboardInterrupt there) and calls the caller's progress function.
// A Python error stops new games from starting; it is raised once the games
// under way have finished.
class ArenaWatch {
 public:
  explicit ArenaWatch(py::object progress) : progress_(std::move(progress)) {}

  void operator()(std::int64_t finished, std::int64_t planned) {
    if (stop_) return;
    py::gil_scoped_acquire gil;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!progress_.is_none()) progress_(finished, planned);
    } catch (py::error_already_set& e) {
      error_.emplace(std::move(e));
      stop_ = true;
    }
  }

  const std::atomic<bool>* stop() const { return &stop_; }
  // Raises the Python error that stopped the run, if any (GIL held).
  void rethrow() {
    if (error_) throw std::move(*error_);
  }

 private:
  py::object progress_;
  std::atomic<bool> stop_{false};
  std::optional<py::error_already_set> error_;
};

// The whole arena; every game goes to `replay_path` when one is given.
py::dict run_arena(std::shared_ptr<Game> game, std::vector<std::string> agents, std::int64_t deals,
                   std::uint64_t seed, int threads, std::optional<std::string> replay_path, py::object progress) {
  if (deals < 1) throw error("an arena needs at least one deal, not ", deals);
  if (threads < 1) throw error("threads must be >= 1, not ", threads);
  ArenaWatch watch(std::move(progress));
  std::optional<tools::ArenaSummary> summary;
  {
    py::gil_scoped_release release;
    const tools::ArenaSetup setup = tools::make_arena_setup(game, std::move(agents), seed);
    tools::ArenaRunOptions options;
    options.threads = threads;
    options.stop = watch.stop();
    options.progress = std::ref(watch);
    std::optional<replays::ReplayWriter> writer;
    std::mutex writer_mutex;
    if (replay_path) {
      writer.emplace(*replay_path);
      options.record = true;
      options.on_game = [&](const tools::FinishedArenaGame& finished) {
        std::lock_guard lock(writer_mutex);
        writer->write(*finished.record);
      };
    }
    const tools::ArenaResults results = tools::play_arena(setup, deals, options);
    if (writer) writer->close();
    summary = tools::summarize_arena(setup, results);
  }
  watch.rethrow();
  return summary_dict(*summary, game->spec());
}

py::tuple play_deal(std::shared_ptr<Game> game, const std::vector<std::string>& seats, std::uint64_t seed) {
  if (static_cast<int>(seats.size()) != game->num_players()) {
    throw error(game->spec(), " has ", game->num_players(), " seats, but ", seats.size(), " agent specs were given");
  }
  replays::ReplayRecord record;
  std::shared_ptr<State> final_state;
  {
    py::gil_scoped_release release;
    final_state = share(tools::play_deal(game, seats, seed, &record));
  }
  return py::make_tuple(final_state, record);
}

}  // namespace

void bind_arena(py::module_& m) {
  m.def("play_deal", &play_deal, py::arg("game"), py::arg("seats"), py::arg("seed") = 0,
        "Plays one game with agent spec seats[s] in seat s, chance and agents seeded from `seed` as the "
        "arena does; returns (final State, ReplayRecord).");
  m.def("run_arena", &run_arena, py::arg("game"), py::arg("agents"), py::arg("deals"), py::arg("seed") = 0,
        py::arg("threads") = 1, py::arg("replay_path") = py::none(), py::arg("progress") = py::none(),
        "Plays `deals` deals, each once per seating of the agents, and returns `kibitz arena`'s statistics "
        "as a dict; with replay_path, writes every game to that replay file. progress(finished, planned) "
        "is called about every 0.2 s; Ctrl-C or an exception there stops the run once the games under "
        "way finish, and is raised.");
}

}  // namespace kibitz::python
