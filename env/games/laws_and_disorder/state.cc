// LawsAndDisorderState: construction, the dispatch of moves and legal
// actions by phase, returns, the log and the seat streams read from it, and
// the tensors (from the stream, through Knowledge). The rules themselves are
// in turn.cc, effects.cc and abilities.cc.
#include <algorithm>
#include <sstream>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/laws_and_disorder_state.h"

namespace kibitz::laws_and_disorder {

LawsAndDisorderState::LawsAndDisorderState(std::shared_ptr<const Game> game)
    : GameState(game), ld_(static_cast<const LawsAndDisorderGame*>(&this->game())) {
  for (int k = 0; k < kNumKinds; ++k) deck_[idx(k)] = kind_info(static_cast<Kind>(k)).count;
  deck_size_ = kDeckSize;
  monies_.fill(0);
  for (int p = 0; p < players(); ++p) monies_[idx(p)] = kStartingMonies;
  position_of_.fill(-1);
  holder_.fill(-1);
  phase_ = Phase::kDealPosition;
}

Player LawsAndDisorderState::current_player() const {
  switch (phase_) {
    case Phase::kDealPosition:
    case Phase::kDraw: return kChancePlayer;
    case Phase::kTerminal: return kTerminalPlayer;
    default: return actor_;
  }
}

int LawsAndDisorderState::hand_size(int player) const {
  int size = 0;
  for (const int count : hands_[idx(player)]) size += count;
  return size;
}

void LawsAndDisorderState::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kDealPosition:
    case Phase::kDraw: {
      // The outcomes' actions, as chance_outcomes lists them.
      if (phase_ == Phase::kDealPosition) {
        for (int p = 0; p < kNumPositions; ++p) {
          if (holder_[idx(p)] < 0) out.push_back(p);
        }
      } else {
        for (int k = 0; k < kNumKinds; ++k) {
          if (deck_[idx(k)] > 0) out.push_back(k);
        }
      }
      return;
    }
    case Phase::kMain: main_actions(out); return;
    case Phase::kBuild: build_actions(out); return;
    case Phase::kPick: pick_actions(out); return;
    case Phase::kRecipient: recipient_actions(out); return;
    case Phase::kDiscard: discard_actions(out); return;
    case Phase::kThiefTake: thief_take_actions(out); return;
    case Phase::kTerminal: return;
  }
}

bool LawsAndDisorderState::is_legal(Action action) const {
  auto pick_from = [&](const KindCounts& hand, int taken_out) {
    // Range-checked before subtracting: any Action is asked about, and
    // kPickBase subtracted from one near INT_MIN would overflow.
    if (action < kPickBase || action >= kPickBase + kNumKinds) return false;
    const int k = action - kPickBase;
    int left = hand[idx(k)];
    for (int i = 0; i < taken_out; ++i) left -= picked_[idx(i)] == static_cast<Kind>(k) ? 1 : 0;
    return left > 0;
  };
  switch (phase_) {
    case Phase::kDealPosition: return action >= 0 && action < kNumPositions && holder_[idx(action)] < 0;
    case Phase::kDraw: return action >= 0 && action < kNumKinds && deck_[idx(action)] > 0;
    case Phase::kMain: {
      const int p = turn_player_;
      if (action >= 0 && action < kEndLaw) {
        return !made_law_ && can_play_next(Law{}, hands_[idx(p)], static_cast<Kind>(action));
      }
      if (action >= kJobBase && action < kEndTurn) {
        const int position = action - kJobBase;
        return !changed_job_ && position_of_[idx(p)] != position && hands_[idx(p)][idx(position)] > 0;
      }
      if (action == kEndTurn) return true;
      return action >= kThiefBase && ability_usable(action);
    }
    case Phase::kBuild: {
      if (action == kEndLaw) return is_complete(building_);
      return action >= 0 && action < kEndLaw && can_play_next(building_, hands_[idx(turn_player_)], static_cast<Kind>(action));
    }
    case Phase::kPick: return pick_from(hands_[idx(actor_)], num_picked_);
    case Phase::kRecipient: return action >= kToBase && action < kToBase + players() && action - kToBase != actor_;
    case Phase::kDiscard: return pick_from(hands_[idx(discard_player_)], 0);
    case Phase::kThiefTake: return pick_from(hands_[idx(victim_)], 0);
    case Phase::kTerminal: return false;
  }
  return false;
}

void LawsAndDisorderState::chance_outcomes(ChanceOutcomeList& out) const {
  out.clear();
  KIBITZ_CHECK(is_chance_node(), "chance_outcomes at a player node");
  if (phase_ == Phase::kDealPosition) {
    const int left = kNumPositions - positions_dealt_;
    for (int p = 0; p < kNumPositions; ++p) {
      if (holder_[idx(p)] < 0) out.push_back({p, 1.0 / left});
    }
    return;
  }
  for (int k = 0; k < kNumKinds; ++k) {
    const int count = deck_[idx(k)];
    if (count > 0) out.push_back({k, static_cast<double>(count) / deck_size_});
  }
}

// draw_chance_outcome's walk over the outcomes chance_outcomes lists, with
// the same probabilities computed the same way, without the list (no
// per-thread buffer): the same outcome for the same generator state.
Action LawsAndDisorderState::sample_chance_outcome(Rng& rng) const {
  KIBITZ_CHECK(is_chance_node(), "sample_chance_outcome at a player node");
  double u = rng.uniform_double();
  Action last = kInvalidAction;
  if (phase_ == Phase::kDealPosition) {
    const int left = kNumPositions - positions_dealt_;
    for (int p = 0; p < kNumPositions; ++p) {
      if (holder_[idx(p)] >= 0) continue;
      last = p;
      u -= 1.0 / left;
      if (u < 0) return p;
    }
    return last;
  }
  for (int k = 0; k < kNumKinds; ++k) {
    const int count = deck_[idx(k)];
    if (count == 0) continue;
    last = k;
    u -= static_cast<double>(count) / deck_size_;
    if (u < 0) return k;
  }
  return last;
}

void LawsAndDisorderState::returns(std::span<double> out) const {
  std::fill(out.begin(), out.end(), 0.0);
  if (phase_ != Phase::kTerminal) return;
  const int n = players();
  if (ld_->config().reward_score) {
    for (int p = 0; p < n; ++p) out[idx(p)] = monies_[idx(p)];
    return;
  }
  const int best = *std::max_element(monies_.begin(), monies_.begin() + n);
  const int winners = static_cast<int>(std::count(monies_.begin(), monies_.begin() + n, best));
  if (winners == n) return;  // everyone ties: all 0
  for (int p = 0; p < n; ++p) {
    out[idx(p)] = monies_[idx(p)] == best ? 1.0 / winners : -1.0 / (n - winners);
  }
}

void LawsAndDisorderState::do_apply_action(Action action) {
  switch (phase_) {
    case Phase::kDealPosition:
    case Phase::kDraw: apply_chance(action); return;
    case Phase::kMain: apply_main(action); return;
    case Phase::kBuild: apply_build(action); return;
    case Phase::kPick: apply_pick(static_cast<Kind>(action - kPickBase)); return;
    case Phase::kRecipient: apply_recipient(action - kToBase); return;
    case Phase::kDiscard: apply_discard(static_cast<Kind>(action - kPickBase)); return;
    case Phase::kThiefTake: apply_thief_take(static_cast<Kind>(action - kPickBase)); return;
    case Phase::kTerminal: break;
  }
  KIBITZ_CHECK(false, "laws_and_disorder: a move in a terminal state");
}

// --- The log -------------------------------------------------------------------

void LawsAndDisorderState::emit(Audience audience, const Observation& observation) {
  if (audience == 0 || !logging()) return;
  KIBITZ_CHECK(observation.size <= kMaxLogValues, "laws_and_disorder: an observation of kind ", int{observation.kind},
               " holds ", int{observation.size}, " values, the most the log's bound allows is ", kMaxLogValues);
  log_observation(audience, observation);
}

void LawsAndDisorderState::emit_public(const Observation& observation) {
  emit(everyone_audience(players()), observation);
}

void LawsAndDisorderState::emit_split(Audience knowers, const Observation& seen, const Observation& hidden) {
  emit(knowers, seen);
  // The spectator gets the hidden version even when every seat knows (a
  // hand-over or a theft between the two seats of a 2-player game).
  emit(static_cast<Audience>((all_seats() & ~knowers) | kSpectatorAudience), hidden);
}

static_assert(kMaxPlayers <= kMaxAudienceSeats, "more seats than an audience has bits");

// --- Tensors and views ---------------------------------------------------------

void LawsAndDisorderState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == tensor_size(players()), "tensor buffer of ", out.size(),
               " floats; laws_and_disorder needs ", tensor_size(players()));
  // The seat's stream read straight off the log (the same observations
  // seat_stream gives), so no buffer is needed.
  Knowledge knowledge(ld_->config(), player);
  const ObservationLog& log = observation_log();
  for (int i = 0; i < log.size(); ++i) {
    if (log.heard_by(i, player)) knowledge.read(log.observation(i));
  }
  knowledge.encode(out);
}

void LawsAndDisorderState::observation_tensor(Player player, std::span<float> out) const {
  information_state_tensor(player, out);
}

std::string LawsAndDisorderState::observation_string(Player player) const {
  return read_stream(ld_->config(), player, State::seat_stream(player)).describe();
}

std::string LawsAndDisorderState::to_string() const {
  std::ostringstream s;
  s << "turn " << turn_number_ << " of " << seat_name(turn_player_) << ", deck " << deck_size_ << ", discards "
    << discard_size_;
  if (turns_left_ >= 0) s << ", final round (" << turns_left_ << " turns left, this one included)";
  s << '\n';
  for (int p = 0; p < players(); ++p) {
    s << seat_name(p) << ' ' << (position_of_[idx(p)] >= 0 ? position_name(position_of(p)) : "?") << " $"
      << monies_[idx(p)] << " hand";
    for (int k = 0; k < kNumKinds; ++k) {
      for (int c = 0; c < hands_[idx(p)][idx(k)]; ++c) s << ' ' << kind_name(static_cast<Kind>(k));
    }
    s << '\n';
  }
  for (int slot = 0; slot < num_laws_; ++slot) {
    const TableLaw& law = laws_[idx(slot)];
    s << law_name(law.serial) << " by " << seat_name(law.maker) << ": " << law_sentence(law.law) << '\n';
  }
  if (!building_.empty()) s << "building: " << law_sentence(building_) << '\n';
  return s.str();
}

}  // namespace kibitz::laws_and_disorder
