// The Loyalist Spies seat stream defined once: for_each_observation replays
// the event log for one viewer and hands each observation of its stream
// (stream.h) to a callable as it is made. LoyalistSpiesState::seat_stream
// collects them; the world sampler (resample.cc) feeds them straight to its
// reader, so the two can never disagree and resampling writes no buffer.
#pragma once

#include <array>
#include <span>
#include <type_traits>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/events.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {
namespace stream_detail {

inline Observation make_obs(Obs kind) { return Observation(static_cast<int>(kind)); }

// Replays the event log for one viewer, keeping the few facts an
// observation needs beyond its own event: the round's aces, the cards a
// Queen fixed on top, the current mission's card and set.
template <class Sink>
class StreamWriter {
 public:
  StreamWriter(int viewer, Sink& sink) : viewer_(viewer), sink_(sink) {}

  void add(const Event& e) {
    const bool own = e.seat == viewer_;
    switch (e.kind) {
      case EventKind::kAce:
        if (!in_setup_) new_round();
        aces_[static_cast<std::size_t>(e.seat)] = e.card;
        push(own ? make_obs(Obs::kOwnAce).add(e.card) : make_obs(Obs::kAceTo).add(e.seat));
        return;
      case EventKind::kDeal:
        push(own ? make_obs(Obs::kDealt).add(e.card) : make_obs(Obs::kDealtTo).add(e.seat));
        return;
      case EventKind::kKeep:
        push(own ? make_obs(Obs::kKeep).add(e.card) : make_obs(Obs::kKept).add(e.seat));
        return;
      default:
        break;
    }
    in_setup_ = false;
    switch (e.kind) {
      case EventKind::kFlip:
        on_flip(e);
        break;
      case EventKind::kJack:
        on_jack(e);
        break;
      case EventKind::kPeek:
        top_[static_cast<std::size_t>(top_len_++)] = e.card;
        push(own ? make_obs(Obs::kQueenShows).add(e.card) : make_obs(Obs::kQueenShowsTo).add(e.seat));
        break;
      case EventKind::kOrder:
        on_order(e);
        break;
      case EventKind::kFaceDown:
        pop_top();
        mission_set_ |= card_bit(e.card);
        push(make_obs(Obs::kFaceDown));
        break;
      case EventKind::kPlay:
        mission_set_ |= card_bit(e.card);
        push(own ? make_obs(Obs::kPlay).add(e.card) : make_obs(Obs::kPlays).add(e.seat));
        break;
      case EventKind::kNoPlay:
        push(make_obs(Obs::kNoPlay).add(e.seat));
        break;
      case EventKind::kReveal:
        on_reveal();
        break;
      case EventKind::kDraw:
        pop_top();
        push(own ? make_obs(Obs::kDraw).add(e.card) : make_obs(Obs::kDraws).add(e.seat));
        break;
      case EventKind::kDiscard:
        push(own ? make_obs(Obs::kDiscard).add(e.card) : make_obs(Obs::kDiscards).add(e.seat));
        break;
      case EventKind::kRoundEnd:
        on_round_end(e);
        break;
      default:
        KIBITZ_CHECK(false, "unexpected event kind ", static_cast<int>(e.kind));
    }
  }

 private:
  void push(const Observation& o) { sink_(o); }

  void new_round() {
    in_setup_ = true;
    aces_.fill(-1);
    top_len_ = 0;
    mission_set_ = 0;
  }

  void pop_top() {
    if (top_len_ == 0) return;
    for (int i = 1; i < top_len_; ++i) top_[static_cast<std::size_t>(i - 1)] = top_[static_cast<std::size_t>(i)];
    --top_len_;
  }

  void add_top(Observation& o) const {
    o.add(top_len_);
    for (int i = 0; i < top_len_; ++i) o.add(top_[static_cast<std::size_t>(i)]);
  }

  void on_flip(const Event& e) {
    pop_top();
    push(make_obs(Obs::kFlip).add(e.seat).add(e.card));
    if (is_joker(e.card)) return;
    const int rank = rank_of(e.card);
    if (rank == kRankQueen && e.seat == viewer_ && top_len_ > 0) {
      // The determiner's Queen: it looks at the cards already fixed on top.
      Observation o = make_obs(Obs::kAlreadyOnTop);
      add_top(o);
      push(o);
    } else if (rank >= 2 && rank <= 10) {
      mission_card_ = e.card;
      mission_set_ = 0;
    }
  }

  void on_jack(const Event& e) {
    const int target = e.card;
    const bool match = e.aux != 0;
    push(make_obs(match ? Obs::kJackMatch : Obs::kJackNoMatch).add(e.seat).add(target));
    if (viewer_ == e.seat) {
      push(make_obs(Obs::kAceSeen).add(target).add(aces_[static_cast<std::size_t>(target)]));
    } else if (viewer_ == target && match) {
      push(make_obs(Obs::kAceSeen).add(e.seat).add(aces_[static_cast<std::size_t>(e.seat)]));
    }
  }

  void on_order(const Event& e) {
    const std::array<int, kQueenLook> old = top_;
    const auto& perm = kOrders[static_cast<std::size_t>(e.card)];
    for (int i = 0; i < top_len_; ++i) {
      top_[static_cast<std::size_t>(i)] = old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
    }
    if (e.seat == viewer_) {
      Observation o = make_obs(Obs::kOrder);
      add_top(o);
      push(o);
    } else {
      push(make_obs(Obs::kReordered).add(e.seat));
    }
  }

  void on_reveal() {
    Observation o = make_obs(Obs::kReveal).add(mission_card_);
    o.add(popcount(mission_set_));
    int total = 0;
    for_each_card(mission_set_, [&](int c) {
      o.add(c);
      total += card_value(c);
    });
    o.add(total);
    push(o);
    mission_set_ = 0;
  }

  void on_round_end(const Event& e) {
    const auto role = static_cast<Role>(e.card & 3);
    const int ace = aces_[static_cast<std::size_t>(e.seat)];
    if (role == Role::kTraitor) {
      const CardMask jokers = static_cast<CardMask>(e.card >> 2) << kFirstJoker;
      Observation o = make_obs(Obs::kTraitor).add(e.seat).add(ace).add(popcount(jokers));
      for_each_card(jokers, [&](int c) { o.add(c); });
      push(o.add(e.aux));
    } else {
      push(make_obs(role == Role::kLoyal ? Obs::kLoyal : Obs::kCompromised).add(e.seat).add(ace).add(e.aux));
    }
  }

  int viewer_;
  Sink& sink_;
  bool in_setup_ = false;
  std::array<int, kMaxPlayers> aces_{-1, -1, -1, -1};
  std::array<int, kQueenLook> top_{};
  int top_len_ = 0;
  int mission_card_ = -1;
  CardMask mission_set_ = 0;
};

}  // namespace stream_detail

// Calls f(const Observation&) for each observation of seat `viewer`'s
// stream of the game whose event log is `log`, in stream order.
template <class F>
void for_each_observation(std::span<const Event> log, int viewer, F&& f) {
  stream_detail::StreamWriter<std::remove_reference_t<F>> writer(viewer, f);
  for (const Event& e : log) writer.add(e);
}

}  // namespace kibitz::loyalist_spies
