#include "replays/analysis/laws_and_disorder/laws_figures.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kibitz::replays::analysis {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

}  // namespace

SeatMatrix maker_matrix(const LawsGameEvents& game) {
  SeatMatrix net(at(game.players), std::vector<int>(at(game.players), 0));
  for (const LawHistory& law : game.laws) {
    for (int b = 0; b < game.players; ++b) net[at(law.maker)][at(b)] += law.seats[at(b)].net_monies();
  }
  return net;
}

SeatLawFigures seat_figures(const LawsGameEvents& game, int seat) {
  SeatLawFigures f;
  for (const LawHistory& law : game.laws) {
    const SeatLawEffect& mine = law.seats[at(seat)];
    if (law.maker != seat) {
      f.from_others += mine.net_monies();
      continue;
    }
    ++f.laws_made;
    f.pay += mine.pay;
    const int effects = mine.net_monies() - mine.pay;
    f.own_effects += effects;
    f.self_harming += effects < 0;
    for (int b = 0; b < game.players; ++b) {
      if (b != seat) f.to_others += law.seats[at(b)].net_monies();
    }
  }
  f.abilities = 2 * game.abilities[at(seat)];
  if (game.finished) {
    f.final_monies = game.final_monies[at(seat)];
    f.won = std::find(game.winners.begin(), game.winners.end(), seat) != game.winners.end();
  }
  return f;
}

void MeanTally::add(double x) {
  ++n;
  sum += x;
  sum_squares += x * x;
}

void MeanTally::add(const MeanTally& o) {
  n += o.n;
  sum += o.sum;
  sum_squares += o.sum_squares;
}

MeanInterval mean_interval(const MeanTally& t) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  MeanInterval m;
  m.n = t.n;
  if (t.n == 0) {
    m.mean = m.low = m.high = kNaN;
    return m;
  }
  m.mean = t.sum / static_cast<double>(t.n);
  if (t.n < 2) {
    m.low = m.high = kNaN;
    return m;
  }
  // The sample variance from the sums; clamped at 0 against rounding.
  const double n = static_cast<double>(t.n);
  const double variance = std::max(0.0, (t.sum_squares - n * m.mean * m.mean) / (n - 1.0));
  const double half = kZ95 * std::sqrt(variance / n);
  m.low = m.mean - half;
  m.high = m.mean + half;
  return m;
}

void LawsAgentTally::add(const LawsAgentTally& o) {
  games += o.games;
  wins += o.wins;
  laws += o.laws;
  self_harming += o.self_harming;
  final_monies.add(o.final_monies);
  laws_made.add(o.laws_made);
  pay.add(o.pay);
  own_effects.add(o.own_effects);
  to_others.add(o.to_others);
  from_others.add(o.from_others);
  abilities.add(o.abilities);
  self.add(o.self);
  for (const auto& [agent, tally] : o.to_agent) to_agent[agent].add(tally);
}

void LawsFiguresBuilder::add(const LawsGameEvents& game) {
  ++games_;
  const SeatMatrix net = maker_matrix(game);
  for (int seat = 0; seat < game.players; ++seat) {
    const SeatLawFigures f = seat_figures(game, seat);
    LawsAgentTally t;
    t.games = 1;
    t.wins = f.won;
    t.laws = f.laws_made;
    t.self_harming = f.self_harming;
    if (game.finished) t.final_monies.add(f.final_monies);
    t.laws_made.add(f.laws_made);
    t.pay.add(f.pay);
    t.own_effects.add(f.own_effects);
    t.to_others.add(f.to_others);
    t.from_others.add(f.from_others);
    t.abilities.add(f.abilities);
    t.self.add(net[at(seat)][at(seat)]);
    // Per agent with another seat in this game: what this seat's laws
    // brought those seats together.
    std::map<std::string, int> to_agent;
    for (int b = 0; b < game.players; ++b) {
      if (b != seat) to_agent[game.agents[at(b)]] += net[at(seat)][at(b)];
    }
    for (const auto& [agent, monies] : to_agent) t.to_agent[agent].add(monies);
    tallies_[game.agents[at(seat)]].add(t);
  }
  LawsGameLine line;
  line.record_index = game.record_index;
  line.turns = game.turns;
  line.laws = static_cast<int>(game.laws.size());
  line.winners = game.winners;
  line.final_monies = game.final_monies;
  line.agents = game.agents;
  line.matrix = net;
  lines_.push_back(std::move(line));
}

LawsFileFigures LawsFiguresBuilder::figures() const {
  LawsFileFigures out;
  out.games = games_;
  out.skipped = skipped_;
  for (const auto& [agent, tally] : tallies_) {
    // Unfinished games have no winner: they count in neither share.
    out.agents.push_back({agent, tally, wilson(tally.wins, static_cast<int>(tally.final_monies.n)),
                          wilson(tally.self_harming, tally.laws)});
  }
  out.game_lines = lines_;
  return out;
}

}  // namespace kibitz::replays::analysis
