// The event log of a Loyalist Spies round: one small record per history
// entry (what the action or chance outcome meant: who, which card) plus the
// derived events nobody chooses (a seat playing nothing, a mission's reveal,
// the round's scoring). Each seat's stream of observations is read off it
// (stream.h, State::seat_stream), so nothing has to replay the game to learn
// what an action was; everything that speaks for a seat reads the stream.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "env/core/error.h"

namespace kibitz::loyalist_spies {

enum class EventKind : std::uint8_t {
  kAce,       // chance: `card` (an ace) to `seat`
  kDeal,      // chance: `card` dealt to `seat`
  kKeep,      // action: `seat` keeps `card`
  kFlip,      // chance: determiner `seat` flips `card` (public)
  kJack,      // action: determiner `seat` looks at seat `card`'s ace; aux = 1 on a match
  kPeek,      // chance: Queen: `card` joins the top cards, seen by determiner `seat`
  kOrder,     // action: determiner `seat` orders the top aux cards by permutation `card`
  kFaceDown,  // chance: `card` face down onto mission aux (0-based in the round)
  kPlay,      // action: `seat` plays `card` onto mission aux
  kNoPlay,    // derived: `seat` holds no playable card (card = its hand size), mission aux
  kReveal,    // derived: mission aux (0-based) revealed by determiner `seat`; card = 1 on success
  kDraw,      // chance: `seat` draws `card`; aux = 1 for a refill draw
  kDiscard,   // action: `seat` discards `card`
  kRoundEnd,  // derived, one per seat: card = role | jokers held << 2, aux = points
};

// Whether an event of this kind is a history entry (the others are derived).
inline constexpr bool is_history_event(EventKind kind) {
  return kind != EventKind::kNoPlay && kind != EventKind::kReveal && kind != EventKind::kRoundEnd;
}

// Plain aggregate (no initialisers) so a log's unused slots stay uninitialised.
struct Event {
  EventKind kind;
  std::int8_t seat;
  std::int8_t card;
  std::uint8_t aux;
};

// A vector with inline storage: copying it copies only the used entries and
// never allocates, so a State holding one stays cheap to clone.
template <typename T, int N>
class FixedLog {
 public:
  FixedLog() = default;
  FixedLog(const FixedLog& other) : size_(other.size_) {
    std::copy_n(other.items_.begin(), size_, items_.begin());
  }
  FixedLog& operator=(const FixedLog& other) {
    size_ = other.size_;
    std::copy_n(other.items_.begin(), size_, items_.begin());
    return *this;
  }

  void push_back(const T& item) {
    KIBITZ_CHECK(size_ < N, "event log overflow");
    items_[static_cast<std::size_t>(size_++)] = item;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& back() const { return items_[static_cast<std::size_t>(size_ - 1)]; }
  T& back() { return items_[static_cast<std::size_t>(size_ - 1)]; }
  const T& operator[](int i) const { return items_[static_cast<std::size_t>(i)]; }
  T& operator[](int i) { return items_[static_cast<std::size_t>(i)]; }
  std::span<const T> view() const { return {items_.data(), static_cast<std::size_t>(size_)}; }
  static constexpr int capacity() { return N; }

 private:
  int size_ = 0;
  std::array<T, N> items_;
};

}  // namespace kibitz::loyalist_spies
