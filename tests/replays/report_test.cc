// kibitz replay report: the analysis behind it (observations, suit and
// Traitor beliefs, bluff verdicts, the summary) and the page itself, which is
// loaded in headless Chromium to check that it renders with its charts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <numeric>
#include <sstream>
#include <tuple>

#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "replays/analysis/belief_filter.h"
#include "replays/analysis/bluffs.h"
#include "replays/analysis/game_analysis.h"
#include "replays/analysis/reference_policy.h"
#include "replays/analysis/report_summary.h"
#include "replays/analysis/spies_observations.h"
#include "replays/analysis/suit_belief.h"
#include "replays/recorder.h"
#include "replays/replay_writer.h"
#include "tests/replays/replay_test_util.h"
#include "tests/replays/spies_test_games.h"
#include "tools/replay/report_html.h"

namespace kibitz::replays::analysis {
namespace {

namespace ls = loyalist_spies;
using testing::contains;
using testing::run_kibitz;
using testing::TempDir;

using testing::agent_record;
using testing::kDirect;
using testing::kSingleRound;
using testing::scripted_game;

std::unique_ptr<ls::LoyalistSpiesState> replayed(const ReplayRecord& record) {
  std::unique_ptr<State> state = load_game(record.game)->state_from_history(record.actions);
  return std::unique_ptr<ls::LoyalistSpiesState>(
      dynamic_cast<ls::LoyalistSpiesState*>(state.release()));
}

BeliefTrack public_track(const ls::LoyalistSpiesState& state, const FilterOptions& options) {
  const std::vector<Seen> seen = observations(state, kPublicViewer);
  return track_beliefs(seen, {state.num_players(), state.config().jokers, state.config().keep5},
                       kPublicViewer, options);
}

FilterOptions quick(int particles = 300) {
  FilterOptions options;
  options.particles = particles;
  return options;
}

// --- Exact suit beliefs ------------------------------------------------------

TEST(SuitBelief, UniformWithoutKnowledge) {
  const auto p = suit_posterior(SuitKnowledge{});
  for (int seat = 0; seat < 4; ++seat) {
    for (int suit = 0; suit < 4; ++suit) EXPECT_DOUBLE_EQ(p[seat][suit], 0.25);
  }
}

TEST(SuitBelief, KnownAndExcludedSuits) {
  SuitKnowledge k;
  k.known[1] = ls::kSuitHearts;
  k.excluded[0] = 1u << ls::kSuitClubs;
  const auto p = suit_posterior(k);
  EXPECT_DOUBLE_EQ(p[1][ls::kSuitHearts], 1.0);
  EXPECT_DOUBLE_EQ(p[0][ls::kSuitHearts], 0.0);
  EXPECT_DOUBLE_EQ(p[0][ls::kSuitClubs], 0.0);
  EXPECT_DOUBLE_EQ(p[0][ls::kSuitDiamonds], 0.5);
  // P2 and P3 share what P0 leaves: Clubs is theirs with probability 1/2 each.
  EXPECT_DOUBLE_EQ(p[2][ls::kSuitClubs], 0.5);
  EXPECT_DOUBLE_EQ(p[2][ls::kSuitDiamonds], 0.25);
}

TEST(SuitBelief, ThreePlayersLeaveOneSuitUnowned) {
  SuitKnowledge k;
  k.num_players = 3;
  const auto p = suit_posterior(k);
  for (int suit = 0; suit < 4; ++suit) {
    EXPECT_NEAR(p[0][suit] + p[1][suit] + p[2][suit], 0.75, 1e-12);
  }
}

TEST(SuitBelief, ContradictionIsAnError) {
  SuitKnowledge k;
  k.known[0] = 0;
  k.known[1] = 0;
  EXPECT_THROW(suit_posterior(k), KibitzError);
}

// --- The reference policy ----------------------------------------------------

TEST(ReferencePolicy, PlaysTheExtremeOfItsRolePlusUniformNoise) {
  const ReferencePolicy policy(0.2, 0.5);
  ValueCounts hand{};
  hand[3] = 1;
  hand[9] = 2;
  hand[13] = 1;
  auto loyal = policy.play_probabilities(hand);
  EXPECT_NEAR(loyal[3], 0.8 + 0.2 / 4, 1e-12);
  EXPECT_NEAR(loyal[9], 0.2 * 2 / 4, 1e-12);
  EXPECT_NEAR(std::accumulate(loyal.begin(), loyal.end(), 0.0), 1.0, 1e-12);
  hand[kJokerValue] = 1;  // now a Traitor: the highest card
  auto traitor = policy.play_probabilities(hand);
  EXPECT_NEAR(traitor[13], 0.8 + 0.2 / 4, 1e-12);
  EXPECT_DOUBLE_EQ(traitor[kJokerValue], 0.0);
  ValueCounts jokers_only{};
  jokers_only[kJokerValue] = 2;
  const auto none = policy.play_probabilities(jokers_only);
  EXPECT_DOUBLE_EQ(std::accumulate(none.begin(), none.end(), 0.0), 0.0);
}

TEST(ReferencePolicy, KeepsFiveAndBadValuesAreErrors) {
  const ReferencePolicy policy(0.0, 1.0);
  ValueCounts dealt{};
  dealt[kJokerValue] = 1;
  for (int v = 2; v <= 12; ++v) dealt[v] = 1;
  Rng rng(3);
  const ValueCounts kept = policy.sample_keep(dealt, rng);
  EXPECT_EQ(std::accumulate(kept.begin(), kept.end(), 0), 5);
  // joker_keep = 1 and no noise: the Joker and the four highest.
  EXPECT_EQ(kept[kJokerValue], 1);
  EXPECT_EQ(kept[12] + kept[11] + kept[10] + kept[9], 4);
  EXPECT_THROW(ReferencePolicy(1.5, 0.5), KibitzError);
  EXPECT_THROW(ReferencePolicy(0.1, -0.1), KibitzError);
}

// --- What each viewer sees ---------------------------------------------------

TEST(Observations, ThePublicSeesNoHiddenCard) {
  const ReplayRecord record = agent_record(kSingleRound, "heuristic", 5);
  const auto state = replayed(record);
  for (const Seen& s : observations(*state, kPublicViewer)) {
    switch (s.kind) {
      case SeenKind::kPlay:
      case SeenKind::kDraw:
      case SeenKind::kDiscard:
      case SeenKind::kFaceDown:
        EXPECT_EQ(s.card, -1) << "event " << s.event;
        break;
      case SeenKind::kRoundStart:
        EXPECT_EQ(s.own_dealt, 0u);
        EXPECT_EQ(s.own_kept, 0u);
        EXPECT_EQ(s.own_ace, -1);
        break;
      case SeenKind::kJack:
        EXPECT_EQ(s.seen_ace, -1);
        break;
      default:
        break;
    }
  }
}

TEST(Observations, ASeatSeesItsOwnCardsOnly) {
  const ReplayRecord record = agent_record(kSingleRound, "heuristic", 6);
  const auto state = replayed(record);
  for (int seat = 0; seat < 4; ++seat) {
    for (const Seen& s : observations(*state, seat)) {
      if (s.kind == SeenKind::kPlay || s.kind == SeenKind::kDraw) {
        EXPECT_EQ(s.card >= 0, s.seat == seat) << "seat " << seat << " event " << s.event;
      }
      if (s.kind == SeenKind::kRoundStart) {
        EXPECT_EQ(ls::popcount(s.own_kept), 5);
        EXPECT_EQ(s.own_kept & ~s.own_dealt, 0u);
      }
    }
  }
  EXPECT_THROW(observations(*state, 4), KibitzError);
}

// The public view (read off the spectator's stream) and every seat's view
// list the same events with the same public facts: only the seat's own cards
// and the aces it was shown are its own.
TEST(Observations, ThePublicViewAgreesWithEverySeatOnPublicFacts) {
  for (const std::uint64_t seed : {7u, 8u, 9u}) {
    const ReplayRecord record = agent_record(kSingleRound, "heuristic", seed);
    const auto state = replayed(record);
    const std::vector<Seen> everyone = observations(*state, kPublicViewer);
    ASSERT_FALSE(everyone.empty());
    for (int seat = 0; seat < 4; ++seat) {
      const std::vector<Seen> own = observations(*state, seat);
      ASSERT_EQ(own.size(), everyone.size()) << "seat " << seat;
      for (std::size_t i = 0; i < own.size(); ++i) {
        const Seen& a = everyone[i];
        const Seen& b = own[i];
        EXPECT_EQ(a.kind, b.kind) << "seat " << seat << " item " << i;
        EXPECT_EQ(a.event, b.event) << "seat " << seat << " item " << i;
        EXPECT_EQ(a.round, b.round);
        EXPECT_EQ(a.seat, b.seat) << "seat " << seat << " event " << a.event;
        EXPECT_EQ(a.count, b.count);
        EXPECT_EQ(a.target, b.target);
        EXPECT_EQ(a.jack_suit, b.jack_suit);
        EXPECT_EQ(a.match, b.match);
        EXPECT_EQ(a.cards, b.cards);
        EXPECT_EQ(a.dealt, b.dealt);
        if (a.kind == SeenKind::kFlip) {
          EXPECT_EQ(a.card, b.card);
        }
      }
    }
  }
}

// --- Belief tracks -----------------------------------------------------------

TEST(BeliefTrack, AJackMatchMakesTheSuitKnownAndAMissRulesItOut) {
  const auto state = replayed(scripted_game());
  const BeliefTrack track = public_track(*state, quick());
  std::vector<const BeliefPoint*> jacks;
  for (const BeliefPoint& p : track.points) {
    if (p.kind == SeenKind::kJack) jacks.push_back(&p);
  }
  ASSERT_GE(jacks.size(), 2u);
  // Before any Jack every suit is equally likely for everyone.
  EXPECT_DOUBLE_EQ(track.points.front().suit[1][ls::kSuitHearts], 0.25);
  // P0 looked at P1's ace, the Ace of Hearts: P1's suit is known to all.
  const BeliefPoint& match = *jacks[0];
  EXPECT_DOUBLE_EQ(match.suit[1][ls::kSuitHearts], 1.0);
  for (const int seat : {0, 2, 3}) EXPECT_DOUBLE_EQ(match.suit[seat][ls::kSuitHearts], 0.0);
  EXPECT_DOUBLE_EQ(match.suit[0][ls::kSuitClubs], 1.0 / 3.0);
  // P2 looked at P0's ace (Diamonds) with the Jack of Clubs: no match.
  const BeliefPoint& miss = *jacks[1];
  EXPECT_DOUBLE_EQ(miss.suit[0][ls::kSuitClubs], 0.0);
  EXPECT_DOUBLE_EQ(miss.suit[0][ls::kSuitDiamonds], 0.5);
  EXPECT_DOUBLE_EQ(miss.suit[2][ls::kSuitClubs], 0.5);
  EXPECT_DOUBLE_EQ(miss.suit[1][ls::kSuitHearts], 1.0);
}

TEST(BeliefTrack, TheDeterminerLearnsTheAceItLookedAt) {
  const auto state = replayed(scripted_game());
  const std::vector<Seen> seen = observations(*state, 2);
  const BeliefTrack track = track_beliefs(seen, {4, 2, false}, 2, quick());
  const auto jack =
      std::find_if(track.points.begin(), track.points.end(),
                   [](const BeliefPoint& p) { return p.kind == SeenKind::kJack && p.seat == 2; });
  ASSERT_NE(jack, track.points.end());
  EXPECT_DOUBLE_EQ(jack->suit[0][ls::kSuitDiamonds], 1.0);  // it saw P0's ace
  EXPECT_DOUBLE_EQ(jack->suit[2][ls::kSuitSpades], 1.0);    // its own
}

// Probabilities lie in [0, 1]; each seat owns exactly one suit; with four
// players each suit has exactly one owner, with three the unowned suit takes
// the rest; a seat's own Traitor belief is exact.
void expect_sound(const ls::LoyalistSpiesState& state, const BeliefTrack& track) {
  const int n = state.num_players();
  ASSERT_FALSE(track.points.empty());
  for (const BeliefPoint& p : track.points) {
    for (int seat = 0; seat < n; ++seat) {
      EXPECT_GE(p.traitor[seat], 0.0);
      EXPECT_LE(p.traitor[seat], 1.0);
      double owned = 0.0;
      for (int suit = 0; suit < 4; ++suit) {
        EXPECT_GE(p.suit[seat][suit], 0.0);
        EXPECT_LE(p.suit[seat][suit], 1.0);
        owned += p.suit[seat][suit];
      }
      EXPECT_NEAR(owned, 1.0, 1e-9) << "seat " << seat << " event " << p.event;
    }
    double total = 0.0;
    for (int suit = 0; suit < 4; ++suit) {
      double owners = 0.0;
      for (int seat = 0; seat < n; ++seat) owners += p.suit[seat][suit];
      if (n == 4) {
        EXPECT_NEAR(owners, 1.0, 1e-9);
      }
      EXPECT_LE(owners, 1.0 + 1e-9);
      total += owners;
    }
    EXPECT_NEAR(total, n, 1e-9);
  }
  if (track.viewer >= 0 && state.is_terminal()) {
    // At the round's end (before the reveal) the seat knows its own hand.
    const SpiesTimeline timeline = spies_timeline(state);
    for (const BeliefPoint& p : track.points) {
      if (p.kind != SeenKind::kRoundEnd || !p.traitor_known) continue;
      const auto& round = timeline.rounds[static_cast<std::size_t>(p.round)];
      const bool traitor =
          round.roles[static_cast<std::size_t>(track.viewer)] == ls::Role::kTraitor;
      EXPECT_NEAR(p.traitor[track.viewer], traitor ? 1.0 : 0.0, 1e-9);
    }
  }
}

TEST(BeliefTrack, ProbabilitiesAreSoundForEveryViewer) {
  for (const std::string& spec : {std::string(kSingleRound), std::string(kDirect),
                                  std::string("loyalist_spies(players=3,rounds=2)")}) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const auto state = replayed(agent_record(spec, "heuristic", seed));
      const SpiesSetup setup{state->num_players(), state->config().jokers, state->config().keep5};
      for (int viewer = kPublicViewer; viewer < state->num_players(); ++viewer) {
        SCOPED_TRACE(spec + " seed " + std::to_string(seed) + " viewer " + std::to_string(viewer));
        const std::vector<Seen> seen = observations(*state, viewer);
        expect_sound(*state, track_beliefs(seen, setup, viewer, quick(200)));
      }
    }
  }
}

TEST(BeliefTrack, TheSameSeedGivesTheSameTrack) {
  const auto state = replayed(agent_record(kSingleRound, "heuristic", 9));
  const BeliefTrack a = public_track(*state, quick());
  const BeliefTrack b = public_track(*state, quick());
  ASSERT_EQ(a.points.size(), b.points.size());
  for (std::size_t i = 0; i < a.points.size(); ++i)
    EXPECT_EQ(a.points[i].traitor, b.points[i].traitor);
}

TEST(BeliefTrack, TraitorsEndUnderMoreSuspicionThanOthers) {
  // Heuristic players are the reference policy itself, so the observer's
  // round-end beliefs should separate the roles on average.
  SummaryBuilder summary;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto state = replayed(agent_record(kSingleRound, "heuristic", 100 + seed));
    const BeliefTrack track = public_track(*state, quick());
    summary.add(spies_timeline(*state), track, {});
  }
  const ReportSummary& s = summary.summary();
  ASSERT_GT(s.traitors, 10);
  ASSERT_GT(s.loyal, 10);
  EXPECT_GT(s.traitor_belief_sum / s.traitors, s.loyal_belief_sum / s.loyal + 0.03);
}

TEST(BeliefTrack, BadOptionsAreErrors) {
  const auto state = replayed(agent_record(kSingleRound, "heuristic", 1));
  FilterOptions options;
  options.particles = 0;
  EXPECT_THROW(public_track(*state, options), KibitzError);
  options = FilterOptions{};
  options.epsilon = 2.0;
  EXPECT_THROW(public_track(*state, options), KibitzError);
}

// --- Bluffs ------------------------------------------------------------------

TEST(Bluffs, ATraitorsLowCardIsABluffThatLowersThePublicBelief) {
  const ReplayRecord record = scripted_game();
  const GameAnalysis game = analyze_game(record, 0, ReportOptions{}, true);
  const auto verdict =
      std::find_if(game.verdicts.begin(), game.verdicts.end(),
                   [](const PlayVerdict& v) { return v.seat == 0 && v.mission == 0; });
  ASSERT_NE(verdict, game.verdicts.end());
  EXPECT_EQ(verdict->card, ls::parse_card("2C"));
  EXPECT_TRUE(verdict->traitor);
  EXPECT_EQ(verdict->place, PlayPlace::kLow);
  EXPECT_EQ(verdict->fit, RoleFit::kAgainst);
  EXPECT_EQ(verdict->honest_card, ls::parse_card("KD"));  // the lowest-numbered King
  ASSERT_TRUE(verdict->effect_known);
  EXPECT_LT(verdict->effect, 0.0);  // a King in the set would have raised suspicion
  EXPECT_TRUE(verdict->bluff) << verdict->effect << " +- " << verdict->effect_error;
  EXPECT_FALSE(verdict->fooled.empty());  // the loyal seats' own estimates dropped too
  // Loyal players who played their lowest card have no honest alternative.
  for (const PlayVerdict& v : game.verdicts) {
    if (v.mission == 0 && v.seat != 0) {
      EXPECT_EQ(v.fit, RoleFit::kMatched);
      EXPECT_FALSE(v.effect_known);
      EXPECT_FALSE(v.bluff);
    }
  }
}

// A constructed case for the verdict logic alone: P0, a Traitor, plays its
// 2C instead of its King; P1, loyal, plays its lowest card.
TEST(Bluffs, VerdictsFlagTheBluffAndNameWhoWasFooled) {
  SpiesTimeline timeline;
  SpiesRound round;
  SpiesTurn turn;
  turn.mission = true;
  turn.mission_index = 0;
  turn.reveal_event = 10;
  turn.face_down = {ls::parse_card("8C"), ls::parse_card("9C"), ls::parse_card("TC")};
  SpiesPlay traitor;
  traitor.seat = 0;
  traitor.card = ls::parse_card("2C");
  traitor.hand = ls::card_bit(ls::parse_card("2C")) | ls::card_bit(ls::parse_card("KD")) |
                 ls::card_bit(ls::parse_card("Jk"));
  traitor.traitor = true;
  traitor.place = play_place(traitor.hand, traitor.card);
  traitor.fit = role_fit(traitor.place, true);
  SpiesPlay loyal;
  loyal.seat = 1;
  loyal.card = ls::parse_card("2D");
  loyal.hand = ls::card_bit(ls::parse_card("2D")) | ls::card_bit(ls::parse_card("9D"));
  loyal.place = play_place(loyal.hand, loyal.card);
  loyal.fit = role_fit(loyal.place, false);
  turn.plays = {traitor, loyal};
  round.turns = {turn};
  timeline.rounds = {round};
  EXPECT_EQ(traitor.fit, RoleFit::kAgainst);
  EXPECT_EQ(loyal.fit, RoleFit::kMatched);

  const std::vector<WhatIf> asked = honest_what_ifs(timeline, kPublicViewer);
  ASSERT_EQ(asked.size(), 1u);  // only the Traitor had an honest alternative
  EXPECT_EQ(asked[0].event, 10);
  EXPECT_TRUE((asked[0].cards >> ls::parse_card("KD")) & 1u);
  EXPECT_FALSE((asked[0].cards >> ls::parse_card("2C")) & 1u);
  EXPECT_TRUE(honest_what_ifs(timeline, 0).empty());  // P0 is not asked about itself

  // Tracks: a point before the reveal and one at it; P(Traitor) of P0.
  const auto view = [&](int viewer, double before, double after, double if_honest) {
    BeliefTrack track;
    track.viewer = viewer;
    BeliefPoint p;
    p.event = 5;
    p.traitor[0] = before;
    track.points.push_back(p);
    p.event = 10;
    p.kind = SeenKind::kReveal;
    p.traitor[0] = after;
    track.points.push_back(p);
    ViewerBeliefs v;
    v.viewer = viewer;
    v.replicates = {track};
    v.what_ifs = {honest_what_ifs(timeline, viewer)};
    for (WhatIf& w : v.what_ifs[0]) {
      w.known = true;
      w.traitor[0] = if_honest;
    }
    v.mean = track;
    return v;
  };
  const std::vector<ViewerBeliefs> views = {
      view(kPublicViewer, 0.5, 0.3, 0.6),  // effect -30 points: away from the truth
      view(1, 0.5, 0.45, 0.5),             // -5 points: below the threshold
      view(2, 0.4, 0.2, 0.5),              // -30 points: fooled
  };
  const std::vector<PlayVerdict> verdicts = judge_plays(timeline, views, 0.1);
  ASSERT_EQ(verdicts.size(), 2u);
  const PlayVerdict& v = verdicts[0];
  EXPECT_TRUE(v.known);
  EXPECT_DOUBLE_EQ(v.before, 0.5);
  EXPECT_DOUBLE_EQ(v.after, 0.3);
  ASSERT_TRUE(v.effect_known);
  EXPECT_NEAR(v.effect, -0.3, 1e-12);
  EXPECT_TRUE(v.bluff);
  EXPECT_EQ(v.fooled, std::vector<int>({2}));
  EXPECT_NEAR(v.seat_effect[1], -0.05, 1e-12);
  EXPECT_FALSE(verdicts[1].bluff);
  EXPECT_FALSE(verdicts[1].effect_known);

  // The same card raising the belief is no bluff for a Traitor.
  const std::vector<ViewerBeliefs> honest_looking = {view(kPublicViewer, 0.5, 0.7, 0.6)};
  EXPECT_FALSE(judge_plays(timeline, honest_looking, 0.1)[0].bluff);
  EXPECT_THROW(judge_plays(timeline, honest_looking, 0.0), KibitzError);
  EXPECT_THROW(judge_plays(timeline, {}, 0.1), KibitzError);
}

TEST(Bluffs, PlaceAndFitFollowTheHand) {
  const ls::CardMask hand = ls::card_bit(ls::parse_card("3H")) |
                            ls::card_bit(ls::parse_card("9S")) |
                            ls::card_bit(ls::parse_card("KC")) | ls::card_bit(ls::parse_card("Jk"));
  EXPECT_EQ(play_place(hand, ls::parse_card("KC")), PlayPlace::kHigh);
  EXPECT_EQ(play_place(hand, ls::parse_card("3H")), PlayPlace::kLow);
  EXPECT_EQ(play_place(hand, ls::parse_card("9S")), PlayPlace::kMiddle);
  EXPECT_EQ(play_place(ls::card_bit(ls::parse_card("4D")), ls::parse_card("4D")),
            PlayPlace::kForced);
  EXPECT_EQ(role_fit(PlayPlace::kHigh, true), RoleFit::kMatched);
  EXPECT_EQ(role_fit(PlayPlace::kHigh, false), RoleFit::kAgainst);
  EXPECT_EQ(role_fit(PlayPlace::kLow, false), RoleFit::kMatched);
  EXPECT_EQ(role_fit(PlayPlace::kMiddle, true), RoleFit::kNeither);
  EXPECT_EQ(honest_card(hand, true), ls::parse_card("KC"));
  EXPECT_EQ(honest_card(hand, false), ls::parse_card("3H"));
}

// --- The summary -------------------------------------------------------------

TEST(Summary, WinSharesIdentificationAndCalibration) {
  // One scored round: P0 a Traitor with the most points, P1 Compromised,
  // P2 and P3 Loyal sharing nothing; two missions failed, one succeeded.
  SpiesTimeline timeline;
  SpiesRound round;
  round.finished = true;
  round.roles = {ls::Role::kTraitor, ls::Role::kCompromised, ls::Role::kLoyal, ls::Role::kLoyal};
  round.points = {12, 5, 3, 3};
  round.failures = 2;
  round.successes = 1;
  timeline.rounds = {round};
  // The public P(Traitor) of P0 crosses 50% after the second mission (and
  // briefly before, after the first); P2 ends above 50% too.
  BeliefTrack track;
  const std::vector<std::tuple<SeenKind, int, double, double>> steps = {
      {SeenKind::kRoundStart, 0, 0.2, 0.2}, {SeenKind::kReveal, 1, 0.6, 0.3},
      {SeenKind::kFlip, 1, 0.4, 0.3},       {SeenKind::kReveal, 2, 0.7, 0.55},
      {SeenKind::kReveal, 3, 0.8, 0.6},     {SeenKind::kRoundEnd, 3, 0.8, 0.6}};
  int event = 0;
  for (const auto& [kind, missions, p0, p2] : steps) {
    BeliefPoint p;
    p.event = ++event;
    p.kind = kind;
    p.missions = missions;
    p.traitor = {p0, 0.1, p2, 0.05};
    track.points.push_back(p);
  }
  SummaryBuilder builder;
  builder.add(timeline, track, {});
  const ReportSummary& s = builder.summary();
  EXPECT_EQ(s.games, 1);
  EXPECT_EQ(s.rounds, 1);
  EXPECT_EQ(s.failing_rounds, 1);
  EXPECT_DOUBLE_EQ(s.roles[1].win_share, 1.0);  // the Traitor won the round alone
  EXPECT_EQ(s.roles[1].seat_rounds, 1);
  EXPECT_EQ(s.roles[0].seat_rounds, 2);
  EXPECT_DOUBLE_EQ(s.roles[0].win_share, 0.0);
  EXPECT_EQ(s.traitors, 1);
  EXPECT_EQ(s.traitors_identified, 1);
  ASSERT_EQ(s.identified_after_mission.size(), 3u);
  EXPECT_EQ(s.identified_after_mission[2], 1);  // the last upward crossing
  EXPECT_EQ(s.loyal, 3);
  EXPECT_EQ(s.loyal_accused, 1);  // P2
  EXPECT_EQ(s.calibration_count[8], 1);
  EXPECT_EQ(s.calibration_traitors[8], 1);
  EXPECT_EQ(s.calibration_count[0], 1);  // P3 at 5%
  EXPECT_EQ(s.calibration_count[1], 1);  // P1 at 10%
  EXPECT_EQ(s.calibration_count[6], 1);  // P2 at 60%, not a Traitor
  EXPECT_EQ(s.calibration_traitors[6], 0);
}

// --- The page ----------------------------------------------------------------

std::string page_html(const GameAnalysis& game, const std::optional<ReportSummary>& summary) {
  tools::ReportPage page;
  page.source = "games.kbr";
  page.records = 1;
  page.game = &game;
  page.summary = summary;
  std::ostringstream out;
  tools::write_report_html(page, out);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

int announced_charts(const std::string& html) {
  const std::string key = "data-charts=\"";
  const std::size_t at = html.find(key);
  return at == std::string::npos ? -1 : std::atoi(html.c_str() + at + key.size());
}

TEST(ReportPage, SelfContainedWithChartsAndHiddenCards) {
  const ReplayRecord record = scripted_game();
  const GameAnalysis game = analyze_game(record, 0, ReportOptions{}, true);
  SummaryBuilder summary;
  summary.add(game.timeline, game.public_track, game.verdicts);
  const std::string html = page_html(game, summary.summary());
  EXPECT_EQ(static_cast<int>(count(html, "<svg class=\"chart\"")), announced_charts(html));
  EXPECT_GE(announced_charts(html), 8);
  EXPECT_TRUE(contains(html, "data-kind=\"line\""));
  EXPECT_TRUE(contains(html, "data-kind=\"bar\""));
  EXPECT_TRUE(contains(html, "class=\"bluff\""));       // P0's 2C
  EXPECT_TRUE(contains(html, "solid: its true suit"));  // the Jacks moved suit beliefs
  EXPECT_TRUE(contains(html, "2\u2663"));               // P0's hidden 2C, shown
  // Nothing to fetch: no links, no external scripts, images or styles.
  EXPECT_FALSE(contains(html, "<link"));
  EXPECT_FALSE(contains(html, "src="));
  EXPECT_FALSE(contains(html, "https://"));
  EXPECT_FALSE(contains(html, "url("));
}

TEST(ReportPage, OtherGamesShowTheMovesOnly) {
  const GameAnalysis game = analyze_game(
      testing::scripted_record("leduc_poker", testing::kLeducShowdown), 0, ReportOptions{}, true);
  EXPECT_FALSE(game.spies);
  const std::string html = page_html(game, std::nullopt);
  EXPECT_TRUE(contains(html, "deal Kh"));  // hidden cards revealed
  EXPECT_TRUE(contains(html, "Loyalist Spies"));
  EXPECT_EQ(announced_charts(html), 0);
}

// Loads a page in headless Chromium and returns the DOM after the load event.
std::string rendered_dom(const std::string& html_path, const TempDir& dir) {
  const std::string command =
      "/usr/bin/chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
      "--disable-component-update --disable-sync --no-first-run --user-data-dir='" +
      dir.file("profile") + "' --virtual-time-budget=5000 --dump-dom 'file://" + html_path +
      "' >'" + dir.file("dom") + "' 2>'" + dir.file("chromium.log") + "'";
  const int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << testing::read_bytes(dir.file("chromium.log"));
  return testing::read_bytes(dir.file("dom"));
}

TEST(ReportPage, RendersInHeadlessChromium) {
  if (!std::filesystem::exists("/usr/bin/chromium")) {
    GTEST_SKIP() << "/usr/bin/chromium is not installed (setup.sh installs it); "
                    "the page was not checked in a browser";
  }
  const GameAnalysis game = analyze_game(scripted_game(), 0, ReportOptions{}, true);
  SummaryBuilder summary;
  summary.add(game.timeline, game.public_track, game.verdicts);
  const std::string html = page_html(game, summary.summary());
  const TempDir dir;
  const std::string path = dir.file("report.html");
  testing::write_bytes(path, html);
  const std::string dom = rendered_dom(path, dir);
  EXPECT_TRUE(contains(dom, "data-render=\"ok\"")) << dom.substr(0, 400);
  EXPECT_FALSE(contains(dom, "data-render-problem=\"")) << dom.substr(0, 400);
  EXPECT_EQ(static_cast<int>(count(dom, "<svg class=\"chart\"")), announced_charts(html));
}

// --- The command -------------------------------------------------------------

TEST(ReportCommand, WritesThePageAndRejectsBadInput) {
  const TempDir dir;
  {
    ReplayWriter writer(dir.file("games.kbr"));
    writer.write(scripted_game());
    writer.write(agent_record(kSingleRound, "heuristic", 4));
    writer.close();
  }
  const std::string out = dir.file("report.html");
  const testing::CommandResult ok = run_kibitz("replay report '" + dir.file("games.kbr") +
                                               "' --html '" + out + "' --game 1 --particles 150");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_TRUE(contains(ok.out, "summary over 2 games")) << ok.out;
  const std::string html = testing::read_bytes(out);
  EXPECT_TRUE(contains(html, "Summary of the file"));
  EXPECT_TRUE(contains(html, "record 1 of 2"));

  EXPECT_EQ(
      run_kibitz("replay report '" + dir.file("games.kbr") + "' --html '" + out + "' --game 2")
          .exit_code,
      2);
  EXPECT_EQ(
      run_kibitz("replay report '" + dir.file("games.kbr") + "' --html '" + out + "' --particles 0")
          .exit_code,
      2);
  EXPECT_EQ(run_kibitz("replay report '" + dir.file("games.kbr") + "'").exit_code, 2);
  EXPECT_EQ(
      run_kibitz("replay report '" + dir.file("missing.kbr") + "' --html '" + out + "'").exit_code,
      2);
  const testing::CommandResult help = run_kibitz("replay report --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(contains(help.out, "--particles"));
}

}  // namespace
}  // namespace kibitz::replays::analysis
