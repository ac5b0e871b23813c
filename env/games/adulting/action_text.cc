// Adulting's actions as people write them, their other spellings, and the
// full description of a state (to_string).
#include <bit>
#include <string>

#include "env/core/error.h"
#include "env/games/adulting/adulting_state.h"

namespace kibitz::adulting {
namespace {

constexpr const char* kColumnWords[kNumColumns] = {"hearts", "clubs", "diamonds"};

std::string card_word(const AdultingGame& game, int card) {
  if (card < 0 || card >= game.num_cards()) {
    throw error("adulting: this deck has no card ", card, " (cards 0..", game.num_cards() - 1, ")");
  }
  return game.deck().cards[static_cast<std::size_t>(card)].name;
}

std::string chance_text(const AdultingGame& game, Phase phase, Action a) {
  switch (phase) {
    case Phase::kTopBack:
      if (a >= kBackOutcomeBase && a < kBackOutcomeBase + game.num_backs()) return "top " + game.back_name(a - kBackOutcomeBase);
      break;
    case Phase::kDrawCard:
      return "draw " + card_word(game, a);
    case Phase::kStealCard:
      return "steal " + card_word(game, a);
    case Phase::kTruth:
      if (a == kChild || a == kAdult) return a == kAdult ? "truth adult" : "truth child";
      break;
    case Phase::kEliminate:
      if (a < game.num_players()) return "eliminate " + seat_name(a);
      break;
    case Phase::kRuling:
      if (a <= 2) return a == 0 ? "no ruling" : a == 1 ? "ruling right" : "ruling wrong";
      break;
    case Phase::kMeasure:
      return "measure " + std::to_string(a);
    case Phase::kPayout:
      return "payout " + std::to_string(a);
    case Phase::kQuality:
      return "quality " + std::to_string(a);
    case Phase::kAppealEvidence:
    case Phase::kLawsuitEvidence:
    case Phase::kImpeachEvidence:
      if (a <= 1) return a == 1 ? "evidence" : "no evidence";
      break;
    case Phase::kWatch:
      if (a <= 1) return a == 1 ? "watch" : "no watch";
      break;
    default:
      break;
  }
  // Outside its node a chance outcome reads as what it could be.
  if (a < game.num_cards()) return "outcome " + std::to_string(a) + " (" + card_word(game, a) + ")";
  if (a >= kBackOutcomeBase && a < kBackOutcomeBase + game.num_backs()) return "top " + game.back_name(a - kBackOutcomeBase);
  return "outcome " + std::to_string(a);
}

}  // namespace

std::string AdultingState::action_to_string(Player player, Action action) const {
  const AdultingGame& g = *game_;
  if (player == kChancePlayer) {
    if (action < 0 || action >= kNumChanceOutcomes) throw error("adulting has no chance outcome ", action);
    return chance_text(g, phase_, action);
  }
  if (action < 0 || action >= kNumActions) {
    throw error("adulting has no action ", action, "; actions are 0..", kNumActions - 1);
  }
  if (action < kDiscardBase) {
    return "score " + card_word(g, action / kNumColumns) + " " + kColumnWords[action % kNumColumns];
  }
  if (action < kPass) return "discard " + card_word(g, action - kDiscardBase);
  if (action == kPass) return "pass";
  if (action < kAdultClaim) return "target " + seat_name(action - kTargetBase);
  if (action == kAdultClaim) return "claim adult";
  if (action == kChildClaim) return "claim child";
  if (action == kUpVote) return "vote up";
  if (action == kDownVote) return "vote down";
  if (action < kDeclareBase) return "bid " + std::to_string(action - kBidBase);
  if (action < kSue) return "declare " + std::to_string(action - kDeclareBase);
  if (action == kSue) return "sue";
  if (action == kDecline) return "decline";
  if (action == kAppeal) return "appeal";
  if (action == kImpeach) return "impeach";
  if (action < kAllow) return "price " + std::to_string(action - kPriceBase + 1);
  if (action == kAllow) return "allow";
  if (action == kDismiss) return "dismiss";
  if (action == kConcede) return "concede";
  if (action == kFight) return "fight";
  if (action < kCallOut) return "take +" + std::to_string(action - kTakeBase);
  if (action == kCallOut) return "call out";
  return "rank " + seat_name(action - kRankBase);
}

// Other spellings of legal moves: a target or a ranked seat as just "P2",
// "adult"/"child", "up"/"down", a column by its letter ("score H3 h"),
// "take 1" without the plus.
Action AdultingState::read_action_text(Player player, std::string_view text, std::string& reason) const {
  if (player == kChancePlayer) return kInvalidAction;
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  ActionList legal;
  legal_actions(legal);
  auto first_legal = [&legal](Action lo, Action hi) {
    for (Action a : legal) {
      if (a >= lo && a < hi) return a;
    }
    return kInvalidAction;
  };
  if (lower.size() == 2 && lower[0] == 'p' && lower[1] >= '0' && lower[1] < '0' + num_players()) {
    const int seat = lower[1] - '0';
    for (Action a : {kTargetBase + seat, kRankBase + seat}) {
      if (first_legal(a, a + 1) != kInvalidAction) return a;
    }
    reason = seat_name(seat) + " cannot be named now";
    return kInvalidAction;
  }
  if (lower == "adult") return first_legal(kAdultClaim, kAdultClaim + 1);
  if (lower == "child") return first_legal(kChildClaim, kChildClaim + 1);
  if (lower == "up") return first_legal(kUpVote, kUpVote + 1);
  if (lower == "down") return first_legal(kDownVote, kDownVote + 1);
  if (lower.starts_with("take ") && lower.size() == 6 && lower[5] >= '0' && lower[5] <= '2') {
    return first_legal(kTakeBase + (lower[5] - '0'), kTakeBase + (lower[5] - '0') + 1);
  }
  if (lower.starts_with("score ") && lower.size() > 8 && lower[lower.size() - 2] == ' ') {
    const char letter = lower.back();
    const int column = letter == 'h' ? 0 : letter == 'c' ? 1 : letter == 'd' ? 2 : -1;
    const int card = game_->deck().find(std::string_view(lower).substr(6, lower.size() - 8));
    if (column >= 0 && card >= 0) return first_legal(score_action(card, column), score_action(card, column) + 1);
  }
  return kInvalidAction;
}

std::string AdultingState::to_string() const {
  const AdultingGame& g = *game_;
  auto cards = [&g](CardMask mask) {
    std::string s;
    for (; mask != 0; mask &= mask - 1) s += " " + g.deck().cards[static_cast<std::size_t>(std::countr_zero(mask))].name;
    return s.empty() ? std::string(" -") : s;
  };
  std::string s = "round " + std::to_string(round_ + 1) + " dealer " + seat_name(dealer_) + " phase " +
                  std::string(phase_name(phase_)) + " deck " + std::to_string(card_count(deck_)) + " top " +
                  (top_back_ < 0 ? std::string("-") : g.back_name(top_back_)) + " card " +
                  (card_ < 0 ? std::string("-") : card_word(g, card_)) + " spades " + std::to_string(spades_) +
                  " discards" + cards(discard_);
  for (int p = 0; p < num_players(); ++p) {
    s += "\n" + seat_name(p) + " monies " + std::to_string(monies_[idx(p)]) + " hand" + cards(hands_[idx(p)]) +
         " mantle";
    for (int col = 0; col < kNumColumns; ++col) {
      s += std::string(" ") + kColumnWords[col][0] + ":" + cards(column_cards_[idx(p)][idx(col)]).substr(1);
    }
    s += " score " + std::to_string(score(p)) + " truth " + (truth(p) ? "adult" : "child") + " bid " +
         std::to_string(bids_[idx(p)]) + " measure " + std::to_string(measure_[idx(p)]);
  }
  if (end_reason_ >= 0) s += end_reason_ == 0 ? "\ngame over: third spade" : "\ngame over: the deck is empty";
  return s;
}

}  // namespace kibitz::adulting
