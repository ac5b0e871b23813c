// StreamProgress: how far an agent has read its seat's stream, so that each
// decision folds only the observations that are new since the last one.
//
// An agent that keeps what its seat knows (a heuristic's table, a net's
// knowledge) folds each observation once. Views arrive one decision after
// another from the same game, but not always: a new game, another seat, a
// search's rollout that starts mid-game. unread() says which case it is,
// without rereading the stream: it holds when the view's stream continues
// the one read so far (same seat, at least as long, and the last observation
// read is still in its place); otherwise the agent starts again from nothing.
//
//   if (!progress_.continues(view.seat(), stream)) { knowledge_ = fresh; }
//   for (const Observation& o : progress_.unread(view.seat(), stream)) knowledge_.read(o);
#pragma once

#include <cstddef>
#include <span>

#include "env/core/observation.h"
#include "env/core/types.h"

namespace kibitz {

class StreamProgress {
 public:
  // Whether `stream` (seat `seat`'s) continues what was read. False before
  // anything was read, so the first call starts a fresh fold.
  bool continues(Player seat, std::span<const Observation> stream) const {
    return started_ && seat == seat_ && stream.size() >= read_ && (read_ == 0 || stream[read_ - 1] == last_);
  }

  // The observations of `stream` not read yet, now marked read. When the
  // stream does not continue what was read, that is the whole stream: the
  // caller checks continues() first and starts afresh in that case.
  std::span<const Observation> unread(Player seat, std::span<const Observation> stream) {
    const std::size_t from = continues(seat, stream) ? read_ : 0;
    started_ = true;
    seat_ = seat;
    read_ = stream.size();
    if (read_ > 0) last_ = stream[read_ - 1];
    return stream.subspan(from);
  }

  // Forgets what was read (a new game).
  void reset() { started_ = false; read_ = 0; }

  std::size_t read() const { return read_; }

 private:
  bool started_ = false;
  Player seat_ = 0;
  std::size_t read_ = 0;
  Observation last_;
};

}  // namespace kibitz
