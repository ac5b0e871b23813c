#include "replays/analysis/spies_timeline.h"

#include <algorithm>
#include <memory>

#include "env/core/error.h"
#include "env/games/loyalist_spies/knowledge_reader.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Every seat's stream, read in step: the i-th primary observation of each
// describes event i of the game (stream.h). A seat's own moves carry their
// cards in its own stream, so reading all of them shows every card a seat
// held, chose or saw; the only cards no stream names one by one are the
// face-down deck cards, known as a set once the mission is revealed.
class SeatStreams {
 public:
  explicit SeatStreams(const ls::LoyalistSpiesState& state) {
    for (int s = 0; s < state.num_players(); ++s) {
      streams_.push_back(state.seat_stream(s));
      std::vector<int> primary;
      for (std::size_t i = 0; i < streams_.back().size(); ++i) {
        if (ls::is_primary(ls::obs_kind(streams_.back()[i]))) primary.push_back(static_cast<int>(i));
      }
      primary_.push_back(std::move(primary));
    }
  }

  int num_events() const { return static_cast<int>(primary_.front().size()); }
  const SeatStream& stream(int seat) const { return streams_[at(seat)]; }
  // Seat `seat`'s observation of event `event`.
  const Observation& seen_by(int seat, int event) const {
    return streams_[at(seat)][at(primary_[at(seat)][at(event)])];
  }

 private:
  std::vector<SeatStream> streams_;
  std::vector<std::vector<int>> primary_;
};

// Reads the events once, keeping the true hands and the cards a Queen fixed
// on top (so her turn can show the order she left). Seat 0's stream, read
// by the game's StreamReader, tells what each event was, who acted and what
// the rules derive (a turn's start, a mission's terms, a reveal's success);
// the actor's own stream tells its card.
class TimelineBuilder {
 public:
  TimelineBuilder(const ls::LoyalistSpiesState& state, const SeatStreams& streams)
      : streams_(streams),
        knowledge_(std::make_unique<ls::SpiesKnowledge>()),
        rules_(static_cast<const ls::LoyalistSpiesGame&>(state.game()), 0, *knowledge_, false) {
    timeline_.num_players = state.num_players();
    timeline_.keep5 = state.config().keep5;
  }

  void build() {
    std::size_t next = 0;  // in seat 0's stream
    const SeatStream& stream = streams_.stream(0);
    for (int event = 0; event < streams_.num_events(); ++event) {
      // Read seat 0's observations up to this event's.
      do {
        rules_.add(static_cast<int>(next), stream[next]);
      } while (!ls::is_primary(ls::obs_kind(stream[next++])));
      add(event);
    }
  }

  SpiesTimeline finish() { return std::move(timeline_); }

 private:
  // The card the actor's own observation of `event` names.
  int actor_card(int event) const { return streams_.seen_by(event_seat(), event).value(0); }
  // The seat of the event just read: its mover, or the determiner of a
  // face-down card or a reveal.
  int event_seat() const { return rules_.last_event().seat; }

  void add(int index) {
    const Observation& seen = streams_.seen_by(0, index);
    const ls::Obs kind = ls::obs_kind(seen);
    const int actor = event_seat();
    if (on_setup(kind, actor, index)) return;
    if (setup_) finish_setup();
    switch (kind) {
      case ls::Obs::kFlip:
        on_flip(seen.value(1), index);
        break;
      case ls::Obs::kJackMatch:
      case ls::Obs::kJackNoMatch:
        turn().jack_target = seen.value(1);
        turn().jack_match = kind == ls::Obs::kJackMatch;
        break;
      case ls::Obs::kQueenShows:
      case ls::Obs::kQueenShowsTo:
        top_.push_back(actor_card(index));
        turn().queen_seen = top_;
        turn().queen_top = top_;
        break;
      case ls::Obs::kOrder:
      case ls::Obs::kReordered: {
        const auto order = ls::card_list(streams_.seen_by(actor, index), 0);
        top_.assign(order.begin(), order.end());
        turn().queen_top = top_;
        break;
      }
      case ls::Obs::kFaceDown:
        take_top();
        break;
      case ls::Obs::kPlay:
      case ls::Obs::kPlays:
        on_play(actor, actor_card(index), index);
        break;
      case ls::Obs::kNoPlay:
        on_play(actor, -1, index);
        break;
      case ls::Obs::kReveal:
        on_reveal(seen, index);
        break;
      case ls::Obs::kDraw:
      case ls::Obs::kDraws: {
        const int card = actor_card(index);
        take_top();
        hands_[at(actor)] |= ls::card_bit(card);
        turn().draws[at(actor)].push_back(card);
        break;
      }
      case ls::Obs::kDiscard:
      case ls::Obs::kDiscards: {
        const int card = actor_card(index);
        hands_[at(actor)] &= ~ls::card_bit(card);
        turn().discards[at(actor)].push_back(card);
        break;
      }
      case ls::Obs::kLoyal:
      case ls::Obs::kCompromised:
      case ls::Obs::kTraitor:
        on_round_end(kind, seen, index);
        break;
      default:
        break;
    }
  }

  // An ace, a dealt or a kept card: false for any other event.
  bool on_setup(ls::Obs kind, int actor, int index) {
    switch (kind) {
      case ls::Obs::kOwnAce:
      case ls::Obs::kAceTo:
        if (actor == 0) new_round();  // aces go out in seat order
        round().ace[at(actor)] = actor_card(index);
        return true;
      case ls::Obs::kDealt:
      case ls::Obs::kDealtTo: {
        const int card = actor_card(index);
        round().dealt[at(actor)] |= ls::card_bit(card);
        hands_[at(actor)] |= ls::card_bit(card);
        return true;
      }
      case ls::Obs::kKeep:
      case ls::Obs::kKept:
        round().kept[at(actor)] |= ls::card_bit(actor_card(index));
        return true;
      default:
        return false;
    }
  }

  SpiesRound& round() {
    KIBITZ_CHECK(!timeline_.rounds.empty(), "an event before the first round");
    return timeline_.rounds.back();
  }
  SpiesTurn& turn() {
    KIBITZ_CHECK(!round().turns.empty(), "a turn event before the first flip");
    return round().turns.back();
  }

  void new_round() {
    SpiesRound r;
    r.index = static_cast<int>(timeline_.rounds.size());
    r.first_determiner = r.index % timeline_.num_players;
    timeline_.rounds.push_back(r);
    hands_ = {};
    top_.clear();
    setup_ = true;
  }

  void finish_setup() {
    setup_ = false;
    if (timeline_.keep5) hands_ = round().kept;
    if (!timeline_.keep5) round().kept = round().dealt;
  }

  void take_top() {
    if (!top_.empty()) top_.erase(top_.begin());
  }

  void on_flip(int card, int index) {
    if (rules_.flip_began_turn() || round().turns.empty()) {
      SpiesTurn t;
      t.determiner = event_seat();
      t.first_event = index;
      round().turns.push_back(t);
    }
    take_top();
    SpiesTurn& t = turn();
    t.flips.push_back(card);
    if (ls::is_joker(card)) return;
    const int rank = ls::rank_of(card);
    if (rank == ls::kRankQueen) {
      t.queen = true;
      t.queen_seen = top_;
      t.queen_top = top_;
    } else if (rank >= 2 && rank <= 10) {
      t.mission = true;
      t.mission_card = card;
      t.terms = rules_.terms();
    }
  }

  void on_play(int seat, int card, int index) {
    SpiesPlay play;
    play.seat = seat;
    play.event = index;
    play.hand = hands_[at(seat)];
    play.traitor = (play.hand & ls::kJokerMask) != 0;
    if (card >= 0) {
      play.card = card;
      play.place = play_place(play.hand, card);
      play.fit = role_fit(play.place, play.traitor);
      hands_[at(seat)] &= ~ls::card_bit(card);
      turn().total += ls::card_value(card);
    }
    turn().plays.push_back(play);
  }

  // The set shows the face-down deck cards at last: the cards nobody played,
  // in card order (the order they went down in is seen by no one).
  void on_reveal(const Observation& seen, int index) {
    SpiesTurn& t = turn();
    ls::CardMask face_down = 0;
    for (const int c : ls::card_list(seen, 1)) face_down |= ls::card_bit(c);
    for (const SpiesPlay& play : t.plays) {
      if (play.card >= 0) face_down &= ~ls::card_bit(play.card);
    }
    ls::for_each_card(face_down, [&](int c) { t.face_down.push_back(c); });
    t.total = seen.value(seen.size - 1);
    t.success = rules_.last_event().card != 0;
    t.reveal_event = index;
    t.mission_index = rules_.last_event().aux;  // the reveal event's mission, 0-based in the round
    ++(t.success ? round().successes : round().failures);
  }

  void on_round_end(ls::Obs kind, const Observation& seen, int index) {
    const auto seat = at(seen.value(0));
    if (!round().finished) round().end_event = index;
    round().finished = true;
    round().roles[seat] = kind == ls::Obs::kTraitor       ? ls::Role::kTraitor
                          : kind == ls::Obs::kCompromised ? ls::Role::kCompromised
                                                          : ls::Role::kLoyal;
    round().points[seat] = seen.value(seen.size - 1);
    round().final_hand[seat] = hands_[seat];
    // The rules score the round once its last seat's reveal is read.
    if (static_cast<int>(seat) == timeline_.num_players - 1) {
      for (int s = 0; s < timeline_.num_players; ++s) round().totals[at(s)] = rules_.total(s);
    }
  }

  const SeatStreams& streams_;
  std::unique_ptr<ls::SpiesKnowledge> knowledge_;  // what rules_ writes (large: kept off the stack)
  ls::StreamReader rules_;                         // seat 0's reading: public facts, who acted
  SpiesTimeline timeline_;
  std::array<ls::CardMask, 4> hands_{};
  std::vector<int> top_;
  bool setup_ = false;
};

}  // namespace

const char* place_name(PlayPlace place) {
  switch (place) {
    case PlayPlace::kHigh:
      return "high";
    case PlayPlace::kLow:
      return "low";
    case PlayPlace::kMiddle:
      return "middle";
    case PlayPlace::kForced:
      return "forced";
  }
  return "?";
}

const char* fit_name(RoleFit fit) {
  switch (fit) {
    case RoleFit::kMatched:
      return "matched";
    case RoleFit::kAgainst:
      return "against";
    case RoleFit::kNeither:
      return "neither";
  }
  return "?";
}

PlayPlace play_place(ls::CardMask hand, int card) {
  int low = 99;
  int high = -1;
  ls::for_each_card(hand & ~ls::kJokerMask, [&](int c) {
    low = std::min(low, ls::card_value(c));
    high = std::max(high, ls::card_value(c));
  });
  const int value = ls::card_value(card);
  if (high < 0 || low == high) return PlayPlace::kForced;
  if (value == high) return PlayPlace::kHigh;
  if (value == low) return PlayPlace::kLow;
  return PlayPlace::kMiddle;
}

RoleFit role_fit(PlayPlace place, bool traitor) {
  if (place == PlayPlace::kHigh) return traitor ? RoleFit::kMatched : RoleFit::kAgainst;
  if (place == PlayPlace::kLow) return traitor ? RoleFit::kAgainst : RoleFit::kMatched;
  return RoleFit::kNeither;
}

SpiesTimeline spies_timeline(const ls::LoyalistSpiesState& state) {
  const SeatStreams streams(state);
  TimelineBuilder builder(state, streams);
  builder.build();
  return builder.finish();
}

}  // namespace kibitz::replays::analysis
