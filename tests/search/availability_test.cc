// Tree statistics checked on a hand-built game small enough to count by hand:
// SO-ISMCTS availability counts, and MO-ISMCTS grouping of a move the
// observing seat cannot see.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "agents/search/evaluator.h"
#include "agents/search/search_engine.h"
#include "env/core/seat_view.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "env/core/world_sampler.h"

namespace kibitz {
namespace {

// Log entry written when a world is sampled, followed by the sampled card.
constexpr Action kSampled = -2;

// The test game: chance gives seat 1 a hidden card (0 or 1); seat 0 picks 0,
// 1 or 2; seat 1 may play 0 or 1, and also 2 when its card is 1. Each seat
// sees only whether the other played 0 ("zero" or "nonzero"). So at seat 1's
// node, action 2 is legal in half of seat 0's sampled worlds: availability
// counts must say so. And 1 and 2 are the same move to the seat that did not
// make it, whatever its card. The game logs every sampled world and every
// move, so the test can recount what the search did; its sampler
// (AvailabilitySampler) reads only the seat's stream.
enum Seen : std::uint8_t { kDealt, kDealtTo, kPlays, kPlaysZero, kPlaysNonzero };

class AvailabilityGame : public Game {
 public:
  explicit AvailabilityGame(std::vector<Action>* log)
      : Game("availability", Params()),
        log_(log),
        stream_spec_({{"dealt", "dealt card {card:number}", "seat 1's own card"},
                      {"dealt_to", "{seat} is dealt a card", "seat 1 gets its card, face down"},
                      {"plays", "{seat} plays {move:number}", "the seat's own move"},
                      {"plays_zero", "{seat} plays zero", "the other seat played 0"},
                      {"plays_nonzero", "{seat} plays nonzero", "the other seat played 1 or 2"}},
                     {}) {}
  int num_players() const override { return 2; }
  int num_distinct_actions() const override { return 3; }
  int max_chance_outcomes() const override { return 2; }
  int max_game_length() const override { return 3; }
  RewardModel reward_model() const override { return RewardModel::kZeroSum; }
  double min_return() const override { return -1.0; }
  double max_return() const override { return 1.0; }
  std::vector<int> information_state_tensor_shape() const override { return {1}; }
  std::vector<int> observation_tensor_shape() const override { return {1}; }
  std::unique_ptr<State> new_initial_state() const override;
  std::vector<Action>* log() const { return log_; }
  const StreamSpec& stream_spec() const override { return stream_spec_; }
  std::unique_ptr<WorldSampler> new_world_sampler(Player seat,
                                                  std::span<const Observation> stream) const override;

 private:
  std::vector<Action>* log_;
  StreamSpec stream_spec_;
};

// A state of AvailabilityGame: the card and the two moves, -1 until made.
class AvailabilityState : public GameState<AvailabilityState> {
 public:
  using GameState::GameState;

  Player current_player() const override {
    if (card_ < 0) return kChancePlayer;
    if (move0_ < 0) return 0;
    if (move1_ < 0) return 1;
    return kTerminalPlayer;
  }
  void legal_actions(ActionList& out) const override {
    out.clear();
    switch (current_player()) {
      case kChancePlayer:
        out = {0, 1};
        break;
      case 0:
        out = {0, 1, 2};
        break;
      case 1:
        out = card_ == 1 ? ActionList{0, 1, 2} : ActionList{0, 1};
        break;
      default:
        break;
    }
  }
  void chance_outcomes(ChanceOutcomeList& out) const override { out = {{0, 0.5}, {1, 0.5}}; }
  void returns(std::span<double> out) const override {
    out[0] = out[1] = 0.0;
    if (!is_terminal()) return;
    out[0] = (move0_ > 0) == (move1_ > 0) ? 1.0 : -1.0;
    out[1] = -out[0];
  }
  using State::information_state_string;
  void information_state_string(Player player, std::string& out) const override {
    if (player == 0) {
      out = "seat 0 move0 " + std::to_string(move0_) + " move1 " + seen(move1_);
      return;
    }
    out = "card " + std::to_string(card_) + " move0 " + seen(move0_) + " move1 " + std::to_string(move1_);
  }
  void seat_stream(Player seat, SeatStream& out) const override {
    out.clear();
    if (card_ < 0) return;
    out.push_back(seat == 1 ? Observation(kDealt).add(card_) : Observation(kDealtTo).add(1));
    const int moves[2] = {move0_, move1_};
    for (Player mover = 0; mover < 2 && moves[mover] >= 0; ++mover) {
      if (mover == seat) {
        out.push_back(Observation(kPlays).add(mover).add(moves[mover]));
      } else {
        out.push_back(Observation(moves[mover] == 0 ? kPlaysZero : kPlaysNonzero).add(mover));
      }
    }
  }
  void information_state_tensor(Player, std::span<float> out) const override { out[0] = 0; }
  std::string observation_string(Player player) const override {
    return information_state_string(player);
  }
  void observation_tensor(Player, std::span<float> out) const override { out[0] = 0; }
  std::string action_to_string(Player, Action action) const override {
    return std::to_string(action);
  }
  std::string to_string() const override { return information_state_string(1); }

  // Makes this state the one with these card and moves (-1 for not yet),
  // without logging them as moves: the sampler's way in.
  void set(int card, int move0, int move1) {
    card_ = card;
    move0_ = move0;
    move1_ = move1;
    mutable_history().clear();
    for (int v : {card, move0, move1}) {
      if (v >= 0) mutable_history().push_back(v);
    }
  }

 protected:
  void do_apply_action(Action action) override {
    if (auto* log = static_cast<const AvailabilityGame&>(game()).log()) log->push_back(action);
    if (card_ < 0) {
      card_ = action;
    } else if (move0_ < 0) {
      move0_ = action;
    } else {
      move1_ = action;
    }
  }

 private:
  // What the other seat sees of a move.
  static std::string seen(int move) {
    return move < 0 ? "waiting" : move == 0 ? "zero" : "nonzero";
  }

  int card_ = -1;
  int move0_ = -1;
  int move1_ = -1;
};

std::unique_ptr<State> AvailabilityGame::new_initial_state() const {
  return std::make_unique<AvailabilityState>(shared());
}

// Worlds from a seat's stream alone. What the stream hides is drawn
// uniformly: seat 1's card for seat 0 (it can rule out card 0 only after
// seeing 2 played, which it cannot tell from 1), and a move seen as
// "nonzero" among the nonzero moves legal in the world. Each draw is logged.
class AvailabilitySampler final : public WorldSampler {
 public:
  using WorldSampler::WorldSampler;

  void sample(Rng& rng, State& out) const override {
    int card = -1;
    int moves[2] = {-1, -1};
    for (const Observation& o : stream()) {
      switch (o.kind) {
        case kDealt:
          card = o.value(0);
          break;
        case kDealtTo:
          card = static_cast<int>(rng.uniform_int(2));
          break;
        case kPlays:
          moves[o.value(0)] = o.value(1);
          break;
        case kPlaysZero:
          moves[o.value(0)] = 0;
          break;
        default: {
          // Seat 1's 2 needs card 1; seat 0 may always play 2.
          const bool two_legal = o.value(0) == 0 || card == 1;
          moves[o.value(0)] = 1 + static_cast<int>(rng.uniform_int(two_legal ? 2 : 1));
        }
      }
    }
    static_cast<AvailabilityState&>(out).set(card, moves[0], moves[1]);
    if (auto* log = static_cast<const AvailabilityGame&>(game()).log()) {
      log->push_back(kSampled);
      log->push_back(card);
    }
  }
};

std::unique_ptr<WorldSampler> AvailabilityGame::new_world_sampler(
    Player seat, std::span<const Observation> stream) const {
  return std::make_unique<AvailabilitySampler>(shared(), seat, stream);
}

// One simulation as the log shows it: sampled card, seat 0's and seat 1's moves.
struct SimulationRecord {
  int card;
  Action move0;
  Action move1;
};

std::vector<SimulationRecord> split_log(const std::vector<Action>& log) {
  std::vector<SimulationRecord> sims;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i] != kSampled) continue;
    // Every simulation plays the game to its end, in the tree or in the rollout.
    sims.push_back({log[i + 1], log[i + 2], log[i + 3]});
  }
  return sims;
}

// Runs a search for seat 0 at the root (card dealt) and returns the log.
struct SearchRun {
  std::shared_ptr<AvailabilityGame> game;
  std::unique_ptr<SearchEngine> engine;
  std::vector<Action> log;
  std::vector<SimulationRecord> sims;
};

std::unique_ptr<SearchRun> run_search(SearchVariant variant, int simulations, std::uint64_t seed) {
  auto run = std::make_unique<SearchRun>();
  run->game = std::make_shared<AvailabilityGame>(&run->log);
  std::unique_ptr<State> root = run->game->new_initial_state();
  root->apply_action(1);
  SearchSettings settings;
  settings.variant = variant;
  run->engine = std::make_unique<SearchEngine>(run->game, settings,
                                               std::make_unique<RandomRolloutEvaluator>());
  run->log.clear();
  Rng rng(seed);
  RootSummary summary;
  summary.clear(run->game->num_distinct_actions());
  SearchBudget budget;
  budget.simulations = simulations;
  run->engine->search(SeatView(*root, 0), rng, budget, summary);
  run->sims = split_log(run->log);
  return run;
}

// The child node of `node` reached by `action`, or -1.
std::int32_t child_of(const SearchTree& tree, std::int32_t node, Action action) {
  const std::int32_t e = tree.find_edge(node, action);
  return e < 0 ? -1
               : tree.edges(node)[static_cast<std::size_t>(e - tree.node(node).first_edge)].child;
}

const SearchEdge* edge_of(const SearchTree& tree, std::int32_t node, Action action) {
  for (const SearchEdge& edge : tree.edges(node)) {
    if (edge.action == action) return &edge;
  }
  return nullptr;
}

TEST(Availability, CountsOnlySimulationsWhereTheActionWasLegal) {
  constexpr int kSims = 300;
  auto run = run_search(SearchVariant::kSingleObserver, kSims, 11);
  ASSERT_EQ(run->sims.size(), static_cast<std::size_t>(kSims));
  const SearchTree& tree = run->engine->tree(0);

  // Recount from the log. The first simulation through seat 0's move m
  // creates seat 1's node X_m and rolls out from it; every later one chooses
  // at X_m, in a world where action 2 is legal only with card 1. An edge
  // exists from the simulation that first tried it.
  std::map<Action, int> through;                       // simulations that reached X_m
  std::map<std::pair<Action, Action>, int> available;  // (m, a) -> availability
  std::map<std::pair<Action, Action>, int> chosen;     // (m, a) -> child visits
  for (const SimulationRecord& sim : run->sims) {
    if (through[sim.move0]++ == 0) continue;  // X_m created here: rollout, no choice
    chosen[{sim.move0, sim.move1}]++;
    for (Action a = 0; a <= 2; ++a) {
      const bool legal = a < 2 || sim.card == 1;
      if (legal && chosen.count({sim.move0, a}) > 0) available[{sim.move0, a}]++;
    }
  }
  int checked_rare = 0;
  for (Action m = 0; m <= 2; ++m) {
    const std::int32_t x = child_of(tree, SearchTree::kRoot, m);
    ASSERT_GE(x, 0);
    EXPECT_EQ(tree.node(x).visits, static_cast<std::uint32_t>(through[m]));
    for (Action a = 0; a <= 2; ++a) {
      const SearchEdge* edge = edge_of(tree, x, a);
      if (chosen.count({m, a}) == 0) {
        EXPECT_EQ(edge, nullptr) << "move " << m << " action " << a;
        continue;
      }
      ASSERT_NE(edge, nullptr);
      EXPECT_EQ(edge->availability, static_cast<std::uint32_t>(available[{m, a}]))
          << "move " << m << " action " << a;
      EXPECT_EQ(tree.node(edge->child).visits, static_cast<std::uint32_t>(chosen[{m, a}]));
      if (a == 2) {
        // Legal in about half the worlds only: far fewer than the others.
        EXPECT_LT(edge->availability, edge_of(tree, x, 0)->availability);
        ++checked_rare;
      }
    }
  }
  EXPECT_GT(checked_rare, 0);
  // At the root both moves are always legal: availability counts every
  // simulation since the edge was made.
  for (const SearchEdge& edge : tree.edges(SearchTree::kRoot)) {
    int first = 0;
    while (run->sims[static_cast<std::size_t>(first)].move0 != edge.action) ++first;
    EXPECT_EQ(edge.availability, static_cast<std::uint32_t>(kSims - first));
  }
}

TEST(Availability, MultipleObserverGroupsMovesTheOwnerCannotTellApart) {
  // Several seeds: the grouping must not depend on the order in which worlds
  // with different hidden cards happen to show the moves.
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto run = run_search(SearchVariant::kMultipleObserver, 400, seed);
    ASSERT_EQ(run->engine->num_trees(), 2);
    const SearchTree& seat0 = run->engine->tree(0);  // the searching seat's
    const SearchTree& seat1 = run->engine->tree(1);
    // Seat 1's tree: seat 0's moves 1 and 2 look the same ("nonzero"), in
    // every world, whatever card seat 1 was dealt there.
    const std::int32_t y0 = child_of(seat1, SearchTree::kRoot, 0);
    const std::int32_t y1 = child_of(seat1, SearchTree::kRoot, 1);
    ASSERT_GE(y0, 0);
    ASSERT_GE(y1, 0);
    EXPECT_NE(y0, y1) << "seed " << seed;
    EXPECT_EQ(y1, child_of(seat1, SearchTree::kRoot, 2)) << "seed " << seed;
    // ... while seat 0's own tree branches on each of them.
    std::uint32_t seat0_nonzero_visits = 0;
    for (Action m = 0; m <= 2; ++m) {
      const std::int32_t x = child_of(seat0, SearchTree::kRoot, m);
      ASSERT_GE(x, 0);
      if (m > 0) seat0_nonzero_visits += seat0.node(x).visits;
      // Seat 0's tree: seat 1's moves 1 and 2 look the same (each has an
      // edge once seen; seat 1's search may not have tried both here).
      ASSERT_GE(seat0.node(x).visits, 20u) << "seed " << seed << " move " << m;
      const std::int32_t zero = child_of(seat0, x, 0);
      const std::int32_t one = child_of(seat0, x, 1);
      const std::int32_t two = child_of(seat0, x, 2);
      const std::int32_t nonzero = one >= 0 ? one : two;
      ASSERT_GE(zero, 0);
      ASSERT_GE(nonzero, 0);
      EXPECT_NE(zero, nonzero);
      if (one >= 0 && two >= 0) {
        EXPECT_EQ(one, two) << "seed " << seed;
      }
    }
    // Both trees saw the same simulations, grouped differently.
    EXPECT_EQ(seat1.node(y0).visits, seat0.node(child_of(seat0, SearchTree::kRoot, 0)).visits);
    EXPECT_EQ(seat1.node(y1).visits, seat0_nonzero_visits);
    // Seat 1's tree branches on seat 1's own moves.
    const std::int32_t own1 = child_of(seat1, y1, 1);
    const std::int32_t own2 = child_of(seat1, y1, 2);
    ASSERT_GE(own1, 0);
    ASSERT_GE(own2, 0);
    EXPECT_NE(own1, own2);
  }
  // SO-ISMCTS, by contrast, branches on the other seat's hidden move.
  auto so = run_search(SearchVariant::kSingleObserver, 400, 1);
  const SearchTree& tree = so->engine->tree(0);
  const std::int32_t x = child_of(tree, SearchTree::kRoot, 0);
  EXPECT_NE(child_of(tree, x, 1), child_of(tree, x, 2));
}

}  // namespace
}  // namespace kibitz
