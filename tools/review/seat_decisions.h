// What a review of one seat works from: the seat's own stream and, for each
// of its decisions, how much of the stream it had seen and what it played.
// Nothing else of the game: the review draws the rest of the world from the
// stream, as the seat itself could (tools/review/seat_review.h).
#pragma once

#include <string>
#include <vector>

#include "env/core/observation.h"
#include "env/core/types.h"
#include "replays/replay_record.h"
#include "replays/seat_record.h"

namespace kibitz::tools {

struct SeatDecisionPoint {
  // Index into the record's actions; for a seat record, which knows no
  // actions, the observation index where the seat decided.
  int move = 0;
  std::size_t stream_size = 0;  // observations the seat had when it decided
  std::string played;           // its action, as its own text
};

struct SeatGame {
  std::string game;  // the canonical game spec
  Player seat = 0;
  SeatStream stream;  // the seat's whole stream, to the end of the record
  std::vector<SeatDecisionPoint> decisions;
};

// The seat's stream and decisions in `record`, found by replaying its
// actions; throws KibitzError when the record does not replay (replay verify
// says why) or the seat is not one of the game's.
SeatGame seat_game_of(const replays::ReplayRecord& record, Player seat);
// The same from a seat record (kibitz seat's, replays/seat_record.h): its
// stream and decisions as kept.
SeatGame seat_game_of(const replays::SeatRecord& record);

}  // namespace kibitz::tools
