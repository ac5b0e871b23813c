#include "agents/heuristic/laws_and_disorder/laws_heuristic.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/core/params.h"

namespace kibitz {
namespace ld = laws_and_disorder;
namespace bot = laws_and_disorder::bot;

LawsHeuristic::LawsHeuristic(std::shared_ptr<const Game> game, const ld::LawsParams& params, std::uint64_t seed)
    : game_(std::dynamic_pointer_cast<const ld::LawsAndDisorderGame>(game)), params_(params), rng_(seed) {
  KIBITZ_CHECK(game_ != nullptr, "the Laws and Disorder heuristic needs a Laws and Disorder game, not '",
               game->name(), "'");
}

std::string LawsHeuristic::spec() const {
  auto real = [](double x) { return param_value_to_string(ParamValue(x)); };
  return "heuristic(card_value=" + real(params_.card_value) + ",horizon=" + real(params_.horizon) +
         ",ability_margin=" + real(params_.ability_margin) + ")";
}

void LawsHeuristic::new_game(Player) {
  knowledge_.reset();
  progress_.reset();
}

bool LawsHeuristic::reseed(std::uint64_t seed) {
  rng_ = Rng(seed);
  new_game(0);
  return true;
}

// Reads the observations that arrived since the last decision. A stream
// that does not continue the one read (another seat, another game, a
// rollout starting mid-game) is read afresh from its start.
void LawsHeuristic::catch_up(const SeatView& view) {
  const SeatStream& stream = view.stream();
  if (!progress_.continues(view.seat(), stream)) knowledge_.emplace(game_->config(), view.seat());
  for (const Observation& o : progress_.unread(view.seat(), stream)) knowledge_->read(o);
}

Action LawsHeuristic::act(const SeatView& view) {
  view.legal_actions(legal_);
  KIBITZ_CHECK(!legal_.empty(), "the Laws and Disorder heuristic was asked to act with no legal action");
  catch_up(view);
  ties_.forget();
  decision_.policy.clear();
  Action choice = decide(legal_);
  // Every rule picks from the legal list; this guards a step the rules do
  // not know.
  if (std::find(legal_.begin(), legal_.end(), choice) == legal_.end()) {
    choice = legal_.front();
  } else if (ties_.tied().size() > 1) {
    const double share = 1.0 / static_cast<double>(ties_.tied().size());
    for (Action a : ties_.tied()) decision_.policy.emplace_back(a, share);
  }
  return choice;
}

Action LawsHeuristic::decide(const ActionList& legal) {
  const ld::Valuation v(*knowledge_, params_);
  const Action first = *std::min_element(legal.begin(), legal.end());
  if (std::find(legal.begin(), legal.end(), ld::kEndTurn) != legal.end()) {
    return bot::main_choice(v, params_, legal, ties_);
  }
  if (first <= ld::kEndLaw) return bot::build_choice(v, legal, ties_);
  if (first >= ld::kPickBase && first < ld::kToBase) return bot::pick_choice(v, legal, ties_);
  if (first >= ld::kToBase && first < ld::kThiefBase) return bot::recipient_choice(v, legal, ties_);
  return first;
}

}  // namespace kibitz
