// The conformance suite (STYLE 5): every registered game, with every spec in
// its GameInfo::test_specs, plays seeded random games while the whole core
// API contract of env/core/state.h is checked at every step. A new game joins
// by registering; nothing here names a game.
//
// Cost control: each spec plays between kMinGames and kMaxGames games, as
// many as fit in a budget of checked states weighted by their history length,
// so long games (multi-round Loyalist Spies) cost about what short ones do.
// Cheap checks run at every step of every game; the expensive ones (replays
// from the history, serialization, every-seat resampling, the full is_legal
// sweep, every illegal action tried) run at every step of the first games (up
// to kFullyCheckedStates states) and then at every kHeavyCheckStride-th step,
// on an offset that rotates with the game index so every step depth is still
// covered.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/core/rng.h"
#include "env/core/serialize.h"
#include "env/core/spec.h"
#include "env/core/state.h"
#include "tests/conformance/game_cases.h"

namespace kibitz::conformance {
namespace {

// Budget per spec and per test: at least kMinGames random games, then more
// until kMaxGames or until the checked states weigh kWorkBudget, where a
// state weighs 1 plus 1 per kMovesPerUnit moves of history (its strings,
// replays and resampled worlds grow with it). Specs of long games (600-move
// matches) thus stop after fewer games than specs of short hands, and no
// test takes more than a few seconds in Release on a 2-core machine (under
// 10 s even when other jobs keep it busy).
constexpr int kMaxGames = 300;
constexpr int kMinGames = 5;
constexpr long kWorkBudget = 36000;
constexpr int kMovesPerUnit = 128;
constexpr int kFullyCheckedGames = 30;      // heavy checks at every step of these games...
constexpr long kFullyCheckedStates = 1500;  // ...while fewer states than this were checked
constexpr int kHeavyCheckStride = 4;        // then heavy checks every 4th step
constexpr int kWorldsPerSeat = 3;           // resampled worlds per seat on heavy steps
constexpr int kDrawsPerChanceNode = 3;      // sample_chance_outcome calls compared per node
constexpr int kChanceNodesPerSpec = 4;      // nodes whose draws are counted...
constexpr int kChanceGames = 40;            // ...taken from at most this many random games
constexpr int kChanceDraws = 20000;         // draws counted per node
constexpr int kDeterminismGames = 50;
constexpr std::uint64_t kSeed = 0x6b6962697a;  // "kibitz"
constexpr double kReturnTolerance = 1e-9;
constexpr double kProbabilityTolerance = 1e-12;

std::string history_text(const State& state) {
  std::string out;
  for (Action a : state.history()) out += (out.empty() ? "" : " ") + std::to_string(a);
  return out.empty() ? "(empty)" : out;
}

// The actor whose action strings apply at this node.
Player actor(const State& state) {
  return state.is_chance_node() ? kChancePlayer : state.current_player();
}

// Size of the action space that applies at this node.
int action_bound(const State& state) {
  return state.is_chance_node() ? state.game().max_chance_outcomes()
                                : state.game().num_distinct_actions();
}

// Chooses the next action of a random game: chance by the game's own
// sample_chance_outcome (checked against the listed probabilities below),
// players uniformly. The buffer is the caller's, reused across steps.
Action sample_action(const State& state, Rng& rng, ActionList& actions) {
  if (state.is_chance_node()) return state.sample_chance_outcome(rng);
  state.legal_actions(actions);
  return actions[rng.uniform_int(actions.size())];
}

bool all_finite(const std::vector<float>& values) {
  return std::all_of(values.begin(), values.end(), [](float x) { return std::isfinite(x); });
}

class ConformanceTest : public ::testing::TestWithParam<GameCase> {
 protected:
  void SetUp() override { game_ = load_game(GetParam().spec); }

  // Plays seeded random games (as many as the budget above allows) and calls
  // `check` on every state along the way (terminal included), stopping at the
  // first failure so a broken game reports one clear problem instead of
  // thousands.
  void play_games(const std::function<void(const State&, int game, int step, bool heavy)>& check) {
    const Rng root = Rng(kSeed).child(GetParam().spec);
    ActionList actions;
    long states = 0;
    long work = 0;
    int g = 0;
    for (; g < kMaxGames && (g < kMinGames || work < kWorkBudget * kMovesPerUnit); ++g) {
      Rng rng = root.child("play", static_cast<std::uint64_t>(g));
      std::unique_ptr<State> state = game_->new_initial_state();
      for (int step = 0;; ++step) {
        SCOPED_TRACE("random game " + std::to_string(g) + ", history " + history_text(*state));
        const bool heavy = (g < kFullyCheckedGames && states < kFullyCheckedStates) ||
                           (step + g) % kHeavyCheckStride == 0;
        check(*state, g, step, heavy);
        ++states;
        work += kMovesPerUnit + state->move_number();  // in 1/kMovesPerUnit units
        if (HasFailure() || state->is_terminal()) break;
        ASSERT_LT(state->move_number(), game_->max_game_length())
            << "a non-terminal state already has max_game_length() moves";
        const Action a = sample_action(*state, rng, actions);
        const std::vector<Action> before = state->history();
        state->apply_action(a);
        std::vector<Action> expected = before;
        expected.push_back(a);
        ASSERT_EQ(state->history(), expected)
            << "apply_action(" << a << ") must append to history()";
      }
      if (HasFailure()) return;
    }
    // Kept in the XML report, to see how much of the budget each spec used.
    RecordProperty("games", g);
    RecordProperty("states", std::to_string(states));
  }

  std::shared_ptr<const Game> game_;
};

// ---------------------------------------------------------------------------
// The per-step API checks, with the buffers and scratch states they reuse.
class ApiChecker {
 public:
  explicit ApiChecker(std::shared_ptr<const Game> game)
      : game_(std::move(game)),
        scratch_(game_->new_initial_state()),
        rng_(Rng(kSeed).child("api checks")),
        reward_sum_(static_cast<std::size_t>(game_->num_players())) {}

  void check(const State& state, int step, bool heavy) {
    if (step == 0) std::fill(reward_sum_.begin(), reward_sum_.end(), 0.0);
    // An ASSERT leaves only its own helper: stop at the first failure, since
    // later checks rely on earlier ones (actions_ is filled by the second).
    const auto failed = [] { return ::testing::Test::HasFailure(); };
    check_basics(state);
    if (failed()) return;
    check_legal_actions(state, heavy);
    if (failed()) return;
    check_illegal_actions_rejected(state, heavy);
    if (failed()) return;
    check_chance_outcomes(state);
    if (failed()) return;
    check_clones(state);
    if (failed()) return;
    check_tensors(state);
    if (failed()) return;
    check_rewards_and_returns(state);
    if (failed() || !heavy) return;
    check_rebuilds(state);
  }

 private:
  void check_basics(const State& state) {
    const int n = game_->num_players();
    ASSERT_EQ(state.num_players(), n);
    if (state.game_ptr() != game_) {
      ASSERT_EQ(state.game().spec(), game_->spec());
    }
    const Player p = state.current_player();
    ASSERT_TRUE((p >= 0 && p < n) || p == kChancePlayer || p == kTerminalPlayer)
        << "current_player() = " << p;
    ASSERT_EQ(state.is_terminal(), p == kTerminalPlayer);
    ASSERT_EQ(state.is_chance_node(), p == kChancePlayer);
    if (p == kChancePlayer) {
      ASSERT_GT(game_->max_chance_outcomes(), 0) << "a chance node in a game without chance";
    }
    ASSERT_EQ(state.move_number(), static_cast<int>(state.history().size()));
    ASSERT_LE(state.move_number(), game_->max_game_length());
    ASSERT_FALSE(state.to_string().empty());
  }

  void check_legal_actions(const State& state, bool heavy) {
    state.legal_actions(actions_);  // reused, still holding the last step's list
    ASSERT_EQ(actions_, state.legal_actions()) << "legal_actions(out) and legal_actions() differ";
    ASSERT_EQ(actions_.empty(), state.is_terminal())
        << "legal actions must be empty exactly at terminal states";
    ASSERT_TRUE(std::adjacent_find(actions_.begin(), actions_.end(),
                                   std::greater_equal<Action>()) == actions_.end())
        << "legal actions are not strictly ascending";
    const int bound = action_bound(state);
    for (Action a : actions_) {
      ASSERT_TRUE(a >= 0 && a < bound) << "action " << a << " outside [0, " << bound << ")";
    }

    // Strings: unique and non-empty, and string_to_action inverts them.
    const Player who = actor(state);
    std::vector<std::string> texts;
    for (Action a : actions_) {
      texts.push_back(state.action_to_string(who, a));
      ASSERT_FALSE(texts.back().empty()) << "action " << a << " has an empty string";
    }
    std::vector<std::string> sorted = texts;
    std::sort(sorted.begin(), sorted.end());
    const auto twin = std::adjacent_find(sorted.begin(), sorted.end());
    ASSERT_TRUE(twin == sorted.end()) << "two legal actions are both written '" << *twin << "'";
    // string_to_action scans every legal action's text, so checking all of
    // them is quadratic: all on heavy steps, a few random ones otherwise.
    const bool all = heavy || actions_.size() <= 8;
    for (std::size_t k = 0; k < (all ? actions_.size() : 3); ++k) {
      const std::size_t i = all ? k : rng_.uniform_int(actions_.size());
      const Action a = actions_[i];
      ASSERT_EQ(state.string_to_action(who, texts[i]), a)
          << "string_to_action('" << texts[i] << "')";
      // The number is accepted too, unless some action's text is that number.
      if (!std::binary_search(sorted.begin(), sorted.end(), std::to_string(a))) {
        ASSERT_EQ(state.string_to_action(who, std::to_string(a)), a)
            << "string_to_action of the number";
      }
    }
    EXPECT_THROW(state.string_to_action(who, "no such action \x01"), KibitzError);

    if (!state.is_chance_node() && !state.is_terminal()) {
      std::vector<float> mask(static_cast<std::size_t>(game_->num_distinct_actions()), 7.0f);
      state.legal_action_mask(mask);
      for (int a = 0; a < game_->num_distinct_actions(); ++a) {
        const bool legal = std::binary_search(actions_.begin(), actions_.end(), a);
        ASSERT_EQ(mask[static_cast<std::size_t>(a)], legal ? 1.0f : 0.0f)
            << "legal_action_mask at " << a;
      }
    }

    // is_legal is what apply_action trusts; games often override it.
    for (Action a : actions_) {
      ASSERT_TRUE(state.is_legal(a)) << "is_legal(" << a << ") on a legal action";
    }
    for (Action a : {-1, bound, bound + 1, INT_MAX, INT_MIN}) {
      ASSERT_FALSE(state.is_legal(a)) << "is_legal(" << a << ")";
    }
    if (heavy || bound <= 64) {
      for (Action a = 0; a < bound; ++a) {
        ASSERT_EQ(state.is_legal(a), std::binary_search(actions_.begin(), actions_.end(), a))
            << "is_legal(" << a << ") disagrees with legal_actions()";
      }
    }
  }

  // Out-of-range actions and in-range illegal ones (the first and a random
  // one) must throw KibitzError and leave the state unchanged. Each costs a
  // copy, an error message listing the legal actions and a full comparison:
  // all of them on heavy steps, one out-of-range and one in-range otherwise.
  void check_illegal_actions_rejected(const State& state, bool heavy) {
    const int bound = std::max(action_bound(state), 1);
    const Action out_of_range[] = {-1, bound, INT_MAX};
    std::vector<Action> illegal;
    if (heavy) {
      illegal.assign(std::begin(out_of_range), std::end(out_of_range));
    } else {
      illegal.push_back(out_of_range[rng_.uniform_int(std::size(out_of_range))]);
    }
    std::vector<Action> in_range;
    for (Action a = 0; a < bound; ++a) {
      if (!std::binary_search(actions_.begin(), actions_.end(), a)) in_range.push_back(a);
    }
    if (!in_range.empty()) {
      if (heavy) illegal.push_back(in_range.front());
      illegal.push_back(in_range[rng_.uniform_int(in_range.size())]);
    }
    for (Action a : illegal) {
      state.clone_into(*scratch_);
      try {
        scratch_->apply_action(a);
        ADD_FAILURE() << "apply_action(" << a << ") of an illegal action did not throw";
      } catch (const KibitzError& e) {
        EXPECT_NE(std::string(e.what()).find(std::to_string(a)), std::string::npos)
            << "the error should name the action: " << e.what();
      }
      ASSERT_TRUE(states_equal(*scratch_, state))
          << "a rejected action " << a << " changed the state";
    }
  }

  void check_chance_outcomes(const State& state) {
    if (!state.is_chance_node()) return;
    state.chance_outcomes(outcomes_);
    const ChanceOutcomeList fresh = state.chance_outcomes();
    ASSERT_EQ(outcomes_.size(), fresh.size())
        << "chance_outcomes(out) and chance_outcomes() differ";
    ASSERT_FALSE(outcomes_.empty());
    ASSERT_EQ(outcomes_.size(), actions_.size()) << "chance outcomes and legal actions differ";
    double total = 0;
    for (std::size_t i = 0; i < outcomes_.size(); ++i) {
      ASSERT_EQ(outcomes_[i].action, fresh[i].action);
      ASSERT_EQ(outcomes_[i].probability, fresh[i].probability);
      ASSERT_EQ(outcomes_[i].action, actions_[i])
          << "chance outcome " << i << " is not legal action " << i;
      ASSERT_TRUE(outcomes_[i].probability > 0 && std::isfinite(outcomes_[i].probability))
          << "outcome " << outcomes_[i].action << " has probability " << outcomes_[i].probability;
      total += outcomes_[i].probability;
    }
    ASSERT_NEAR(total, 1.0, kProbabilityTolerance) << "chance probabilities must sum to 1";

    // sample_chance_outcome: a listed outcome, and the very one the reference
    // draw over the list picks from the same generator state, using the
    // generator alike (the next numbers agree). Several draws per node.
    for (int k = 0; k < kDrawsPerChanceNode; ++k) {
      Rng mine = rng_;
      Rng reference = rng_;
      const Action drawn = state.sample_chance_outcome(mine);
      ASSERT_TRUE(std::binary_search(actions_.begin(), actions_.end(), drawn))
          << "sample_chance_outcome drew " << drawn << ", which chance_outcomes() does not list";
      ASSERT_EQ(drawn, draw_chance_outcome(outcomes_, reference))
          << "sample_chance_outcome differs from draw_chance_outcome(chance_outcomes()) for the "
             "same generator state";
      ASSERT_EQ(mine.next(), reference.next())
          << "sample_chance_outcome advanced the generator differently from the reference draw";
      rng_ = mine;
    }
  }

  // clone() and clone_into() give equal states that share nothing mutable.
  void check_clones(const State& state) {
    const std::string before = state.to_string();
    const std::vector<Action> history = state.history();
    std::unique_ptr<State> copy = state.clone();
    ASSERT_TRUE(states_equal(*copy, state)) << "clone() differs from the original";
    ASSERT_EQ(copy->current_player(), state.current_player());
    // scratch_ holds whatever the last check left there: clone_into must overwrite all of it.
    state.clone_into(*scratch_);
    ASSERT_TRUE(states_equal(*scratch_, state)) << "clone_into() differs from the original";
    ASSERT_EQ(scratch_->current_player(), state.current_player());
    if (state.is_terminal()) return;
    const Action a = actions_[rng_.uniform_int(actions_.size())];
    copy->apply_action(a);
    scratch_->apply_action(a);
    ASSERT_EQ(state.history(), history) << "acting on a clone changed the original's history";
    ASSERT_EQ(state.to_string(), before) << "acting on a clone changed the original";
    ASSERT_TRUE(states_equal(*copy, *scratch_)) << "clone() and clone_into() copies diverged";
  }

  void check_tensors(const State& state) {
    const auto info_size = static_cast<std::size_t>(game_->information_state_tensor_size());
    const auto obs_size = static_cast<std::size_t>(game_->observation_tensor_size());
    for (Player q = 0; q < game_->num_players(); ++q) {
      // NaN-filled buffers catch entries a game forgets to write.
      std::vector<float> info(info_size, NAN);
      state.information_state_tensor(q, info);
      ASSERT_TRUE(all_finite(info))
          << "information_state_tensor(" << q << ") has unwritten or non-finite values";
      ASSERT_EQ(state.information_state_tensor(q), info)
          << "the two information_state_tensor overloads differ";
      std::vector<float> obs(obs_size, NAN);
      state.observation_tensor(q, obs);
      ASSERT_TRUE(all_finite(obs))
          << "observation_tensor(" << q << ") has unwritten or non-finite values";
      ASSERT_EQ(state.observation_tensor(q), obs) << "the two observation_tensor overloads differ";
      // The strings must exist for every seat at every node.
      (void)state.information_state_string(q);
      (void)state.observation_string(q);
    }
  }

  void check_rewards_and_returns(const State& state) {
    const int n = game_->num_players();
    const std::vector<double> rewards = state.rewards();
    const std::vector<double> returns = state.returns();
    ASSERT_EQ(static_cast<int>(rewards.size()), n);
    ASSERT_EQ(static_cast<int>(returns.size()), n);
    for (int q = 0; q < n; ++q) {
      ASSERT_TRUE(std::isfinite(rewards[static_cast<std::size_t>(q)])) << "reward of seat " << q;
      ASSERT_TRUE(std::isfinite(returns[static_cast<std::size_t>(q)])) << "return of seat " << q;
      reward_sum_[static_cast<std::size_t>(q)] += rewards[static_cast<std::size_t>(q)];
    }
    if (!state.is_terminal()) return;
    double total = 0;
    for (int q = 0; q < n; ++q) {
      const double r = returns[static_cast<std::size_t>(q)];
      ASSERT_GE(r, game_->min_return() - kReturnTolerance) << "seat " << q << " below min_return()";
      ASSERT_LE(r, game_->max_return() + kReturnTolerance) << "seat " << q << " above max_return()";
      ASSERT_NEAR(reward_sum_[static_cast<std::size_t>(q)], r, kReturnTolerance)
          << "rewards over the trajectory do not add up to seat " << q << "'s return";
      total += r;
    }
    switch (game_->reward_model()) {
      case RewardModel::kZeroSum:
        ASSERT_NEAR(total, 0.0, kReturnTolerance) << "a zero-sum game's returns must sum to 0";
        break;
      case RewardModel::kConstantSum:
        ASSERT_NEAR(total, game_->constant_sum_value(), kReturnTolerance)
            << "a constant-sum game's returns must sum to constant_sum_value()";
        break;
      case RewardModel::kGeneralSum:
        break;
    }
  }

  // The state is (game, history): replaying it and deserializing it must give
  // the same state, down to every seat's information.
  void check_rebuilds(const State& state) {
    std::unique_ptr<State> replayed = game_->state_from_history(state.history());
    ASSERT_TRUE(states_equal(*replayed, state))
        << "state_from_history(history()) gives another state";
    const std::string text = serialize_state(state);
    std::unique_ptr<State> loaded = deserialize_state(text);
    ASSERT_TRUE(states_equal(*loaded, state))
        << "deserialize_state(serialize_state()) gives another state";
    ASSERT_EQ(serialize_state(*loaded), text);
    for (Player q = 0; q < game_->num_players(); ++q) {
      ASSERT_EQ(replayed->information_state_string(q), state.information_state_string(q));
      ASSERT_EQ(loaded->information_state_string(q), state.information_state_string(q));
    }
    ASSERT_EQ(loaded->current_player(), state.current_player());
  }

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> scratch_;
  Rng rng_;
  ActionList actions_;
  ChanceOutcomeList outcomes_;
  std::vector<double> reward_sum_;
};

TEST_P(ConformanceTest, RandomPlaythroughsKeepTheApiContract) {
  ApiChecker checker(game_);
  play_games(
      [&](const State& state, int, int step, bool heavy) { checker.check(state, step, heavy); });
}

// ---------------------------------------------------------------------------
// Information sets: worlds drawn by resample_from_infostate look the same to
// the seat, are reachable, and are not always the true state.
class InfosetChecker {
 public:
  explicit InfosetChecker(std::shared_ptr<const Game> game)
      : game_(std::move(game)),
        into_(game_->new_initial_state()),
        again_(game_->new_initial_state()) {}

  void check(const State& state, int game_index, int step, bool heavy) {
    if (state.is_terminal()) return;
    if (step == 0) rng_ = Rng(kSeed).child("worlds", static_cast<std::uint64_t>(game_index));
    // The true state's strings, made once per step: in long games they are
    // long, and every world is compared with them.
    truth_text_ = state.to_string();
    if (heavy) {
      // Every seat, several worlds each, at player and chance nodes alike.
      for (Player q = 0; q < game_->num_players(); ++q) {
        const std::string infoset = state.information_state_string(q);
        record_truth(q, infoset);
        for (int k = 0; k < kWorldsPerSeat && !::testing::Test::HasFailure(); ++k)
          check_world(state, q, infoset, k, /*check_reachable=*/true);
      }
    } else if (!state.is_chance_node()) {
      // Light steps: one world for the seat to act, alternating the overloads;
      // the replay from its history (linear in the game length) waits for heavy steps.
      const Player q = state.current_player();
      check_world(state, q, state.information_state_string(q), step, /*check_reachable=*/false);
    }
  }

  // Called once at the end of the run.
  void check_not_leaking() const {
    // Kept in the XML report, to see how hard the run pushed the resampler.
    ::testing::Test::RecordProperty("worlds_checked", worlds_checked_);
    ::testing::Test::RecordProperty("worlds_unlike_truth", worlds_unlike_truth_);
    ::testing::Test::RecordProperty("ambiguous_infosets", ambiguous_infosets_);
    if (ambiguous_infosets_ == 0) return;  // the game showed no hidden information
    EXPECT_GT(worlds_.size(), 1u);
    EXPECT_GT(worlds_unlike_truth_, 0)
        << "some seat's information set held different true states, yet every one of "
        << worlds_checked_ << " resampled worlds was the true state: resample_from_infostate "
        << "seems to copy the state instead of drawing a world";
  }

 private:
  // Notes which true state was seen behind each information set, to learn
  // whether the game hides anything at all (hashes keep memory small).
  void record_truth(Player q, const std::string& infoset) {
    const std::size_t key = std::hash<std::string>()(std::to_string(q) + '\x1f' + infoset);
    const std::size_t truth = std::hash<std::string>()(truth_text_);
    auto [it, inserted] = truth_by_infoset_.emplace(key, truth);
    if (!inserted && it->second != truth) ++ambiguous_infosets_;
  }

  // `infoset`: the true state's information_state_string(q).
  void check_world(const State& state, Player q, const std::string& infoset, int k,
                   bool check_reachable) {
    const Rng rng_before = rng_;
    const State* world = nullptr;
    std::unique_ptr<State> owned;
    if (k % 2 == 0) {
      owned = state.resample_from_infostate(q, rng_);
      world = owned.get();
    } else {
      // into_ holds an earlier world, maybe from another game: all of it must be overwritten.
      state.resample_from_infostate(q, rng_, *into_);
      world = into_.get();
      // Same generator state, same world: searches must be reproducible.
      Rng replay = rng_before;
      state.resample_from_infostate(q, replay, *again_);
      ASSERT_TRUE(states_equal(*again_, *world))
          << "resampling with the same generator state differs";
    }
    ++worlds_checked_;
    const std::string text = world->to_string();
    SCOPED_TRACE("world for seat " + std::to_string(q) + ": " + text + " (true state " +
                 truth_text_ + ")");
    if (world->game_ptr() != game_) {
      ASSERT_EQ(world->game().spec(), game_->spec());
    }
    ASSERT_EQ(world->information_state_string(q), infoset)
        << "the world looks different to the seat it was drawn for";
    ASSERT_EQ(world->information_state_tensor(q), state.information_state_tensor(q))
        << "the world's information_state_tensor differs for the seat it was drawn for";
    ASSERT_EQ(world->move_number(), state.move_number());
    if (state.current_player() == q) {
      ASSERT_EQ(world->current_player(), q);
      ASSERT_EQ(world->legal_actions(), state.legal_actions())
          << "the seat to act sees other legal actions";
    }
    if (check_reachable) {
      std::unique_ptr<State> replayed;
      try {
        replayed = game_->state_from_history(world->history());
      } catch (const KibitzError& e) {
        FAIL() << "the world's history is not reachable: " << e.what();
      }
      ASSERT_TRUE(states_equal(*replayed, *world))
          << "the world differs from a replay of its own history";
    }
    if (text != truth_text_) ++worlds_unlike_truth_;
    if (worlds_.size() < 10000) worlds_.insert(text);
  }

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> into_;
  std::unique_ptr<State> again_;
  Rng rng_;
  std::string truth_text_;  // the checked state's to_string()
  std::unordered_map<std::size_t, std::size_t> truth_by_infoset_;
  std::set<std::string> worlds_;
  int ambiguous_infosets_ = 0;
  int worlds_checked_ = 0;
  int worlds_unlike_truth_ = 0;
};

TEST_P(ConformanceTest, ResampledWorldsMatchTheInformationSet) {
  InfosetChecker checker(game_);
  play_games([&](const State& state, int g, int step, bool heavy) {
    checker.check(state, g, step, heavy);
  });
  if (!HasFailure()) checker.check_not_leaking();
}

// ---------------------------------------------------------------------------
std::vector<Action> play_seeded_game(const Game& game, std::uint64_t seed) {
  Rng rng(seed);
  ActionList actions;
  std::unique_ptr<State> state = game.new_initial_state();
  while (!state->is_terminal()) state->apply_action(sample_action(*state, rng, actions));
  return state->history();
}

TEST_P(ConformanceTest, SameSeedGivesTheSameGame) {
  std::set<std::vector<Action>> distinct;
  for (int g = 0; g < kDeterminismGames; ++g) {
    const std::uint64_t seed = derive_seed(kSeed, "determinism", static_cast<std::uint64_t>(g));
    const std::vector<Action> first = play_seeded_game(*game_, seed);
    // A fresh game object too: nothing may hide state in the Game.
    const std::vector<Action> second = play_seeded_game(*load_game(GetParam().spec), seed);
    ASSERT_EQ(first, second) << "seed " << seed << " gave two different games";
    distinct.insert(first);
  }
  EXPECT_GT(distinct.size(), 1u) << "different seeds always gave the same game";
}

// ---------------------------------------------------------------------------
// Chance draws follow the listed probabilities. The per-step check above ties
// sample_chance_outcome to draw_chance_outcome draw by draw; this one checks
// the distribution itself, so it also catches a reference draw or a list that
// went wrong together: at a few chance nodes with several outcomes (the
// first of the first game, then a random one from each later game), many
// draws and a chi-square statistic against the probabilities, with a loose
// bound (about 6 standard deviations above its mean). The seed is fixed, so
// the result never flickers; an outcome never drawn fails, and so does one of
// a few outcomes drawn 10 % too often.
std::vector<std::unique_ptr<State>> chance_nodes_to_test(const Game& game, std::uint64_t seed) {
  std::vector<std::unique_ptr<State>> nodes;
  const Rng root(seed);
  ActionList actions;
  ChanceOutcomeList outcomes;
  std::vector<int> positions;  // history lengths at chance nodes with 2+ outcomes
  for (int g = 0; g < kChanceGames && static_cast<int>(nodes.size()) < kChanceNodesPerSpec; ++g) {
    Rng rng = root.child("game", static_cast<std::uint64_t>(g));
    std::unique_ptr<State> state = game.new_initial_state();
    positions.clear();
    while (!state->is_terminal()) {
      if (state->is_chance_node()) {
        state->chance_outcomes(outcomes);
        if (outcomes.size() >= 2) positions.push_back(state->move_number());
      }
      state->apply_action(sample_action(*state, rng, actions));
    }
    if (positions.empty()) continue;
    const int cut = g == 0 ? positions.front() : positions[rng.uniform_int(positions.size())];
    nodes.push_back(game.state_from_history(
        std::span<const Action>(state->history().data(), static_cast<std::size_t>(cut))));
  }
  return nodes;
}

TEST_P(ConformanceTest, SampledChanceFollowsTheListedProbabilities) {
  const std::vector<std::unique_ptr<State>> nodes = chance_nodes_to_test(*game_, kSeed);
  RecordProperty("chance_nodes_tested", static_cast<int>(nodes.size()));
  if (game_->max_chance_outcomes() > 1) {
    EXPECT_FALSE(nodes.empty()) << "random games met no chance node with two or more outcomes";
  }
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const State& node = *nodes[i];
    SCOPED_TRACE("chance node after history " + history_text(node));
    const ChanceOutcomeList outcomes = node.chance_outcomes();
    std::vector<int> counts(outcomes.size(), 0);
    Rng rng = Rng(kSeed).child("chance draws", i);
    for (int d = 0; d < kChanceDraws; ++d) {
      const Action drawn = node.sample_chance_outcome(rng);
      const auto it =
          std::lower_bound(outcomes.begin(), outcomes.end(), drawn,
                           [](const ChanceOutcome& o, Action a) { return o.action < a; });
      ASSERT_TRUE(it != outcomes.end() && it->action == drawn)
          << "sample_chance_outcome drew " << drawn << ", which chance_outcomes() does not list";
      ++counts[static_cast<std::size_t>(it - outcomes.begin())];
    }
    double chi_square = 0;
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
      const double expected = kChanceDraws * outcomes[k].probability;
      const double gap = counts[k] - expected;
      chi_square += gap * gap / expected;
    }
    const double df = static_cast<double>(outcomes.size() - 1);
    EXPECT_LT(chi_square, df + 6 * std::sqrt(2 * df) + 6)
        << "the draws of " << outcomes.size() << " outcomes stray from chance_outcomes()'s "
        << "probabilities: chi-square " << chi_square << " with " << df << " degrees of freedom";
  }
}

// The uniform fast path behind the games' direct draws: uniform_index_from_bits
// must pick what the subtraction walk picks from equal probabilities, above
// all next to the boundaries between two outcomes, where the walk's rounding
// and exact arithmetic may disagree (draws land there about once in 2^28, so
// random play alone would never test them).
TEST(ReferenceChanceDraw, UniformIndexMatchesTheWalkAtEveryBoundary) {
  constexpr std::uint64_t kOne = std::uint64_t{1} << 53;
  const std::uint64_t offsets[] = {
      0, 1, 2, 3, 7, 1u << 10, (1u << 24) - 1, 1u << 24, (1u << 24) + 1, 1u << 25, 1u << 30};
  for (int count = 1; count <= 64; ++count) {
    for (int k = 0; k <= count; ++k) {
      // The first bits at or past boundary k / count (k * 2^53 < 2^60: no overflow).
      const std::uint64_t n = static_cast<std::uint64_t>(count);
      const std::uint64_t edge = (kOne * static_cast<std::uint64_t>(k) + n - 1) / n;
      for (std::uint64_t offset : offsets) {
        for (const std::uint64_t bits : {edge + offset, edge - offset - 1}) {
          if (bits >= kOne) continue;  // also skips edge - offset - 1 below zero
          ASSERT_EQ(uniform_index_from_bits(bits, count), internal::walk_uniform_index(bits, count))
              << "count " << count << ", bits " << bits;
        }
      }
    }
  }
  // And the walk is draw_chance_outcome's: the same index from the same generator.
  for (int count : {1, 2, 3, 6, 7, 50, 54}) {
    ChanceOutcomeList outcomes;
    for (int a = 0; a < count; ++a) outcomes.push_back({a, 1.0 / count});
    Rng a(static_cast<std::uint64_t>(count));
    Rng b(static_cast<std::uint64_t>(count));
    for (int d = 0; d < 1000; ++d) {
      ASSERT_EQ(draw_uniform_index(count, a), draw_chance_outcome(outcomes, b))
          << "count " << count;
    }
  }
}

TEST_P(ConformanceTest, GameDescriptionIsConsistent) {
  const GameCase& c = GetParam();
  EXPECT_EQ(parse_spec(c.spec).name, c.game)
      << "a test spec of " << c.game << " names another game";
  EXPECT_EQ(game_->name(), c.game);
  // The canonical spec loads an equal game and is a fixed point.
  std::shared_ptr<const Game> again = load_game(game_->spec());
  EXPECT_EQ(again->spec(), game_->spec());
  EXPECT_GE(game_->num_players(), 1);
  EXPECT_GE(game_->num_distinct_actions(), 1);
  EXPECT_GE(game_->max_chance_outcomes(), 0);
  EXPECT_GE(game_->max_game_length(), 1);
  EXPECT_LE(game_->min_return(), game_->max_return());
  if (game_->reward_model() == RewardModel::kZeroSum) {
    EXPECT_LE(game_->min_return(), 0.0);
    EXPECT_GE(game_->max_return(), 0.0);
  }
  for (const auto& shape :
       {game_->information_state_tensor_shape(), game_->observation_tensor_shape()}) {
    EXPECT_FALSE(shape.empty());
    for (int dim : shape) EXPECT_GT(dim, 0);
  }
  std::unique_ptr<State> initial = game_->new_initial_state();
  EXPECT_TRUE(initial->history().empty());
  EXPECT_EQ(initial->game_ptr(), game_);
  EXPECT_GE(initial->history().capacity(), static_cast<std::size_t>(game_->max_game_length()))
      << "the history must be reserved so apply_action never allocates";
}

INSTANTIATE_TEST_SUITE_P(AllGames, ConformanceTest, ::testing::ValuesIn(game_cases()),
                         game_case_name);

}  // namespace
}  // namespace kibitz::conformance
