// Loyalist Spies' fold of what one seat knows (env/core/seat_knowledge.h):
// SeatFacts for the information-state tensor (encoder.h) and InfoText for
// the string, both read once per observation of the seat's stream. The
// state's own tensor and string are the same folds run over the whole
// stream (views.cc), so a SeatView on a feed and the state agree.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "env/core/seat_knowledge.h"
#include "env/games/loyalist_spies/info_text.h"
#include "env/games/loyalist_spies/loyalist_spies_game.h"
#include "env/games/loyalist_spies/seat_facts.h"

namespace kibitz::loyalist_spies {

class SpiesSeatKnowledge final : public SeatKnowledge {
 public:
  SpiesSeatKnowledge(std::shared_ptr<const LoyalistSpiesGame> game, Player seat);
  SpiesSeatKnowledge(const SpiesSeatKnowledge& other);
  SpiesSeatKnowledge& operator=(const SpiesSeatKnowledge&) = delete;

  void read(const Observation& observation) override;
  void encode(std::span<float> out) const override;
  void describe(std::string& out) const override;
  std::unique_ptr<SeatKnowledge> clone() const override;
  void restart() override;

 private:
  std::shared_ptr<const LoyalistSpiesGame> game_;  // the rules the folds refer to
  SeatFacts facts_;
  std::string text_;  // the string so far, but for the open line's end (InfoText::finish)
  // Writes into text_; optional only so that restart() can build it anew in
  // place (it holds a reference to the rules, so it cannot be assigned).
  std::optional<InfoText> writer_;
};

}  // namespace kibitz::loyalist_spies
