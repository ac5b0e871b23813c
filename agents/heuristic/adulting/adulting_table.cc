#include "agents/heuristic/adulting/adulting_table.h"

#include "env/games/adulting/stream.h"

namespace kibitz::adulting::bot {
namespace {

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

}  // namespace

Table::Table(const AdultingGame& game, int viewer) : knowledge(game, viewer) {}

bool Table::ruling_known_wrong(int seat) const {
  return knowledge.ruling[at(seat)] == 2 || shown_ruling[at(seat)] == 2;
}

bool Table::ruling_known_right(int seat) const {
  return knowledge.ruling[at(seat)] == 1 || shown_ruling[at(seat)] == 1;
}

bool Table::ranking_breaks_qualities() const {
  for (int i = 1; i < knowledge.rankings; ++i) {
    if (knowledge.quality[at(rank_order[at(i - 1)])] < knowledge.quality[at(rank_order[at(i)])]) return true;
  }
  return false;
}

void Table::new_round() {
  qualified = 0;
  declared_mask = 0;
  last_declarer = prosecutor = defendant = ruled_seat = extra_payee = -1;
  proposed_price = 0;
  shown_ruling = {};
  seen_extra = {};
  rank_order = {};
  vote_on = VoteOn::kNone;
  subject = -1;
  evidence = Evidence::kNone;
  evidence_value = -1;
}

void Table::open_vote(VoteOn on, int seat) {
  vote_on = on;
  subject = seat;
  evidence = Evidence::kNone;
  evidence_value = -1;
}

void Table::read(const Observation& o) {
  // Knowledge first: the rules below read the round's card from it.
  knowledge.read(o);
  const int v0 = o.size > 0 ? o.value(0) : 0;
  const int v1 = o.size > 1 ? o.value(1) : 0;
  switch (obs_kind(o)) {
    case Obs::kRound: new_round(); return;
    case Obs::kDiscards:
      if (game().card(v1).effect == Effect::kQualify) qualified |= 1u << v0;
      if (v0 == viewer()) my_discard = v1;
      return;
    case Obs::kClaimAdult:
    case Obs::kClaimChild: {
      // The card's adult chance is what an honest claimer's record follows.
      const double p = knowledge.card >= 0 ? game().card(knowledge.card).adult : 0.5;
      ClaimRecord& r = claims[at(v0)];
      ++r.claims;
      r.expected += p;
      r.variance += p * (1.0 - p);
      if (obs_kind(o) == Obs::kClaimAdult) {
        ++r.adult;
        open_vote(VoteOn::kClaim, v0);
      }
      return;
    }
    case Obs::kStands: qualified |= 1u << v0; return;
    case Obs::kDeclares:
      declared_mask |= 1u << v0;
      last_declarer = v0;
      return;
    case Obs::kNoRuling:
    case Obs::kRuling:
    case Obs::kRulingRight:
    case Obs::kRulingWrong: ruled_seat = v0; return;
    case Obs::kRanks:
      // Knowledge has counted this ranking already.
      if (knowledge.rankings > 0 && knowledge.rankings <= kMaxPlayers) rank_order[at(knowledge.rankings - 1)] = v1;
      return;
    default: read_legal(o); return;
  }
}

// The legal system's steps: who is in the case, what the vote decides, and
// what oral arguments and watching showed.
void Table::read_legal(const Observation& o) {
  const int v0 = o.size > 0 ? o.value(0) : 0;
  const int v1 = o.size > 1 ? o.value(1) : 0;
  switch (obs_kind(o)) {
    case Obs::kAppeals: open_vote(VoteOn::kAppeal, v0); return;
    case Obs::kEvidenceNone: evidence = Evidence::kNone; return;
    case Obs::kEvidenceRight:
      evidence = Evidence::kRight;
      shown_ruling[at(v0)] = 1;
      return;
    case Obs::kEvidenceWrong:
      evidence = Evidence::kWrong;
      shown_ruling[at(v0)] = 2;
      return;
    case Obs::kEvidenceMeasure:
      evidence = Evidence::kMeasure;
      evidence_value = v1;
      return;
    case Obs::kEvidenceFair: evidence = Evidence::kFair; return;
    case Obs::kEvidenceCorrupt: evidence = Evidence::kCorrupt; return;
    case Obs::kSues:
      prosecutor = v0;
      defendant = v1;
      proposed_price = 0;
      return;
    case Obs::kProposes: proposed_price = v1; return;
    case Obs::kFights: open_vote(VoteOn::kLawsuit, v0); return;
    case Obs::kImpeaches: open_vote(VoteOn::kImpeach, v0); return;
    case Obs::kYouTakeExtra: extra_payee = viewer(); return;
    case Obs::kChoosesExtra: extra_payee = v0; return;
    case Obs::kSeesExtra: seen_extra[at(v0)] = static_cast<std::int8_t>(v1); return;
    default: return;
  }
}

}  // namespace kibitz::adulting::bot
