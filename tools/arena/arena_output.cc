#include "tools/arena/arena_output.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "env/core/json_text.h"
#include "replays/analysis/game_outcome.h"
#include "tools/options.h"

namespace kibitz::tools {
namespace {

// Seatings listed in the plan before "...": long schedules are summarised.
constexpr int kListedSeatings = 12;

std::string format(const char* pattern, double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, x);
  return buffer;
}


std::string pad_right(const std::string& text, std::size_t width) {
  return text + std::string(width > text.size() ? width - text.size() : 0, ' ');
}

std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

// The last column is padded like the others; lines do not end in spaces.
std::string trim_end(std::string line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string agent_label(const ArenaSetup& setup, std::size_t agent) {
  return std::to_string(agent) + "  " + setup.agents[agent];
}

std::size_t label_width(const ArenaSetup& setup) {
  std::size_t width = 5;  // "agent"
  for (std::size_t a = 0; a < setup.agents.size(); ++a) {
    width = std::max(width, agent_label(setup, a).size());
  }
  return width;
}

// Table columns, each a fixed width so headers and rows line up; the
// columns are joined by two spaces.
constexpr std::size_t kMeanWidth = 11;      // "mean return", "+0.1234"
constexpr std::size_t kReturnCiWidth = 20;  // "[+0.0800, +0.1600]"
constexpr std::size_t kRateWidth = 8;       // "win rate", "51.2%"
constexpr std::size_t kRateCiWidth = 16;    // "[49.0%, 53.4%]"
constexpr std::size_t kRatingWidth = 6;     // "rating", "+35"

std::string interval(const char* pattern, double low, double high) {
  return "[" + format(pattern, low) + ", " + format(pattern, high) + "]";
}

// A mean return and its interval.
std::string return_cells(const MeanEstimate& e) {
  return pad_left(format("%+.4f", e.mean), kMeanWidth) + "  " +
         pad_right(interval("%+.4f", e.low, e.high), kReturnCiWidth);
}

std::string rate_cells(const MeanEstimate& e) {
  return pad_left(format("%.1f%%", 100.0 * e.mean), kRateWidth) + "  " +
         pad_right(interval("%.1f%%", 100.0 * e.low, 100.0 * e.high), kRateCiWidth);
}

std::string rating_cells(const RatingEstimate& e) {
  return pad_left(format("%+.0f", e.rating), kRatingWidth) + "  " +
         interval("%+.0f", e.low, e.high);
}

std::string return_headers() {
  return pad_left("mean return", kMeanWidth) + "  " + pad_right("95% CI", kReturnCiWidth);
}

std::string rate_headers() {
  return pad_left("win rate", kRateWidth) + "  " + pad_right("95% CI", kRateCiWidth);
}

// CSV field: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The games forfeited under --on-bad-answer forfeit, per agent, and why the
// first few were; nothing when none was.
void print_forfeits(std::ostream& out, const ArenaSetup& setup, const ArenaSummary& summary) {
  if (summary.forfeits == 0) return;
  out << "\nforfeits (a seat's illegal, late or failed answer lost it the game; the seat took "
      << shortest_number(setup.game->min_return()) << ")\n";
  for (std::size_t a = 0; a < summary.agents.size(); ++a) {
    if (summary.agents[a].forfeits == 0) continue;
    out << "  " << agent_label(setup, a) << ": " << summary.agents[a].forfeits
        << (summary.agents[a].forfeits == 1 ? " game\n" : " games\n");
  }
  for (const ArenaResults::ForfeitExample& example : summary.forfeit_examples) {
    out << "  game " << example.game << ", seat " << example.forfeit.seat << " (agent "
        << example.agent << "): " << example.forfeit.reason << "\n";
  }
}

void write_estimate(std::ostream& out, const MeanEstimate& e) {
  out << "{\"mean\": " << shortest_number(e.mean) << ", \"low\": " << shortest_number(e.low)
      << ", \"high\": " << shortest_number(e.high) << ", \"samples\": " << e.samples << "}";
}

}  // namespace

void print_arena_plan(std::ostream& out, const ArenaSetup& setup, const ArenaRunInfo& info) {
  const ArenaSchedule& schedule = setup.schedule;
  out << "kibitz arena: " << setup.game->spec() << ", seed " << setup.seed << "\n";
  for (std::size_t a = 0; a < setup.agents.size(); ++a) {
    out << "  agent " << agent_label(setup, a) << "\n";
  }
  out << "seatings per deal (agent in seat 0, 1, ...):";
  for (int r = 0; r < schedule.num_rotations() && r < kListedSeatings; ++r) {
    out << " [";
    for (int s = 0; s < schedule.num_seats(); ++s)
      out << (s == 0 ? "" : " ") << schedule.agent_at(r, s);
    out << "]";
  }
  if (schedule.num_rotations() > kListedSeatings) out << " ...";
  const std::int64_t planned = info.deals_planned * schedule.num_rotations();
  out << "\ngames: " << planned << " = " << info.deals_planned << " deals x "
      << schedule.num_rotations() << " seatings";
  if (planned != info.games_requested) {
    out << " (" << info.games_requested << " requested, rounded up to whole deals)";
  }
  out << "\n";
}

void print_arena_table(std::ostream& out, const ArenaSetup& setup, const ArenaRunInfo& info,
                       const ArenaSummary& summary) {
  const std::size_t width = label_width(setup);
  const std::int64_t planned = info.deals_planned * setup.schedule.num_rotations();
  out << "\n";
  if (info.interrupted) {
    out << "interrupted after " << summary.games_finished << " of " << planned
        << " games; statistics over the " << summary.deals_used << " complete deals\n";
  }
  if (summary.deals_used == 0) {
    out << "no deal was completed: no statistics\n";
    return;
  }
  out << "results over " << summary.deals_used << " deals (" << summary.games_used << " games)\n"
      << pad_right("agent", width) << "  " << pad_left("seats", 8) << "  " << return_headers()
      << "  " << rate_headers() << "  " << pad_left("rating", kRatingWidth) << "  95% CI\n";
  for (std::size_t a = 0; a < summary.agents.size(); ++a) {
    const AgentStats& stats = summary.agents[a];
    out << pad_right(agent_label(setup, a), width) << "  "
        << pad_left(std::to_string(stats.seats_played), 8) << "  "
        << return_cells(stats.mean_return) << "  " << rate_cells(stats.win_rate) << "  "
        << rating_cells(stats.rating) << "\n";
  }

  out << "\n" << trim_end("seat  " + return_headers() + "  " + rate_headers()) << "\n";
  for (std::size_t s = 0; s < summary.seats.size(); ++s) {
    out << trim_end(pad_left(std::to_string(s), 4) + "  " +
                    return_cells(summary.seats[s].mean_return) + "  " +
                    rate_cells(summary.seats[s].win_rate))
        << "\n";
  }

  out << "\nmean return by seat\n" << pad_right("agent", width);
  for (std::size_t s = 0; s < summary.seats.size(); ++s) {
    out << "  " << pad_left("seat " + std::to_string(s), 8);
  }
  out << "\n";
  for (std::size_t a = 0; a < summary.agents.size(); ++a) {
    out << pad_right(agent_label(setup, a), width);
    for (const MeanEstimate& e : summary.agents[a].mean_return_by_seat) {
      out << "  " << pad_left(format("%+.4f", e.mean), 8);
    }
    out << "\n";
  }

  print_forfeits(out, setup, summary);
  out << "\n95% intervals: normal approximation over the " << summary.deals_used
      << " per-deal means\n               (each deal is played in every seating with the same"
         " chance stream)\n"
      << "win: the highest return in a game (a tie between m seats gives each 1/m)\n"
      << "rating: Bradley-Terry fit to duplicate comparisons (per deal and pair of agents, the"
         " higher total\n        return facing each other wins, ties count half), Elo scale"
         " (+400 = 10:1 odds), mean 0;\n        interval: bootstrap over deals ("
      << summary.bootstrap_resamples << " resamples of " << summary.rating_batches << " blocks)\n";
}

void write_arena_json(std::ostream& out, const ArenaSetup& setup, const ArenaRunInfo& info,
                      const ArenaSummary& summary) {
  const ArenaSchedule& schedule = setup.schedule;
  out << "{\n  \"format\": \"kibitz-arena\",\n  \"version\": 1,\n"
      << "  \"game\": " << json_quote(setup.game->spec()) << ",\n"
      << "  \"seed\": " << setup.seed << ",\n  \"agents\": [";
  for (std::size_t a = 0; a < setup.agents.size(); ++a) {
    out << (a == 0 ? "" : ", ") << json_quote(setup.agents[a]);
  }
  out << "],\n  \"seatings\": [";
  for (int r = 0; r < schedule.num_rotations(); ++r) {
    out << (r == 0 ? "[" : ", [");
    for (int s = 0; s < schedule.num_seats(); ++s)
      out << (s == 0 ? "" : ", ") << schedule.agent_at(r, s);
    out << "]";
  }
  out << "],\n"
      << "  \"games_requested\": " << info.games_requested << ",\n"
      << "  \"deals_planned\": " << info.deals_planned << ",\n"
      << "  \"games_planned\": " << info.deals_planned * schedule.num_rotations() << ",\n"
      << "  \"games_finished\": " << summary.games_finished << ",\n"
      << "  \"deals_used\": " << summary.deals_used << ",\n"
      << "  \"games_used\": " << summary.games_used << ",\n"
      << "  \"interrupted\": " << (info.interrupted ? "true" : "false") << ",\n"
      << "  \"on_bad_answer\": " << json_quote(std::string(on_bad_answer_name(setup.answers.on_bad_answer)))
      << ",\n  \"time_limit_ms\": " << setup.answers.time_limit.count() << ",\n"
      << "  \"forfeits\": " << summary.forfeits << ",\n"
      << "  \"confidence\": 0.95,\n"
      << "  \"interval_method\": \"normal approximation over per-deal means\",\n"
      << "  \"rating_method\": \"Bradley-Terry (MM) on per-deal duplicate comparisons, Elo "
         "scale, mean 0, one virtual draw per pair; percentile bootstrap over deals\",\n"
      << "  \"bootstrap_resamples\": " << summary.bootstrap_resamples << ",\n"
      << "  \"rating_batches\": " << summary.rating_batches << ",\n"
      << "  \"agent_stats\": [";
  for (std::size_t a = 0; a < summary.agents.size(); ++a) {
    const AgentStats& stats = summary.agents[a];
    out << (a == 0 ? "\n" : ",\n") << "    {\"agent\": " << a
        << ", \"spec\": " << json_quote(stats.spec) << ", \"seats_played\": " << stats.seats_played
        << ",\n     \"mean_return\": ";
    write_estimate(out, stats.mean_return);
    out << ",\n     \"win_rate\": ";
    write_estimate(out, stats.win_rate);
    out << ",\n     \"rating\": {\"rating\": " << shortest_number(stats.rating.rating)
        << ", \"low\": " << shortest_number(stats.rating.low) << ", \"high\": " << shortest_number(stats.rating.high)
        << "},\n     \"mean_return_by_seat\": [";
    for (std::size_t s = 0; s < stats.mean_return_by_seat.size(); ++s) {
      out << (s == 0 ? "" : ", ");
      write_estimate(out, stats.mean_return_by_seat[s]);
    }
    out << "], \"forfeits\": " << stats.forfeits << "}";
  }
  out << "\n  ],\n  \"forfeit_examples\": [";
  for (std::size_t i = 0; i < summary.forfeit_examples.size(); ++i) {
    const ArenaResults::ForfeitExample& example = summary.forfeit_examples[i];
    out << (i == 0 ? "\n" : ",\n") << "    {\"game\": " << example.game << ", \"agent\": "
        << example.agent << ", \"seat\": " << example.forfeit.seat
        << ", \"reason\": " << json_quote(example.forfeit.reason) << "}";
  }
  out << (summary.forfeit_examples.empty() ? "],\n" : "\n  ],\n") << "  \"seat_stats\": [";
  for (std::size_t s = 0; s < summary.seats.size(); ++s) {
    out << (s == 0 ? "\n" : ",\n") << "    {\"seat\": " << s << ", \"mean_return\": ";
    write_estimate(out, summary.seats[s].mean_return);
    out << ", \"win_rate\": ";
    write_estimate(out, summary.seats[s].win_rate);
    out << "}";
  }
  out << "\n  ]\n}\n";
}

void write_arena_csv_header(std::ostream& out, const ArenaSetup& setup) {
  const int seats = setup.game->num_players();
  out << "game,deal,rotation";
  for (int s = 0; s < seats; ++s) out << ",seat" << s << "_agent";
  for (int s = 0; s < seats; ++s) out << ",seat" << s << "_return";
  if (replays::analysis::game_has_roles(*setup.game)) {
    for (int s = 0; s < seats; ++s) out << ",seat" << s << "_roles";
  }
  if (setup.answers.on_bad_answer == OnBadAnswer::kForfeit) out << ",forfeit_seat";
  out << "\n";
}

void write_arena_csv_row(std::ostream& out, const ArenaSetup& setup,
                         const FinishedArenaGame& game) {
  const int rotations = setup.schedule.num_rotations();
  const int rotation = static_cast<int>(game.game % rotations);
  out << game.game << "," << game.game / rotations << "," << rotation;
  for (const int agent : setup.schedule.seating(rotation)) {
    out << "," << csv_field(setup.agents[static_cast<std::size_t>(agent)]);
  }
  for (const double r : game.returns) out << "," << shortest_number(r);
  if (replays::analysis::game_has_roles(*setup.game)) {
    for (int s = 0; s < setup.game->num_players(); ++s) {
      out << "," << (static_cast<std::size_t>(s) < game.roles.size() ? game.roles[s] : "");
    }
  }
  if (setup.answers.on_bad_answer == OnBadAnswer::kForfeit) {
    out << ",";
    if (game.forfeit.happened()) out << game.forfeit.seat;
  }
  out << "\n";
}

}  // namespace kibitz::tools
