#include "replays/replay_record.h"

#include <algorithm>

namespace kibitz::replays {

bool Annotation::operator==(const Annotation& other) const {
  const DecisionInfo& a = decision;
  const DecisionInfo& b = other.decision;
  return move == other.move && a.policy == b.policy && a.has_value == b.has_value &&
         a.value == b.value && a.stats == b.stats;
}

bool same_game(const ReplayRecord& a, const ReplayRecord& b) {
  return a.game == b.game && a.seed == b.seed && a.seat_labels == b.seat_labels &&
         a.agent_specs == b.agent_specs && a.actions == b.actions &&
         a.annotations == b.annotations && a.returns == b.returns && a.forfeit == b.forfeit;
}

const Annotation* find_annotation(const ReplayRecord& record, int move) {
  const auto it =
      std::lower_bound(record.annotations.begin(), record.annotations.end(), move,
                       [](const Annotation& annotation, int m) { return annotation.move < m; });
  return it != record.annotations.end() && it->move == move ? &*it : nullptr;
}

}  // namespace kibitz::replays
