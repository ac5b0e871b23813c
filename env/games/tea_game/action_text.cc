// Action strings ("spend", "announce", "drinks 2"; chance: "7H", "delayed",
// "lot P3") and the reasons a typed action is refused.
#include <cctype>
#include <string>

#include "env/core/error.h"
#include "env/core/stream_spec.h"
#include "env/games/tea_game/tea_state.h"

namespace kibitz::tea_game {

std::string TeaState::action_to_string(Player player, Action action) const {
  if (player == kChancePlayer) {
    if (action >= 0 && action < kNumCards) return card_name(action);
    if (action == kNotDelayed) return "not delayed";
    if (action == kDelayed) return "delayed";
    if (action >= kLotBase && action < kLotBase + num_players()) return "lot " + seat_text(action - kLotBase);
    throw error("tea_game has no chance outcome ", action);
  }
  switch (action) {
    case kSpend: return "spend";
    case kPlay: return "play";
    case kAnnounce: return "announce";
    case kHide: return "hide";
    case kOnTime: return "on time";
    case kWithdraw: return "withdraw";
    case kStay: return "stay";
    default: break;
  }
  if (action >= kDrinksBase && action < kDrinksBase + kMaxDrinks) return "drinks " + std::to_string(action - kDrinksBase + 1);
  throw error("tea_game has no action ", action, "; actions are 0..", kNumActions - 1);
}

namespace {

// What the table waits for, to say in a refusal.
std::string expected(const Table& t) {
  switch (t.phase()) {
    case Phase::kExemptions: return "P" + std::to_string(t.cursor()) + " decides to spend the exemption or play";
    case Phase::kAnnouncements:
      return t.seat(t.cursor()).delayed ? "P" + std::to_string(t.cursor()) + " is delayed: announce or hide"
                                        : "P" + std::to_string(t.cursor()) + " is on time: on time";
    case Phase::kWithdrawals: return "after the announcement P" + std::to_string(t.cursor()) + " may withdraw or stay";
    case Phase::kOrders: return "P" + std::to_string(t.cursor()) + " orders drinks (drinks 1, drinks 2 or drinks 3)";
    case Phase::kOver: return "the episode is over";
    default: return "chance moves now";
  }
}

}  // namespace

Action TeaState::read_action_text(Player player, std::string_view text, std::string& reason) const {
  if (player == kChancePlayer) return kInvalidAction;
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const Phase phase = table_.phase();
  const bool delayed = table_.seat(table_.cursor()).delayed;
  if (lower == "spend" || lower == "play") {
    reason = "there is no exemption to spend now: " + expected(table_);
  } else if (lower == "announce" || lower == "hide") {
    reason = phase == Phase::kAnnouncements && !delayed ? "you are not delayed: nothing to " + lower + " (on time)"
                                                   : "no announcements now: " + expected(table_);
  } else if (lower == "on time" || lower == "ontime") {
    reason = phase == Phase::kAnnouncements && delayed ? "you are delayed: announce or hide"
                                                  : "no announcements now: " + expected(table_);
  } else if (lower == "withdraw" || lower == "stay") {
    reason = phase == Phase::kAnnouncements || phase == Phase::kExemptions
                 ? "nobody can withdraw before every announcement is made: " + expected(table_)
                 : "withdrawing is possible only after an announced delay: " + expected(table_);
  } else if (lower.starts_with("drinks")) {
    const std::string n = lower.substr(6);
    if (n != " 1" && n != " 2" && n != " 3") {
      reason = "a player orders 1 to 3 drinks (drinks 1, drinks 2, drinks 3)";
    } else {
      reason = "no orders now: " + expected(table_);
    }
  }
  return kInvalidAction;
}

}  // namespace kibitz::tea_game
