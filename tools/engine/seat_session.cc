#include "tools/engine/seat_session.h"

#include "env/core/error.h"
#include "env/core/seat_view.h"
#include "env/core/stream_spec.h"

namespace kibitz::tools {

std::optional<double> SeatDecision::share() const {
  for (const auto& [text, p] : policy) {
    if (text == action_text) return p;
  }
  return std::nullopt;
}

SeatSession::SeatSession(std::shared_ptr<const Game> game, Player seat, Agent& agent,
                         std::uint64_t seed)
    : game_(std::move(game)), seat_(seat), agent_(agent), rng_(Rng(seed).child("worlds")) {
  if (seat < 0 || seat >= game_->num_players()) {
    throw error(game_->spec(), " has no seat ", seat, " (seats 0..", game_->num_players() - 1, ")");
  }
  // What the seat knows before the first move is the same in every world
  // (nothing has been dealt), so it is read off the initial state.
  const SeatStream initial = game_->new_initial_state()->seat_stream(seat_);
  initial_size_ = initial.size();
  samplers_.push_back(game_->new_world_sampler(seat_, initial));
  world_ = samplers_.back()->sample(rng_);
  agent_.new_game(seat_);
}

void SeatSession::observe(std::span<const Observation> more) {
  const StreamSpec& spec = game_->stream_spec();
  for (const Observation& o : more) {
    if (o.kind >= spec.num_kinds()) throw error("observation of unknown kind ", int{o.kind});
    spec.validate(o, game_->num_players());
  }
  if (over()) {
    throw error("the game is over: no observation can follow '",
                spec.to_text(stream().back()), "'");
  }
  // Both can refuse the stream: extending it when the game's sampler cannot
  // read it, sample() when no world explains it.
  std::shared_ptr<const WorldSampler> next = sampler().extended(more);
  std::unique_ptr<State> world = next->sample(rng_);
  adopt(samplers_.size(), std::move(next), std::move(world));
}

void SeatSession::undo(std::size_t count) {
  if (count > stream().size() - initial_size_) {
    throw error("cannot take back ", count, " observations: only ", stream().size() - initial_size_,
                " were entered this game");
  }
  const std::size_t target = stream().size() - count;
  // The latest kept sampler within the shorter stream (the initial one at
  // worst), extended by the rest of it: the worlds a fresh sampler over the
  // shorter stream would draw (WorldSampler::extended).
  std::size_t keep = samplers_.size();
  while (samplers_[keep - 1]->stream().size() > target) --keep;
  std::shared_ptr<const WorldSampler> next = samplers_[keep - 1];
  const std::size_t known = next->stream().size();
  if (known < target) {
    next = next->extended(std::span<const Observation>(stream()).subspan(known, target - known));
  } else {
    --keep;  // that sampler itself becomes the session's
  }
  std::unique_ptr<State> world = next->sample(rng_);
  adopt(keep, std::move(next), std::move(world));
}

void SeatSession::adopt(std::size_t keep, std::shared_ptr<const WorldSampler> sampler,
                        std::unique_ptr<State> world) {
  samplers_.resize(keep);
  samplers_.push_back(std::move(sampler));
  if (samplers_.size() > kKeptSamplers + 1) samplers_.erase(samplers_.begin() + 1);
  world_ = std::move(world);
}

std::vector<std::string> SeatSession::legal_action_texts() const {
  std::vector<std::string> texts;
  if (!to_act()) return texts;
  for (const Action a : world_->legal_actions()) texts.push_back(world_->action_to_string(seat_, a));
  return texts;
}

std::unique_ptr<State> SeatSession::draw_world() { return sampler().sample(rng_); }

std::string SeatSession::whose_turn() const {
  const Player actor = world_->current_player();
  if (actor == kTerminalPlayer) return "the game is over";
  if (actor == kChancePlayer) return "chance moves next (a deal or a draw the seat is to be told of)";
  return "it is " + seat_text(actor) + "'s turn";
}

SeatDecision SeatSession::act(const ActBudget& budget) {
  if (!to_act()) throw error("seat ", seat_text(seat_), " is not to act: ", whose_turn());
  const SeatView view(*world_, samplers_.back());
  agent_.set_budget(budget);
  Action action = kInvalidAction;
  try {
    action = agent_.act(view);
  } catch (...) {
    agent_.set_budget({});
    throw;
  }
  agent_.set_budget({});
  KIBITZ_CHECK(world_->is_legal(action), "agent ", agent_.spec(), " chose illegal action ", action);
  SeatDecision decision;
  decision.action = action;
  decision.action_text = view.action_to_string(action);
  if (const DecisionInfo* info = agent_.last_decision()) {
    for (const auto& [a, p] : info->policy) decision.policy.emplace_back(view.action_to_string(a), p);
    if (info->has_value) decision.value = info->value;
    for (const auto& [a, v] : info->action_values) decision.action_values.emplace_back(view.action_to_string(a), v);
  }
  return decision;
}

}  // namespace kibitz::tools
