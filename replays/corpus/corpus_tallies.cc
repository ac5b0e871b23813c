#include "replays/corpus/corpus_tallies.h"

namespace kibitz::replays::corpus {

namespace {

// A play's bluff is NULL when its game was not judged, and then so are the
// seat's bluff counts. Tracked: a bluff whose public belief is known around
// the reveal; caught: one across which that belief still moved toward the
// truth (up for a Traitor, down for a loyal player), as replay report counts.
constexpr const char* kPlayTallies =
    "INSERT INTO spies_play_tallies(game_id, seat, traitor, plays, bluffs, bluffs_tracked, "
    "bluffs_caught, effect_sum, effects) "
    "SELECT game_id, seat, traitor, count(*), sum(bluff), "
    "sum(bluff AND belief_before IS NOT NULL), "
    "sum(bluff AND CASE WHEN traitor THEN belief_after > belief_before "
    "ELSE belief_after < belief_before END), "
    "total(effect), count(effect) "
    "FROM spies_plays WHERE game_id = ?1 GROUP BY game_id, seat, traitor";

// An adult lie is a child claiming adult; a claim stands unless voted down;
// a successful bluff is an adult lie that stood and won the card.
constexpr const char* kClaimTallies =
    "INSERT INTO adulting_claim_tallies(game_id, seat, claims, lies, adult_claims, adult_lies, "
    "voted_down, stood_lies, successful_bluffs) "
    "SELECT game_id, seat, count(*), sum(lie), sum(claim_adult), "
    "sum(claim_adult AND NOT truth_adult), sum(claim_adult AND NOT stands), "
    "sum(claim_adult AND NOT truth_adult AND stands), "
    "sum(claim_adult AND NOT truth_adult AND stands AND won_card) "
    "FROM adulting_claims WHERE game_id = ?1 GROUP BY game_id, seat";

// overbid_sum: bid - value summed over the overbids only.
constexpr const char* kBidTallies =
    "INSERT INTO adulting_bid_tallies(game_id, seat, bids, overbids, overbid_sum, underbids, won, "
    "bid_minus_value_sum) "
    "SELECT game_id, seat, count(*), sum(overbid), "
    "total(CASE WHEN overbid THEN bid - value ELSE 0 END), sum(bid < value), sum(won), "
    "total(bid - value) "
    "FROM adulting_bids WHERE game_id = ?1 GROUP BY game_id, seat";

}  // namespace

struct TallyInserter::Statements {
  explicit Statements(Database& db)
      : plays(db, kPlayTallies), claims(db, kClaimTallies), bids(db, kBidTallies) {}
  Statement plays, claims, bids;
};

TallyInserter::TallyInserter(Database& db) : s_(std::make_unique<Statements>(db)) {}
TallyInserter::~TallyInserter() = default;

void TallyInserter::spies(std::int64_t game_id) { s_->plays.bind(1, game_id).run(); }

void TallyInserter::adulting(std::int64_t game_id) {
  s_->claims.bind(1, game_id).run();
  s_->bids.bind(1, game_id).run();
}

}  // namespace kibitz::replays::corpus
