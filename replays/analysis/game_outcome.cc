#include "replays/analysis/game_outcome.h"

#include <algorithm>
#include <memory>

#include "env/games/kuhn_poker/kuhn_poker.h"
#include "env/games/leduc_poker/leduc_poker.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"
#include "replays/analysis/spies_timeline.h"

namespace kibitz::replays::analysis {
namespace {

namespace ls = loyalist_spies;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

MissionOutcome mission_outcome(const SpiesTurn& turn) {
  MissionOutcome m;
  m.index = turn.mission_index;
  m.determiner = turn.determiner;
  m.card = turn.mission_card;
  m.kings = static_cast<int>(std::count_if(turn.flips.begin(), turn.flips.end(), [](int c) {
    return !ls::is_joker(c) && ls::rank_of(c) == ls::kRankKing;
  }));
  m.terms = turn.terms;
  m.revealed = turn.face_down;
  for (const SpiesPlay& play : turn.plays) {
    if (play.card >= 0) m.revealed.push_back(play.card);
  }
  std::sort(m.revealed.begin(), m.revealed.end());
  m.total = turn.total;
  m.success = turn.success;
  return m;
}

std::vector<RoundOutcome> spies_rounds(const ls::LoyalistSpiesState& state) {
  const int n = state.num_players();
  std::vector<RoundOutcome> out;
  for (const SpiesRound& round : spies_timeline(state).rounds) {
    RoundOutcome r;
    r.index = round.index;
    r.first_determiner = round.first_determiner;
    for (const SpiesTurn& turn : round.turns) {
      // A mission cut short by the end of the record was never revealed.
      if (turn.mission && turn.reveal_event >= 0) r.missions.push_back(mission_outcome(turn));
    }
    r.scored = round.finished;
    if (r.scored) {
      r.roles.assign(round.roles.begin(), round.roles.begin() + n);
      r.points.assign(round.points.begin(), round.points.begin() + n);
      r.totals.assign(round.totals.begin(), round.totals.begin() + n);
    }
    out.push_back(std::move(r));
  }
  return out;
}

// A dealt card as the game writes it: its chance move's text without "deal ".
std::string dealt_card_text(const State& state, int card) {
  const std::string text = state.action_to_string(kChancePlayer, card);
  const std::string prefix = "deal ";
  return text.rfind(prefix, 0) == 0 ? text.substr(prefix.size()) : text;
}

// Who folded, from the betting: Leduc has a fold action; in Kuhn a pass
// after a bet folds.
std::vector<int> folds(const State& final_state, bool kuhn) {
  std::unique_ptr<State> state = final_state.game().new_initial_state();
  std::vector<int> folded;
  bool bet = false;
  for (const Action action : final_state.history()) {
    const Player player = state->current_player();
    if (player >= 0) {
      if (kuhn) {
        if (action == kuhn_poker::kPass && bet) folded.push_back(player);
        bet = bet || action == kuhn_poker::kBet;
      } else if (action == leduc_poker::kFold) {
        folded.push_back(player);
      }
    }
    state->apply_action(action);
  }
  return folded;
}

PokerOutcome poker_outcome(const State& state, const kuhn_poker::KuhnState* kuhn,
                           const leduc_poker::LeducState* leduc) {
  PokerOutcome out;
  out.folded = folds(state, kuhn != nullptr);
  const int n = state.num_players();
  out.showdown = n - static_cast<int>(out.folded.size()) > 1;
  if (leduc != nullptr && leduc->public_card() >= 0)
    out.public_card = dealt_card_text(state, leduc->public_card());
  for (int seat = 0; seat < n && out.showdown; ++seat) {
    if (std::find(out.folded.begin(), out.folded.end(), seat) != out.folded.end()) continue;
    const int card = kuhn != nullptr ? kuhn->card(seat) : leduc->private_card(seat);
    out.shown.push_back({seat, dealt_card_text(state, card)});
  }
  const std::vector<double> returns = state.returns();
  const double best = *std::max_element(returns.begin(), returns.end());
  for (int seat = 0; seat < n; ++seat) {
    if (returns[at(seat)] == best) out.winners.push_back(seat);
  }
  return out;
}

}  // namespace

GameOutcome public_outcome(const State& state) {
  GameOutcome out;
  out.game = state.game().name();
  out.finished = state.is_terminal();
  if (const auto* spies = dynamic_cast<const ls::LoyalistSpiesState*>(&state)) {
    out.played_in_rounds = true;
    out.rounds = spies_rounds(*spies);
  }
  const auto* kuhn = dynamic_cast<const kuhn_poker::KuhnState*>(&state);
  const auto* leduc = dynamic_cast<const leduc_poker::LeducState*>(&state);
  if (out.finished && (kuhn != nullptr || leduc != nullptr)) {
    out.poker = poker_outcome(state, kuhn, leduc);
  }
  return out;
}

bool game_has_roles(const Game& game) {
  return dynamic_cast<const ls::LoyalistSpiesGame*>(&game) != nullptr;
}

std::vector<std::string> role_letters(const State& state) {
  std::vector<std::string> letters(at(state.num_players()));
  const auto* spies = dynamic_cast<const ls::LoyalistSpiesState*>(&state);
  if (spies == nullptr) return letters;
  // Each scored round ends with every seat's role shown to the whole table:
  // any seat's stream has them.
  for (const Observation& o : spies->seat_stream(0)) {
    const ls::Obs kind = ls::obs_kind(o);
    if (kind != ls::Obs::kLoyal && kind != ls::Obs::kCompromised && kind != ls::Obs::kTraitor) continue;
    letters[at(o.value(0))] += kind == ls::Obs::kTraitor       ? 'T'
                               : kind == ls::Obs::kCompromised ? 'C'
                                                               : 'L';
  }
  return letters;
}

}  // namespace kibitz::replays::analysis
