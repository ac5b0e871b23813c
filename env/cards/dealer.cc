#include "env/cards/dealer.h"

#include "env/core/error.h"

namespace kibitz::cards {

CardSet full_deck(int packs) {
  if (packs < 1 || packs > kMaxPacks) {
    throw error("packs = ", packs, " is out of range: valid values are 1..", kMaxPacks);
  }
  CardSet deck;
  for (int p = 0; p < packs; ++p) deck |= CardSet::full_pack(p);
  return deck;
}

Dealer::Dealer(int packs, Rng dice) : Dealer(packs, full_deck(packs), dice) {}

Dealer::Dealer(int packs, const CardSet& deck, Rng dice) : packs_(packs), deck_(deck), dice_(dice) {
  const CardSet allowed = full_deck(packs);  // also validates packs
  if (!(deck - allowed).empty()) {
    throw error("the Deck holds cards the dealer's die cannot roll (", (deck - allowed).to_string(),
                "): only cards of packs 0..", packs - 1, " can be dealt, never jokers");
  }
}

std::optional<Card> Dealer::deal(int receiver, CardSet& hand) {
  if (receiver < 0) throw error("deal to seat ", receiver, ": a receiver is a seat >= 0");
  if (deck_.empty()) return std::nullopt;  // rolling could never succeed
  const auto sides = static_cast<std::uint64_t>(die_sides());
  while (true) {
    const int roll = static_cast<int>(dice_.uniform_int(sides)) + 1;
    const Card card = Card::from_id(roll);
    const bool accepted = deck_.contains(card);
    rolls_.push_back({roll, accepted, receiver});
    if (!accepted) continue;
    deck_.erase(card);
    hand.insert(card);
    report_.push_back({step_, receiver, card.back()});
    return card;
  }
}

std::string Dealer::report_string() const {
  std::string text;
  int current_step = -1;
  for (const ReportEntry& entry : report_) {
    if (entry.step != current_step) {
      if (!text.empty()) text += "; ";
      text += "step " + std::to_string(entry.step) + ":";
      current_step = entry.step;
    } else {
      text += ",";
    }
    text += " seat " + std::to_string(entry.receiver) + " ";
    text += back_name(entry.back);
  }
  return text;
}

CardSet audit_rolls(int packs, const CardSet& deck, std::span<const DealerRoll> rolls) {
  const int sides = packs * kCardsPerPack;
  CardSet left = deck;
  if (!(left - full_deck(packs)).empty()) {
    throw error("audit: the starting Deck holds cards outside packs 0..", packs - 1);
  }
  for (std::size_t i = 0; i < rolls.size(); ++i) {
    const DealerRoll& r = rolls[i];
    if (r.roll < 1 || r.roll > sides) {
      throw error("audit: roll ", i, " shows ", r.roll, ", but the die has faces 1..", sides);
    }
    const Card card = Card::from_id(r.roll);
    if (r.accepted != left.contains(card)) {
      throw error("audit: roll ", i, " (", card.to_string(), ") was ",
                  r.accepted ? "accepted though the card had left the Deck"
                             : "rejected though the card was in the Deck");
    }
    if (r.accepted) {
      left.erase(card);
    } else if (i + 1 == rolls.size() || rolls[i + 1].receiver != r.receiver) {
      // After a rejected roll the Dealer keeps rolling for the same seat.
      throw error("audit: roll ", i, " was rejected but the deal to seat ", r.receiver,
                  " did not go on rolling");
    }
  }
  return left;
}

}  // namespace kibitz::cards
