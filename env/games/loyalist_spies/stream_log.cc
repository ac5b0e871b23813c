// What each event of a Loyalist Spies game makes each seat observe (the
// stream.h kinds), appended to the state's observation log (env/core/
// observation_log.h) as the event is logged: every seat's stream and the
// spectator's are read off that log, so nothing replays the game to write
// them. An event a seat takes part in privately logs two entries, the
// version its knowers see and the version the other seats and the
// spectator see ("dealt 7H", "P2 is dealt a card"); a public one logs one,
// heard by everyone; the secondary observations (stream.h) go to the seats
// that see them alone, right after their event's.
//
// The facts an observation needs beyond its event (the round's aces, the
// cards a Queen fixed on top, the mission's card and set) are the state's
// own: each event is logged after the state has taken it in.
#include "env/core/error.h"
#include "env/games/loyalist_spies/cards.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"

#include <array>

namespace kibitz::loyalist_spies {
namespace {

Observation make_obs(Obs kind) { return Observation(static_cast<int>(kind)); }

// An observation of `kind` with the values given (-1: none), at compile time.
constexpr Observation make_seen(Obs kind, int first = -1, int second = -1) {
  Observation o;
  o.kind = static_cast<std::uint8_t>(kind);
  for (const int v : {first, second}) {
    if (v >= 0) o.values[o.size++] = static_cast<std::int16_t>(v);
  }
  return o;
}

// The observations most events make, built at compile time: every kind with
// one value (a card or a seat), and the flips. Events log them from here
// rather than building each on the stack just before the log copies it:
// that copy reads back in wide loads what narrow stores had just written, a
// store-forwarding stall per entry (a round logs about 300).
struct SeenTable {
  std::array<std::array<Observation, kNumCardIndices>, kNumObsKinds> one_value;  // [kind][card or seat]
  std::array<std::array<Observation, kNumCardIndices>, kMaxPlayers> flips;       // [seat][card]
};

constexpr SeenTable make_seen_table() {
  SeenTable t;
  for (int k = 0; k < kNumObsKinds; ++k) {
    for (int v = 0; v < kNumCardIndices; ++v) {
      t.one_value[static_cast<std::size_t>(k)][static_cast<std::size_t>(v)] = make_seen(static_cast<Obs>(k), v);
    }
  }
  for (int s = 0; s < kMaxPlayers; ++s) {
    for (int c = 0; c < kNumCardIndices; ++c) {
      t.flips[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)] = make_seen(Obs::kFlip, s, c);
    }
  }
  return t;
}

constexpr SeenTable kSeenTable = make_seen_table();
constexpr Observation kFaceDownSeen = make_seen(Obs::kFaceDown);

// The observation of a one-value kind (a card, or a seat).
const Observation& one(Obs kind, int value) {
  return kSeenTable.one_value[static_cast<std::size_t>(kind)][static_cast<std::size_t>(value)];
}

// The bit of a seat (0..3 here, so no range check on this hot path).
Audience seat_bit(int seat) { return static_cast<Audience>(Audience{1} << seat); }

}  // namespace

void LoyalistSpiesState::log_split(int seat, const Observation& seen, const Observation& hidden) {
  const Audience knower = seat_bit(seat);
  log_observation(knower, seen);
  log_observation(static_cast<Audience>(everyone_audience(num_players()) & ~knower), hidden);
}

void LoyalistSpiesState::log_public(const Observation& observation) {
  log_observation(everyone_audience(num_players()), observation);
}

void LoyalistSpiesState::log_top_cards(Obs kind, int seat) {
  // The cards fixed on top, top first, as a card list.
  Observation o = make_obs(kind);
  o.add(pub_.top_len());
  for (int i = 0; i < pub_.top_len(); ++i) o.add(prefix_[static_cast<std::size_t>(i)]);
  log_observation(seat_bit(seat), o);
}

void LoyalistSpiesState::log_event(const Event& e) {
  switch (e.kind) {
    case EventKind::kAce:
      log_split(e.seat, one(Obs::kOwnAce, e.card), one(Obs::kAceTo, e.seat));
      return;
    case EventKind::kDeal:
      log_split(e.seat, one(Obs::kDealt, e.card), one(Obs::kDealtTo, e.seat));
      return;
    case EventKind::kKeep:
      log_split(e.seat, one(Obs::kKeep, e.card), one(Obs::kKept, e.seat));
      return;
    case EventKind::kFlip:
      log_public(kSeenTable.flips[static_cast<std::size_t>(e.seat)][static_cast<std::size_t>(e.card)]);
      // The determiner's Queen: it looks at the cards already fixed on top.
      if (!is_joker(e.card) && rank_of(e.card) == kRankQueen && pub_.top_len() > 0) {
        log_top_cards(Obs::kAlreadyOnTop, e.seat);
      }
      return;
    case EventKind::kJack:
      log_jack(e);
      return;
    case EventKind::kPeek:
      log_split(e.seat, one(Obs::kQueenShows, e.card), one(Obs::kQueenShowsTo, e.seat));
      return;
    case EventKind::kOrder:
      log_top_cards(Obs::kOrder, e.seat);
      log_observation(static_cast<Audience>(everyone_audience(num_players()) & ~seat_bit(e.seat)),
                      one(Obs::kReordered, e.seat));
      return;
    case EventKind::kFaceDown:
      log_public(kFaceDownSeen);
      return;
    case EventKind::kPlay:
      log_split(e.seat, one(Obs::kPlay, e.card), one(Obs::kPlays, e.seat));
      return;
    case EventKind::kNoPlay:
      log_public(one(Obs::kNoPlay, e.seat));
      return;
    case EventKind::kReveal:
      log_reveal();
      return;
    case EventKind::kDraw:
      log_split(e.seat, one(Obs::kDraw, e.card), one(Obs::kDraws, e.seat));
      return;
    case EventKind::kDiscard:
      log_split(e.seat, one(Obs::kDiscard, e.card), one(Obs::kDiscards, e.seat));
      return;
    case EventKind::kRoundEnd:
      log_round_end(e);
      return;
  }
  KIBITZ_CHECK(false, "unexpected event kind ", static_cast<int>(e.kind));
}

void LoyalistSpiesState::log_jack(const Event& e) {
  const int target = e.card;
  const bool match = e.aux != 0;
  log_public(make_obs(match ? Obs::kJackMatch : Obs::kJackNoMatch).add(e.seat).add(target));
  // The determiner sees the target's ace; on a match the target is shown
  // the determiner's.
  log_observation(seat_bit(e.seat), make_obs(Obs::kAceSeen).add(target).add(ace(target)));
  if (match) log_observation(seat_bit(target), make_obs(Obs::kAceSeen).add(e.seat).add(ace(e.seat)));
}

void LoyalistSpiesState::log_reveal() {
  // The mission's card and its set: the face-down cards and the plays since
  // its flip, in ascending card index, with their total.
  Observation o = make_obs(Obs::kReveal).add(pub_.mission_card());
  o.add(popcount(mission_set_));
  int total = 0;
  for_each_card(mission_set_, [&](int c) {
    o.add(c);
    total += card_value(c);
  });
  log_public(o.add(total));
}

void LoyalistSpiesState::log_round_end(const Event& e) {
  const auto role = static_cast<Role>(e.card & 3);
  const int seat_ace = ace(e.seat);
  if (role == Role::kTraitor) {
    const CardMask jokers = static_cast<CardMask>(e.card >> 2) << kFirstJoker;
    Observation o = make_obs(Obs::kTraitor).add(e.seat).add(seat_ace).add(popcount(jokers));
    for_each_card(jokers, [&](int c) { o.add(c); });
    log_public(o.add(e.aux));
  } else {
    log_public(make_obs(role == Role::kLoyal ? Obs::kLoyal : Obs::kCompromised).add(e.seat).add(seat_ace).add(e.aux));
  }
}

}  // namespace kibitz::loyalist_spies
