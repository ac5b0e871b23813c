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
#include "env/core/types.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/events.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

// Replays the event log for one viewer, keeping the few facts an
// observation needs beyond its own event: the dealer, the committed bids
// (shown at the reveal) and the mantles' columns (the final points).
// Copyable, so a sampler can keep a snapshot. The viewer is a seat or
// kSpectator: an onlooker is no seat, so every private fact reaches it as
// the seats it does not concern see it ("P2 commits a bid", "P1 takes a
// card from P2"), and the public reveals as they are.
class StreamWriter {
 public:
  StreamWriter(const AdultingState& state, int viewer) : state_(&state), viewer_(viewer) {
    KIBITZ_CHECK(viewer == kSpectator || (viewer >= 0 && viewer < state.num_players()), "adulting: no seat ",
                 viewer, " to write a stream for");
  }

  template <class Sink>
  void add(const Event& e, Sink& sink) {
    const bool own = is_viewer(e.seat);
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
        if (own || is_viewer(e.b)) {
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
  // Whether `seat` is the viewer: never for the spectator, whatever an
  // event's seat field holds.
  bool is_viewer(int seat) const { return viewer_ != kSpectator && seat == viewer_; }

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
        } else if (own || is_viewer(dealer_)) {
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
        add_legal(e, own, sink);
        return;
    }
  }

  // The legal system's events (legal=true). The extra taken is private to
  // the taker and the watchers; everything else is public.
  template <class Sink>
  void add_legal(const Event& e, bool own, Sink& sink) {
    switch (e.kind) {
      case EventKind::kLegal:
        sink(legal_word(e));
        return;
      case EventKind::kEvidence:
        sink(evidence(e));
        return;
      case EventKind::kLegalResult:
        sink(legal_result(e));
        return;
      case EventKind::kExtra:
        extra_ = e.a;
        sink(own ? make_obs(Obs::kYouTakeExtra).add(e.a) : make_obs(Obs::kChoosesExtra).add(e.seat));
        return;
      case EventKind::kWatch:
        sink(make_obs(e.a ? Obs::kWatches : Obs::kDoesNotWatch).add(e.seat));
        if (own && e.a) sink(make_obs(Obs::kSeesExtra).add(e.b).add(extra_));
        return;
      case EventKind::kPayBank:
        sink(make_obs(Obs::kPaysBank).add(e.seat).add(e.a));
        return;
      default:
        KIBITZ_CHECK(false, "adulting: no observation for event kind ", static_cast<int>(e.kind));
    }
  }

  static Observation legal_word(const Event& e) {
    switch (static_cast<LegalWord>(e.a)) {
      case LegalWord::kAppeals: return make_obs(Obs::kAppeals).add(e.seat);
      case LegalWord::kAccepts: return make_obs(Obs::kNoAppeal).add(e.seat);
      case LegalWord::kSues: return make_obs(Obs::kSues).add(e.seat).add(e.b);
      case LegalWord::kNoSuit: return make_obs(Obs::kNoSuit).add(e.seat);
      case LegalWord::kProposes: return make_obs(Obs::kProposes).add(e.seat).add(e.b);
      case LegalWord::kAllows: return make_obs(Obs::kAllows).add(e.seat);
      case LegalWord::kDismisses: return make_obs(Obs::kDismisses).add(e.seat);
      case LegalWord::kSetsPrice: return make_obs(Obs::kSetsPrice).add(e.seat).add(e.b);
      case LegalWord::kConcedes: return make_obs(Obs::kConcedes).add(e.seat);
      case LegalWord::kFights: return make_obs(Obs::kFights).add(e.seat);
      case LegalWord::kCallsOut: return make_obs(Obs::kCallsOut).add(e.seat).add(e.b);
      case LegalWord::kStaysQuiet: return make_obs(Obs::kStaysQuiet).add(e.seat);
      case LegalWord::kMoves: return make_obs(Obs::kImpeaches).add(e.seat);
      case LegalWord::kNoMotion: return make_obs(Obs::kNoImpeach).add(e.seat);
    }
    KIBITZ_CHECK(false, "adulting: no legal word ", static_cast<int>(e.a));
    return make_obs(Obs::kEvidenceNone);  // not reached
  }

  static Observation evidence(const Event& e) {
    switch (static_cast<LegalEvidence>(e.a)) {
      case LegalEvidence::kNone: return make_obs(Obs::kEvidenceNone);
      case LegalEvidence::kRight: return make_obs(Obs::kEvidenceRight).add(e.seat);
      case LegalEvidence::kWrong: return make_obs(Obs::kEvidenceWrong).add(e.seat);
      case LegalEvidence::kMeasure: return make_obs(Obs::kEvidenceMeasure).add(e.seat).add(e.b);
      case LegalEvidence::kFair: return make_obs(Obs::kEvidenceFair);
      case LegalEvidence::kCorrupt: return make_obs(Obs::kEvidenceCorrupt);
    }
    KIBITZ_CHECK(false, "adulting: no evidence ", static_cast<int>(e.a));
    return make_obs(Obs::kEvidenceNone);  // not reached
  }

  static Observation legal_result(const Event& e) {
    switch (static_cast<LegalResult>(e.a)) {
      case LegalResult::kOverturned: return make_obs(Obs::kOverturned).add(e.seat);
      case LegalResult::kUpheld: return make_obs(Obs::kUpheld).add(e.seat);
      case LegalResult::kGuilty: return make_obs(Obs::kGuilty).add(e.seat);
      case LegalResult::kNotGuilty: return make_obs(Obs::kNotGuilty).add(e.seat);
      case LegalResult::kImpeachPasses: return make_obs(Obs::kImpeachPasses).add(e.seat);
      case LegalResult::kImpeachFails: return make_obs(Obs::kImpeachFails).add(e.seat);
      case LegalResult::kExtraShown: return make_obs(Obs::kExtraShown).add(e.seat).add(e.b);
    }
    KIBITZ_CHECK(false, "adulting: no legal result ", static_cast<int>(e.a));
    return make_obs(Obs::kEvidenceNone);  // not reached
  }

  const AdultingState* state_;
  int viewer_;
  int dealer_ = 0;
  std::array<std::array<std::uint8_t, kNumColumns>, kMaxPlayers> columns_{};
  std::array<std::array<std::int16_t, 2>, kMaxPlayers> commits_{};  // seat, bid
  int num_commits_ = 0;
  int extra_ = 0;  // the last extra taken: what a watcher sees
};

// Calls f(const Observation&) for each observation of seat `viewer`'s
// stream of `state` (kSpectator: the public stream), in stream order.
template <class F>
void for_each_observation(const AdultingState& state, int viewer, F&& f) {
  StreamWriter writer(state, viewer);
  for (const Event& e : state.log().view()) writer.add(e, f);
}

}  // namespace kibitz::adulting
