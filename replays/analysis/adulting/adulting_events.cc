#include "replays/analysis/adulting/adulting_events.h"

#include <utility>

#include "env/core/error.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/knowledge.h"
#include "env/games/adulting/manifest.h"
#include "env/games/adulting/stream.h"
#include "env/games/adulting/valuation.h"
#include "replays/analysis/report_events_common.h"

namespace kibitz::replays::analysis {

namespace ad = adulting;
using ad::Obs;

namespace {

// The public facts of the game, read from one stream (any seat sees them
// alike; private kinds are skipped): claims with their votes and verdicts,
// the revealed bids, winners, refunds, declarations and lawsuits, the end.
class PublicReader {
 public:
  explicit PublicReader(AdultingGameEvents& out) : out_(out) {}

  void read(const Observation& o) {
    const int v0 = o.size > 0 ? o.value(0) : 0;
    const int v1 = o.size > 1 ? o.value(1) : 0;
    switch (ad::obs_kind(o)) {
      case Obs::kRound: round_ = v0 - 1; out_.rounds = v0; return;
      case Obs::kDraws: card_ = v1; return;
      case Obs::kClaimAdult:
      case Obs::kClaimChild: claim(v0, ad::obs_kind(o) == Obs::kClaimAdult); return;
      case Obs::kVoteUp:
      case Obs::kVoteDown:
        // Votes outside a claim's vote belong to the legal system's steps.
        if (voting_ >= 0) ++(ad::obs_kind(o) == Obs::kVoteUp ? claims()[voting_].ups : claims()[voting_].downs);
        return;
      case Obs::kStands:
      case Obs::kFalls: verdict(v0, ad::obs_kind(o) == Obs::kStands); return;
      case Obs::kBidShown: shown(v0, v1); return;
      case Obs::kWins: win(v0, v1, o.value(2)); return;
      case Obs::kRefund: bid_of(v0, "a refund").refund = v1; return;
      case Obs::kNoTaker: auction().card = v0; return;
      case Obs::kEndSpade:
      case Obs::kEndDeck: out_.finished = true; return;
      case Obs::kPoints: out_.points.push_back(v1); return;
      default: read_legal(o, v0, v1); return;
    }
  }

 private:
  std::vector<AdultingClaim>& claims() { return out_.claims; }

  void claim(int seat, bool adult) {
    AdultingClaim c;
    c.round = round_;
    c.seat = seat;
    c.claim_adult = adult;
    claims().push_back(c);
    voting_ = adult ? static_cast<int>(claims().size()) - 1 : -1;
  }

  void verdict(int seat, bool stands) {
    if (voting_ < 0 || claims()[static_cast<std::size_t>(voting_)].seat != seat) {
      throw error("round ", round_ + 1, ": a verdict on ", ad::seat_name(seat), "'s claim, which is not being voted");
    }
    claims()[static_cast<std::size_t>(voting_)].stands = stands;
    voting_ = -1;
  }

  // This round's auction, opened by its first bid or its end.
  AdultingAuction& auction() {
    if (out_.auctions.empty() || out_.auctions.back().round != round_) {
      AdultingAuction a;
      a.round = round_;
      a.card = card_;
      out_.auctions.push_back(std::move(a));
    }
    return out_.auctions.back();
  }

  void shown(int seat, int amount) {
    AdultingBid bid;
    bid.seat = seat;
    bid.bid = amount;
    auction().bids.push_back(bid);
  }

  AdultingBid& bid_of(int seat, const char* what) {
    for (AdultingBid& bid : auction().bids) {
      if (bid.seat == seat) return bid;
    }
    throw error("round ", round_ + 1, ": ", what, " for ", ad::seat_name(seat), ", who did not bid");
  }

  void win(int seat, int card, int price) {
    AdultingAuction& a = auction();
    a.card = card;
    a.winner = seat;
    a.price = price;
    bid_of(seat, "a win").won = true;
    for (AdultingClaim& c : claims()) {
      if (c.round == round_ && c.seat == seat) c.won_card = true;
    }
  }

  // Declarations and lawsuits (variant=full; the legal system's kinds).
  void read_legal(const Observation& o, int v0, int v1) {
    switch (ad::obs_kind(o)) {
      case Obs::kDeclares:
        declare(v0, v1);
        return;
      case Obs::kSues: sue(v0, v1); return;
      case Obs::kProposes: if (open_ >= 0) declaration().proposed = v1; return;
      case Obs::kSetsPrice: if (open_ >= 0) declaration().price = v1; return;
      case Obs::kDismisses: close(Verdict::kDismissed); return;
      case Obs::kConcedes: close_for(v0, Verdict::kConceded); return;
      case Obs::kGuilty: close_for(v0, Verdict::kGuilty); return;
      case Obs::kNotGuilty: close_for(v0, Verdict::kNotGuilty); return;
      default: return;
    }
  }

  void declare(int seat, int value) {
    AdultingDeclaration d;
    d.round = round_;
    d.seat = seat;
    d.declared = value;
    out_.declarations.push_back(d);
  }

  AdultingDeclaration& declaration() { return out_.declarations[static_cast<std::size_t>(open_)]; }

  void sue(int prosecutor, int defendant) {
    for (int i = static_cast<int>(out_.declarations.size()) - 1; i >= 0; --i) {
      AdultingDeclaration& d = out_.declarations[static_cast<std::size_t>(i)];
      if (d.round == round_ && d.seat == defendant) {
        d.prosecutor = prosecutor;
        d.verdict = Verdict::kOpen;
        open_ = i;
        return;
      }
    }
    throw error("round ", round_ + 1, ": ", ad::seat_name(prosecutor), " sues ", ad::seat_name(defendant),
                ", who declared nothing this round");
  }

  void close(Verdict verdict) {
    if (open_ < 0) throw error("round ", round_ + 1, ": a lawsuit's end with no lawsuit open");
    declaration().verdict = verdict;
    open_ = -1;
  }

  void close_for(int defendant, Verdict verdict) {
    if (open_ >= 0 && declaration().seat != defendant) {
      throw error("round ", round_ + 1, ": ", verdict_name(verdict), " for ", ad::seat_name(defendant),
                  ", who is not the defendant");
    }
    close(verdict);
  }

  AdultingGameEvents& out_;
  int round_ = -1;
  int card_ = -1;
  int voting_ = -1;  // the adult claim being voted on
  int open_ = -1;    // the declaration whose lawsuit is open
};

// Seat `seat`'s private facts, read from its own stream into the public
// record: its truth at each claim, the card's value to it at each bid, its
// measurement at each declaration.
void read_private(const ad::AdultingGame& game, int seat, std::span<const Observation> stream,
                  AdultingGameEvents& out) {
  ad::Knowledge knowledge(game, seat);
  int truth = -1;
  int measured = -1;
  std::size_t claims = 0;
  std::size_t auctions = 0;
  std::size_t declarations = 0;
  const auto s = static_cast<std::size_t>(seat);
  for (const Observation& o : stream) {
    switch (ad::obs_kind(o)) {
      case Obs::kRound: truth = measured = -1; break;
      case Obs::kTruthAdult: truth = 1; break;
      case Obs::kTruthChild: truth = 0; break;
      case Obs::kMeasured: measured = o.value(0); break;
      case Obs::kClaimAdult:
      case Obs::kClaimChild:
        if (o.value(0) != seat) break;
        while (claims < out.claims.size() &&
               !(out.claims[claims].seat == seat && out.claims[claims].round == knowledge.round)) {
          ++claims;
        }
        if (claims == out.claims.size() || truth < 0) {
          throw error(ad::seat_name(seat), "'s stream: a claim in round ", knowledge.round + 1,
                      " with no truth before it");
        }
        out.claims[claims].truth_adult = truth == 1;
        break;
      case Obs::kYouBid: {
        while (auctions < out.auctions.size() && out.auctions[auctions].round != knowledge.round) ++auctions;
        AdultingBid* bid = nullptr;
        if (auctions < out.auctions.size()) {
          for (AdultingBid& b : out.auctions[auctions].bids) {
            if (b.seat == seat) bid = &b;
          }
        }
        if (bid == nullptr || bid->bid != o.value(0) || knowledge.card < 0) {
          throw error(ad::seat_name(seat), "'s stream: its bid in round ", knowledge.round + 1,
                      " is not among the revealed bids");
        }
        bid->value = ad::marginal_value(game, knowledge.columns[s], knowledge.held[s], knowledge.card);
        bid->monies = knowledge.monies[s];
        break;
      }
      case Obs::kDeclares:
        if (o.value(0) != seat) break;
        while (declarations < out.declarations.size() &&
               !(out.declarations[declarations].seat == seat &&
                 out.declarations[declarations].round == knowledge.round)) {
          ++declarations;
        }
        if (declarations < out.declarations.size()) out.declarations[declarations].measured = measured;
        break;
      default: break;
    }
    knowledge.read(o);  // after: the knowledge is the seat's as it acted
  }
}

}  // namespace

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kNone: return "none";
    case Verdict::kOpen: return "open";
    case Verdict::kDismissed: return "dismissed";
    case Verdict::kConceded: return "conceded";
    case Verdict::kGuilty: return "guilty";
    case Verdict::kNotGuilty: return "not guilty";
  }
  return "?";
}

AdultingGameEvents adulting_events(const ad::AdultingGame& game, std::span<const SeatStream> streams) {
  if (static_cast<int>(streams.size()) != game.num_players()) {
    throw error("adulting events: ", streams.size(), " streams for ", game.num_players(), " seats");
  }
  AdultingGameEvents out;
  out.players = game.num_players();
  for (const ad::Card& card : game.deck().cards) out.card_names.push_back(card.name);
  PublicReader reader(out);
  for (const Observation& o : streams[0]) reader.read(o);
  for (int seat = 0; seat < out.players; ++seat) {
    read_private(game, seat, streams[static_cast<std::size_t>(seat)], out);
  }
  if (!out.finished) out.points.clear();
  return out;
}

bool is_adulting_record(const ReplayRecord& record) { return is_record_of(record, adulting::kGameName); }

AdultingGameEvents adulting_events(const ReplayRecord& record, std::size_t record_index) {
  return record_events<ad::AdultingGame>(record, record_index, "not an Adulting game",
                                         [](const ad::AdultingGame& game, std::span<const SeatStream> streams) {
                                           return adulting_events(game, streams);
                                         });
}

}  // namespace kibitz::replays::analysis
