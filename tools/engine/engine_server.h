// EngineServer: the engine side of the seat protocol (docs/protocol.md).
// It answers each request line with exactly one reply line, keeps at most
// one game (a SeatSession) and the agent that plays it, and never lets a bad
// request change anything: a malformed, impossible or out-of-order message
// gets an "error" reply naming the problem, and the game goes on as before.
//
// The agent is built from its spec with the agent registry when a game
// needs it and kept across games: a new_game with a "seed" restarts it from
// that seed (Agent::reseed, or built again), so a referee can reproduce an
// in-process agent exactly; one without reuses the agent of the same game,
// or builds one from the engine's own seed.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "agents/agent.h"
#include "agents/external/seat_protocol.h"
#include "env/core/game.h"
#include "tools/engine/engine_request.h"
#include "tools/engine/seat_record_keeper.h"
#include "tools/engine/seat_session.h"

namespace kibitz::tools {

class EngineServer {
 public:
  // `agent_spec` is checked when a game is set up (it may suit one game and
  // not another); `seed` is used for games whose new_game has none.
  EngineServer(std::string agent_spec, std::uint64_t seed);

  // The reply to one request (a line without its newline). Problems with
  // the request, and any exception while handling it, become an error
  // reply; only a failed KIBITZ_CHECK (a bug) ends the engine.
  std::string handle(std::string_view line);
  // The reply to a line that was too long to read (`bytes` long).
  std::string refuse_long_line(std::size_t bytes) const;

  bool in_game() const { return session_ != nullptr; }

  // From here on every act searches under a DecisionWatch of `fd` (the
  // requests' descriptor) and `interrupt` (may be null): a Ctrl-C or the
  // writer closing `fd` cuts the search short, and the action found so far
  // is the answer. Without it (tests, the fuzzer) an act always searches
  // in full.
  void watch_decisions(int fd, const std::atomic<bool>* interrupt);
  // Whether an act was cut short because the requests' writer had gone.
  bool input_closed() const { return input_closed_; }

  // From here on each game's seat record (replays/seat_record.h) is written
  // into `directory` when the game ends, and end_game's reply names it
  // ("record"). The directory is the engine's own choice, never a client's.
  void keep_records(std::string directory) { records_dir_ = std::move(directory); }

 private:
  std::string dispatch(const EngineRequest& request);
  std::string on_hello(const EngineRequest& request);
  std::string on_new_game(const EngineRequest& request);
  std::string on_observations(const EngineRequest& request);
  std::string on_act(const EngineRequest& request);
  void check_legal(const EngineRequest& request) const;
  std::string on_state() const;
  // With a "return" (only for a game that is over) the agent hears
  // Agent::game_over, as in a match played in process.
  std::string on_end_game(const EngineRequest& request);
  // Throws unless a game is under way; checks an optional "seat" field.
  void need_game(const EngineRequest& request) const;
  static ActBudget read_budget(const EngineRequest& request);

  std::string agent_spec_;
  std::uint64_t seed_;
  bool said_hello_ = false;
  int version_ = seat_protocol::kVersion;  // the one the client said hello with
  // The agent and the canonical spec of the game it was built for.
  std::unique_ptr<Agent> agent_;
  std::string agent_game_;
  std::unique_ptr<SeatSession> session_;
  std::string records_dir_;
  std::unique_ptr<SeatRecordKeeper> records_;  // the game's, when records are kept
  int watch_fd_ = -1;
  const std::atomic<bool>* interrupt_ = nullptr;
  bool input_closed_ = false;
  std::uint64_t games_started_ = 0;
};

// The games an engine can play: those whose seat stream is declared (the
// hello reply lists them).
std::vector<std::string> games_with_streams();

}  // namespace kibitz::tools
