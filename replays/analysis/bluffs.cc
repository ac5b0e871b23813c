#include "replays/analysis/bluffs.h"

#include <algorithm>
#include <cmath>

#include "env/core/error.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The points of a track just before and at an event.
struct Around {
  const BeliefPoint* before = nullptr;
  const BeliefPoint* after = nullptr;
};

Around around(const BeliefTrack& track, int event) {
  const auto& points = track.points;
  const auto it = std::find_if(points.begin(), points.end(),
                               [event](const BeliefPoint& p) { return p.event == event; });
  Around out;
  if (it == points.end()) return out;
  out.after = &*it;
  if (it != points.begin() && (it - 1)->round == it->round) out.before = &*(it - 1);
  return out;
}

// The revealed set of a mission.
ls::CardMask revealed_set(const SpiesTurn& turn) {
  ls::CardMask cards = 0;
  for (const int c : turn.face_down) cards |= ls::card_bit(c);
  for (const SpiesPlay& play : turn.plays) {
    if (play.card >= 0) cards |= ls::card_bit(play.card);
  }
  return cards;
}

// The set with `played` swapped for the honest alternative, or 0 when there is none.
ls::CardMask honest_set(const SpiesTurn& turn, const SpiesPlay& play) {
  if (play.card < 0) return 0;
  const int honest = honest_card(play.hand, play.traitor);
  if (honest < 0 || ls::card_value(honest) == ls::card_value(play.card)) return 0;
  return (revealed_set(turn) & ~ls::card_bit(play.card)) | ls::card_bit(honest);
}

// Away from the truth by at least the threshold, and beyond Monte Carlo noise.
bool misleads(double effect, double error, bool traitor, double threshold) {
  const bool away = traitor ? effect <= -threshold : effect >= threshold;
  return away && std::fabs(effect) >= 2.0 * error;
}

// A card's effect on one viewer: the mean over the replicates of the belief
// after the reveal minus the belief after the honest alternative, and the
// standard error of that mean.
struct Effect {
  bool known = false;
  double mean = 0.0;
  double error = 0.0;
};

Effect effect_of(const ViewerBeliefs& view, int event, ls::CardMask alternative, int seat) {
  std::vector<double> effects;
  for (std::size_t r = 0; r < view.replicates.size() && r < view.what_ifs.size(); ++r) {
    const Around seen = around(view.replicates[r], event);
    const auto it =
        std::find_if(view.what_ifs[r].begin(), view.what_ifs[r].end(),
                     [&](const WhatIf& w) { return w.event == event && w.cards == alternative; });
    if (seen.after == nullptr || !seen.after->traitor_known || it == view.what_ifs[r].end() ||
        !it->known) {
      continue;
    }
    effects.push_back(seen.after->traitor[at(seat)] - it->traitor[at(seat)]);
  }
  Effect out;
  if (effects.empty()) return out;
  out.known = true;
  const double n = static_cast<double>(effects.size());
  for (const double e : effects) out.mean += e / n;
  if (effects.size() > 1) {
    double squares = 0.0;
    for (const double e : effects) squares += (e - out.mean) * (e - out.mean);
    out.error = std::sqrt(squares / (n - 1.0) / n);
  }
  return out;
}

}  // namespace

int honest_card(ls::CardMask hand, bool traitor) {
  int best = -1;
  ls::for_each_card(hand & ~ls::kJokerMask, [&](int c) {
    if (best < 0) {
      best = c;
      return;
    }
    const int value = ls::card_value(c);
    const int best_value = ls::card_value(best);
    if (traitor ? value > best_value : value < best_value) best = c;
  });
  return best;
}

std::vector<WhatIf> honest_what_ifs(const SpiesTimeline& timeline, int viewer) {
  std::vector<WhatIf> out;
  for (const SpiesRound& round : timeline.rounds) {
    for (const SpiesTurn& turn : round.turns) {
      if (!turn.mission || turn.reveal_event < 0) continue;
      for (const SpiesPlay& play : turn.plays) {
        const ls::CardMask cards = honest_set(turn, play);
        if (cards != 0 && play.seat != viewer) out.push_back({turn.reveal_event, cards});
      }
    }
  }
  return out;
}

std::vector<PlayVerdict> judge_plays(const SpiesTimeline& timeline,
                                     std::span<const ViewerBeliefs> views, double threshold) {
  if (!(threshold > 0.0 && threshold <= 1.0)) {
    throw error("bluff threshold must be in (0, 1], got ", threshold);
  }
  const auto public_view = std::find_if(
      views.begin(), views.end(), [](const ViewerBeliefs& v) { return v.viewer == kPublicViewer; });
  if (public_view == views.end()) {
    throw error("judge_plays: the public observer's beliefs are missing");
  }
  std::vector<PlayVerdict> out;
  for (const SpiesRound& round : timeline.rounds) {
    for (const SpiesTurn& turn : round.turns) {
      if (!turn.mission || turn.reveal_event < 0) continue;
      for (const SpiesPlay& play : turn.plays) {
        if (play.card < 0) continue;
        PlayVerdict v;
        v.round = round.index;
        v.mission = turn.mission_index;
        v.seat = play.seat;
        v.card = play.card;
        v.traitor = play.traitor;
        v.place = play.place;
        v.fit = play.fit;
        v.reveal_event = turn.reveal_event;
        const Around shift = around(public_view->mean, turn.reveal_event);
        if (shift.before != nullptr && shift.after != nullptr && shift.before->traitor_known &&
            shift.after->traitor_known) {
          v.known = true;
          v.before = shift.before->traitor[at(play.seat)];
          v.after = shift.after->traitor[at(play.seat)];
        }
        const ls::CardMask alternative = honest_set(turn, play);
        if (alternative != 0) v.honest_card = honest_card(play.hand, play.traitor);
        for (const ViewerBeliefs& view : views) {
          if (alternative == 0 || view.viewer == play.seat) continue;
          const Effect e = effect_of(view, turn.reveal_event, alternative, play.seat);
          if (!e.known) continue;
          if (view.viewer == kPublicViewer) {
            v.effect_known = true;
            v.effect = e.mean;
            v.effect_error = e.error;
          } else {
            v.seat_effect_known[at(view.viewer)] = true;
            v.seat_effect[at(view.viewer)] = e.mean;
            v.seat_effect_error[at(view.viewer)] = e.error;
          }
        }
        v.bluff = v.effect_known && misleads(v.effect, v.effect_error, v.traitor, threshold);
        if (v.bluff) {
          for (int o = 0; o < timeline.num_players; ++o) {
            if (o != v.seat && v.seat_effect_known[at(o)] &&
                misleads(v.seat_effect[at(o)], v.seat_effect_error[at(o)], v.traitor, threshold)) {
              v.fooled.push_back(o);
            }
          }
        }
        out.push_back(v);
      }
    }
  }
  return out;
}

}  // namespace kibitz::replays::analysis
