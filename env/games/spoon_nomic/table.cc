#include "env/games/spoon_nomic/table.h"

#include "env/cards/dealer.h"

namespace kibitz::spoon_nomic {

Table::Table(int players, int packs, int nweeks, int rejections)
    : players_(static_cast<std::int8_t>(players)),
      packs_(static_cast<std::int8_t>(packs)),
      nweeks_(static_cast<std::int16_t>(nweeks)),
      rejections_left_(static_cast<std::int16_t>(rejections)),
      deck_(cards::full_deck(packs)) {
  votes_.fill(kNotVoted);
  // Nobody voted before the first nweek: its deal is empty.
  settle_deal();
}

Player Table::current_player() const {
  switch (phase_) {
    case Phase::kDeal:
    case Phase::kPropose:
      return kChancePlayer;
    case Phase::kVote:
      return voter_;
    case Phase::kOver:
      return kTerminalPlayer;
  }
  return kTerminalPlayer;
}

void Table::settle_deal() {
  while (receiver_ < players_ && !due_card(receiver_)) ++receiver_;
  // An empty Deck cannot deal, whatever the rule to deal says.
  if (receiver_ < players_ && !deck_.empty()) return;
  phase_ = Phase::kPropose;
  proposed_ = 0;
}

bool Table::is_legal(Action action) const {
  switch (phase_) {
    case Phase::kDeal:
      if (action < 1 || action > die_sides()) return false;
      return may_reject() || deck_.contains(cards::Card::from_id(action));
    case Phase::kPropose:
      return action >= 0 && action < kNumChanges;
    case Phase::kVote:
      return action >= 0 && action < kNumVotes;
    case Phase::kOver:
      return false;
  }
  return false;
}

}  // namespace kibitz::spoon_nomic
