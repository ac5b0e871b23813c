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
//
// Each entry is built in place in the log (log_to returns it, and the
// caller add()s its values): building an Observation on the stack and
// copying it in made the copy read back, in wide loads, what narrow stores
// had just written, a store-forwarding stall per entry (a random game logs
// about 1,900 entries).
#include <cstdint>

#include "env/core/error.h"
#include "env/core/observation_log.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream.h"

namespace kibitz::adulting {

static_assert(kMaxPlayers <= kMaxAudienceSeats, "more Adulting seats than an audience has bits");

namespace {

// What a legal-system event says, to be logged in place: its kind, and
// whether the event's seat, then its b, follow as values.
struct Said {
  Obs kind;
  bool seat = false;
  bool b = false;
};

Said legal_word(Event e) {
  switch (static_cast<LegalWord>(e.a)) {
    case LegalWord::kAppeals: return {Obs::kAppeals, true};
    case LegalWord::kAccepts: return {Obs::kNoAppeal, true};
    case LegalWord::kSues: return {Obs::kSues, true, true};
    case LegalWord::kNoSuit: return {Obs::kNoSuit, true};
    case LegalWord::kProposes: return {Obs::kProposes, true, true};
    case LegalWord::kAllows: return {Obs::kAllows, true};
    case LegalWord::kDismisses: return {Obs::kDismisses, true};
    case LegalWord::kSetsPrice: return {Obs::kSetsPrice, true, true};
    case LegalWord::kConcedes: return {Obs::kConcedes, true};
    case LegalWord::kFights: return {Obs::kFights, true};
    case LegalWord::kCallsOut: return {Obs::kCallsOut, true, true};
    case LegalWord::kStaysQuiet: return {Obs::kStaysQuiet, true};
    case LegalWord::kMoves: return {Obs::kImpeaches, true};
    case LegalWord::kNoMotion: return {Obs::kNoImpeach, true};
  }
  KIBITZ_CHECK(false, "adulting: no legal word ", static_cast<int>(e.a));
  return {Obs::kEvidenceNone};  // not reached
}

Said evidence(Event e) {
  switch (static_cast<LegalEvidence>(e.a)) {
    case LegalEvidence::kNone: return {Obs::kEvidenceNone};
    case LegalEvidence::kRight: return {Obs::kEvidenceRight, true};
    case LegalEvidence::kWrong: return {Obs::kEvidenceWrong, true};
    case LegalEvidence::kMeasure: return {Obs::kEvidenceMeasure, true, true};
    case LegalEvidence::kFair: return {Obs::kEvidenceFair};
    case LegalEvidence::kCorrupt: return {Obs::kEvidenceCorrupt};
  }
  KIBITZ_CHECK(false, "adulting: no evidence ", static_cast<int>(e.a));
  return {Obs::kEvidenceNone};  // not reached
}

Said legal_result(Event e) {
  switch (static_cast<LegalResult>(e.a)) {
    case LegalResult::kOverturned: return {Obs::kOverturned, true};
    case LegalResult::kUpheld: return {Obs::kUpheld, true};
    case LegalResult::kGuilty: return {Obs::kGuilty, true};
    case LegalResult::kNotGuilty: return {Obs::kNotGuilty, true};
    case LegalResult::kImpeachPasses: return {Obs::kImpeachPasses, true};
    case LegalResult::kImpeachFails: return {Obs::kImpeachFails, true};
    case LegalResult::kExtraShown: return {Obs::kExtraShown, true, true};
  }
  KIBITZ_CHECK(false, "adulting: no legal result ", static_cast<int>(e.a));
  return {Obs::kEvidenceNone};  // not reached
}

// Adds the values `said` names to `o`, an entry just logged.
void add_values(Observation& o, Event e, Said said) {
  if (said.seat) o.add(e.seat);
  if (said.b) o.add(e.b);
}

}  // namespace

Audience AdultingState::seat_bit(int seat) { return static_cast<Audience>(Audience{1} << seat); }

Observation& AdultingState::log_to(Audience audience, Obs kind) {
  return log_observation(audience, static_cast<int>(kind));
}

Observation& AdultingState::log_public(Obs kind) { return log_to(everyone_audience(num_players()), kind); }

Audience AdultingState::all_but(Audience knowers) const {
  // The spectator hears the hidden version even when every seat knows.
  return static_cast<Audience>(everyone_audience(num_players()) & ~knowers);
}


// The rounds, the deck, the draw and the scoring phase.
void AdultingState::log_event(Event e) {
  switch (e.kind) {
    case EventKind::kRound:
      stream_facts_.dealer = e.seat;
      stream_facts_.num_commits = 0;
      log_public(Obs::kRound).add(e.a + 1).add(e.seat);
      return;
    case EventKind::kTopBack:
      log_public(Obs::kTopBack).add(adulting().num_cards() + e.a);
      return;
    case EventKind::kDraw:
      log_public(Obs::kDraws).add(e.seat).add(e.a);
      return;
    case EventKind::kIncome:
      log_public(Obs::kIncome).add(e.a);
      return;
    case EventKind::kScore:
      ++stream_facts_.columns[idx(e.seat)][e.b];
      log_public(static_cast<Obs>(static_cast<int>(Obs::kScoreHearts) + e.b)).add(e.seat).add(e.a);
      return;
    case EventKind::kDiscard:
      log_public(Obs::kDiscards).add(e.seat).add(e.a);
      return;
    case EventKind::kNoPlay:
      log_public(Obs::kPasses).add(e.seat);
      return;
    case EventKind::kBank:
      log_public(Obs::kBank).add(e.seat).add(e.a);
      return;
    case EventKind::kPay:
      log_public(Obs::kPays).add(e.seat).add(e.a).add(e.b);
      return;
    case EventKind::kPeek:
      log_public(Obs::kPeeks).add(e.seat).add(e.a);
      return log_hand_seen(e.seat, e.a, peeked_[e.b]);
    case EventKind::kStealFrom:
      log_public(Obs::kStealsFrom).add(e.seat).add(e.a);
      return;
    case EventKind::kSteal: {
      const auto knowers = static_cast<Audience>(seat_bit(e.seat) | seat_bit(e.b));
      log_to(knowers, Obs::kTakes).add(e.seat).add(e.a).add(e.b);
      log_to(all_but(knowers), Obs::kTakesACard).add(e.seat).add(e.b);
      return;
    }
    default:
      return log_sorting_event(e);
  }
}

// The hand a Peek shows, to the peeker alone, in chunks: an observation
// holds a list of at most kHandSeenChunk cards (and one, empty, for an empty
// hand).
void AdultingState::log_hand_seen(int peeker, int target, CardMask hand) {
  do {
    int count = 0;
    CardMask chunk = 0;
    for (CardMask rest = hand; rest != 0 && count < kHandSeenChunk; rest &= rest - 1, ++count) {
      chunk |= rest & (~rest + 1);
    }
    Observation& o = log_to(seat_bit(peeker), Obs::kHandSeen).add(target).add(count);
    for (CardMask rest = chunk; rest != 0; rest &= rest - 1) o.add(__builtin_ctzll(rest));
    hand &= ~chunk;
  } while (hand != 0);
}

// Sorting, bidding and the end.
void AdultingState::log_sorting_event(Event e) {
  switch (e.kind) {
    case EventKind::kTruth:
      log_to(seat_bit(e.seat), e.a ? Obs::kTruthAdult : Obs::kTruthChild);
      log_to(all_but(seat_bit(e.seat)), Obs::kTruthTo).add(e.seat);
      return;
    case EventKind::kClaim:
      log_public(e.a ? Obs::kClaimAdult : Obs::kClaimChild).add(e.seat);
      return;
    case EventKind::kVote:
      log_public(e.a ? Obs::kVoteUp : Obs::kVoteDown).add(e.seat);
      return;
    case EventKind::kVerdict:
      log_public(e.a ? Obs::kStands : Obs::kFalls).add(e.seat);
      return;
    case EventKind::kCommit:
      stream_facts_.commits[idx(stream_facts_.num_commits++)] = {e.seat, e.a};
      log_to(seat_bit(e.seat), Obs::kYouBid).add(e.a);
      log_to(all_but(seat_bit(e.seat)), Obs::kCommits).add(e.seat);
      return;
    case EventKind::kReveal:
      for (int i = 0; i < stream_facts_.num_commits; ++i) {
        const StreamFacts::Commit& c = stream_facts_.commits[idx(i)];
        log_public(Obs::kBidShown).add(c.seat).add(c.bid);
      }
      stream_facts_.num_commits = 0;
      return;
    case EventKind::kWin:
      log_public(Obs::kWins).add(e.seat).add(e.a).add(e.b);
      return;
    case EventKind::kRefund:
      log_public(Obs::kRefund).add(e.seat).add(e.a);
      return;
    case EventKind::kNoTaker:
      log_public(Obs::kNoTaker).add(e.a);
      return;
    case EventKind::kEnd:
      log_public(e.a == 0 ? Obs::kEndSpade : Obs::kEndDeck);
      for (int s = 0; s < num_players(); ++s) {
        log_public(Obs::kPoints).add(s).add(mantle_score(stream_facts_.columns[idx(s)]));
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
      log_public(Obs::kEliminated).add(e.seat);
      return;
    case EventKind::kRuling: {
      if (e.a == 0) {
        log_public(Obs::kNoRuling).add(e.seat);
        return;
      }
      // Whether the ruling was right: to the eliminated and the dealer.
      const auto knowers = static_cast<Audience>(seat_bit(e.seat) | seat_bit(stream_facts_.dealer));
      log_to(knowers, e.a == 1 ? Obs::kRulingRight : Obs::kRulingWrong).add(e.seat);
      log_to(all_but(knowers), Obs::kRuling).add(e.seat);
      return;
    }
    case EventKind::kMeasure:
      log_to(seat_bit(e.seat), Obs::kMeasured).add(e.a);
      log_to(all_but(seat_bit(e.seat)), Obs::kMeasuredTo).add(e.seat);
      return;
    case EventKind::kDeclare:
      log_public(Obs::kDeclares).add(e.seat).add(e.a);
      return;
    case EventKind::kPayout:
      log_public(Obs::kPayout).add(e.seat).add(e.a);
      return;
    case EventKind::kQuality:
      log_public(Obs::kQuality).add(e.seat).add(e.a);
      return;
    case EventKind::kRank:
      log_public(Obs::kRanks).add(e.seat).add(e.a);
      return;
    case EventKind::kDisqualify:
      log_public(Obs::kDisqualified).add(e.seat);
      return;
    default:
      return log_legal_event(e);
  }
}

// The legal system's events (legal=true). The extra taken is private to the
// taker and the watchers; everything else is public.
void AdultingState::log_legal_event(Event e) {
  switch (e.kind) {
    case EventKind::kLegal: {
      const Said said = legal_word(e);
      return add_values(log_public(said.kind), e, said);
    }
    case EventKind::kEvidence: {
      const Said said = evidence(e);
      return add_values(log_public(said.kind), e, said);
    }
    case EventKind::kLegalResult: {
      const Said said = legal_result(e);
      return add_values(log_public(said.kind), e, said);
    }
    case EventKind::kExtra:
      stream_facts_.extra = e.a;
      log_to(seat_bit(e.seat), Obs::kYouTakeExtra).add(e.a);
      log_to(all_but(seat_bit(e.seat)), Obs::kChoosesExtra).add(e.seat);
      return;
    case EventKind::kWatch:
      log_public(e.a ? Obs::kWatches : Obs::kDoesNotWatch).add(e.seat);
      // A watcher sees the extra taken, right after its watch.
      if (e.a) log_to(seat_bit(e.seat), Obs::kSeesExtra).add(e.b).add(stream_facts_.extra);
      return;
    case EventKind::kPayBank:
      log_public(Obs::kPaysBank).add(e.seat).add(e.a);
      return;
    default:
      KIBITZ_CHECK(false, "adulting: no observation for event kind ", static_cast<int>(e.kind));
  }
}

}  // namespace kibitz::adulting
