// Adulting's part of the replay viewer's document: the bid-and-claim
// report's events (replays/analysis/adulting/adulting_events.h) placed at steps. The
// events keep no step of their own, but they are read from seat 0's stream
// in order (a claim per claim entry, a bid per revealed bid, a declaration
// per declaration entry), so the n-th event of a kind belongs to the n-th
// entry of that kind. A bid is placed at its bidder's own "you bid" entry:
// the step it bid, not the later reveal.
#include "web/games/adulting/viewer_notes.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/adulting/adulting_game.h"
#include "env/games/adulting/stream.h"
#include "replays/analysis/adulting/adulting_events.h"

namespace kibitz::web::view {
namespace {

namespace ad = adulting;
using replays::analysis::AdultingBid;
using replays::analysis::AdultingClaim;
using replays::analysis::AdultingDeclaration;
using replays::analysis::AdultingGameEvents;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::string seat(int s) { return "P" + std::to_string(s); }

// The steps of `seat`'s stream entries whose kind is one of `kinds`, in order.
std::vector<int> steps_of(const ReplayedRecord& replayed, int seat, std::initializer_list<ad::Obs> kinds) {
  std::vector<int> out;
  const SeatStream& stream = replayed.streams[at(seat)];
  for (std::size_t i = 0; i < stream.size(); ++i) {
    if (std::find(kinds.begin(), kinds.end(), ad::obs_kind(stream[i])) != kinds.end()) {
      out.push_back(replayed.step_of(seat, i));
    }
  }
  return out;
}

int nth(const std::vector<int>& steps, std::size_t n, int last) { return n < steps.size() ? steps[n] : last; }

void add_claims(const AdultingGameEvents& events, const ReplayedRecord& replayed, std::vector<ViewAnnotation>& out) {
  const std::vector<int> steps = steps_of(replayed, 0, {ad::Obs::kClaimAdult, ad::Obs::kClaimChild});
  for (std::size_t i = 0; i < events.claims.size(); ++i) {
    const AdultingClaim& c = events.claims[i];
    const std::string claimed = c.claim_adult ? "adult" : "child";
    std::string text = seat(c.seat) + " claimed " + claimed;
    if (c.lie()) {
      text += std::string(" while ") + (c.truth_adult ? "an adult" : "a child") + ": a lie";
      if (c.claim_adult) text += c.stands ? " that stood" : " that was voted down";
      if (c.successful_bluff()) text += ", and it won the card";
    } else {
      text += ": the truth";
      if (c.voted_down()) text += ", voted down all the same";
    }
    out.push_back({nth(steps, i, replayed.moves), c.seat, c.lie() ? "lie" : "claim", text});
  }
}

void add_bids(const AdultingGameEvents& events, const ReplayedRecord& replayed, std::vector<ViewAnnotation>& out) {
  std::vector<std::vector<int>> own_steps;
  for (int s = 0; s < events.players; ++s) own_steps.push_back(steps_of(replayed, s, {ad::Obs::kYouBid}));
  std::vector<std::size_t> used(at(events.players), 0);
  for (const auto& auction : events.auctions) {
    const std::string card = auction.card >= 0 && at(auction.card) < events.card_names.size()
                                 ? events.card_names[at(auction.card)]
                                 : std::string("the card");
    for (const AdultingBid& b : auction.bids) {
      std::string text = seat(b.seat) + " bid " + std::to_string(b.bid) + " for " + card + ", worth " +
                         std::to_string(b.value) + " to it";
      if (b.overbid()) text += ": an overbid by " + std::to_string(b.bid - b.value);
      if (b.won) text += std::string(b.overbid() ? ", and" : ";") + " it won the card";
      const int step = nth(own_steps[at(b.seat)], used[at(b.seat)]++, replayed.moves);
      out.push_back({step, b.seat, b.overbid() ? "overbid" : "bid", text});
    }
  }
}

void add_declarations(const AdultingGameEvents& events, const ReplayedRecord& replayed,
                      std::vector<ViewAnnotation>& out) {
  const std::vector<int> steps = steps_of(replayed, 0, {ad::Obs::kDeclares});
  for (std::size_t i = 0; i < events.declarations.size(); ++i) {
    const AdultingDeclaration& d = events.declarations[i];
    std::string text = seat(d.seat) + " declared " + std::to_string(d.declared);
    if (d.measured >= 0) text += ", measured " + std::to_string(d.measured);
    if (d.inflated()) text += ": inflated by " + std::to_string(d.declared - d.measured);
    if (d.prosecutor >= 0) {
      text += " (sued by " + seat(d.prosecutor) + ": " + replays::analysis::verdict_name(d.verdict) + ")";
    }
    out.push_back({nth(steps, i, replayed.moves), d.seat, d.inflated() ? "inflated" : "declaration", text});
  }
}

}  // namespace

GameNotes adulting_notes(const ReplayedRecord& replayed) {
  const auto* game = dynamic_cast<const ad::AdultingGame*>(&replayed.state->game());
  if (game == nullptr) return {};
  const AdultingGameEvents events = replays::analysis::adulting_events(*game, replayed.streams);
  GameNotes notes;
  add_claims(events, replayed, notes.annotations);
  add_bids(events, replayed, notes.annotations);
  add_declarations(events, replayed, notes.annotations);
  return notes;
}

}  // namespace kibitz::web::view
