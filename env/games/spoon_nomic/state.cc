// SpoonState: moves, chance, returns, streams and the audit log.
#include <algorithm>
#include <array>

#include "env/core/error.h"
#include "env/games/spoon_nomic/hand_rank.h"
#include "env/games/spoon_nomic/sampler.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"

namespace kibitz::spoon_nomic {
namespace {

// An emit for Table::apply that keeps nothing: one scratch entry, rewritten
// by each observation, for replays that want the table alone.
struct Discard {
  Observation scratch;
  Observation& operator()(Audience, Obs kind) {
    scratch = Observation(static_cast<int>(kind));
    return scratch;
  }
};

}  // namespace

SpoonState::SpoonState(std::shared_ptr<const Game> game)
    : GameState(std::move(game)), table_(spoon_game().initial_table()) {}

void SpoonState::reset() {
  mutable_history().clear();
  restart_observation_log();
  table_ = spoon_game().initial_table();
}

void SpoonState::legal_actions(ActionList& out) const {
  out.clear();
  switch (table_.phase()) {
    case Phase::kDeal:
      if (table_.may_reject()) {
        for (Action face = 1; face <= table_.die_sides(); ++face) out.push_back(face);
      } else {
        table_.deck().for_each([&out](cards::Card c) { out.push_back(c.id()); });
      }
      return;
    case Phase::kPropose:
      for (Action a = 0; a < kNumChanges; ++a) out.push_back(a);
      return;
    case Phase::kVote:
      for (Action a = 0; a < kNumVotes; ++a) out.push_back(a);
      return;
    case Phase::kOver:
      return;
  }
}

void SpoonState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(is_chance_node(), "chance_outcomes at a player node");
  out.clear();
  if (table_.phase() == Phase::kPropose) {
    for (Action a = 0; a < kNumChanges; ++a) out.push_back({a, 1.0 / kNumChanges});
    return;
  }
  if (table_.may_reject()) {
    const double p = 1.0 / table_.die_sides();
    for (Action face = 1; face <= table_.die_sides(); ++face) out.push_back({face, p});
    return;
  }
  const double p = 1.0 / table_.deck().size();
  table_.deck().for_each([&](cards::Card c) { out.push_back({c.id(), p}); });
}

Action SpoonState::sample_chance_outcome(Rng& rng) const {
  KIBITZ_CHECK(is_chance_node(), "sample_chance_outcome at a player node");
  if (table_.phase() == Phase::kPropose) return draw_uniform_index(kNumChanges, rng);
  if (table_.may_reject()) return draw_uniform_index(table_.die_sides(), rng) + 1;
  return table_.deck().nth(draw_uniform_index(table_.deck().size(), rng)).id();
}

void SpoonState::do_apply_action(Action action) {
  // Each observation is built in place in the log (the Table add()s its
  // values to the entry returned), never on the stack and copied in.
  table_.apply(action, [this](Audience audience, Obs kind) -> Observation& {
    return log_observation(audience, static_cast<int>(kind));
  });
}

int SpoonState::bonus(Player seat) const { return static_cast<int>(best_category(table_.hand(seat))); }

void SpoonState::returns(std::span<double> out) const {
  const int n = num_players();
  std::fill(out.begin(), out.end(), 0.0);
  if (!is_terminal()) return;
  std::array<int, kMaxPlayers> scores{};
  int best = score(0);
  for (int s = 0; s < n; ++s) {
    scores[static_cast<std::size_t>(s)] = score(s);
    best = std::max(best, scores[static_cast<std::size_t>(s)]);
  }
  if (spoon_game().reward() == Reward::kScore) {
    for (int s = 0; s < n; ++s) out[static_cast<std::size_t>(s)] = scores[static_cast<std::size_t>(s)];
    return;
  }
  const auto leaders = static_cast<int>(std::count(scores.begin(), scores.begin() + n, best));
  if (leaders == n) return;  // everyone ties: all 0
  for (int s = 0; s < n; ++s) {
    out[static_cast<std::size_t>(s)] =
        scores[static_cast<std::size_t>(s)] == best ? 1.0 / leaders : -1.0 / (n - leaders);
  }
}

void SpoonState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  draw_world(
      spoon_game(), player, [this, player](auto&& f) { for_each_observation(player, f); }, rng, out);
}

std::vector<cards::DealerRoll> SpoonState::roll_log() const {
  std::vector<cards::DealerRoll> log;
  Table t = spoon_game().initial_table();
  Discard discard;
  for (const Action a : history()) {
    if (t.phase() == Phase::kDeal) {
      log.push_back({a, t.deck().contains(cards::Card::from_id(a)), t.receiver()});
    }
    t.apply(a, discard);
  }
  return log;
}

std::vector<cards::ReportEntry> SpoonState::dealers_report() const {
  std::vector<cards::ReportEntry> report;
  Table t = spoon_game().initial_table();
  Discard discard;
  for (const Action a : history()) {
    const cards::Card card = cards::Card::from_id(a);
    if (t.phase() == Phase::kDeal && t.deck().contains(card)) {
      report.push_back({t.nweek(), t.receiver(), card.back()});
    }
    t.apply(a, discard);
  }
  return report;
}

}  // namespace kibitz::spoon_nomic
