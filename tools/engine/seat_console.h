// SeatConsole: `kibitz seat`, the seat protocol for a person at a physical
// table. The person types what the AI's seat sees, in the observations'
// readable forms ("dealt 5S JD 7S", "P1 plays", "mission 8D revealed 3H QS
// 8H 7C 4D total 54"); the console keeps the seat's stream in a
// SeatSession, so an entry that no deal explains is refused with the reason
// and nothing changes. `?` (or Tab) lists what can come next; observations
// that are the only possibility are filled in and shown; when the seat is
// to act, the console says the move to make and how sure the agent is.
//
// Some moves show a seat several things at once (the last card played and
// the mission's reveal): a person types them one per line, so an entry
// that is the beginning of such a move is held until the rest is typed.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "tools/engine/next_observations.h"
#include "tools/engine/seat_record_keeper.h"
#include "tools/engine/seat_session.h"
#include "tools/line_input.h"

namespace kibitz::tools {

struct SeatConsoleOptions {
  ActBudget budget;       // for each decision; zeros: the agent's own
  int worlds = 32;        // worlds drawn to list what can come next
  bool autofill = true;   // fill in observations that are forced
  bool echo = false;      // write back each line read (scripted input)
  // With watch_fd >= 0, every decision searches under a DecisionWatch of
  // it and `interrupt` (decision_watch.h): Ctrl-C ends the search at once
  // and the console with Interrupted; the input's writer going away cuts
  // the search short. -1: decisions always search in full (tests).
  int watch_fd = -1;
  const std::atomic<bool>* interrupt = nullptr;
  // Where each game's seat record is written (seat_record_keeper.h); empty:
  // none is kept.
  std::string records_dir;
};

// Entries longer than this are refused unread: no observation's text comes
// near it, and an error never quotes more than a bounded part of a line.
inline constexpr std::size_t kMaxEntryChars = 1000;

class SeatConsole {
 public:
  // `agent`, `in` and `out` must outlive the console; `seed` seeds the
  // draws of worlds, game by game.
  SeatConsole(std::shared_ptr<const Game> game, Player seat, Agent& agent, std::uint64_t seed,
              SeatConsoleOptions options, LineInput& in, std::ostream& out);

  // Runs games until `quit` or the end of input; returns the exit status:
  // kExitOk, or kExitBadInput when the input ends in the middle of a game.
  // Throws Interrupted (Ctrl-C) from the input, or from a decision the
  // interrupt cut short.
  int run();

  // What the line typed so far may become (Tab completion): what can come
  // next, the AI's own moves and the commands, that begin with `typed`.
  std::vector<std::string> completions(std::string_view typed) const;

  // For a test that types as a person would (tests/tools/
  // seat_keystrokes_test.cc): what the seat's stream holds so far, held
  // observations last, and what can come next now.
  SeatStream entered() const;
  const NextObservations& next() const { return next_; }

 private:
  void start_game();
  // After the stream changed: fills in forced observations, then says what
  // is awaited (the AI's move, the next observation, or the end).
  void settle();
  void advise();
  // Fills in the one observation that can come next, if there is one (by
  // next_, which the caller keeps current); writes it to `shown` if given,
  // else to the output.
  bool fill_forced(std::string* shown = nullptr);
  // Several observations typed at once that are not one move, entered in
  // turn with what is forced between them filled in ("dealt 5S JD 7S" while
  // the others' cards are dealt in between). All or nothing; false if one
  // is refused.
  bool enter_one_by_one(const SeatStream& typed);
  // The game's returns, when the seat's stream settles them.
  std::optional<std::vector<double>> settled_returns();
  void print_result(const std::optional<std::vector<double>>& returns);
  // Writes the game's seat record, if one is kept, and says where; with
  // `returns` when the game is over and the stream settles them (settle()
  // writes it then: later calls, at quit or a new game, find it written).
  void keep_record(const std::optional<std::vector<double>>& returns = std::nullopt);
  // The AI seat's own move as its action text, when `move` (accepted with
  // the seat to act) is one the list of what could come next knew.
  std::string own_action_of(const SeatStream& move) const;
  // One line typed; false for quit.
  bool handle(const std::string& line);
  void enter(std::string_view text);
  // Enters `typed` after what is held (or holds it, or enters it one
  // observation at a time, as a move needs); false, with the first refusal's
  // reason in `refusal`, when the seat's stream allows none of that.
  bool try_entry(const SeatStream& typed, std::string& refusal);
  void undo();
  void list(std::string_view prefix);
  void show_stream() const;
  void print_help() const;
  void print_prompt_hint() const;
  // One line before the prompt, when the stream changed: where the game
  // stands for the seat (State::observation_string of a world it allows).
  void print_where();
  // Whether the refused `move` (held_ then `typed`) may be the beginning of
  // a move that shows more; if so it is held and said so.
  bool hold(const SeatStream& typed, const SeatStream& move);
  // The rest of a move that gives more than `typed`, as text, when `typed`
  // begins one in the worlds drawn; empty otherwise.
  std::string rest_of_longer_move(const SeatStream& typed) const;
  std::string seat_name() const;

  std::shared_ptr<const Game> game_;
  Player seat_;
  Agent& agent_;
  std::uint64_t seed_;
  SeatConsoleOptions options_;
  LineInput& in_;
  std::ostream& out_;
  std::uint64_t games_ = 0;
  std::unique_ptr<SeatSession> session_;
  NextObservations next_;                 // for the stream as it is now
  std::vector<std::size_t> entries_;      // observations per accepted entry, for undo
  bool autofill_paused_ = false;          // after undo, until the next entry
  SeatStream held_;                       // the beginning of a move, until the rest comes
  std::optional<SeatDecision> advice_;    // the AI's move for the stream as it is now
  SeatRecordKeeper records_;
  std::size_t where_printed_at_ = static_cast<std::size_t>(-1);  // stream size at the last print_where
};

}  // namespace kibitz::tools
