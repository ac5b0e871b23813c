// Action text: votes "yes", "no", "abstain"; die rolls "roll 137 (7D@fish)";
// proposal changes "P1 +2"; and the other spellings read_action_text accepts,
// with the reason a move is not possible.
#include <cctype>
#include <charconv>
#include <string>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/games/spoon_nomic/spoon_nomic_state.h"

namespace kibitz::spoon_nomic {
namespace {

std::string lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A whole-text integer with an optional sign, or nothing.
bool read_int(std::string_view text, int& out) {
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

// A card name of the game's packs, or an invalid Card.
cards::Card read_card(std::string_view text, int packs) {
  try {
    const cards::Card card = cards::parse_card(text);
    if (!card.is_joker() && card.pack() < packs) return card;
  } catch (const KibitzError&) {
  }
  return {};
}

}  // namespace

std::string SpoonState::action_to_string(Player player, Action action) const {
  if (player != kChancePlayer) {
    if (action == kYes) return "yes";
    if (action == kNo) return "no";
    if (action == kAbstain) return "abstain";
    throw error("spoon_nomic has no vote ", action, "; votes: 0 (yes), 1 (no), 2 (abstain)");
  }
  if (table_.phase() == Phase::kPropose) {
    if (action < 0 || action >= kNumChanges) {
      throw error("spoon_nomic has no proposal outcome ", action, "; outcomes: 0..6 (a change of -3..+3)");
    }
    const int change = action_change(action);
    return seat_text(table_.proposed_for()) + " " + (change >= 0 ? "+" : "") + std::to_string(change);
  }
  if (action < 1 || action > table_.die_sides()) {
    throw error("spoon_nomic(packs=", table_.packs(), ") has no die face ", action, "; the die shows 1..",
                table_.die_sides());
  }
  const cards::Card card = cards::Card::from_id(action);
  const bool rejected = table_.phase() == Phase::kDeal && !table_.deck().contains(card);
  return "roll " + std::to_string(action) + " (" + card.to_string() + (rejected ? ", not in the Deck)" : ")");
}

Action SpoonState::read_action_text(Player player, std::string_view text, std::string& reason) const {
  const std::string word = lower(text);
  if (player != kChancePlayer) {
    if (word == "y" || word == "vote yes") return kYes;
    if (word == "n" || word == "vote no") return kNo;
    if (word == "a" || word == "abstains" || word == "pass") return kAbstain;
    reason = read_card(text, table_.packs()).is_valid()
                 ? "only the Dealer deals cards; a player's move is a vote: yes, no or abstain"
                 : "a player's move is a vote: yes, no or abstain";
    return kInvalidAction;
  }
  if (table_.phase() == Phase::kPropose) {
    std::string_view rest = text;
    const std::string seat = lower(seat_text(table_.proposed_for())) + " ";
    if (word.starts_with(seat)) rest.remove_prefix(seat.size());
    int change = 0;
    if (!read_int(rest, change)) return kInvalidAction;
    if (change < -kMaxChange || change > kMaxChange) {
      reason = "a proposal changes a seat's points by -3..+3";
      return kInvalidAction;
    }
    return change_action(change);
  }
  if (table_.phase() != Phase::kDeal) return kInvalidAction;
  std::string_view rest = text;
  if (word.starts_with("roll ")) rest.remove_prefix(5);
  int face = 0;
  cards::Card card;
  if (read_int(rest, face)) {
    if (face < 1 || face > table_.die_sides()) {
      reason = "the die shows 1.." + std::to_string(table_.die_sides());
      return kInvalidAction;
    }
    card = cards::Card::from_id(face);
  } else {
    card = read_card(rest, table_.packs());
    if (!card.is_valid()) return kInvalidAction;
  }
  if (!table_.may_reject() && !table_.deck().contains(card)) {
    reason = card.to_string() +
             " is not in the Deck, and the dice server has made all the rejected rolls a game allows: "
             "only a card in the Deck can come up";
    return kInvalidAction;
  }
  return card.id();
}

}  // namespace kibitz::spoon_nomic
