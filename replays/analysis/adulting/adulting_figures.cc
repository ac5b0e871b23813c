#include "replays/analysis/adulting/adulting_figures.h"

#include <algorithm>
#include <limits>

namespace kibitz::replays::analysis {

namespace {

std::string seat_text(const AdultingGameEvents& game, int seat) {
  std::string text = "P" + std::to_string(seat);
  const auto s = static_cast<std::size_t>(seat);
  if (s < game.agents.size()) text += " (" + game.agents[s] + ")";
  return text;
}

std::string card_text(const AdultingGameEvents& game, int card) {
  const auto c = static_cast<std::size_t>(card);
  return card >= 0 && c < game.card_names.size() ? game.card_names[c] : "card " + std::to_string(card);
}

// Whether `seat` has the top return of a finished game.
bool won_game(const AdultingGameEvents& game, int seat) {
  if (game.returns.empty()) return false;
  const double top = *std::max_element(game.returns.begin(), game.returns.end());
  return game.returns[static_cast<std::size_t>(seat)] == top;
}

void tally_claims(const AdultingGameEvents& game, int seat, AdultingTally& t) {
  for (const AdultingClaim& c : game.claims) {
    if (c.seat != seat) continue;
    ++t.claims;
    t.lies += c.lie();
    if (c.adult_lie()) {
      ++t.adult_lies;
      t.adult_lies_caught += c.voted_down();
    } else if (c.claim_adult) {
      ++t.truthful_adult_claims;
      t.false_accusations += c.voted_down();
    }
    t.successful_bluffs += c.successful_bluff();
  }
}

void tally_bids(const AdultingGameEvents& game, int seat, AdultingTally& t) {
  for (const AdultingAuction& a : game.auctions) {
    for (const AdultingBid& b : a.bids) {
      if (b.seat != seat) continue;
      ++t.bids;
      t.overbids += b.overbid();
      t.underbids += b.underbid();
      t.capped_underbids += b.underbid() && b.monies < b.value;
      t.value_sum += b.value;
      t.bid_sum += b.bid;
      if (b.refund > 0) {
        ++t.refunds;
        t.refunded += b.refund;
      }
      if (b.won) {
        ++t.auction_wins;
        t.cursed_wins += a.price > b.value;
        t.margin_sum += a.price - b.value;
      }
    }
  }
}

void tally_declarations(const AdultingGameEvents& game, int seat, AdultingTally& t) {
  for (const AdultingDeclaration& d : game.declarations) {
    if (d.prosecutor == seat) ++t.suits_brought;
    if (d.seat != seat) continue;
    ++t.declarations;
    t.inflated += d.inflated();
    if (d.prosecutor < 0) continue;
    ++t.sued;
    t.sued_inflated += d.inflated();
    t.dismissed += d.verdict == Verdict::kDismissed;
    t.conceded += d.verdict == Verdict::kConceded;
    t.guilty += d.verdict == Verdict::kGuilty;
    t.not_guilty += d.verdict == Verdict::kNotGuilty;
  }
}

}  // namespace

void AdultingTally::add(const AdultingTally& o) {
  games += o.games;
  game_wins += o.game_wins;
  game_wins_with_bluff += o.game_wins_with_bluff;
  claims += o.claims;
  lies += o.lies;
  adult_lies += o.adult_lies;
  adult_lies_caught += o.adult_lies_caught;
  truthful_adult_claims += o.truthful_adult_claims;
  false_accusations += o.false_accusations;
  successful_bluffs += o.successful_bluffs;
  bids += o.bids;
  overbids += o.overbids;
  underbids += o.underbids;
  capped_underbids += o.capped_underbids;
  auction_wins += o.auction_wins;
  cursed_wins += o.cursed_wins;
  margin_sum += o.margin_sum;
  refunds += o.refunds;
  refunded += o.refunded;
  value_sum += o.value_sum;
  bid_sum += o.bid_sum;
  declarations += o.declarations;
  inflated += o.inflated;
  sued += o.sued;
  sued_inflated += o.sued_inflated;
  suits_brought += o.suits_brought;
  dismissed += o.dismissed;
  conceded += o.conceded;
  guilty += o.guilty;
  not_guilty += o.not_guilty;
}

AdultingRates rates(const AdultingTally& t) {
  AdultingRates r;
  r.lie = wilson(t.lies, t.claims);
  r.adult_lie = wilson(t.adult_lies, t.claims);
  r.caught = wilson(t.adult_lies_caught, t.adult_lies);
  r.false_accusation = wilson(t.false_accusations, t.truthful_adult_claims);
  r.discrimination = difference(r.caught, r.false_accusation);
  r.overbid = wilson(t.overbids, t.bids);
  r.underbid = wilson(t.underbids, t.bids);
  r.curse = wilson(t.cursed_wins, t.auction_wins);
  // Every successful bluff is one card won (one claim and one auction a round).
  r.bluff_wins = wilson(t.successful_bluffs, t.auction_wins);
  r.game_bluff_wins = wilson(t.game_wins_with_bluff, t.game_wins);
  r.inflated = wilson(t.inflated, t.declarations);
  r.guilty = wilson(t.guilty, t.guilty + t.not_guilty);
  r.mean_margin = t.auction_wins > 0 ? static_cast<double>(t.margin_sum) / t.auction_wins
                                     : std::numeric_limits<double>::quiet_NaN();
  return r;
}

AdultingTally seat_tally(const AdultingGameEvents& game, int seat) {
  AdultingTally t;
  t.games = 1;
  tally_claims(game, seat, t);
  tally_bids(game, seat, t);
  tally_declarations(game, seat, t);
  if (won_game(game, seat)) {
    t.game_wins = 1;
    t.game_wins_with_bluff = t.successful_bluffs > 0;
  }
  return t;
}

FlaggedGame flag_game(const AdultingGameEvents& game) {
  FlaggedGame f;
  f.record_index = game.record_index;
  for (const AdultingClaim& c : game.claims) {
    if (!c.successful_bluff()) continue;
    ++f.successful_bluffs;
    const AdultingAuction* a = nullptr;
    for (const AdultingAuction& x : game.auctions) {
      if (x.round == c.round) a = &x;
    }
    f.notes.push_back("round " + std::to_string(c.round + 1) + ": " + seat_text(game, c.seat) +
                      " claimed adult on a child truth and took " +
                      (a != nullptr ? card_text(game, a->card) : std::string("the card")) + " (successful bluff)");
  }
  for (const AdultingAuction& a : game.auctions) {
    for (const AdultingBid& b : a.bids) {
      if (!b.won || a.price <= b.value) continue;
      ++f.overbid_wins;
      f.notes.push_back("round " + std::to_string(a.round + 1) + ": " + seat_text(game, b.seat) + " paid " +
                        std::to_string(a.price) + " for " + card_text(game, a.card) + ", worth " +
                        std::to_string(b.value) + " to it (overbid win)");
    }
  }
  for (const AdultingDeclaration& d : game.declarations) {
    if (d.verdict != Verdict::kGuilty) continue;
    ++f.guilty;
    f.notes.push_back("round " + std::to_string(d.round + 1) + ": " + seat_text(game, d.seat) + " declared " +
                      std::to_string(d.declared) + " (measured " + std::to_string(d.measured) +
                      "), sued by " + seat_text(game, d.prosecutor) + ": guilty");
  }
  return f;
}

void AdultingFiguresBuilder::add(const AdultingGameEvents& game) {
  ++games_;
  for (int seat = 0; seat < game.players; ++seat) {
    const std::string& agent = game.agents[static_cast<std::size_t>(seat)];
    tallies_[agent].add(seat_tally(game, seat));
    auto& points = points_[agent];
    for (const AdultingAuction& a : game.auctions) {
      for (const AdultingBid& b : a.bids) {
        if (b.seat == seat) ++points[{b.value, b.bid}];
      }
    }
  }
  FlaggedGame flagged = flag_game(game);
  if (!flagged.notes.empty()) flagged_.push_back(std::move(flagged));
}

AdultingFileFigures AdultingFiguresBuilder::figures() const {
  AdultingFileFigures out;
  out.games = games_;
  out.skipped = skipped_;
  for (const auto& [agent, tally] : tallies_) out.agents.push_back({agent, tally, rates(tally)});
  for (const auto& [agent, points] : points_) {
    auto& list = out.bid_points[agent];
    for (const auto& [key, count] : points) list.push_back({key.first, key.second, count});
  }
  out.flagged = flagged_;
  return out;
}

}  // namespace kibitz::replays::analysis
