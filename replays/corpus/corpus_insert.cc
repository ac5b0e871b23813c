#include "replays/corpus/corpus_insert.h"

#include <string>

#include "replays/corpus/corpus_tallies.h"

namespace kibitz::replays::corpus {

namespace analysis = replays::analysis;

namespace {

// -1 in the analyses means "none": stored as NULL.
std::optional<std::int64_t> unless_negative(int value) {
  if (value < 0) return std::nullopt;
  return value;
}

}  // namespace

struct RowInserter::Statements {
  explicit Statements(Database& db)
      : game(
            db,
            "INSERT INTO games(file_id, record_index, game, spec, seed, players, length, finished, "
            "forfeit_seat, forfeit_reason, start_time, duration_seconds) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"),
        seat(db,
             "INSERT INTO seats(game_id, seat, game, agent, label, agent_spec, return, won, "
             "win_share, "
             "plays, bluffs, claims, lies, bids, overbids) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)"),
        play(db,
             "INSERT INTO spies_plays(game_id, round, mission, seat, card, traitor, place, fit, "
             "honest_card, "
             "effect, effect_error, bluff, belief_before, belief_after, fooled) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)"),
        claim(db,
              "INSERT INTO adulting_claims(game_id, round, seat, truth_adult, claim_adult, lie, "
              "ups, downs, "
              "stands, won_card) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        bid(db,
            "INSERT INTO adulting_bids(game_id, round, card, seat, bid, value, monies, won, "
            "refund, overbid) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        declaration(
            db,
            "INSERT INTO adulting_declarations(game_id, round, seat, measured, declared, inflated, "
            "prosecutor, proposed, price, verdict) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
            "?10)"),
        law(db,
            "INSERT INTO laws(game_id, serial, maker, made_turn, fate, amendments, enforced, pay, "
            "maker_net, "
            "others_net) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        tallies(db) {}
  Statement game, seat, play, claim, bid, declaration, law;
  TallyInserter tallies;
};

RowInserter::RowInserter(Database& db) : db_(db), s_(std::make_unique<Statements>(db)) {}
RowInserter::~RowInserter() = default;

void RowInserter::insert(std::int64_t file_id, const GameRows& rows) {
  Statement& g = s_->game;
  g.bind(1, file_id)
      .bind(2, static_cast<std::int64_t>(rows.record_index))
      .bind(3, rows.game)
      .bind(4, rows.spec);
  // A seed is any 64-bit number; SQLite's integers are signed, so it is text.
  g.bind(5, std::to_string(rows.seed))
      .bind(6, rows.players)
      .bind(7, rows.length)
      .bind(8, rows.finished ? 1 : 0);
  if (rows.forfeit.happened()) {
    g.bind(9, rows.forfeit.seat).bind(10, rows.forfeit.reason);
  }
  g.bind(11, rows.start_time).bind(12, rows.duration_seconds).run();
  const std::int64_t game_id = db_.last_insert_rowid();

  Statement& s = s_->seat;
  for (const SeatRow& seat : rows.seats) {
    s.bind(1, game_id)
        .bind(2, seat.seat)
        .bind(3, rows.game)
        .bind(4, seat.agent)
        .bind(5, seat.label);
    s.bind(6, seat.agent_spec)
        .bind(7, seat.game_return)
        .bind(8, seat.won ? 1 : 0)
        .bind(9, seat.win_share);
    s.bind(10, seat.plays).bind(11, seat.bluffs).bind(12, seat.claims).bind(13, seat.lies);
    s.bind(14, seat.bids).bind(15, seat.overbids).run();
  }
  if (!rows.spies_plays.empty()) {
    insert_spies(game_id, rows);
    s_->tallies.spies(game_id);
  }
  if (rows.adulting) {
    insert_adulting(game_id, *rows.adulting);
    s_->tallies.adulting(game_id);
  }
  if (rows.laws) insert_laws(game_id, *rows.laws);
}

void RowInserter::insert_spies(std::int64_t game_id, const GameRows& rows) {
  Statement& p = s_->play;
  for (const analysis::PlayVerdict& v : rows.spies_plays) {
    p.bind(1, game_id).bind(2, v.round).bind(3, v.mission).bind(4, v.seat).bind(5, v.card);
    p.bind(6, v.traitor ? 1 : 0).bind(7, std::string_view(analysis::place_name(v.place)));
    p.bind(8, std::string_view(analysis::fit_name(v.fit))).bind(9, unless_negative(v.honest_card));
    if (v.effect_known) p.bind(10, v.effect).bind(11, v.effect_error);
    if (rows.bluffs_judged) p.bind(12, v.bluff ? 1 : 0).bind(15, static_cast<int>(v.fooled.size()));
    if (v.known) p.bind(13, v.before).bind(14, v.after);
    p.run();
  }
}

void RowInserter::insert_adulting(std::int64_t game_id,
                                  const analysis::AdultingGameEvents& events) {
  Statement& c = s_->claim;
  for (const analysis::AdultingClaim& claim : events.claims) {
    c.bind(1, game_id).bind(2, claim.round).bind(3, claim.seat).bind(4, claim.truth_adult ? 1 : 0);
    c.bind(5, claim.claim_adult ? 1 : 0)
        .bind(6, claim.lie() ? 1 : 0)
        .bind(7, claim.ups)
        .bind(8, claim.downs);
    c.bind(9, claim.stands ? 1 : 0).bind(10, claim.won_card ? 1 : 0).run();
  }
  Statement& b = s_->bid;
  for (const analysis::AdultingAuction& auction : events.auctions) {
    for (const analysis::AdultingBid& bid : auction.bids) {
      b.bind(1, game_id)
          .bind(2, auction.round)
          .bind(3, auction.card)
          .bind(4, bid.seat)
          .bind(5, bid.bid);
      b.bind(6, bid.value).bind(7, bid.monies).bind(8, bid.won ? 1 : 0).bind(9, bid.refund);
      b.bind(10, bid.overbid() ? 1 : 0).run();
    }
  }
  Statement& d = s_->declaration;
  for (const analysis::AdultingDeclaration& dec : events.declarations) {
    d.bind(1, game_id).bind(2, dec.round).bind(3, dec.seat).bind(4, unless_negative(dec.measured));
    d.bind(5, dec.declared)
        .bind(6, dec.inflated() ? 1 : 0)
        .bind(7, unless_negative(dec.prosecutor));
    if (dec.prosecutor >= 0) d.bind(8, dec.proposed).bind(9, dec.price);
    d.bind(10, std::string_view(analysis::verdict_name(dec.verdict))).run();
  }
}

void RowInserter::insert_laws(std::int64_t game_id, const analysis::LawsGameEvents& events) {
  Statement& l = s_->law;
  for (const analysis::LawHistory& law : events.laws) {
    int maker_net = 0;
    int others_net = 0;
    for (std::size_t seat = 0; seat < law.seats.size(); ++seat) {
      const int net = law.seats[seat].net_monies();
      (static_cast<int>(seat) == law.maker ? maker_net : others_net) += net;
    }
    const auto maker = static_cast<std::size_t>(law.maker);
    const int pay = maker < law.seats.size() ? law.seats[maker].pay : 0;
    l.bind(1, game_id).bind(2, law.serial).bind(3, law.maker).bind(4, law.made_turn);
    l.bind(5, std::string_view(analysis::fate_name(law.fate)))
        .bind(6, law.amendments)
        .bind(7, law.enforced);
    l.bind(8, pay).bind(9, maker_net).bind(10, others_net).run();
  }
}

}  // namespace kibitz::replays::corpus
