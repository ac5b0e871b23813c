#include "replays/analysis/belief_filter.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/core/rng.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "replays/analysis/reference_policy.h"
#include "replays/analysis/round_filter.h"
#include "replays/analysis/suit_belief.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Whether a point is recorded after seen[i] (see track_beliefs).
bool records_point(std::span<const Seen> seen, std::size_t i) {
  switch (seen[i].kind) {
    case SeenKind::kRoundStart:
    case SeenKind::kFlip:
    case SeenKind::kJack:
    case SeenKind::kNoPlay:
    case SeenKind::kReveal:
    case SeenKind::kRoundEnd:
      return true;
    case SeenKind::kDraw:
    case SeenKind::kDiscard: {
      if (i + 1 == seen.size()) return true;
      const SeenKind next = seen[i + 1].kind;
      return next != SeenKind::kDraw && next != SeenKind::kDiscard;
    }
    default:
      return false;
  }
}

// What the viewer knows about aces, updated event by event.
void learn_suits(const Seen& s, int viewer, int num_players, SuitKnowledge& knowledge) {
  if (s.kind == SeenKind::kRoundStart) {
    knowledge = SuitKnowledge{};
    knowledge.num_players = num_players;
    if (viewer >= 0 && s.own_ace >= 0) knowledge.known[at(viewer)] = ls::suit_of(s.own_ace);
  } else if (s.kind == SeenKind::kJack) {
    if (s.match) {
      knowledge.known[at(s.target)] = s.jack_suit;
    } else {
      knowledge.excluded[at(s.target)] |= 1u << s.jack_suit;
    }
    if (s.seen_ace_seat >= 0) knowledge.known[at(s.seen_ace_seat)] = ls::suit_of(s.seen_ace);
  }
}

// The policies tried in turn for a round: the configured one, then more
// forgiving ones.
struct Attempt {
  double epsilon;
  int particles;
};

std::vector<Attempt> attempts(const FilterOptions& options) {
  std::vector<Attempt> out = {{options.epsilon, options.particles}};
  if (options.epsilon < 0.5) out.push_back({0.5, options.particles});
  if (options.epsilon < 1.0) out.push_back({1.0, 2 * options.particles});
  out.push_back({1.0, 8 * options.particles});
  return out;
}

void check_options(const SpiesSetup& setup, int viewer, const FilterOptions& options) {
  if (options.particles < 1 || options.particles > 1000000) {
    throw error("particles must be in [1, 1000000], got ", options.particles);
  }
  if (!(options.resample_below >= 0.0 && options.resample_below <= 1.0)) {
    throw error("resample threshold must be in [0, 1], got ", options.resample_below);
  }
  if (setup.num_players < ls::kMinPlayers || setup.num_players > ls::kMaxPlayers) {
    throw error("belief tracking needs 3 or 4 players, got ", setup.num_players);
  }
  if (viewer != kPublicViewer && (viewer < 0 || viewer >= setup.num_players)) {
    throw error("no seat ", viewer, " to track beliefs for");
  }
  const ReferencePolicy check(options.epsilon, options.joker_keep);  // throws on bad values
}

// The generator of one attempt at one round: the same for every run over
// the same record, viewer and options, so reruns (counterfactuals) share it.
Rng round_rng(const FilterOptions& options, int viewer, int round, int attempt) {
  return Rng(options.seed)
      .child("belief viewer", static_cast<std::uint64_t>(viewer + 1))
      .child("round", static_cast<std::uint64_t>(round) * 8 + static_cast<std::uint64_t>(attempt));
}

// Answers the what-ifs about the reveal `s`, on copies of the filter.
void answer(const RoundFilter& filter, const Seen& s, std::span<WhatIf> what_ifs) {
  for (WhatIf& what_if : what_ifs) {
    if (what_if.event != s.event) continue;
    RoundFilter copy = filter;
    Seen edited = s;
    edited.cards = what_if.cards;
    what_if.known = copy.observe(edited);
    what_if.traitor = what_if.known ? copy.traitor() : std::array<double, 4>{};
  }
}

// Runs one attempt over one round's events (from its kRoundStart), filling
// `points` and `fit`, answering the what-ifs about its reveals.
void run_round(std::span<const Seen> round, const SpiesSetup& setup, int viewer,
               const FilterOptions& options, int attempt_index, const Attempt& attempt,
               std::span<WhatIf> what_ifs, std::vector<BeliefPoint>& points, RoundFit& fit) {
  const ReferencePolicy policy(attempt.epsilon, options.joker_keep);
  const int round_index = round.front().round;
  RoundFilter filter(setup, viewer, policy, attempt.particles, options.resample_below,
                     round_rng(options, viewer, round_index, attempt_index));
  fit = RoundFit{round_index, attempt.epsilon, attempt.particles, attempt_index + 1};
  SuitKnowledge suits;
  int missions = 0;
  for (std::size_t i = 0; i < round.size(); ++i) {
    const Seen& s = round[i];
    if (s.kind == SeenKind::kReveal && fit.lost_at_event < 0) answer(filter, s, what_ifs);
    if (s.kind == SeenKind::kRoundStart) {
      filter.start(s);
    } else if (fit.lost_at_event < 0 && !filter.observe(s)) {
      fit.lost_at_event = s.event;
    }
    if (s.kind == SeenKind::kReveal) ++missions;
    learn_suits(s, viewer, setup.num_players, suits);
    if (!records_point(round, i)) continue;
    BeliefPoint point;
    point.event = s.event;
    point.round = s.round;
    point.missions = missions;
    point.kind = s.kind;
    point.seat = s.seat;
    point.card = s.card;
    point.traitor_known = fit.lost_at_event < 0;
    if (point.traitor_known) {
      point.traitor = filter.traitor();
      point.ess = filter.ess();
    }
    point.suit = suit_posterior(suits);
    points.push_back(point);
  }
  fit.resamples = filter.resamples();
}

}  // namespace

BeliefTrack track_beliefs(std::span<const Seen> seen, const SpiesSetup& setup, int viewer,
                          const FilterOptions& options, std::span<WhatIf> what_ifs) {
  check_options(setup, viewer, options);
  BeliefTrack track;
  track.viewer = viewer;
  std::size_t begin = 0;
  while (begin < seen.size()) {
    // One round: from its kRoundStart to its kRoundEnd (or the end).
    std::size_t end = begin + 1;
    while (end < seen.size() && seen[end - 1].kind != SeenKind::kRoundEnd) ++end;
    const std::span<const Seen> round = seen.subspan(begin, end - begin);
    begin = end;
    if (round.front().kind != SeenKind::kRoundStart) continue;  // a game cut in its set-up
    const std::vector<Attempt> tries = attempts(options);
    std::vector<BeliefPoint> points;
    RoundFit fit;
    for (std::size_t a = 0; a < tries.size(); ++a) {
      points.clear();
      for (WhatIf& what_if : what_ifs) {
        if (what_if.event >= round.front().event && what_if.event <= round.back().event) {
          what_if.known = false;
        }
      }
      run_round(round, setup, viewer, options, static_cast<int>(a), tries[a], what_ifs, points,
                fit);
      if (fit.lost_at_event < 0) break;
    }
    track.points.insert(track.points.end(), points.begin(), points.end());
    track.rounds.push_back(fit);
  }
  return track;
}

BeliefTrack average_tracks(std::span<const BeliefTrack> replicates) {
  if (replicates.empty()) throw error("average_tracks: no tracks");
  const BeliefTrack& first = replicates.front();
  for (const BeliefTrack& track : replicates) {
    if (track.viewer != first.viewer || track.points.size() != first.points.size() ||
        track.rounds.size() != first.rounds.size()) {
      throw error("average_tracks: the tracks are not replicates of one another");
    }
  }
  BeliefTrack out = first;
  for (std::size_t i = 0; i < out.points.size(); ++i) {
    BeliefPoint& point = out.points[i];
    point.traitor = {};
    point.ess = 0.0;
    int known = 0;
    for (const BeliefTrack& track : replicates) {
      const BeliefPoint& p = track.points[i];
      if (p.event != point.event) throw error("average_tracks: the tracks' events differ");
      if (!p.traitor_known) continue;
      ++known;
      for (std::size_t seat = 0; seat < point.traitor.size(); ++seat)
        point.traitor[seat] += p.traitor[seat];
      point.ess += p.ess;
    }
    point.traitor_known = known > 0;
    for (double& p : point.traitor) p = known > 0 ? p / known : 0.0;
  }
  for (std::size_t r = 0; r < out.rounds.size(); ++r) {
    RoundFit& fit = out.rounds[r];
    fit = RoundFit{fit.round};
    fit.replicates = static_cast<int>(replicates.size());
    fit.lost_at_event = -1;
    int lost_at = -1;
    for (const BeliefTrack& track : replicates) {
      const RoundFit& f = track.rounds[r];
      fit.epsilon = std::max(fit.epsilon, f.epsilon);
      fit.particles = std::max(fit.particles, f.particles);
      fit.attempts = std::max(fit.attempts, f.attempts);
      fit.resamples += f.resamples;
      if (f.lost_at_event >= 0) {
        ++fit.lost_replicates;
        lost_at = lost_at < 0 ? f.lost_at_event : std::min(lost_at, f.lost_at_event);
      }
    }
    if (fit.lost_replicates == fit.replicates) fit.lost_at_event = lost_at;
  }
  return out;
}

}  // namespace kibitz::replays::analysis
