// Leduc poker's seat streams: the observation kinds, a seat's stream read
// off the state's log, the information state rendered from a stream
// (through the Knowledge of seat_knowledge.h), and worlds drawn from a
// stream alone (see the header's "Seat stream" paragraph; the moves' log
// entries are written beside the moves, in leduc_poker.cc).
#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>

#include "env/core/error.h"
#include "env/games/leduc_poker/leduc_poker.h"
#include "env/games/leduc_poker/seat_knowledge.h"

namespace kibitz::leduc_poker {
namespace {

std::size_t idx(int i) { return static_cast<std::size_t>(i); }

Observation seen(Seen kind) { return Observation(static_cast<int>(kind)); }

// The bit of a seat (never the spectator's): `seat` is 0 or 1 here, so the
// hot path skips seat_audience's call and range check.
Audience seat_bit(Player seat) { return static_cast<Audience>(Audience{1} << seat); }

}  // namespace

// One declaration per kind of Seen, in its order: the words a person at the
// table would say.
StreamSpec leduc_stream_spec() {
  std::vector<std::string> cards;
  for (int c = 0; c < kNumCards; ++c) cards.push_back(card_name(c));
  return StreamSpec(
      {{"dealt", "dealt {card:card}", "your private card"},
       {"dealt_to", "{seat} is dealt a card", "the other seat gets its private card, face down"},
       {"public", "public card {card:card}", "the public card is turned, after round 1"},
       {"fold", "{seat} folds", "a seat gives up the hand"},
       {"check", "{seat} checks", "a seat calls with nothing to match"},
       {"call", "{seat} calls", "a seat matches a raise"},
       {"raise", "{seat} raises", "a seat raises (2 chips in round 1, 4 in round 2)"},
       {"show", "{seat} shows {card:card}",
        "at the showdown, each seat shows its card (after the last call, seat 0 first)"}},
      std::move(cards));
}

// A seat's stream read straight off the log: the renderers and the
// resampler fold it as it comes, with no buffer to fill, so they allocate
// nothing even on a thread's first call.
template <typename F>
void LeducState::for_each_observation(Player seat, F&& f) const {
  const ObservationLog& log = observation_log();
  const Audience bit = seat_bit(seat);
  for (int i = 0; i < log.size(); ++i) {
    if ((log.audience(i) & bit) != 0) f(log.observation(i));
  }
}

void LeducState::information_state_string(Player player, std::string& out) const {
  KIBITZ_CHECK(player >= 0 && player < kNumPlayers, "leduc_poker has no seat ", player);
  Knowledge k;
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  write_information_state_string(k, player, out);
}

void LeducState::information_state_tensor(Player player, std::span<float> out) const {
  KIBITZ_CHECK(player >= 0 && player < kNumPlayers, "leduc_poker has no seat ", player);
  KIBITZ_CHECK(out.size() == kInfoStateSize, "information state tensor size ", out.size());
  Knowledge k;
  for_each_observation(player, [&k](const Observation& o) { k.read(o); });
  write_information_state_tensor(k, player, out);
}

std::unique_ptr<WorldSampler> LeducGame::new_world_sampler(
    Player seat, std::span<const Observation> stream) const {
  return std::make_unique<LeducWorldSampler>(shared(), seat, stream);
}

namespace {

// The action a bet observation stands for, given whether the seat faces a
// raise; kInvalidAction (and `why`) when the observation cannot be that bet.
Action bet_of(Seen kind, bool facing_raise, const char*& why) {
  switch (kind) {
    case Seen::kFolded:
      if (!facing_raise) why = "there is nothing to call, so nothing to fold";
      return facing_raise ? kFold : kInvalidAction;
    case Seen::kChecked:
      if (facing_raise) why = "there is a raise to answer, so no check";
      return facing_raise ? kInvalidAction : kCall;
    case Seen::kCalled:
      if (!facing_raise) why = "there is nothing to call (that is a check)";
      return facing_raise ? kCall : kInvalidAction;
    default:
      return kRaise;
  }
}

// The move of the world being rebuilt that `o` (the stream's next
// observation) shows, with `other_card` for the other seat's deal; `why`
// says what does not fit when it returns kInvalidAction.
Action move_for(const LeducState& world, Player seat, const Observation& o, int other_card,
                const char*& why) {
  const auto kind = static_cast<Seen>(o.kind);
  const bool deal = kind == Seen::kDealt || kind == Seen::kDealtTo || kind == Seen::kPublic;
  const Player actor = world.current_player();
  if (actor == kTerminalPlayer) {
    why = "the hand is over";
    return kInvalidAction;
  }
  if (deal != (actor == kChancePlayer)) {
    why = deal ? "no card is dealt now" : "no seat is to bet now";
    return kInvalidAction;
  }
  // The next deal: 0 and 1 are the seats' private cards, 2 the public card.
  const int next_deal = world.private_card(0) < 0 ? 0 : world.private_card(1) < 0 ? 1 : 2;
  Action move = kInvalidAction;
  switch (kind) {
    case Seen::kDealt:
      move = next_deal == seat ? o.value(0) : kInvalidAction;
      break;
    case Seen::kDealtTo:
      move = next_deal == o.value(0) && next_deal != seat ? other_card : kInvalidAction;
      break;
    case Seen::kPublic:
      move = next_deal == 2 ? o.value(0) : kInvalidAction;
      break;
    default:
      if (o.value(0) != actor) {
        why = "it is the other seat's turn";
        return kInvalidAction;
      }
      move = bet_of(kind, world.contribution(1 - actor) > world.contribution(actor), why);
      if (move == kInvalidAction) return move;
  }
  if (move == kInvalidAction) {
    why = next_deal == 2      ? "the public card is dealt next"
          : next_deal == seat ? "your card is dealt next"
                              : "the other seat's card is dealt next";
  } else if (!world.is_legal(move)) {
    why = deal ? "that card is already dealt" : "the round already has its 2 raises";
    move = kInvalidAction;
  }
  return move;
}

[[noreturn]] void refuse(const StreamSpec& spec, Player seat, std::span<const Observation> stream,
                         std::size_t i, std::string_view why) {
  throw error("leduc_poker: observation ", i + 1, " ('", spec.to_text(stream[i]),
              "') cannot come now in seat P", seat, "'s stream: ", why);
}

// Where the showdown's observations begin: they close a stream, so every
// observation before them is a move's.
std::size_t showdown_start(std::span<const Observation> stream) {
  std::size_t start = stream.size();
  while (start > 0 && stream[start - 1].kind == static_cast<int>(Seen::kShows)) --start;
  return start;
}

// The card the other seat showed at the showdown, or -1; a card the seat
// has seen elsewhere (`shown`: its own and the public card) is refused.
int other_shown_card(const StreamSpec& spec, Player seat, std::span<const Observation> stream,
                     std::size_t start, unsigned shown) {
  for (std::size_t i = start; i < stream.size(); ++i) {
    const Observation& o = stream[i];
    if (o.value(0) == seat) continue;
    if ((shown >> o.value(1)) & 1u) refuse(spec, seat, stream, i, "you saw that card elsewhere");
    return o.value(1);
  }
  return -1;
}

// The world's showdown must be the stream's tail from `start`, whole: it
// is part of the last call's move.
void check_showdown(const StreamSpec& spec, Player seat, std::span<const Observation> stream,
                    std::size_t start, const LeducState& world) {
  const std::size_t shows = stream.size() - start;
  if (!world.at_showdown()) {
    if (shows == 0) return;
    refuse(spec, seat, stream, start,
           world.current_player() == kTerminalPlayer ? "the hand ended with a fold: nobody shows"
                                                     : "cards are shown only after the last call");
  }
  std::string missing;
  for (int s = 0; s < kNumPlayers; ++s) {
    const Observation due = seen(Seen::kShows).add(s).add(world.private_card(s));
    if (idx(s) < shows) {
      const std::size_t i = start + idx(s);
      if (stream[i].value(0) != s) {
        refuse(spec, seat, stream, i, "P" + std::to_string(s) + " shows now (seat 0 first)");
      }
      if (stream[i] != due) refuse(spec, seat, stream, i, "that is not your card");
    } else {
      missing += (missing.empty() ? "'" : ", '") +
                 (s == seat ? spec.to_text(due) : "P" + std::to_string(s) + " shows ...") + "'";
    }
  }
  if (shows > kNumPlayers) refuse(spec, seat, stream, start + kNumPlayers, "both cards are shown");
  if (!missing.empty()) {
    throw error("leduc_poker: seat P", seat, "'s stream stops before the showdown ends: the last ",
                "call's move goes on with ", missing,
                " (both seats show their cards, seat 0 first)");
  }
}

// sample_world, where `check_values` may be false for a stream whose values
// were checked before (every draw from one stream checks the same values).
void draw_world(const LeducGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                State& out, bool check_values) {
  KIBITZ_CHECK(seat >= 0 && seat < kNumPlayers, "leduc_poker has no seat ", seat);
  KIBITZ_CHECK(typeid(out) == typeid(LeducState), "sample_world into a state of another game");
  const StreamSpec& spec = game.stream_spec();
  // The cards the stream shows: the seat's own and the public card.
  std::uint8_t shown = 0;
  for (const Observation& o : stream) {
    if (check_values) spec.validate(o, kNumPlayers);
    const auto kind = static_cast<Seen>(o.kind);
    if (kind == Seen::kDealt || kind == Seen::kPublic)
      shown |= static_cast<std::uint8_t>(1u << o.value(0));
  }
  const std::size_t moves = showdown_start(stream);
  auto& world = static_cast<LeducState&>(out);
  world.reset();
  int other_card = other_shown_card(spec, seat, stream, moves, shown);
  for (std::size_t i = 0; i < moves; ++i) {
    const Observation& o = stream[i];
    if (o.kind == static_cast<int>(Seen::kShows)) {
      refuse(spec, seat, stream, i, "cards are shown only after the last call");
    }
    if (o.kind == static_cast<int>(Seen::kDealtTo) && other_card < 0) {
      // The other seat's card: uniform among the cards the seat has not seen.
      const unsigned unseen = ((1u << kNumCards) - 1) & ~static_cast<unsigned>(shown);
      int skip = draw_uniform_index(std::popcount(unseen), rng);
      for (int c = 0; c < kNumCards; ++c) {
        if (((unseen >> c) & 1u) && skip-- == 0) other_card = c;
      }
    }
    const char* why = "";
    const Action move = move_for(world, seat, o, other_card, why);
    if (move == kInvalidAction) refuse(spec, seat, stream, i, why);
    world.apply_action(move);
  }
  check_showdown(spec, seat, stream, moves, world);
}

}  // namespace

void sample_world(const LeducGame& game, Player seat, std::span<const Observation> stream, Rng& rng,
                  State& out) {
  draw_world(game, seat, stream, rng, out, /*check_values=*/true);
}

void LeducState::resample_from_infostate(Player player, Rng& rng, State& out) const {
  KIBITZ_CHECK(player >= 0 && player < kNumPlayers, "leduc_poker has no seat ", player);
  // The stream in a fixed array (one observation per move, one per seat at
  // the showdown), so that no thread, new or not, allocates here; this
  // state wrote its values.
  std::array<Observation, 3 + kNumRounds * kMaxActionsPerRound + kNumPlayers> stream;
  std::size_t size = 0;
  for_each_observation(player, [&](const Observation& o) { stream[size++] = o; });
  draw_world(static_cast<const LeducGame&>(game()), player, std::span(stream.data(), size), rng,
             out, /*check_values=*/false);
}

LeducWorldSampler::LeducWorldSampler(std::shared_ptr<const Game> game, Player seat,
                                     std::span<const Observation> stream)
    : WorldSampler(std::move(game), seat, stream) {
  // Check the stream once, so sample() cannot fail later.
  Rng rng(0);
  sample_world(static_cast<const LeducGame&>(this->game()), seat, this->stream(), rng,
               *this->game().new_initial_state());
}

void LeducWorldSampler::sample(Rng& rng, State& out) const {
  // The constructor checked the stream's values.
  draw_world(static_cast<const LeducGame&>(game()), seat(), stream(), rng, out,
             /*check_values=*/false);
}

}  // namespace kibitz::leduc_poker
