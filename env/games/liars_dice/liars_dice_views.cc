// What a seat is shown: the information state (from its stream), the
// observation of the table now, and the text of actions.
#include <algorithm>
#include <array>
#include <charconv>

#include "env/core/error.h"
#include "env/games/liars_dice/liars_dice.h"

namespace kibitz::liars_dice {
namespace {

void append_number(int value, std::string& out) {
  std::array<char, 12> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
  out.append(digits.data(), end);
}

// "3-5": OpenSpiel's compact spelling of a bid, used in keys.
void append_bid(const LiarsDiceGame& game, Action action, std::string& out) {
  const Bid bid = game.bid_of(action);
  append_number(bid.quantity, out);
  out += '-';
  append_number(bid.face, out);
}

// Faces ascending, the dice not rolled yet (0) last: the order of the rolls
// says nothing about the game. An insertion sort of at most five values
// (std::sort on a std::array this small trips GCC's -Warray-bounds).
void sort_faces(std::array<int, kMaxDicePerPlayer>& dice, int count) {
  auto before = [](int a, int b) { return a != 0 && (b == 0 || a < b); };
  for (int i = 1; i < count; ++i) {
    const int face = dice[static_cast<std::size_t>(i)];
    int j = i;
    for (; j > 0 && before(face, dice[static_cast<std::size_t>(j - 1)]); --j) {
      dice[static_cast<std::size_t>(j)] = dice[static_cast<std::size_t>(j - 1)];
    }
    dice[static_cast<std::size_t>(j)] = face;
  }
}

// The seat's own dice read from its stream, sorted.
std::array<int, kMaxDicePerPlayer> sorted_own_dice(const LiarsDiceGame& game, const LiarsDiceKnowledge& k) {
  std::array<int, kMaxDicePerPlayer> dice{};
  const int per_seat = game.dice_per_player();
  for (int i = 0; i < per_seat; ++i) dice[static_cast<std::size_t>(i)] = k.own_die(i);
  sort_faces(dice, per_seat);
  return dice;
}

}  // namespace

void LiarsDiceKnowledge::describe(std::string& out) const {
  out.assign("seat ");
  append_number(seat_, out);
  out += " dice";
  const auto dice = sorted_own_dice(*game_, *this);
  for (int i = 0; i < game_->dice_per_player(); ++i) {
    const int face = dice[static_cast<std::size_t>(i)];
    out += ' ';
    if (face > 0) {
      append_number(face, out);
    } else {
      out += '?';
    }
  }
  out += " bids";
  if (num_bids_ == 0) out += " -";  // visible in strings, unlike an empty word
  for (int i = 0; i < num_bids_; ++i) {
    out += ' ';
    append_bid(*game_, bid(i), out);
  }
  if (challenged_) out += " liar";
}

void LiarsDiceState::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  LiarsDiceKnowledge k(liars_game(), player);
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  k.describe(out);
}

namespace {

// Seat one-hot and the sorted own dice: the head of both tensors. Returns
// where the bid bits start.
std::size_t write_seat_and_dice(const LiarsDiceGame& game, Player player, const LiarsDiceKnowledge& k,
                                std::span<float> out) {
  std::fill(out.begin(), out.end(), 0.0f);
  out[static_cast<std::size_t>(player)] = 1.0f;
  const auto dice = sorted_own_dice(game, k);
  std::size_t at = static_cast<std::size_t>(game.num_players());
  for (int i = 0; i < game.dice_per_player(); ++i) {
    const int face = dice[static_cast<std::size_t>(i)];
    if (face > 0) out[at + static_cast<std::size_t>(face - 1)] = 1.0f;
    at += static_cast<std::size_t>(game.sides());
  }
  return at;
}

}  // namespace

void LiarsDiceKnowledge::encode(std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game_->information_state_tensor_size(), "tensor size");
  const std::size_t bids_at = write_seat_and_dice(*game_, seat_, *this, out);
  // Bids only rise and seats bid in turn, so the set of bids made is the
  // whole sequence, bidders included.
  for (int i = 0; i < num_bids_; ++i) out[bids_at + static_cast<std::size_t>(bid(i))] = 1.0f;
  if (challenged_) out[bids_at + static_cast<std::size_t>(game_->liar_action())] = 1.0f;
}

void LiarsDiceState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  LiarsDiceKnowledge k(liars_game(), player);
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  k.encode(out);
}

std::string LiarsDiceState::observation_string(Player player) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  std::string s = "seat ";
  append_number(player, s);
  s += " dice";
  std::array<int, kMaxDicePerPlayer> dice{};
  const int per_seat = liars_game().dice_per_player();
  for (int i = 0; i < per_seat; ++i) dice[static_cast<std::size_t>(i)] = die(player, i);
  sort_faces(dice, per_seat);
  for (int i = 0; i < per_seat; ++i) {
    const int face = dice[static_cast<std::size_t>(i)];
    s += face > 0 ? " " + std::to_string(face) : std::string(" ?");
  }
  s += " bid ";
  if (last_bid_ < 0) {
    s += '-';
  } else {
    append_bid(liars_game(), last_bid_, s);
    s += " by P" + std::to_string((num_bids_ - 1) % num_players());
  }
  if (challenger_ >= 0) s += " liar by P" + std::to_string(challenger_);
  return s;
}

void LiarsDiceState::observation_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game().observation_tensor_size(), "tensor size");
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  LiarsDiceKnowledge k(liars_game(), player);
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  const std::size_t bids_at = write_seat_and_dice(liars_game(), player, k, out);
  // The last N bids: a round of the table, as OpenSpiel's observation keeps.
  for (int i = std::max(0, k.num_bids() - num_players()); i < k.num_bids(); ++i) {
    out[bids_at + static_cast<std::size_t>(k.bid(i))] = 1.0f;
  }
  if (k.challenged()) out[bids_at + static_cast<std::size_t>(liars_game().liar_action())] = 1.0f;
}

std::string LiarsDiceState::action_to_string(Player player, Action action) const {
  const LiarsDiceGame& game = liars_game();
  if (player == kChancePlayer) {
    if (action < 0 || action >= game.sides()) {
      throw error("liars_dice(sides=", game.sides(), ") has no roll ", action, "; rolls are 0..",
                  game.sides() - 1, " (faces 1..", game.sides(), ")");
    }
    return "roll " + std::to_string(action + 1);
  }
  if (action == game.liar_action()) return "liar";
  if (action < 0 || action > game.liar_action()) {
    throw error("liars_dice has no action ", action, "; actions: 0..", game.liar_action() - 1,
                " (bids), ", game.liar_action(), " (liar)");
  }
  const Bid bid = game.bid_of(action);
  return "bid " + std::to_string(bid.quantity) + " " + std::to_string(bid.face) + "s";
}

namespace {

bool read_int(std::string_view text, int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// "3-5" (OpenSpiel), "3 5", "3 5s", "bid 3 5": a quantity and a face.
bool read_bid_text(std::string_view text, Bid& bid) {
  if (text.size() > 4 && same_ignoring_case(text.substr(0, 4), "bid ")) text.remove_prefix(4);
  const std::size_t split = text.find_first_of(" -");
  if (split == std::string_view::npos) return false;
  std::string_view face = text.substr(split + 1);
  if (!face.empty() && (face.back() == 's' || face.back() == 'S')) face.remove_suffix(1);
  return read_int(text.substr(0, split), bid.quantity) && read_int(face, bid.face);
}

}  // namespace

Action LiarsDiceState::read_action_text(Player player, std::string_view text, std::string& reason) const {
  if (player == kChancePlayer) return kInvalidAction;
  const LiarsDiceGame& game = liars_game();
  if (same_ignoring_case(text, "challenge")) return is_legal(game.liar_action()) ? game.liar_action() : kInvalidAction;
  Bid bid;
  if (!read_bid_text(text, bid)) return kInvalidAction;
  if (bid.quantity < 1 || bid.quantity > game.total_dice() || bid.face < 1 || bid.face > game.sides()) {
    reason = "a bid names 1 to " + std::to_string(game.total_dice()) + " dice and a face 1 to " +
             std::to_string(game.sides());
    return kInvalidAction;
  }
  const Action action = game.bid_action(bid);
  if (!is_legal(action)) {
    reason = "a bid must be higher than the last one (a greater quantity, or the same quantity and a greater face)";
    return kInvalidAction;
  }
  return action;
}

std::string LiarsDiceState::to_string() const {
  const LiarsDiceGame& game = liars_game();
  std::string s = "dice";
  for (Player p = 0; p < num_players(); ++p) {
    s += p == 0 ? " " : " | ";
    for (int i = 0; i < game.dice_per_player(); ++i) {
      const int face = die(p, i);
      s += face > 0 ? std::to_string(face) : std::string("?");
    }
  }
  s += " bids";
  const auto& moves = history();
  if (num_bids_ == 0) s += " -";
  for (std::size_t i = static_cast<std::size_t>(game.total_dice()); i < moves.size(); ++i) {
    s += ' ';
    if (moves[i] == game.liar_action()) {
      s += "liar";
    } else {
      append_bid(game, moves[i], s);
    }
  }
  if (loser_ >= 0) s += " loser P" + std::to_string(loser_);
  return s;
}

}  // namespace kibitz::liars_dice
