#include "replays/corpus/report_catalog.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/adulting/manifest.h"
#include "env/games/laws_and_disorder/manifest.h"
#include "env/games/loyalist_spies/manifest.h"
#include "replays/corpus/corpus_reports.h"
#include "replays/corpus/report_queries.h"

namespace kibitz::replays::corpus {

namespace {

const NamedReport* find_report(const std::string& name) {
  for (const NamedReport& report : named_reports()) {
    if (name == report.name) return &report;
  }
  return nullptr;
}

ReportQuery query_of(const std::string& name) {
  if (name == "games") return games_query();
  if (name == "claims") return claims_query();
  if (name == "bids") return bids_query();
  if (name == "bluffs") return bluffs_query();
  if (name == "laws") return laws_query();
  if (name == "bluff-wins") return bluff_wins_query();
  throw error("no report named '", name, "'; reports: ", report_list());
}

}  // namespace

const std::vector<NamedReport>& named_reports() {
  static const std::vector<NamedReport> reports = {
      {"agents", {}, false, "win, bluff, lie and overbid rates per game and agent"},
      {"games", {}, false, "games, finished share, mean length and duration, forfeits per game"},
      {"claims",
       {std::string(adulting::kGameName)},
       false,
       "Adulting claims per agent: lie, adult-lie, voted-down, winning-lie rates"},
      {"bids",
       {std::string(adulting::kGameName)},
       false,
       "Adulting bids per agent: overbid rate and mean, underbid rate, won share"},
      {"bluffs",
       {std::string(loyalist_spies::kGameName)},
       false,
       "Loyalist Spies plays per agent and role: bluff rate, caught, mean effect"},
      {"laws",
       {std::string(laws_and_disorder::kGameName)},
       false,
       "Laws and Disorder laws per agent: enforced share, pay, monies, fates"},
      {"bluff-wins",
       {std::string(loyalist_spies::kGameName), std::string(adulting::kGameName)},
       true,
       "games in which a seat bluffed and won (Spies, Adulting; --seat S)"},
  };
  return reports;
}

std::string report_list() {
  std::string text;
  for (const NamedReport& report : named_reports()) {
    text +=
        (text.empty() ? "" : ", ") + std::string(report.name) + " (" + report_games(report) + ")";
  }
  return text;
}

std::string report_games(const NamedReport& report) {
  if (report.games.empty()) return "any game";
  std::string text;
  for (const std::string& game : report.games) text += (text.empty() ? "" : " or ") + game;
  return text;
}

void check_report_request(const ReportRequest& request) {
  const NamedReport* report = find_report(request.report);
  if (report == nullptr)
    throw error("unknown report '", request.report, "'; reports: ", report_list());
  if (!request.game.empty() && !report->games.empty() &&
      std::find(report->games.begin(), report->games.end(), request.game) == report->games.end()) {
    throw error("the ", report->name, " report is about ", report_games(*report), ", not --game ",
                request.game, "; reports: ", report_list());
  }
  if (request.seat && !report->takes_seat) {
    throw error("--seat applies to the bluff-wins report only, not ", report->name,
                "; reports: ", report_list());
  }
  if (request.seat && *request.seat < 0)
    throw error("--seat must be a seat number, 0 or more, got ", *request.seat);
}

ResultTable run_named_report(Database& db, const ReportRequest& request, bool for_people) {
  check_report_request(request);
  if (request.report == "agents") return agents_table(agents_report(db, request.game), for_people);
  return run_report_query(db, query_of(request.report), request.game, request.seat.value_or(-1),
                          for_people);
}

}  // namespace kibitz::replays::corpus
