#include "env/games/leduc_poker/leduc_poker.h"

#include <algorithm>
#include <cctype>

#include "env/core/error.h"

namespace kibitz::leduc_poker {
namespace {

constexpr char kRankLetters[] = "JQK";
constexpr char kSuitLetters[] = "sh";

constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// An observation of `kind` with the values given (-1: none), at compile time.
constexpr Observation make_seen(Seen kind, int first, int second = -1) {
  Observation o;
  o.kind = static_cast<std::uint8_t>(kind);
  for (const int v : {first, second}) {
    if (v >= 0) o.values[o.size++] = static_cast<std::int16_t>(v);
  }
  return o;
}

// Every observation Leduc poker makes, built at compile time. Moves log them
// from here rather than building each on the stack just before the log
// copies it: that copy reads back in wide loads what narrow stores had just
// written, a store-forwarding stall that doubled the time of a random hand.
struct SeenTable {
  std::array<Observation, kNumCards> dealt;   // by card
  std::array<Observation, kNumPlayers> dealt_to;  // by seat
  std::array<Observation, kNumCards> public_card;
  // By bet kind (fold, check, call, raise), then seat.
  std::array<std::array<Observation, kNumPlayers>, 4> bets;
  std::array<std::array<Observation, kNumCards>, kNumPlayers> shows;  // [seat][card]
};

constexpr SeenTable make_seen_table() {
  SeenTable t;
  constexpr std::array<Seen, 4> kBetKinds = {Seen::kFolded, Seen::kChecked, Seen::kCalled, Seen::kRaised};
  for (int c = 0; c < kNumCards; ++c) {
    t.dealt[idx(c)] = make_seen(Seen::kDealt, c);
    t.public_card[idx(c)] = make_seen(Seen::kPublic, c);
  }
  for (int s = 0; s < kNumPlayers; ++s) {
    t.dealt_to[idx(s)] = make_seen(Seen::kDealtTo, s);
    for (std::size_t k = 0; k < kBetKinds.size(); ++k) t.bets[k][idx(s)] = make_seen(kBetKinds[k], s);
    for (int c = 0; c < kNumCards; ++c) t.shows[idx(s)][idx(c)] = make_seen(Seen::kShows, s, c);
  }
  return t;
}

constexpr SeenTable kSeenTable = make_seen_table();

// The bit of a seat (never the spectator's): `seat` is 0 or 1 here, so the
// hot path skips seat_audience's call and range check.
Audience seat_bit(Player seat) { return static_cast<Audience>(Audience{1} << seat); }

// Higher is better at showdown: a pair with the public card beats any rank.
int hand_strength(int card, int public_card) {
  const int rank = card_rank(card);
  return rank == card_rank(public_card) ? 10 + rank : rank;
}

void check_seat(Player player) {
  KIBITZ_CHECK(player >= 0 && player < kNumPlayers, "leduc_poker has no seat ", player);
}

}  // namespace

std::string card_name(int card) {
  if (card == -1) return "?";
  if (card < 0 || card >= kNumCards) {
    throw error("leduc_poker has no card ", card, "; its cards are 0..5 (Js Jh Qs Qh Ks Kh)");
  }
  return {kRankLetters[card_rank(card)], kSuitLetters[card_suit(card)]};
}

GameInfo game_info() {
  return {"leduc_poker",
          "Leduc poker",
          "six cards, one private and one public, two betting rounds; a reference game with a "
          "known equilibrium",
          {},
          [](const Params& params) -> std::shared_ptr<const Game> {
            return std::make_shared<LeducGame>(params);
          },
          {"leduc_poker"}};
}

LeducGame::LeducGame(const Params& params)
    : Game("leduc_poker", params), stream_spec_(leduc_stream_spec()) {}

std::vector<int> LeducGame::information_state_tensor_shape() const { return {kInfoStateSize}; }

std::vector<int> LeducGame::observation_tensor_shape() const { return {kObservationSize}; }

std::unique_ptr<State> LeducGame::new_initial_state() const {
  return std::make_unique<LeducState>(shared());
}

LeducState::LeducState(std::shared_ptr<const Game> game) : GameState(std::move(game)) {}

void LeducState::reset() {
  mutable_history().clear();
  restart_observation_log();
  private_cards_ = {-1, -1};
  public_card_ = -1;
  round_ = 0;
  num_raises_ = 0;
  folder_ = -1;
  num_bets_ = {0, 0};
  bets_ = {};
  contribution_ = {kAnte, kAnte};
  current_player_ = kChancePlayer;
  dealt_mask_ = 0;
  num_dealt_ = 0;
}

void LeducState::legal_actions(ActionList& out) const {
  out.clear();
  switch (current_player_) {
    case kTerminalPlayer:
      return;
    case kChancePlayer: {
      const std::uint8_t dealt = dealt_mask();
      for (int c = 0; c < kNumCards; ++c) {
        if (!((dealt >> c) & 1u)) out.push_back(c);
      }
      return;
    }
    default: {
      const int seat = current_player_;
      if (contribution_[idx(1 - seat)] > contribution_[idx(seat)]) out.push_back(kFold);
      out.push_back(kCall);
      if (num_raises_ < kMaxRaisesPerRound) out.push_back(kRaise);
    }
  }
}

bool LeducState::is_legal(Action action) const {
  switch (current_player_) {
    case kTerminalPlayer:
      return false;
    case kChancePlayer:
      return action >= 0 && action < kNumCards && !((dealt_mask() >> action) & 1u);
    default:
      switch (action) {
        case kFold:
          return contribution_[idx(1 - current_player_)] > contribution_[idx(current_player_)];
        case kCall:
          return true;
        case kRaise:
          return num_raises_ < kMaxRaisesPerRound;
        default:
          return false;
      }
  }
}

void LeducState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(current_player_ == kChancePlayer, "chance_outcomes at a player node");
  out.clear();
  const std::uint8_t dealt = dealt_mask();
  const double p = 1.0 / (kNumCards - num_dealt_);
  for (int c = 0; c < kNumCards; ++c) {
    if (!((dealt >> c) & 1u)) out.push_back({c, p});
  }
}

Action LeducState::sample_chance_outcome(Rng& rng) const {
  KIBITZ_CHECK(current_player_ == kChancePlayer, "sample_chance_outcome at a player node");
  const std::uint8_t dealt = dealt_mask();
  // The skip-th undealt card, in the ascending order chance_outcomes lists.
  int skip = draw_uniform_index(kNumCards - num_dealt_, rng);
  for (int c = 0; c < kNumCards; ++c) {
    if (!((dealt >> c) & 1u) && skip-- == 0) return c;
  }
  KIBITZ_CHECK(false, "no undealt card at a chance node");
  return kInvalidAction;
}

void LeducState::do_apply_action(Action action) {
  if (current_player_ != kChancePlayer) {
    apply_bet(action);
    return;
  }
  // Deals come in a fixed order: seat 0, seat 1, then (after round 1) the
  // public card, which opens round 2.
  dealt_mask_ |= static_cast<std::uint8_t>(1u << action);
  ++num_dealt_;
  if (private_cards_[0] < 0) {
    private_cards_[0] = static_cast<std::int8_t>(action);
    log_private_deal(0, action);
  } else if (private_cards_[1] < 0) {
    private_cards_[1] = static_cast<std::int8_t>(action);
    current_player_ = 0;
    log_private_deal(1, action);
  } else {
    public_card_ = static_cast<std::int8_t>(action);
    round_ = 1;
    num_raises_ = 0;
    current_player_ = 0;
    log_public_card(action);
  }
}

void LeducState::apply_bet(Action action) {
  const int seat = current_player_;
  const int other = 1 - seat;
  auto& count = num_bets_[idx(round_)];
  bets_[idx(round_)][idx(count++)] = static_cast<std::int8_t>(action);
  log_bet(seat, action, num_raises_ > 0);
  switch (action) {
    case kFold:
      folder_ = static_cast<std::int8_t>(seat);
      current_player_ = kTerminalPlayer;
      return;
    case kCall:
      contribution_[idx(seat)] = contribution_[idx(other)];
      // A call ends the round unless it opened it (a check): check-check and
      // raise-call both end here; the last call of round 2 is the showdown.
      if (count >= 2) {
        current_player_ = round_ == 0 ? kChancePlayer : kTerminalPlayer;
        if (round_ == 1) log_showdown();
        return;
      }
      break;
    default:  // kRaise
      contribution_[idx(seat)] =
          static_cast<std::int16_t>(contribution_[idx(other)] + kRaiseAmount[idx(round_)]);
      ++num_raises_;
      break;
  }
  current_player_ = other;
}

// What each move makes the seats observe (the header's "Seat stream"),
// appended to the log as the move is made. Here beside the moves, so they
// inline into them: a random hand makes about nine entries.
void LeducState::log_private_deal(Player seat, int card) {
  log_observation(seat_bit(seat), kSeenTable.dealt[idx(card)]);
  // The other seat and the spectator see it go face down.
  log_observation(static_cast<Audience>(everyone_audience(kNumPlayers) & ~seat_bit(seat)),
                  kSeenTable.dealt_to[idx(seat)]);
}

void LeducState::log_public_card(int card) {
  log_observation(everyone_audience(kNumPlayers), kSeenTable.public_card[idx(card)]);
}

void LeducState::log_bet(Player seat, Action action, bool raised) {
  // Rows of kSeenTable.bets: fold, check, call, raise. A call after a raise
  // calls it; before one, it checks.
  std::size_t row = 3;
  if (action == kFold) row = 0;
  if (action == kCall) row = raised ? 2 : 1;
  log_observation(everyone_audience(kNumPlayers), kSeenTable.bets[row][idx(seat)]);
}

void LeducState::log_showdown() {
  // Part of the last call's move: both cards, seat 0 first, to everyone.
  for (int s = 0; s < kNumPlayers; ++s) {
    log_observation(everyone_audience(kNumPlayers), kSeenTable.shows[idx(s)][idx(private_card(s))]);
  }
}

void LeducState::returns(std::span<double> out) const {
  KIBITZ_CHECK(out.size() == kNumPlayers, "returns buffer size ", out.size());
  out[0] = out[1] = 0.0;
  if (current_player_ != kTerminalPlayer) return;
  if (folder_ >= 0) {
    // The folder loses what it put in; the other seat wins exactly that.
    const double lost = contribution_[idx(folder_)];
    out[idx(folder_)] = -lost;
    out[idx(1 - folder_)] = lost;
    return;
  }
  // Showdown: both put in the same amount; equal strengths split the pot.
  const int s0 = hand_strength(private_cards_[0], public_card_);
  const int s1 = hand_strength(private_cards_[1], public_card_);
  if (s0 == s1) return;
  const double won = contribution_[0];
  out[0] = s0 > s1 ? won : -won;
  out[1] = -out[0];
}

std::string LeducState::betting_string() const {
  std::string s;
  for (int r = 0; r <= round_; ++r) {
    if (r > 0) s += ',';
    if (num_bets_[idx(r)] == 0) s += '-';
    for (int i = 0; i < num_bets_[idx(r)]; ++i) s += kBetLetters[bets_[idx(r)][idx(i)]];
  }
  return s;
}

std::string LeducState::named_betting() const {
  // Written from the start, so that the other seat's deal, which a seat
  // does not see, leaves its observation unchanged.
  std::string s;
  for (int r = 0; r <= round_; ++r) {
    s += "; round " + std::to_string(r + 1) + ":";
    if (num_bets_[idx(r)] == 0) s += " no moves yet";
    bool raised = false;
    for (int i = 0; i < num_bets_[idx(r)]; ++i) {
      const Action bet = bets_[idx(r)][idx(i)];
      // Seat 0 opens every round and the seats alternate.
      s += (i == 0 ? " P" : ", P") + std::to_string(i % kNumPlayers) + " ";
      if (bet == kCall) {
        s += raised ? "call" : "check";  // a call with nothing to match
      } else {
        s += bet == kRaise ? "raise" : "fold";
      }
      raised = raised || bet == kRaise;
    }
  }
  return s;
}

std::string LeducState::observation_string(Player player) const {
  check_seat(player);
  return "seat " + std::to_string(player) + " card " + card_name(private_card(player)) +
         " public " + card_name(public_card_) + " chips in " + std::to_string(contribution_[0]) +
         " " + std::to_string(contribution_[1]) + named_betting();
}

void LeducState::observation_tensor(Player player, std::span<float> out) const {
  check_seat(player);
  KIBITZ_CHECK(out.size() == kObservationSize, "observation tensor size ", out.size());
  std::fill(out.begin(), out.end(), 0.0f);
  out[idx(kSeatOffset + player)] = 1.0f;
  if (private_card(player) >= 0) out[idx(kPrivateOffset + private_card(player))] = 1.0f;
  if (public_card_ >= 0) out[idx(kPublicOffset + public_card_)] = 1.0f;
  for (int seat = 0; seat < kNumPlayers; ++seat) {
    out[idx(kChipsOffset + seat)] = static_cast<float>(contribution_[idx(seat)]);
  }
}

std::string LeducState::action_to_string(Player player, Action action) const {
  if (player == kChancePlayer) {
    if (action < 0 || action >= kNumCards)
      throw error("leduc_poker has no chance outcome ", action);
    return "deal " + card_name(action);
  }
  switch (action) {
    case kFold:
      return "fold";
    case kCall:
      return "call";
    case kRaise:
      return "raise";
    default:
      throw error("leduc_poker has no action ", action, "; actions: 0 (fold), 1 (call), 2 (raise)");
  }
}

Action LeducState::read_action_text(Player player, std::string_view text,
                                    std::string& reason) const {
  if (player != current_player_ || player < 0) return kInvalidAction;
  const bool facing_raise = contribution_[idx(1 - player)] > contribution_[idx(player)];
  std::string word(text);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // "check" is what people call a call with nothing to match.
  if (word == "check") {
    if (!facing_raise) return kCall;
    reason = "there is a raise to answer: call it, raise again or fold";
  } else if (word == "fold") {
    reason = "there is nothing to call, so nothing to fold: call checks";
  } else if (word == "raise") {
    reason = "this round already has its " + std::to_string(kMaxRaisesPerRound) + " raises";
  }
  return kInvalidAction;
}

std::string LeducState::to_string() const {
  return "cards " + card_name(private_cards_[0]) + " " + card_name(private_cards_[1]) + " public " +
         card_name(public_card_) + " round " + std::to_string(round_ + 1) + " betting " +
         betting_string() + " chips in " + std::to_string(contribution_[0]) + " " +
         std::to_string(contribution_[1]);
}

}  // namespace kibitz::leduc_poker
