// SeatRecordKeeper: the record `kibitz seat` (and `kibitz engine
// --records`) keeps of each game for its seat (replays/seat_record.h): the
// stream as entered, each of the AI seat's decisions (how much of the
// stream it had seen, the move made at the table, the move the AI advised)
// and the result when the stream settles it. At the end of a game, or when
// the session ends in one, it is written to a file it names, for `kibitz
// review` and for reading.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "env/core/game.h"
#include "replays/seat_record.h"

namespace kibitz::tools {

class SeatRecordKeeper {
 public:
  // Writes into `directory`; an empty one keeps nothing. `source` names
  // the keeper in the record ("kibitz seat", "kibitz engine").
  SeatRecordKeeper(std::string directory, const Game& game, Player seat, std::string agent,
                   std::string source = "kibitz seat");

  void start_game(std::uint64_t number);
  // The seat made a move at the table after seeing `stream_size`
  // observations: `played` (its action text, or empty when the entry did
  // not say which) where the AI advised `advised`.
  void on_decision(std::size_t stream_size, std::string played, std::string advised);
  // Observations were taken back: the decisions they held go.
  void on_undo(std::size_t stream_size);
  // Writes the game's record with `stream` (and `returns`, when the stream
  // settles them) to a new file; returns its path, or empty when keeping
  // is off or the game has nothing entered. Once per game.
  std::string finish(const SeatStream& stream, const std::optional<std::vector<double>>& returns);

 private:
  std::string directory_;
  std::string game_name_;
  replays::SeatRecord record_;
  std::uint64_t number_ = 0;
  bool finished_ = true;
};

}  // namespace kibitz::tools
