// Verification of a record: re-simulates the game from its spec and action
// history and checks every recorded fact against the rules: the game loads,
// there is one label and one agent spec per seat, every action (chance
// outcome included) is legal where it was taken, the game ends exactly at the
// last action with the recorded returns, and every annotation belongs to a
// seat's move and spreads its policy over that seat's legal actions only.
#pragma once

#include <string>
#include <vector>

#include "replays/replay_record.h"

namespace kibitz::replays {

// One thing wrong with a record.
struct Problem {
  int move = -1;  // the index of the action concerned, or -1 for the record as a whole
  std::string message;
};

// Every problem found, in the order met; empty when the record is sound. The
// re-simulation stops at the first illegal action (nothing after it has a
// meaning).
std::vector<Problem> verify_record(const ReplayRecord& record);

// "move 3: ..." or "record: ...".
std::string describe(const Problem& problem);

}  // namespace kibitz::replays
