// Belief tracking for Loyalist Spies: after each event a viewer saw, the
// probability that each seat is a Traitor (holds a Joker now, so would be a
// Traitor if the round ended here) and that it owns each suit, as that viewer
// would estimate it from what it saw, assuming every seat follows the
// reference policy (reference_policy.h).
//
// Method (docs/bluff_report.md has the full account):
//  - Suits are exact (suit_belief.h): the policy ignores suits, so only Jacks
//    (and the viewer's own ace) move them.
//  - Roles come from a particle filter (round_filter.h). A particle is one
//    hidden world of the round in the form the policy sees it: every seat's
//    hand and the Success deck as counts of card classes (card_counts.h).
//    Particles start from the prior: a random deal of the cards the viewer
//    has not seen, and each seat's keep drawn from the policy. Each event the
//    viewer saw then weighs them by its likelihood: a flipped card by how
//    many cards of its class the particle's deck holds; a seat playing
//    nothing by whether its hand is all Jokers; a revealed mission set by the
//    sum, over every way of splitting it between the face-down deck cards and
//    the players, of the policy's probability of those plays times the
//    chance of those deck cards. A split is then drawn from that sum and
//    applied; hidden draws and discards are drawn from chance and the policy.
//    When the effective sample size falls below half the particles they are
//    resampled (systematic resampling, before the next event).
//  - Nobody sees who played which card of a mission, so seats that were seen
//    doing the same things are interchangeable: their estimates are averaged,
//    and their hands are dealt out again among them before anything sets one
//    apart, so that the particles' arbitrary choice of whom to blame does not
//    pass for evidence.
//  - If no particle fits what was seen (the players strayed far from the
//    policy), the round is run again with a more forgiving policy (epsilon
//    0.5, then 1 with twice and then eight times the particles); if even that
//    fails, the Traitor beliefs of the rest of the round are marked unknown.
// Every random draw comes from generators derived from the options' seed, the
// viewer and the round, so the same replay and options give the same track.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "replays/analysis/spies_observations.h"

namespace kibitz::replays::analysis {

// The game facts the filter needs.
struct SpiesSetup {
  int num_players = 4;
  int jokers = 2;
  bool keep5 = true;
};

// How a belief filter runs.
struct FilterOptions {
  int particles = 1000;
  double epsilon = 0.3;         // the reference policy's share of uniform choice
  double joker_keep = 0.5;      // the reference policy's chance of keeping a dealt Joker
  double resample_below = 0.5;  // resample when ESS < this fraction of the particles
  std::uint64_t seed = 1;
};

// The viewer's beliefs after one event.
struct BeliefPoint {
  int event = 0;  // index in the game's event log of the event just seen
  int round = 0;
  int missions = 0;  // missions revealed so far in the round
  SeenKind kind = SeenKind::kRoundStart;
  int seat = -1;                    // who acted (the determiner, the player, the drawer), or -1
  int card = -1;                    // the card seen, if any (a flip; the viewer's own draw)
  bool traitor_known = true;        // false once the filter lost track in this round
  std::array<double, 4> traitor{};  // [seat] P(holds a Joker)
  std::array<std::array<double, 4>, 4> suit{};  // [seat][suit] P(owns the suit)
  double ess = 0.0;                             // effective sample size behind `traitor`
};

// How the filter fared in one round.
struct RoundFit {
  int round = 0;
  double epsilon = 0.0;  // of the attempt kept
  int particles = 0;
  int attempts = 0;        // 1 when the first policy fitted
  int lost_at_event = -1;  // the event at which even the last attempt lost track, or -1
  int resamples = 0;
  // For an average of replicate tracks (average_tracks): how many were
  // averaged and how many of them lost track in the round.
  int replicates = 1;
  int lost_replicates = 0;
};

// A viewer's beliefs through a game.
struct BeliefTrack {
  int viewer = kPublicViewer;
  std::vector<BeliefPoint> points;  // one per event that can move a belief
  std::vector<RoundFit> rounds;
};

// A "what if" question for the filter: what the viewer would have believed
// right after the mission reveal at log index `event` had the revealed set
// been `cards` instead, all else equal (the same particles up to it). The
// filter fills in the answer.
struct WhatIf {
  int event = 0;
  loyalist_spies::CardMask cards = 0;
  bool known = false;  // answered (false when no particle fits, or the filter had lost track)
  std::array<double, 4> traitor{};  // [seat] P(holds a Joker) after the edited reveal
};

// The beliefs of `viewer` (kPublicViewer or a seat) through the events it
// saw (observations(state, viewer)). A point is recorded at the start of
// each round and after every flip, Jack, seat playing nothing, mission
// reveal, run of draws or discards, and at the round's end (before the
// reveal). Each of `what_ifs` is answered in passing. Throws KibitzError
// for bad options.
BeliefTrack track_beliefs(std::span<const Seen> seen, const SpiesSetup& setup, int viewer,
                          const FilterOptions& options, std::span<WhatIf> what_ifs = {});

// The mean of replicate tracks: the same viewer and events filtered with
// independent seeds. Each point's P(Traitor) is the mean over the replicates
// that still had track there (unknown when none had); suits are exact and
// the same in all. Averaging R replicates of K particles is as good as one
// filter of about R*K, and the spread between them measures the Monte Carlo
// error. Throws KibitzError when the tracks do not match.
BeliefTrack average_tracks(std::span<const BeliefTrack> replicates);

}  // namespace kibitz::replays::analysis
