#include "env/games/kuhn_poker/kuhn_poker.h"

#include <algorithm>
#include <array>
#include <typeinfo>

#include "env/core/error.h"
#include "env/games/kuhn_poker/seat_knowledge.h"

namespace kibitz::kuhn_poker {
std::string card_name(int num_players, int card) {
  if (card < 0 || card > num_players || card > kMaxPlayers) {
    throw error("kuhn_poker(players=", num_players, ") has no card ", card, "; its cards are 0..",
                num_players);
  }
  return kCardNames[static_cast<std::size_t>(card)];
}

GameInfo game_info() {
  return {"kuhn_poker",
          "Kuhn poker",
          "one card each, one betting round of pass or bet; a reference game with a known equilibrium",
          {ParamSpec::integer("players", 2, 2, kMaxPlayers, "number of seats")},
          [](const Params& params) -> std::shared_ptr<const Game> {
            return std::make_shared<KuhnGame>(params);
          },
          {"kuhn_poker", "kuhn_poker(players=3)"}};
}

namespace {

std::vector<std::string> card_names(int num_players) {
  std::vector<std::string> names;
  for (int c = 0; c <= num_players; ++c) names.push_back(card_name(num_players, c));
  return names;
}

// One declaration per kind of Seen, in its order.
StreamSpec kuhn_stream_spec(int num_players) {
  return StreamSpec({{"dealt", "dealt {card:card}", "the card you were dealt"},
                     {"dealt_to", "{seat} is dealt a card", "another seat gets its card, face down"},
                     {"pass", "{seat} passes", "a seat checks or folds"},
                     {"bet", "{seat} bets", "a seat bets or calls"},
                     {"show", "{seat} shows {card:card}",
                      "at a showdown, each seat still in shows its card (after the last bet)"}},
                    card_names(num_players));
}

}  // namespace

KuhnGame::KuhnGame(const Params& params)
    : Game("kuhn_poker", params),
      num_players_(static_cast<int>(params.get_int("players"))),
      stream_spec_(kuhn_stream_spec(num_players_)) {}

// Seat one-hot, card one-hot, then (pass, bet) bits for each betting turn.
std::vector<int> KuhnGame::information_state_tensor_shape() const {
  return {num_players_ + (num_players_ + 1) + 2 * (2 * num_players_ - 1)};
}

// Seat one-hot, card one-hot, chips each seat has put in.
std::vector<int> KuhnGame::observation_tensor_shape() const {
  return {num_players_ + (num_players_ + 1) + num_players_};
}

std::unique_ptr<State> KuhnGame::new_initial_state() const {
  return std::make_unique<KuhnState>(shared());
}

KuhnState::KuhnState(std::shared_ptr<const Game> game) : GameState(std::move(game)) {}

int KuhnState::num_bets() const {
  return static_cast<int>(std::count(betting_.begin(), betting_.begin() + num_betting_, kBet));
}

bool KuhnState::is_card_dealt(int card) const {
  return std::find(cards_.begin(), cards_.begin() + num_players(), card) != cards_.begin() + num_players();
}

Player KuhnState::compute_current_player() const {
  const int n = num_players();
  if (num_dealt() < n) return kChancePlayer;
  // Everyone passed, or everyone after the first bettor has answered it.
  if (first_bettor_ < 0) return num_betting_ == n ? kTerminalPlayer : num_betting_;
  if (num_betting_ == first_bettor_ + n) return kTerminalPlayer;
  return num_betting_ % n;
}

void KuhnState::legal_actions(ActionList& out) const {
  out.clear();
  if (is_terminal()) return;
  if (is_chance_node()) {
    for (int c = 0; c <= num_players(); ++c) {
      if (!is_card_dealt(c)) out.push_back(c);
    }
    return;
  }
  out.push_back(kPass);
  out.push_back(kBet);
}

bool KuhnState::is_legal(Action action) const {
  const Player player = current_player();
  if (player == kTerminalPlayer) return false;
  if (player == kChancePlayer) return action >= 0 && action <= num_players() && !is_card_dealt(action);
  return action == kPass || action == kBet;
}

void KuhnState::chance_outcomes(ChanceOutcomeList& out) const {
  KIBITZ_CHECK(is_chance_node(), "chance_outcomes at a player node");
  out.clear();
  const double p = 1.0 / (num_players() + 1 - num_dealt());
  for (int c = 0; c <= num_players(); ++c) {
    if (!is_card_dealt(c)) out.push_back({c, p});
  }
}

Action KuhnState::sample_chance_outcome(Rng& rng) const {
  const int dealt = num_dealt();
  KIBITZ_CHECK(dealt < num_players(), "sample_chance_outcome at a player node");
  // The skip-th undealt card, in the ascending order chance_outcomes lists.
  int skip = draw_uniform_index(num_players() + 1 - dealt, rng);
  for (int c = 0; c <= num_players(); ++c) {
    if (!is_card_dealt(c) && skip-- == 0) return c;
  }
  KIBITZ_CHECK(false, "no undealt card at a chance node");
  return kInvalidAction;
}

void KuhnState::do_apply_action(Action action) {
  const int dealt = num_dealt_;
  if (dealt < num_players()) {
    cards_[static_cast<std::size_t>(dealt)] = action;
    ++num_dealt_;
    current_ = compute_current_player();
    log_deal(dealt, action);
    return;
  }
  const Player seat = current_;
  if (action == kBet) {
    contribution_[static_cast<std::size_t>(seat)] += 1;
    if (first_bettor_ < 0) first_bettor_ = seat;
  }
  betting_[static_cast<std::size_t>(num_betting_++)] = action;
  current_ = compute_current_player();
  log_bet(seat, action);
  // The showdown belongs to the last bet's move.
  if (at_showdown()) log_showdown();
}

namespace {

// An observation of `kind` with the values given (-1: none), at compile time.
constexpr Observation make_seen(Seen kind, int first, int second = -1) {
  Observation o;
  o.kind = static_cast<std::uint8_t>(kind);
  for (const int v : {first, second}) {
    if (v >= 0) o.values[o.size++] = static_cast<std::int16_t>(v);
  }
  return o;
}

// Every observation Kuhn poker makes, built at compile time. Moves log them
// from here rather than building each on the stack just before the log
// copies it: that copy reads back in wide loads what narrow stores had just
// written, a store-forwarding stall that doubled the time of a random game.
struct SeenTable {
  std::array<Observation, kMaxPlayers + 1> dealt;  // by card
  std::array<Observation, kMaxPlayers> dealt_to;   // by seat
  std::array<Observation, kMaxPlayers> passed;
  std::array<Observation, kMaxPlayers> betted;
  std::array<std::array<Observation, kMaxPlayers + 1>, kMaxPlayers> shows;  // [seat][card]
};

constexpr SeenTable make_seen_table() {
  SeenTable t;
  for (int c = 0; c <= kMaxPlayers; ++c) t.dealt[static_cast<std::size_t>(c)] = make_seen(Seen::kDealt, c);
  for (int s = 0; s < kMaxPlayers; ++s) {
    const auto i = static_cast<std::size_t>(s);
    t.dealt_to[i] = make_seen(Seen::kDealtTo, s);
    t.passed[i] = make_seen(Seen::kPassed, s);
    t.betted[i] = make_seen(Seen::kBetted, s);
    for (int c = 0; c <= kMaxPlayers; ++c) t.shows[i][static_cast<std::size_t>(c)] = make_seen(Seen::kShows, s, c);
  }
  return t;
}

constexpr SeenTable kSeenTable = make_seen_table();

}  // namespace

void KuhnState::log_deal(Player seat, int card) {
  // The bit seat_audience gives, without its call and range check: `seat`
  // is a seat of this game (at most 3), and a deal is on the hot path.
  const auto seat_bit = static_cast<Audience>(Audience{1} << seat);
  log_observation(seat_bit, kSeenTable.dealt[static_cast<std::size_t>(card)]);
  // The other seats and the spectator see the card go face down.
  log_observation(static_cast<Audience>(everyone_audience(num_players()) & ~seat_bit),
                  kSeenTable.dealt_to[static_cast<std::size_t>(seat)]);
}

void KuhnState::log_bet(Player seat, Action action) {
  const auto i = static_cast<std::size_t>(seat);
  log_observation(everyone_audience(num_players()), action == kBet ? kSeenTable.betted[i] : kSeenTable.passed[i]);
}

void KuhnState::log_showdown() {
  // The cards of the seats still in, shown to everyone in seat order.
  for (int s = 0; s < num_players(); ++s) {
    if (in_hand(s)) {
      log_observation(everyone_audience(num_players()),
                      kSeenTable.shows[static_cast<std::size_t>(s)][static_cast<std::size_t>(card(s))]);
    }
  }
}

bool KuhnState::in_hand(Player seat) const {
  return first_bettor_ < 0 || contribution_[static_cast<std::size_t>(seat)] == 2;
}

bool KuhnState::at_showdown() const {
  if (!is_terminal()) return false;
  int in = 0;
  for (int seat = 0; seat < num_players(); ++seat) in += in_hand(seat) ? 1 : 0;
  return in >= 2;
}

void KuhnState::returns(std::span<double> out) const {
  const int n = num_players();
  std::fill(out.begin(), out.end(), 0.0);
  if (!is_terminal()) return;
  // Seats still in: everyone if nobody bet, else those who bet (or called).
  int winner = -1;
  double pot = 0;
  for (int seat = 0; seat < n; ++seat) {
    pot += contribution_[static_cast<std::size_t>(seat)];
    if (in_hand(seat) && (winner < 0 || cards_[static_cast<std::size_t>(seat)] >
                                            cards_[static_cast<std::size_t>(winner)])) {
      winner = seat;
    }
  }
  for (int seat = 0; seat < n; ++seat) {
    out[static_cast<std::size_t>(seat)] =
        (seat == winner ? pot : 0.0) - contribution_[static_cast<std::size_t>(seat)];
  }
}

std::string KuhnState::betting_string() const {
  if (num_betting_ == 0) return "-";  // visible in strings, unlike an empty word
  std::string s;
  for (int i = 0; i < num_betting_; ++i) s += betting_[static_cast<std::size_t>(i)] == kBet ? 'b' : 'p';
  return s;
}

// A seat's stream read straight off the log: the renderers and the
// resampler fold it as it comes, with no buffer to fill, so they allocate
// nothing even on a thread's first call.
template <typename F>
void KuhnState::for_each_observation(Player seat, F&& f) const {
  const ObservationLog& log = observation_log();
  const Audience bit = seat == kSpectator ? kSpectatorAudience : static_cast<Audience>(Audience{1} << seat);
  for (int i = 0; i < log.size(); ++i) {
    if ((log.audience(i) & bit) != 0) f(log.observation(i));
  }
}

void KuhnState::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  Knowledge k;
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  write_information_state_string(k, player, out);
}

void KuhnState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game().information_state_tensor_size(), "tensor size");
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  Knowledge k;
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  write_information_state_tensor(k, num_players(), player, out);
}

std::string KuhnState::observation_string(Player player) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  const int c = card(player);
  std::string s = "seat " + std::to_string(player) + " card " + (c < 0 ? "?" : card_name(num_players(), c)) + " chips in";
  for (int seat = 0; seat < num_players(); ++seat) s += " " + std::to_string(contribution_[static_cast<std::size_t>(seat)]);
  return s;
}

void KuhnState::observation_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(static_cast<int>(out.size()) == game().observation_tensor_size(), "tensor size");
  const int n = num_players();
  std::fill(out.begin(), out.end(), 0.0f);
  out[static_cast<std::size_t>(player)] = 1.0f;
  if (card(player) >= 0) out[static_cast<std::size_t>(n + card(player))] = 1.0f;
  for (int seat = 0; seat < n; ++seat) {
    out[static_cast<std::size_t>(2 * n + 1 + seat)] = static_cast<float>(contribution_[static_cast<std::size_t>(seat)]);
  }
}

std::string KuhnState::action_to_string(Player player, Action action) const {
  if (player == kChancePlayer) return "deal " + card_name(num_players(), action);
  if (action == kPass) return "pass";
  if (action == kBet) return "bet";
  throw error("kuhn_poker has no action ", action, "; actions: 0 (pass), 1 (bet)");
}

Action KuhnState::read_action_text(Player player, std::string_view text, std::string&) const {
  // Three-player cards used to be written as numbers ("deal 2"): records and
  // scenarios written then still read.
  constexpr std::string_view kDeal = "deal ";
  if (player != kChancePlayer || !text.starts_with(kDeal)) return kInvalidAction;
  const std::string_view digits = text.substr(kDeal.size());
  if (digits.size() != 1 || digits[0] < '0' || digits[0] - '0' > num_players())
    return kInvalidAction;
  return digits[0] - '0';
}

std::string KuhnState::to_string() const {
  std::string s = "cards";
  for (int seat = 0; seat < num_players(); ++seat) {
    s += " " + (card(seat) < 0 ? std::string("?") : card_name(num_players(), card(seat)));
  }
  return s + " betting " + betting_string();
}

}  // namespace kibitz::kuhn_poker

namespace kibitz::kuhn_poker {

void KuhnState::reset() {
  mutable_history().clear();
  restart_observation_log();
  cards_ = {-1, -1, -1};
  contribution_ = {1, 1, 1};
  num_betting_ = 0;
  first_bettor_ = -1;
  num_dealt_ = 0;
  current_ = kChancePlayer;
}

std::unique_ptr<WorldSampler> KuhnGame::new_world_sampler(Player seat, std::span<const Observation> stream) const {
  return std::make_unique<KuhnWorldSampler>(shared(), seat, stream);
}

void KuhnState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < num_players(), "bad seat ", player);
  // The stream in a fixed array (one observation per move, one per seat at
  // a showdown), so that no thread, new or not, allocates here.
  std::array<Observation, 4 * kMaxPlayers - 1> stream;
  std::size_t size = 0;
  for_each_observation(player, [&](const Observation& o) { stream[size++] = o; });
  sample_world(static_cast<const KuhnGame&>(game()), player, std::span(stream.data(), size), rng, out);
}

namespace {

// What a seat's stream says, read in order and checked as far as the stream
// alone allows: the deals (in seat order), the betting, then the showdown.
struct StreamFacts {
  int own_card = -1;
  int dealt = 0;
  std::array<Action, 2 * kMaxPlayers - 1> betting{};
  int num_betting = 0;
  // The showdown's observations, in stream order: their index, seat, card.
  std::array<std::size_t, kMaxPlayers> show_at{};
  std::array<Player, kMaxPlayers> show_seat{};
  std::array<int, kMaxPlayers> show_card{};
  int num_shows = 0;
};

// "cannot come <when> in seat P0's stream[: <why>]".
[[noreturn]] void refuse(const KuhnGame& game, Player seat, const Observation& o,
                         std::string_view when, std::string_view why = {}) {
  throw error("kuhn_poker: observation '", game.stream_spec().to_text(o), "' cannot come ", when,
              " in seat P", seat, "'s stream", why.empty() ? "" : ": ", why);
}

// A show: only after every deal, once per seat, with a card of the game;
// the seat's own show must be its card, and no two seats hold one card.
void read_show(const KuhnGame& game, Player seat, const Observation& o, std::size_t at,
               StreamFacts& f) {
  const int n = game.num_players();
  const Player shower = o.value(0);
  const int card = o.value(1);
  if (shower < 0 || shower >= n || card < 0 || card > n) {
    throw error("kuhn_poker(players=", n, "): a show of seat ", shower, " and card ", card,
                " names a seat or card the game does not have");
  }
  if (f.dealt < n) refuse(game, seat, o, "before every seat has its card");
  for (int i = 0; i < f.num_shows; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (f.show_seat[k] == shower) refuse(game, seat, o, "twice");
    if (f.show_card[k] == card)
      refuse(game, seat, o, "now", "P" + std::to_string(f.show_seat[k]) + " showed that card");
  }
  if ((shower == seat) != (card == f.own_card)) {
    refuse(game, seat, o, "now", shower == seat ? "that is not your card" : "that card is yours");
  }
  const auto k = static_cast<std::size_t>(f.num_shows++);
  f.show_at[k] = at;
  f.show_seat[k] = shower;
  f.show_card[k] = card;
}

StreamFacts read_stream(const KuhnGame& game, Player seat, std::span<const Observation> stream) {
  const int n = game.num_players();
  StreamFacts f;
  for (std::size_t at = 0; at < stream.size(); ++at) {
    const Observation& o = stream[at];
    const auto kind = static_cast<Seen>(o.kind);
    if (kind == Seen::kShows) {
      read_show(game, seat, o, at, f);
      continue;
    }
    if (f.num_shows > 0) refuse(game, seat, o, "after the showdown");
    const bool deal = kind == Seen::kDealt || kind == Seen::kDealtTo;
    if (deal != (f.num_betting == 0 && f.dealt < n) ||
        (kind == Seen::kDealt) != (deal && f.dealt == seat) ||
        (kind == Seen::kDealtTo && o.value(0) != f.dealt) ||
        (!deal && (f.num_betting >= 2 * n - 1 || o.value(0) != f.num_betting % n))) {
      refuse(game, seat, o, deal ? "now" : "before every seat has its card");
    }
    if (kind == Seen::kDealt) f.own_card = o.value(0);
    if (deal) {
      ++f.dealt;
    } else {
      f.betting[static_cast<std::size_t>(f.num_betting++)] = kind == Seen::kBetted ? kBet : kPass;
    }
  }
  return f;
}

// The world's showdown (the seats still in, in seat order) must be the
// stream's: all of it, since it is part of the last bet's move.
void check_showdown(const KuhnGame& game, Player seat, std::span<const Observation> stream,
                    const StreamFacts& f, const KuhnState& world) {
  const bool showdown = world.at_showdown();
  int due = 0;  // the shows matched so far
  std::string missing;
  for (Player s = 0; s < game.num_players() && showdown; ++s) {
    if (!world.in_hand(s)) continue;
    if (due < f.num_shows) {
      const auto k = static_cast<std::size_t>(due++);
      if (f.show_seat[k] != s)
        refuse(game, seat, stream[f.show_at[k]], "now", "P" + std::to_string(s) + " shows next");
    } else {
      missing += (missing.empty() ? "'P" : ", 'P") + std::to_string(s) + " shows " +
                 (s == seat ? card_name(game.num_players(), f.own_card) : std::string("...")) + "'";
    }
  }
  if (due < f.num_shows) {
    refuse(game, seat, stream[f.show_at[static_cast<std::size_t>(due)]], "now",
           showdown              ? "only the seats still in show their cards"
           : world.is_terminal() ? "the hand ended by folds, so nobody shows"
                                 : "cards are shown only when the betting is over");
  }
  if (!missing.empty()) {
    throw error("kuhn_poker: seat P", seat,
                "'s stream stops before the showdown ends: the last bet's move "
                "goes on with ",
                missing, " (each seat still in shows its card, in seat order)");
  }
}

}  // namespace

void sample_world(const KuhnGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                  State& out) {
  const int n = game.num_players();
  KIBITZ_CHECK(seat >= 0 && seat < n, "bad seat ", seat);
  const StreamFacts f = read_stream(game, seat, stream);
  // A shown card is that seat's; the other cards this seat has not seen go
  // to the other seats, uniformly.
  std::array<int, kMaxPlayers> fixed{-1, -1, -1};
  for (int i = 0; i < f.num_shows; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (f.show_seat[k] != seat) fixed[static_cast<std::size_t>(f.show_seat[k])] = f.show_card[k];
  }
  std::array<int, kMaxPlayers + 1> unseen{};
  int num_unseen = 0;
  for (int c = 0; c <= n; ++c) {
    if (c != f.own_card && std::find(fixed.begin(), fixed.end(), c) == fixed.end()) {
      unseen[static_cast<std::size_t>(num_unseen++)] = c;
    }
  }
  rng.shuffle(std::span<int>(unseen.data(), static_cast<std::size_t>(num_unseen)));
  KIBITZ_CHECK(typeid(out) == typeid(KuhnState) && out.num_players() == n,
               "sample_world into a state of another game");
  auto& world = static_cast<KuhnState&>(out);
  world.reset();
  int next = 0;
  for (int s = 0; s < f.dealt; ++s) {
    const int held = fixed[static_cast<std::size_t>(s)];
    world.apply_action(s == seat   ? f.own_card
                       : held >= 0 ? held
                                   : unseen[static_cast<std::size_t>(next++)]);
  }
  // apply_action rejects betting past the end (after everyone passed, say).
  for (int i = 0; i < f.num_betting; ++i)
    world.apply_action(f.betting[static_cast<std::size_t>(i)]);
  check_showdown(game, seat, stream, f, world);
}

KuhnWorldSampler::KuhnWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                   std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream) {
  // Check the stream once, so sample() cannot fail later.
  Rng rng(0);
  sample(rng, *this->game().new_initial_state());
}

void KuhnWorldSampler::sample(Rng& rng, State& out) const {
  sample_world(static_cast<const KuhnGame&>(game()), seat(), stream(), rng, out);
}

}  // namespace kibitz::kuhn_poker
