// The Adulting heuristic (agents/heuristic/adulting_*): it plays every
// registered Adulting conformance spec with legal moves only, keeps its
// claim and bid rules in real games, votes and sues as its rules say on
// streams written observation by observation, and beats random.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "agents/heuristic/adulting/adulting_decisions.h"
#include "agents/heuristic/adulting/adulting_heuristic.h"
#include "agents/registry.h"
#include "env/core/registry.h"
#include "env/core/seat_view.h"
#include "env/games/adulting/adulting_state.h"
#include "env/games/adulting/stream.h"
#include "tests/agents/heuristic_test_support.h"
#include "tests/env/games/adulting/script.h"

namespace kibitz::adulting::bot {
namespace {

std::vector<std::string> adulting_specs() {
  for (const GameInfo& info : registered_games()) {
    if (info.name == "adulting") return info.test_specs;
  }
  ADD_FAILURE() << "adulting is not registered";
  return {};
}

// Called after each decision: the seat, its agent, its action, and the
// state it acted in (the true state: the test may look, the agent may not).
using Check = std::function<void(int seat, Agent& agent, Action action, const AdultingState& state)>;

// Plays one game, seat s by agent spec specs[s % size], every move checked
// legal; returns the number of decisions, each seen by `check`.
int play(const std::shared_ptr<const Game>& game, const std::vector<std::string>& specs, std::uint64_t seed,
         const Check& check = nullptr) {
  const auto adulting_check = [&](int seat, Agent& agent, Action action, const State& state) {
    if (check) check(seat, agent, action, static_cast<const AdultingState&>(state));
  };
  return heuristic_testing::play_checked(game, specs, seed, adulting_check);
}

Observation obs(Obs kind, std::initializer_list<int> values = {}) {
  Observation o = make_obs(kind);
  for (int v : values) o.add(v);
  return o;
}

// A table fed a stream written here, observation by observation.
struct Fed {
  Fed(const std::string& spec, int viewer)
      : game(load_game(spec)), table(static_cast<const AdultingGame&>(*game), viewer) {}
  Fed& operator<<(const Observation& o) {
    table.read(o);
    return *this;
  }
  int card(const std::string& name) const { return table.game().deck().find(name); }

  std::shared_ptr<const Game> game;
  Table table;
  BotParams params;
};

// --- Real games -------------------------------------------------------------------

TEST(AdultingHeuristic, PlaysEveryConformanceSpecWithLegalMovesOnly) {
  // Plain seats, seats beside random ones, and extreme parameters that sue,
  // bluff, lie and take extra at every chance, so every step comes up.
  const std::vector<std::vector<std::string>> tables = {
      {"heuristic"},
      {"heuristic", "random"},
      {"heuristic(lie_rate=1,bluff_rate=1,sue_threshold=1,extra_rate=1,vote_z=0)",
       "heuristic(lie_rate=0,bluff_rate=0,sue_threshold=0,bid_scale=100)"},
  };
  std::map<Action, int> legal_steps;  // the legal system's moves, in games that have it
  for (const std::string& spec : adulting_specs()) {
    const auto game = load_game(spec);
    const Config& config = static_cast<const AdultingGame&>(*game).config();
    const int games = game->num_players() > 5 ? 8 : 20;
    for (int g = 0; g < games; ++g) {
      const int decisions = play(game, tables[static_cast<std::size_t>(g) % tables.size()], 100 + g,
                                 [&](int, Agent&, Action action, const AdultingState&) {
                                   if (config.legal && !config.bidding && action >= kSue && action < kRankBase) {
                                     ++legal_steps[action];
                                   }
                                 });
      EXPECT_GT(decisions, 0) << spec;
      if (HasFailure()) return;
    }
  }
  // The legal steps came up and were answered both ways where the rules
  // have a choice.
  for (const Action a : {kSue, kDecline, kConcede, kFight, kTakeBase, kTakeBase + 1, kAllow, kCallOut}) {
    EXPECT_GT(legal_steps[a], 0) << "no legal step " << a;
  }
}

// Runs `games` games of four heuristic(extra) seats and calls `check`.
void for_decisions(const std::string& spec, const std::string& agent, int games, const Check& check) {
  const auto game = load_game(spec);
  for (int g = 0; g < games; ++g) play(game, {agent}, 200 + g, check);
}

TEST(AdultingHeuristic, NeverClaimsAdultOnAChildTruthWithLieRateZero) {
  int child_truths = 0;
  for_decisions("adulting(players=4,variant=bidding)", "heuristic(lie_rate=0)", 20,
                [&](int seat, Agent&, Action action, const AdultingState& state) {
                  if ((action != kAdultClaim && action != kChildClaim) || state.truth(seat)) return;
                  ++child_truths;
                  EXPECT_EQ(action, kChildClaim) << "a lie with lie_rate=0";
                });
  EXPECT_GT(child_truths, 100);
}

TEST(AdultingHeuristic, AlwaysClaimsAdultWithLieRateOne) {
  int claims = 0;
  for_decisions("adulting(players=4,variant=bidding)", "heuristic(lie_rate=1)", 20,
                [&](int, Agent&, Action action, const AdultingState&) {
                  if (action != kAdultClaim && action != kChildClaim) return;
                  ++claims;
                  EXPECT_EQ(action, kAdultClaim);
                });
  EXPECT_GT(claims, 100);
}

TEST(AdultingHeuristic, BidsNeverAboveItsMonies) {
  int bids = 0;
  int positive = 0;
  for (const char* agent : {"heuristic", "heuristic(bid_scale=100)"}) {
    for_decisions("adulting(players=4,variant=bidding)", agent, 10,
                  [&](int seat, Agent& a, Action action, const AdultingState& state) {
                    if (action < kBidBase || action > kBidBase + kMaxBid) return;
                    const int bid = action - kBidBase;
                    ++bids;
                    positive += bid > 0;
                    EXPECT_LE(bid, state.monies(seat));
                    // The money it believes it has is the money it has.
                    EXPECT_EQ(static_cast<AdultingHeuristic&>(a).table()->money(seat), state.monies(seat));
                  });
  }
  EXPECT_GT(bids, 50);
  EXPECT_GT(positive, 10);  // it does bid, not only 0
}

// --- Scripted streams --------------------------------------------------------------

// Three players, the dealer alone scores, the whole deck drawn: after this
// round only the next dealer (P1) scores again, so the card is worth
// nothing to P2 and something to P1.
Fed last_round(int viewer) {
  Fed f("adulting(players=3,variant=bidding,scoring=dealer)", viewer);
  f << obs(Obs::kRound, {1, 0});
  for (int c = 0; c < f.table.game().num_cards(); ++c) f << obs(Obs::kDraws, {0, c});
  f << obs(Obs::kIncome, {10});
  for (int seat : {1, 2}) {
    f << (viewer == seat ? obs(Obs::kTruthAdult) : obs(Obs::kTruthTo, {seat}));
    f << obs(Obs::kClaimAdult, {seat}) << obs(Obs::kStands, {seat});
  }
  return f;
}

TEST(AdultingHeuristic, BidsZeroForACardWorthNothingToIt) {
  Fed worthless = last_round(2);
  EXPECT_EQ(card_value(worthless.table.knowledge, 2, worthless.table.knowledge.card), 0);
  EXPECT_EQ(bid_amount(worthless.table, worthless.params, 10), 0);
  // The same card to the seat that will score it: a bid, within its money.
  Fed useful = last_round(1);
  EXPECT_GT(card_value(useful.table.knowledge, 1, useful.table.knowledge.card), 0);
  const int bid = bid_amount(useful.table, useful.params, 10);
  EXPECT_GT(bid, 0);
  EXPECT_LE(bid, 10);
}

TEST(AdultingHeuristic, BidsZeroWhenNobodyElseQualified) {
  Fed f("adulting(players=4,variant=bidding)", 1);
  f << obs(Obs::kRound, {1, 0}) << obs(Obs::kDraws, {0, f.card("H1")}) << obs(Obs::kIncome, {5});
  f << obs(Obs::kTruthAdult) << obs(Obs::kClaimAdult, {1}) << obs(Obs::kStands, {1});
  f << obs(Obs::kTruthTo, {2}) << obs(Obs::kClaimChild, {2});
  EXPECT_EQ(bid_amount(f.table, f.params, 5), 0);
  f << obs(Obs::kTruthTo, {3}) << obs(Obs::kClaimAdult, {3}) << obs(Obs::kStands, {3});
  EXPECT_GT(bid_amount(f.table, f.params, 5), 0);
}

TEST(AdultingHeuristic, VotesDownASeatThatClaimsAdultEveryTime) {
  // P0 votes; it leads by far (five hearts in hand), so neither claimer's
  // card would pass it, and it claims child each round (no rival bid).
  Fed f("adulting(players=4,variant=bidding)", 0);
  f << obs(Obs::kRound, {1, 0});
  for (const char* name : {"H4", "H5", "H6", "H7", "H8"}) f << obs(Obs::kWins, {0, f.card(name), 0});
  std::vector<bool> up_p1;
  std::vector<bool> up_p2;
  const char* cards[] = {"C1", "C2", "C3", "C4", "C5", "C6"};
  for (int round = 0; round < 6; ++round) {
    f << obs(Obs::kRound, {round + 2, round % 4}) << obs(Obs::kDraws, {round % 4, f.card(cards[round])});
    f << obs(Obs::kTruthChild) << obs(Obs::kClaimChild, {0});
    f << obs(Obs::kTruthTo, {1}) << obs(Obs::kClaimAdult, {1});  // every time
    up_p1.push_back(vote_up(f.table, f.params));
    f << obs(Obs::kTruthTo, {2}) << obs(round % 2 == 0 ? Obs::kClaimAdult : Obs::kClaimChild, {2});
    if (round % 2 == 0) up_p2.push_back(vote_up(f.table, f.params));
  }
  // One or two adult claims in a row are plausible (p = 1/2 each); three
  // and more are not.
  EXPECT_TRUE(up_p1[0]);
  EXPECT_TRUE(up_p1[1]);
  for (std::size_t i = 2; i < up_p1.size(); ++i) EXPECT_FALSE(up_p1[i]) << "claim " << i + 1;
  // Adult half the time, as the cards' chances say: believed throughout.
  for (bool up : up_p2) EXPECT_TRUE(up);
}

TEST(AdultingHeuristic, VotesDownARivalBidderSooner) {
  Fed f("adulting(players=4,variant=bidding)", 0);
  f << obs(Obs::kRound, {1, 3}) << obs(Obs::kDraws, {3, f.card("C1")});
  f << obs(Obs::kTruthAdult) << obs(Obs::kClaimAdult, {0}) << obs(Obs::kStands, {0});
  f << obs(Obs::kTruthTo, {1}) << obs(Obs::kClaimAdult, {1});
  EXPECT_FALSE(vote_up(f.table, f.params));  // both would bid for C1
}

// A 4-player full game at its first rank job: P0 deals, P1..P3 contest,
// P2 reads the stream; P1 declares `first`.
Fed rank_job(int first) {
  Fed f("adulting(players=4)", 2);
  f << obs(Obs::kRound, {1, 0}) << obs(Obs::kBank, {2, 3}) << obs(Obs::kDraws, {0, f.card("H2")});
  f << obs(Obs::kMeasuredTo, {1}) << obs(Obs::kMeasured, {4}) << obs(Obs::kMeasuredTo, {3});
  f << obs(Obs::kDeclares, {1, first});
  return f;
}

TEST(AdultingHeuristic, SuesAnImplausiblyHighDeclaration) {
  EXPECT_TRUE(should_sue(rank_job(9).table, BotParams{}));   // 1 in 10 measure 9
  EXPECT_FALSE(should_sue(rank_job(8).table, BotParams{}));  // 1 in 5: plausible alone
  EXPECT_FALSE(should_sue(rank_job(3).table, BotParams{}));
  // A second 8 after the first: two of two that high is 1 in 25.
  Fed twice = rank_job(8);
  twice << obs(Obs::kDeclares, {3, 8});
  EXPECT_TRUE(should_sue(twice.table, BotParams{}));
  // sue_threshold is the knob: 0 never sues.
  BotParams never;
  never.sue_threshold = 0.0;
  EXPECT_FALSE(should_sue(rank_job(9).table, never));
}

// Moves a scripted game on until `stop`: chance takes its first outcome,
// players the quiet choice (no suit, no extra, a child claim, pass).
void advance(testing::Script& s, const std::function<bool(const AdultingState&)>& stop) {
  State& state = s.mutable_state();
  while (!state.is_terminal() && !stop(s.state())) {
    const ActionList legal = state.legal_actions();
    Action choice = legal.front();
    for (const Action quiet : {kDecline, kTakeBase, kChildClaim, kPass, kUpVote}) {
      if (std::find(legal.begin(), legal.end(), quiet) != legal.end()) choice = quiet;
    }
    state.apply_action(choice);
  }
}

// The agent itself, in a real game with the legal system: round 2's rank
// job (H2), P2 declares `declared`, and P3 (paid in round 1's category job,
// so able to sue) is asked whether to sue.
Action p3_on_declaration(int declared) {
  testing::Script s("adulting(players=4,ruling=0,notice=0)");
  s.top("H1").draw("H1").top("H2");
  advance(s, [](const AdultingState& st) { return st.phase() == Phase::kDrawCard; });
  s.draw("H2").top("C1").chance("measure 3").chance("measure 3").chance("measure 3");  // P2, P3, P0
  s.act(2, "declare " + std::to_string(declared));
  EXPECT_EQ(s.state().phase(), Phase::kSueAsk);
  EXPECT_EQ(s.state().current_player(), 3);
  EXPECT_GE(s.state().monies(3), 1);
  auto agent = make_agent("heuristic", s.state().game_ptr(), 1);
  agent->new_game(3);
  return agent->act(SeatView(s.state(), 3));
}

TEST(AdultingHeuristic, SuesAnImplausiblyHighDeclarationInAGame) {
  EXPECT_EQ(p3_on_declaration(9), kSue);
  EXPECT_EQ(p3_on_declaration(4), kDecline);
}

TEST(AdultingHeuristic, ConcedesOnlyAnInflatedDeclaration) {
  Fed bluff = rank_job(5);
  bluff << obs(Obs::kDeclares, {2, 6});  // measured 4
  EXPECT_TRUE(concede(bluff.table));
  Fed honest = rank_job(5);
  honest << obs(Obs::kDeclares, {2, 4});
  EXPECT_FALSE(concede(honest.table));
}

TEST(AdultingHeuristic, LawsuitVotesFollowTheEvidence) {
  // P2 votes on P1's declaration of 9 after P3 sued and P1 fought.
  Fed shown_low = rank_job(9);
  shown_low << obs(Obs::kSues, {3, 1}) << obs(Obs::kFights, {1}) << obs(Obs::kEvidenceMeasure, {1, 6});
  EXPECT_TRUE(vote_up(shown_low.table, shown_low.params));  // declared 9, measured 6: guilty
  Fed shown_true = rank_job(9);
  shown_true << obs(Obs::kSues, {3, 1}) << obs(Obs::kFights, {1}) << obs(Obs::kEvidenceMeasure, {1, 9});
  EXPECT_FALSE(vote_up(shown_true.table, shown_true.params));
  Fed plausible = rank_job(5);
  plausible << obs(Obs::kSues, {3, 1}) << obs(Obs::kFights, {1}) << obs(Obs::kEvidenceNone);
  EXPECT_FALSE(vote_up(plausible.table, plausible.params));  // no evidence, nothing odd: acquit
}

TEST(AdultingHeuristic, CallsOutOnlyAnExtraItSaw) {
  Fed f = rank_job(5);
  f << obs(Obs::kChoosesExtra, {1}) << obs(Obs::kWatches, {2}) << obs(Obs::kSeesExtra, {1, 0});
  EXPECT_FALSE(call_out(f.table));
  f << obs(Obs::kChoosesExtra, {3}) << obs(Obs::kWatches, {2}) << obs(Obs::kSeesExtra, {3, 2});
  EXPECT_TRUE(call_out(f.table));
}

TEST(AdultingHeuristic, AppealsAndImpeachesOnlyAKnownWrongRuling) {
  Fed f("adulting(players=4)", 1);
  f << obs(Obs::kRound, {1, 0}) << obs(Obs::kBank, {1, 5}) << obs(Obs::kDraws, {0, f.card("H1")});
  f << obs(Obs::kEliminated, {1}) << obs(Obs::kRulingRight, {1});
  EXPECT_FALSE(should_appeal(f.table));
  EXPECT_FALSE(should_impeach(f.table));
  Fed wrong("adulting(players=4)", 1);
  wrong << obs(Obs::kRound, {1, 0}) << obs(Obs::kBank, {1, 5}) << obs(Obs::kDraws, {0, wrong.card("H1")});
  wrong << obs(Obs::kEliminated, {1}) << obs(Obs::kRulingWrong, {1});
  EXPECT_TRUE(should_appeal(wrong.table));
  EXPECT_TRUE(should_impeach(wrong.table));
}

// --- Against random -------------------------------------------------------------------

TEST(AdultingHeuristic, BeatsRandom) {
  // Two heuristic and two random seats, each deal played in both seatings.
  const auto game = load_game("adulting(players=4,variant=bidding)");
  double total = 0.0;
  int games = 0;
  for (int deal = 0; deal < 60; ++deal) {
    for (int seating = 0; seating < 2; ++seating) {
      const std::vector<std::string> seats = seating == 0 ? std::vector<std::string>{"heuristic", "random"}
                                                          : std::vector<std::string>{"random", "heuristic"};
      std::vector<std::unique_ptr<Agent>> agents;
      std::vector<Agent*> raw;
      Rng chance(900 + deal);
      std::unique_ptr<State> state = game->new_initial_state();
      for (int s = 0; s < 4; ++s) {
        agents.push_back(make_agent(seats[static_cast<std::size_t>(s % 2)], game, 7 * deal + s));
        agents.back()->new_game(s);
      }
      while (!state->is_terminal()) {
        if (state->is_chance_node()) {
          state->apply_action(state->sample_chance_outcome(chance));
        } else {
          const int seat = state->current_player();
          state->apply_action(agents[static_cast<std::size_t>(seat)]->act(SeatView(*state, seat)));
        }
      }
      const std::vector<double> returns = state->returns();
      for (int s = seating; s < 4; s += 2) total += returns[static_cast<std::size_t>(s)];
      ++games;
    }
  }
  const double mean = total / (2.0 * games);  // per heuristic seat
  std::printf("heuristic vs random, adulting(players=4,variant=bidding), %d games: mean return %+.3f\n", games,
              mean);
  EXPECT_GT(mean, 0.05);
}

}  // namespace
}  // namespace kibitz::adulting::bot
