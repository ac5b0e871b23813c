#include "env/core/seat_feed.h"

#include "env/core/error.h"
#include "env/core/game.h"
#include "env/core/state.h"

namespace kibitz {

SeatFeed::SeatFeed(Player seat, Keeps keeps) : seat_(seat), keeps_(keeps) {}

std::span<const Observation> SeatFeed::update(const State& state) {
  if (keeps_ == Keeps::kTensor) {
    fold_new(state);
    return {};
  }
  const std::size_t before = stream_.size();
  if (state.keeps_observation_log()) {
    const ObservationLog& log = state.observation_log();
    KIBITZ_CHECK(log_read_ <= log.size(), "seat feed: the log has ", log.size(), " entries but ", log_read_,
                 " were read; a feed follows one game forward (reset it for another)");
    log_read_ = log.extend(seat_, log_read_, stream_);
  } else {
    state.seat_stream(seat_, scratch_);
    KIBITZ_CHECK(scratch_.size() >= before, "seat feed: the stream shrank from ", before, " to ",
                 scratch_.size(), " observations; a feed follows one game forward (reset it for another)");
    stream_.insert(stream_.end(), scratch_.begin() + static_cast<std::ptrdiff_t>(before), scratch_.end());
  }
  return std::span<const Observation>(stream_).subspan(before);
}

void SeatFeed::fold_new(const State& state) {
  if (!knowledge_asked_) knowledge(state.game());
  KIBITZ_CHECK(knowledge_ != nullptr, "seat feed: ", state.game().name(),
               " folds no seat knowledge, so a feed cannot keep its tensor alone");
  if (state.keeps_observation_log()) {
    // Straight off the log: no copy of the stream is kept.
    const ObservationLog& log = state.observation_log();
    KIBITZ_CHECK(log_read_ <= log.size(), "seat feed: the log has ", log.size(), " entries but ", log_read_,
                 " were read; a feed follows one game forward (restart it for another)");
    const Audience heard = seat_audience(seat_);
    for (; log_read_ < log.size(); ++log_read_) {
      if ((log.audience(log_read_) & heard) != 0) knowledge_->read(log.observation(log_read_));
    }
    return;
  }
  state.seat_stream(seat_, scratch_);
  KIBITZ_CHECK(scratch_.size() >= folded_, "seat feed: the stream shrank from ", folded_, " to ", scratch_.size(),
               " observations; a feed follows one game forward (restart it for another)");
  for (; folded_ < scratch_.size(); ++folded_) knowledge_->read(scratch_[folded_]);
}

const SeatKnowledge* SeatFeed::knowledge(const Game& game) {
  if (keeps_ == Keeps::kTensor) {
    // Folded by update(); built here when asked for before any update.
    if (!knowledge_asked_) {
      knowledge_ = game.new_seat_knowledge(seat_);
      if (knowledge_ != nullptr) knowledge_->keep_text(false);
      knowledge_asked_ = true;
    }
    return knowledge_.get();
  }
  if (!knowledge_asked_) {
    knowledge_ = game.new_seat_knowledge(seat_);
    knowledge_asked_ = true;
    folded_ = 0;
  }
  if (knowledge_ == nullptr) return nullptr;
  for (; folded_ < stream_.size(); ++folded_) knowledge_->read(stream_[folded_]);
  return knowledge_.get();
}

void SeatFeed::reset() {
  stream_.clear();
  log_read_ = 0;
  knowledge_.reset();
  knowledge_asked_ = false;
  folded_ = 0;
}

void SeatFeed::restart() {
  stream_.clear();
  log_read_ = 0;
  folded_ = 0;
  if (knowledge_ != nullptr) knowledge_->restart();
}

void SeatFeed::reset(Player seat) {
  seat_ = seat;
  reset();
}

}  // namespace kibitz
