#include "replays/corpus/report_queries.h"

#include <string>
#include <string_view>

#include "env/games/adulting/manifest.h"
#include "env/games/laws_and_disorder/manifest.h"
#include "env/games/loyalist_spies/manifest.h"

namespace kibitz::replays::corpus {

namespace {

// The games these reports read, as SQL string literals: from each game's
// manifest, so no name is written here twice (tests/conformance/
// game_names_test.cc).
std::string sql_literal(std::string_view name) { return "'" + std::string(name) + "'"; }
const std::string kAdulting = sql_literal(adulting::kGameName);
const std::string kSpies = sql_literal(loyalist_spies::kGameName);
const std::string kLaws = sql_literal(laws_and_disorder::kGameName);

using Kind = ReportColumn::Kind;

ReportColumn text(const char* key, const char* heading, int a) {
  return {Kind::kText, key, heading, a, 0};
}
ReportColumn count(const char* key, const char* heading, int a) {
  return {Kind::kCount, key, heading, a, 0};
}
ReportColumn share(const char* key, const char* heading, int hits, int total) {
  return {Kind::kShare, key, heading, hits, total};
}
ReportColumn mean(const char* key, const char* heading, int sum, int n) {
  return {Kind::kMean, key, heading, sum, n};
}

}  // namespace

ReportQuery games_query() {
  return {
      "SELECT game, count(*), sum(finished), total(length), count(forfeit_seat), "
      "total(duration_seconds) "
      "FROM games WHERE ?1 = '' OR game = ?1 GROUP BY game ORDER BY game",
      {text("game", "game", 0), count("games", "games", 1),
       share("finished", "finished [95%]", 2, 1), mean("mean_length", "mean length", 3, 1),
       count("forfeits", "forfeits", 4), mean("mean_duration_seconds", "mean duration (s)", 5, 1)}};
}

ReportQuery claims_query() {
  return {
      "SELECT s.agent, sum(c.claims), sum(c.lies), sum(c.adult_lies), sum(c.adult_claims), "
      "sum(c.voted_down), sum(c.successful_bluffs) "
      "FROM seats s JOIN adulting_claim_tallies c ON c.game_id = s.game_id AND c.seat = s.seat "
      "WHERE s.game = " + kAdulting + " GROUP BY s.agent ORDER BY s.agent",
      {text("agent", "agent", 0), count("claims", "claims", 1), share("lie", "lie rate", 2, 1),
       share("adult_lie", "adult lie rate", 3, 1),
       share("voted_down", "adult claims voted down", 5, 4),
       share("successful_bluff", "adult lies that won", 6, 3)}};
}

ReportQuery bids_query() {
  return {
      "SELECT s.agent, sum(b.bids), sum(b.overbids), sum(b.overbid_sum), sum(b.underbids), "
      "sum(b.won), sum(b.bid_minus_value_sum) "
      "FROM seats s JOIN adulting_bid_tallies b ON b.game_id = s.game_id AND b.seat = s.seat "
      "WHERE s.game = " + kAdulting + " GROUP BY s.agent ORDER BY s.agent",
      {text("agent", "agent", 0), count("bids", "bids", 1), share("overbid", "overbid rate", 2, 1),
       mean("mean_overbid", "mean overbid", 3, 2), share("underbid", "underbid rate", 4, 1),
       share("won", "bids that won", 5, 1),
       mean("mean_bid_minus_value", "mean bid - value", 6, 1)}};
}

ReportQuery bluffs_query() {
  // Only the games judged for bluffs: their tallies' bluffs are not NULL.
  return {
      "SELECT s.agent, CASE WHEN p.traitor THEN 'Traitor' ELSE 'Loyal' END, sum(p.plays), "
      "sum(p.bluffs), sum(p.bluffs_tracked), sum(p.bluffs_caught), total(p.effect_sum), "
      "sum(p.effects) "
      "FROM seats s JOIN spies_play_tallies p ON p.game_id = s.game_id AND p.seat = s.seat "
      "WHERE s.game = " + kSpies + " AND p.bluffs IS NOT NULL "
      "GROUP BY s.agent, p.traitor ORDER BY s.agent, p.traitor DESC",
      {text("agent", "agent", 0), text("role", "role", 1), count("plays", "plays", 2),
       share("bluff", "bluff rate", 3, 2), share("caught", "bluffs caught", 5, 4),
       mean("mean_effect", "mean effect", 6, 7)}};
}

ReportQuery laws_query() {
  return {
      "SELECT s.agent, count(*), sum(l.enforced > 0), total(l.enforced), total(l.pay), "
      "total(l.maker_net), total(l.others_net), sum(l.fate = 'on the table'), "
      "sum(l.fate = 'dropped'), sum(l.fate = 'destroyed') "
      "FROM seats s JOIN laws l ON l.game_id = s.game_id AND l.maker = s.seat "
      "WHERE s.game = " + kLaws + " GROUP BY s.agent ORDER BY s.agent",
      {text("agent", "agent", 0), count("laws", "laws made", 1),
       share("enforced", "enforced", 2, 1), mean("mean_enforcements", "enforcements", 3, 1),
       mean("mean_pay", "mean pay", 4, 1), mean("mean_maker_net", "maker net", 5, 1),
       mean("mean_others_net", "others net", 6, 1), count("on_table", "on the table", 7),
       count("dropped", "dropped", 8), count("destroyed", "destroyed", 9)}};
}

ReportQuery bluff_wins_query() {
  // Spies: the seat's judged bluffs (seats.bluffs, NULL when not judged).
  // Adulting: its adult lies that stood, whether or not it then won the card.
  // Column 6, the game's id, orders the rows as the files were added.
  return {
      "SELECT f.path, g.record_index, g.game, s.seat, s.agent, s.bluffs, g.game_id "
      "FROM seats s JOIN games g ON g.game_id = s.game_id "
      "JOIN files f ON f.file_id = g.file_id "
      "WHERE s.game = " + kSpies + " AND ?1 IN ('', " + kSpies + ") "
      "AND s.won = 1 AND s.bluffs > 0 AND (?2 < 0 OR s.seat = ?2) "
      "UNION ALL "
      "SELECT f.path, g.record_index, g.game, s.seat, s.agent, c.stood_lies, g.game_id "
      "FROM seats s JOIN adulting_claim_tallies c ON c.game_id = s.game_id AND c.seat = s.seat "
      "JOIN games g ON g.game_id = s.game_id JOIN files f ON f.file_id = g.file_id "
      "WHERE s.game = " + kAdulting + " AND ?1 IN ('', " + kAdulting + ") "
      "AND s.won = 1 AND c.stood_lies > 0 AND (?2 < 0 OR s.seat = ?2) "
      "ORDER BY 7, 4",
      {text("file", "file", 0), count("record", "record", 1), text("game", "game", 2),
       count("seat", "seat", 3), text("agent", "agent", 4), count("bluffs", "bluffs", 5)}};
}

}  // namespace kibitz::replays::corpus
