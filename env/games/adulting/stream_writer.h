// The Adulting seat stream defined once: StreamWriter turns the events of
// the log (events.h) into one viewer's observations (stream.h) and hands
// each to a sink as it is made. AdultingState::seat_stream collects them;
// the world sampler (sampler.cc) feeds a rebuilt world's new events through
// a writer of its own and compares, so the two can never disagree.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "env/core/error.h"
#include "env/core/observation.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/events.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

// Replays the event log for one viewer, keeping the few facts an
// observation needs beyond its own event: the dealer, the committed bids
// (shown at the reveal) and the mantles' columns (the final points).
// Copyable, so a sampler can keep a snapshot.
class StreamWriter {
 public:
  StreamWriter(const AdultingState& state, int viewer) : state_(&state), viewer_(viewer) {}

  template <class Sink>
  void add(const Event& e, Sink& sink) {
    const bool own = e.seat == viewer_;
    switch (e.kind) {
      case EventKind::kRound:
        dealer_ = e.seat;
        num_commits_ = 0;
        sink(make_obs(Obs::kRound).add(e.a + 1).add(e.seat));
        return;
      case EventKind::kTopBack:
        sink(make_obs(Obs::kTopBack).add(state_->adulting().num_cards() + e.a));
        return;
      case EventKind::kDraw:
        sink(make_obs(Obs::kDraws).add(e.seat).add(e.a));
        return;
      case EventKind::kIncome:
        sink(make_obs(Obs::kIncome).add(e.a));
        return;
      case EventKind::kScore:
        ++columns_[static_cast<std::size_t>(e.seat)][e.b];
        sink(make_obs(static_cast<Obs>(static_cast<int>(Obs::kScoreHearts) + e.b)).add(e.seat).add(e.a));
        return;
      case EventKind::kDiscard:
        sink(make_obs(Obs::kDiscards).add(e.seat).add(e.a));
        return;
      case EventKind::kPass:
        sink(make_obs(Obs::kPasses).add(e.seat));
        return;
      case EventKind::kBank:
        sink(make_obs(Obs::kBank).add(e.seat).add(e.a));
        return;
      case EventKind::kPay:
        sink(make_obs(Obs::kPays).add(e.seat).add(e.a).add(e.b));
        return;
      case EventKind::kPeek:
        sink(make_obs(Obs::kPeeks).add(e.seat).add(e.a));
        if (own) hand_seen(e.a, state_->peeked(e.b), sink);
        return;
      case EventKind::kStealFrom:
        sink(make_obs(Obs::kStealsFrom).add(e.seat).add(e.a));
        return;
      case EventKind::kSteal:
        if (own || e.b == viewer_) {
          sink(make_obs(Obs::kTakes).add(e.seat).add(e.a).add(e.b));
        } else {
          sink(make_obs(Obs::kTakesACard).add(e.seat).add(e.b));
        }
        return;
      default:
        add_sorting(e, own, sink);
        return;
    }
  }

 private:
  // Sorting, bidding and the end.
  template <class Sink>
  void add_sorting(const Event& e, bool own, Sink& sink) {
    switch (e.kind) {
      case EventKind::kTruth:
        sink(own ? make_obs(e.a ? Obs::kTruthAdult : Obs::kTruthChild) : make_obs(Obs::kTruthTo).add(e.seat));
        return;
      case EventKind::kClaim:
        sink(make_obs(e.a ? Obs::kClaimAdult : Obs::kClaimChild).add(e.seat));
        return;
      case EventKind::kVote:
        sink(make_obs(e.a ? Obs::kVoteUp : Obs::kVoteDown).add(e.seat));
        return;
      case EventKind::kVerdict:
        sink(make_obs(e.a ? Obs::kStands : Obs::kFalls).add(e.seat));
        return;
      case EventKind::kCommit:
        commits_[static_cast<std::size_t>(num_commits_++)] = {e.seat, e.a};
        sink(own ? make_obs(Obs::kYouBid).add(e.a) : make_obs(Obs::kCommits).add(e.seat));
        return;
      case EventKind::kReveal:
        for (int i = 0; i < num_commits_; ++i) {
          const auto& c = commits_[static_cast<std::size_t>(i)];
          sink(make_obs(Obs::kBidShown).add(c[0]).add(c[1]));
        }
        num_commits_ = 0;
        return;
      case EventKind::kWin:
        sink(make_obs(Obs::kWins).add(e.seat).add(e.a).add(e.b));
        return;
      case EventKind::kRefund:
        sink(make_obs(Obs::kRefund).add(e.seat).add(e.a));
        return;
      case EventKind::kNoTaker:
        sink(make_obs(Obs::kNoTaker).add(e.a));
        return;
      case EventKind::kEnd:
        sink(make_obs(e.a == 0 ? Obs::kEndSpade : Obs::kEndDeck));
        for (int s = 0; s < state_->num_players(); ++s) {
          sink(make_obs(Obs::kPoints).add(s).add(mantle_score(columns_[static_cast<std::size_t>(s)])));
        }
        return;
      default:
        add_work(e, own, sink);
        return;
    }
  }

  template <class Sink>
  void hand_seen(int target, CardMask hand, Sink& sink) const {
    // Written in chunks: an observation holds a list of at most 13 cards.
    do {
      Observation o = make_obs(Obs::kHandSeen).add(target);
      int count = 0;
      CardMask chunk = 0;
      for (CardMask rest = hand; rest != 0 && count < kHandSeenChunk; rest &= rest - 1, ++count) {
        chunk |= rest & (~rest + 1);
      }
      o.add(count);
      for (CardMask rest = chunk; rest != 0; rest &= rest - 1) o.add(__builtin_ctzll(rest));
      hand &= ~chunk;
      sink(o);
    } while (hand != 0);
  }

  // The work phase's events (variant=full).
  template <class Sink>
  void add_work(const Event& e, bool own, Sink& sink) {
    switch (e.kind) {
      case EventKind::kEliminate:
        sink(make_obs(Obs::kEliminated).add(e.seat));
        return;
      case EventKind::kRuling:
        if (e.a == 0) {
          sink(make_obs(Obs::kNoRuling).add(e.seat));
        } else if (own || viewer_ == dealer_) {
          sink(make_obs(e.a == 1 ? Obs::kRulingRight : Obs::kRulingWrong).add(e.seat));
        } else {
          sink(make_obs(Obs::kRuling).add(e.seat));
        }
        return;
      case EventKind::kMeasure:
        sink(own ? make_obs(Obs::kMeasured).add(e.a) : make_obs(Obs::kMeasuredTo).add(e.seat));
        return;
      case EventKind::kDeclare:
        sink(make_obs(Obs::kDeclares).add(e.seat).add(e.a));
        return;
      case EventKind::kPayout:
        sink(make_obs(Obs::kPayout).add(e.seat).add(e.a));
        return;
      case EventKind::kQuality:
        sink(make_obs(Obs::kQuality).add(e.seat).add(e.a));
        return;
      case EventKind::kRank:
        sink(make_obs(Obs::kRanks).add(e.seat).add(e.a));
        return;
      case EventKind::kDisqualify:
        sink(make_obs(Obs::kDisqualified).add(e.seat));
        return;
      default:
        KIBITZ_CHECK(false, "adulting: no observation for event kind ", static_cast<int>(e.kind));
    }
  }

  const AdultingState* state_;
  int viewer_;
  int dealer_ = 0;
  std::array<std::array<std::uint8_t, kNumColumns>, kMaxPlayers> columns_{};
  std::array<std::array<std::int16_t, 2>, kMaxPlayers> commits_{};  // seat, bid
  int num_commits_ = 0;
};

// Calls f(const Observation&) for each observation of seat `viewer`'s
// stream of `state`, in stream order.
template <class F>
void for_each_observation(const AdultingState& state, int viewer, F&& f) {
  StreamWriter writer(state, viewer);
  for (const Event& e : state.log().view()) writer.add(e, f);
}

}  // namespace kibitz::adulting
