// The replay viewer: a record as a list of screens to step through, either
// as one seat saw the game or with everything revealed.
//
// What a seat is shown (docs/replays.md, "What --as-seat shows"): its own
// information state (whole at the start, then at each step only the lines
// that are new) and observation, its own moves by name, its own
// annotations and its own return. Never the full state, never another seat's
// or chance's action text (a face-down card's name would leak), never
// another seat's annotations. A step is a moment the seat's view changed
// (or it moved, or the game ended); moves that leave its view unchanged
// happen out of its sight and get no step of their own, because even their
// number can tell something. For a move it did see, the seat learns only who
// moved ("seat 1 acted"); what the move did, it reads in its own view.
#pragma once

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "env/core/types.h"
#include "replays/replay_record.h"

namespace kibitz::tools {

// Whose view to show.
struct ViewOptions {
  std::optional<Player> as_seat;  // show what this seat saw
  bool reveal = false;            // show everything (exactly one of the two)
};

// A rendered record: what the viewer steps through.
struct ReplayScreens {
  std::string header;              // the game, seed, seats, time
  std::vector<std::string> steps;  // steps[0] is the start
  // With --as-seat, what the seat sees at each step (its observation, the
  // standing summary under the step's news), and whether the seat decides
  // right after the step; both empty with --reveal. Browsing shows the
  // summary at every step; printing only at the start, before each of the
  // seat's decisions and at the end, so a long game stays readable.
  std::vector<std::string> standing;
  std::vector<bool> decides_next;
};

// Re-simulates `record` and renders its screens. Throws KibitzError for a
// seat out of range or a record that does not replay (naming the move;
// `kibitz replay verify` tells more).
ReplayScreens render_replay(const replays::ReplayRecord& record, std::size_t record_index,
                            const ViewOptions& options);

// Every screen, one after another: for scripts (--print).
void print_replay(const ReplayScreens& screens, std::ostream& out);

// Steps through the screens with commands read from `in`: n/next (or an
// empty line), b/back, j N/jump N, q/quit; the end of input quits. With
// `echo` each command read is written back after the prompt.
void browse_replay(const ReplayScreens& screens, std::istream& in, std::ostream& out, bool echo);

}  // namespace kibitz::tools
