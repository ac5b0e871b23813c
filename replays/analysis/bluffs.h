// Bluff detection: every face-down card of a Loyalist Spies game, judged by
// what it did to the beliefs about its player.
//
// A card's effect is measured against the play its role calls for, the
// honest play: a Traitor's highest pack card, a loyal player's lowest
// (spies_timeline.h; no honest alternative when the card was that one or all
// cards held had the same value). The effect on a viewer's belief is its
// P(Traitor) of the player right after the mission's reveal minus what it
// would have been had the player made the honest play instead: the same
// revealed set with that one card swapped, filtered with the same particles
// up to the reveal (a WhatIf of belief_filter.h), so nothing but the card
// differs.
//
// A play is a bluff when its effect moved the public belief about its player
// away from the truth by at least `threshold`: down for a Traitor (holding a
// Joker when it played), up for a loyal player; with several replicates the
// effect must also be at least twice its standard error (not Monte Carlo
// noise). The seats it fooled are the other seats whose own estimate of the
// player moved away from the truth the same way (their own tracks, with the
// same swap, by the same test).
#pragma once

#include <array>
#include <span>
#include <vector>

#include "replays/analysis/belief_filter.h"
#include "replays/analysis/spies_observations.h"
#include "replays/analysis/spies_timeline.h"

namespace kibitz::replays::analysis {

// What one viewer believed through a game: replicate tracks (independent
// seeds) with their answers to the honest alternatives (honest_what_ifs,
// answered by track_beliefs), and their mean (average_tracks).
struct ViewerBeliefs {
  int viewer = kPublicViewer;
  std::vector<BeliefTrack> replicates;
  std::vector<std::vector<WhatIf>> what_ifs;  // per replicate
  BeliefTrack mean;
};

// One face-down card and what it did to the beliefs about its player.
struct PlayVerdict {
  int round = 0;
  int mission = 0;  // 0-based within the round
  int seat = 0;
  int card = -1;
  bool traitor = false;  // held a Joker when it played
  PlayPlace place = PlayPlace::kForced;
  RoleFit fit = RoleFit::kNeither;
  int reveal_event = -1;
  // The public P(Traitor) of the player just before and after the reveal
  // (`known` false when the filter had lost track).
  bool known = false;
  double before = 0.0;
  double after = 0.0;
  // The honest play and the effect of playing `card` instead of it, on the
  // public belief (`effect_known` false when there is no honest alternative
  // or the filter lost track).
  // The effect is the mean over the replicates; its error, the standard
  // error of that mean (0 with one replicate).
  int honest_card = -1;
  bool effect_known = false;
  double effect = 0.0;
  double effect_error = 0.0;
  bool bluff = false;
  std::vector<int> fooled;  // for a bluff: the seats it fooled
  // The effect on each seat's own estimate of the player, where known.
  std::array<bool, 4> seat_effect_known{};
  std::array<double, 4> seat_effect{};
  std::array<double, 4> seat_effect_error{};
};

// The honest play for a player holding `hand`: its highest pack card when a
// Traitor, else its lowest (the lowest-numbered card among equal values);
// -1 when it holds no pack card.
int honest_card(loyalist_spies::CardMask hand, bool traitor);

// The questions to ask `viewer`'s filter: for every card played with an
// honest alternative (by a seat other than the viewer), the revealed set with
// the card swapped for it.
std::vector<WhatIf> honest_what_ifs(const SpiesTimeline& timeline, int viewer);

// The verdicts on every card played in `timeline`, in game order. `views`
// holds the public observer's beliefs and any seats' own (viewer = the
// seat), each with its answered honest_what_ifs; seats without a view are
// never named fooled.
std::vector<PlayVerdict> judge_plays(const SpiesTimeline& timeline,
                                     std::span<const ViewerBeliefs> views, double threshold);

}  // namespace kibitz::replays::analysis
