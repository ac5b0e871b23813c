// The Adulting seat streams written as the game moves: every event pushed
// onto the event log (events.h) is turned at once into its observations
// (stream.h), each appended to the state's observation log (env/core/
// observation_log.h) with the seats that hear it. A public fact is one entry
// for everyone; a private one is two: the version its knowers hear and the
// version the other seats and the spectator hear ("your truth is adult" /
// "P2 gets a truth"). The spectator is no seat, so it always hears the
// second. State::seat_stream reads each seat's stream off the log, and the
// world sampler (sampler.cc) compares a rebuilt world's log with the seat's
// stream, so the two can never disagree.
#include <cstdint>

#include "env/core/error.h"
#include "env/core/observation_log.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

static_assert(kMaxPlayers <= kMaxAudienceSeats, "more Adulting seats than an audience has bits");

namespace {

Observation legal_word(Event e) {
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

Observation evidence(Event e) {
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

Observation legal_result(Event e) {
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

}  // namespace

Audience AdultingState::seat_bit(int seat) { return static_cast<Audience>(Audience{1} << seat); }

void AdultingState::log_public(const Observation& o) { log_observation(everyone_audience(num_players()), o); }

void AdultingState::log_split(Audience knowers, const Observation& seen, const Observation& hidden) {
  log_observation(knowers, seen);
  // The spectator hears the hidden version even when every seat knows.
  log_observation(static_cast<Audience>(everyone_audience(num_players()) & ~knowers), hidden);
}

// The rounds, the deck, the draw and the scoring phase.
void AdultingState::log_event(Event e) {
  switch (e.kind) {
    case EventKind::kRound:
      stream_facts_.dealer = e.seat;
      stream_facts_.num_commits = 0;
      return log_public(make_obs(Obs::kRound).add(e.a + 1).add(e.seat));
    case EventKind::kTopBack:
      return log_public(make_obs(Obs::kTopBack).add(adulting().num_cards() + e.a));
    case EventKind::kDraw:
      return log_public(make_obs(Obs::kDraws).add(e.seat).add(e.a));
    case EventKind::kIncome:
      return log_public(make_obs(Obs::kIncome).add(e.a));
    case EventKind::kScore:
      ++stream_facts_.columns[idx(e.seat)][e.b];
      return log_public(make_obs(static_cast<Obs>(static_cast<int>(Obs::kScoreHearts) + e.b)).add(e.seat).add(e.a));
    case EventKind::kDiscard:
      return log_public(make_obs(Obs::kDiscards).add(e.seat).add(e.a));
    case EventKind::kNoPlay:
      return log_public(make_obs(Obs::kPasses).add(e.seat));
    case EventKind::kBank:
      return log_public(make_obs(Obs::kBank).add(e.seat).add(e.a));
    case EventKind::kPay:
      return log_public(make_obs(Obs::kPays).add(e.seat).add(e.a).add(e.b));
    case EventKind::kPeek:
      log_public(make_obs(Obs::kPeeks).add(e.seat).add(e.a));
      return log_hand_seen(e.seat, e.a, peeked_[e.b]);
    case EventKind::kStealFrom:
      return log_public(make_obs(Obs::kStealsFrom).add(e.seat).add(e.a));
    case EventKind::kSteal:
      return log_split(static_cast<Audience>(seat_bit(e.seat) | seat_bit(e.b)),
                       make_obs(Obs::kTakes).add(e.seat).add(e.a).add(e.b),
                       make_obs(Obs::kTakesACard).add(e.seat).add(e.b));
    default:
      return log_sorting_event(e);
  }
}

// The hand a Peek shows, to the peeker alone, in chunks: an observation
// holds a list of at most kHandSeenChunk cards (and one, empty, for an empty
// hand).
void AdultingState::log_hand_seen(int peeker, int target, CardMask hand) {
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
    log_observation(seat_bit(peeker), o);
  } while (hand != 0);
}

// Sorting, bidding and the end.
void AdultingState::log_sorting_event(Event e) {
  switch (e.kind) {
    case EventKind::kTruth:
      return log_split(seat_bit(e.seat), make_obs(e.a ? Obs::kTruthAdult : Obs::kTruthChild),
                       make_obs(Obs::kTruthTo).add(e.seat));
    case EventKind::kClaim:
      return log_public(make_obs(e.a ? Obs::kClaimAdult : Obs::kClaimChild).add(e.seat));
    case EventKind::kVote:
      return log_public(make_obs(e.a ? Obs::kVoteUp : Obs::kVoteDown).add(e.seat));
    case EventKind::kVerdict:
      return log_public(make_obs(e.a ? Obs::kStands : Obs::kFalls).add(e.seat));
    case EventKind::kCommit:
      stream_facts_.commits[idx(stream_facts_.num_commits++)] = {e.seat, e.a};
      return log_split(seat_bit(e.seat), make_obs(Obs::kYouBid).add(e.a), make_obs(Obs::kCommits).add(e.seat));
    case EventKind::kReveal:
      for (int i = 0; i < stream_facts_.num_commits; ++i) {
        const StreamFacts::Commit& c = stream_facts_.commits[idx(i)];
        log_public(make_obs(Obs::kBidShown).add(c.seat).add(c.bid));
      }
      stream_facts_.num_commits = 0;
      return;
    case EventKind::kWin:
      return log_public(make_obs(Obs::kWins).add(e.seat).add(e.a).add(e.b));
    case EventKind::kRefund:
      return log_public(make_obs(Obs::kRefund).add(e.seat).add(e.a));
    case EventKind::kNoTaker:
      return log_public(make_obs(Obs::kNoTaker).add(e.a));
    case EventKind::kEnd:
      log_public(make_obs(e.a == 0 ? Obs::kEndSpade : Obs::kEndDeck));
      for (int s = 0; s < num_players(); ++s) {
        log_public(make_obs(Obs::kPoints).add(s).add(mantle_score(stream_facts_.columns[idx(s)])));
      }
      return;
    default:
      return log_work_event(e);
  }
}

// The work phase's events (variant=full).
void AdultingState::log_work_event(Event e) {
  switch (e.kind) {
    case EventKind::kEliminate:
      return log_public(make_obs(Obs::kEliminated).add(e.seat));
    case EventKind::kRuling:
      if (e.a == 0) return log_public(make_obs(Obs::kNoRuling).add(e.seat));
      // Whether the ruling was right: to the eliminated and the dealer.
      return log_split(static_cast<Audience>(seat_bit(e.seat) | seat_bit(stream_facts_.dealer)),
                       make_obs(e.a == 1 ? Obs::kRulingRight : Obs::kRulingWrong).add(e.seat),
                       make_obs(Obs::kRuling).add(e.seat));
    case EventKind::kMeasure:
      return log_split(seat_bit(e.seat), make_obs(Obs::kMeasured).add(e.a), make_obs(Obs::kMeasuredTo).add(e.seat));
    case EventKind::kDeclare:
      return log_public(make_obs(Obs::kDeclares).add(e.seat).add(e.a));
    case EventKind::kPayout:
      return log_public(make_obs(Obs::kPayout).add(e.seat).add(e.a));
    case EventKind::kQuality:
      return log_public(make_obs(Obs::kQuality).add(e.seat).add(e.a));
    case EventKind::kRank:
      return log_public(make_obs(Obs::kRanks).add(e.seat).add(e.a));
    case EventKind::kDisqualify:
      return log_public(make_obs(Obs::kDisqualified).add(e.seat));
    default:
      return log_legal_event(e);
  }
}

// The legal system's events (legal=true). The extra taken is private to the
// taker and the watchers; everything else is public.
void AdultingState::log_legal_event(Event e) {
  switch (e.kind) {
    case EventKind::kLegal:
      return log_public(legal_word(e));
    case EventKind::kEvidence:
      return log_public(evidence(e));
    case EventKind::kLegalResult:
      return log_public(legal_result(e));
    case EventKind::kExtra:
      stream_facts_.extra = e.a;
      return log_split(seat_bit(e.seat), make_obs(Obs::kYouTakeExtra).add(e.a),
                       make_obs(Obs::kChoosesExtra).add(e.seat));
    case EventKind::kWatch:
      log_public(make_obs(e.a ? Obs::kWatches : Obs::kDoesNotWatch).add(e.seat));
      // A watcher sees the extra taken, right after its watch.
      if (e.a) log_observation(seat_bit(e.seat), make_obs(Obs::kSeesExtra).add(e.b).add(stream_facts_.extra));
      return;
    case EventKind::kPayBank:
      return log_public(make_obs(Obs::kPaysBank).add(e.seat).add(e.a));
    default:
      KIBITZ_CHECK(false, "adulting: no observation for event kind ", static_cast<int>(e.kind));
  }
}

}  // namespace kibitz::adulting
