// The event log of an Adulting game: one small record per history entry
// (what the action or chance outcome meant) plus the derived events nobody
// chooses (a round's start, income, a claim's verdict, the reveal, who takes
// the card, refunds, the end). Each event's observations are logged, with
// the seats that hear them, as it is pushed (log_writer.cc); export notes and
// tests read the events themselves, so nothing replays the game to learn
// what a move was.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "env/core/error.h"

namespace kibitz::adulting {

enum class EventKind : std::uint8_t {
  kRound,        // derived: `seat` deals round a + 1
  kTopBack,      // chance or derived: the new top card shows back class a
  kDraw,         // chance or derived: dealer `seat` draws card a
  kIncome,       // derived: everyone takes a (variant=bidding)
  kScore,        // `seat` scores card a in column b
  kDiscard,      // `seat` discards card a for its effect
  kNoPlay,       // `seat` plays nothing in the scoring phase
  kBank,         // derived: `seat` takes a from the bank
  kPay,          // derived: `seat` pays seat a the amount b
  kPeek,         // `seat` peeks at seat a; b indexes the hand seen (State::peeked)
  kStealFrom,    // `seat` names seat a for a Steal
  kSteal,        // chance or derived: `seat` takes card a from seat b
  kTruth,        // chance or derived: `seat`'s truth is a (1 adult)
  kClaim,        // `seat` claims a (1 adult)
  kVote,         // `seat` votes a (1 up)
  kVerdict,      // derived: `seat`'s adult claim a (1 stands)
  kCommit,       // `seat` commits bid a (sealed)
  kReveal,       // derived: the committed bids are shown, in commit order
  kWin,          // derived: `seat` takes card a for b
  kRefund,       // derived: `seat` gets a back from the bank (a tie)
  kNoTaker,      // derived: nobody qualified; card a is discarded
  kEnd,          // derived: the game ends; a = 0 third spade, 1 empty deck
  // --- Work phase (work_phase.cc) ---------------------------------------------
  kEliminate,    // chance or derived: `seat` is eliminated (category)
  kRuling,       // chance: the elimination of `seat`: a = 0 no ruling, 1 right, 2 wrong
  kMeasure,      // chance: `seat`'s true measurement is a (rank)
  kDeclare,      // `seat` declares a (rank)
  kPayout,       // chance: `seat`'s payout is a (payout)
  kQuality,      // chance: `seat`'s performance quality is a (challenge)
  kRank,         // dealer `seat` ranks seat a next (challenge)
  kDisqualify,   // derived: `seat` is disqualified
  // --- Legal system (legal_system.cc) -------------------------------------------
  kLegal,        // `seat` says legal word a (LegalWord) about seat b, or value b
  kEvidence,     // chance: oral arguments show a (LegalEvidence) about `seat`; b = a measurement
  kLegalResult,  // derived: a = LegalResult about `seat`; b = the extra shown
  kExtra,        // `seat` takes a extra (private)
  kWatch,        // chance: `seat` watches payment to seat b: a = 1 watches
  kPayBank,      // derived: `seat` pays the bank a (a fine)
};

// What a kLegal event says (its `a`); b is the seat or value it names.
enum class LegalWord : std::uint8_t {
  kAppeals,     // the eliminated contestant appeals the ruling
  kAccepts,     // ... or accepts it
  kSues,        // `seat` sues seat b
  kNoSuit,      // `seat` does not sue
  kProposes,    // the prosecutor proposes price b
  kAllows,      // the dealer allows the case
  kDismisses,   // ... or dismisses it
  kSetsPrice,   // the dealer sets price b
  kConcedes,    // the defendant concedes
  kFights,      // ... or fights
  kCallsOut,    // `seat` calls out seat b
  kStaysQuiet,  // a watcher does not call out
  kMoves,       // `seat` moves to impeach the dealer
  kNoMotion,    // `seat` does not
};

// What oral arguments showed (a kEvidence event's `a`), about `seat`.
enum class LegalEvidence : std::uint8_t {
  kNone,     // nothing
  kRight,    // the ruling on `seat` was right
  kWrong,    // ... wrong
  kMeasure,  // defendant `seat` measured b
  kFair,     // the ranking follows the qualities
  kCorrupt,  // ... does not
};

// A settled legal step (a kLegalResult event's `a`), about `seat`.
enum class LegalResult : std::uint8_t {
  kOverturned,     // the ruling on `seat` is overturned
  kUpheld,         // ... upheld
  kGuilty,         // defendant `seat` is found guilty
  kNotGuilty,      // ... not guilty
  kImpeachPasses,  // the motion by `seat` passes (the card goes to `seat`)
  kImpeachFails,   // ... fails
  kExtraShown,     // called out: `seat` took b extra (now public)
};

// Plain aggregate (no initialisers) so a log's unused slots stay uninitialised.
struct Event {
  EventKind kind;
  std::int8_t seat;
  std::uint8_t a;
  std::uint8_t b;
};

// A vector with inline storage: copying it copies only the used entries and
// never allocates, so a State holding one stays cheap to clone.
template <typename T, int N>
class FixedLog {
 public:
  FixedLog() = default;
  FixedLog(const FixedLog& other) : size_(other.size_) { std::copy_n(other.items_.begin(), size_, items_.begin()); }
  FixedLog& operator=(const FixedLog& other) {
    size_ = other.size_;
    std::copy_n(other.items_.begin(), size_, items_.begin());
    return *this;
  }

  void push_back(const T& item) {
    KIBITZ_CHECK(size_ < N, "adulting event log overflow");
    items_[static_cast<std::size_t>(size_++)] = item;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](int i) const { return items_[static_cast<std::size_t>(i)]; }
  const T& back() const { return items_[static_cast<std::size_t>(size_ - 1)]; }
  std::span<const T> view() const { return {items_.data(), static_cast<std::size_t>(size_)}; }
  static constexpr int capacity() { return N; }

 private:
  int size_ = 0;
  std::array<T, N> items_;
};

}  // namespace kibitz::adulting
