#include "replays/analysis/spies_timeline.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool continues_turn(int card) { return ls::is_joker(card) || ls::rank_of(card) == ls::kRankKing; }

// Reads the event log once, keeping the true hands and the cards a Queen
// fixed on top (so her turn can show the order she left).
class TimelineBuilder {
 public:
  explicit TimelineBuilder(const ls::LoyalistSpiesState& state) {
    timeline_.num_players = state.num_players();
    timeline_.keep5 = state.config().keep5;
  }

  void add(const ls::Event& e, int index) {
    const auto seat = at(e.seat);
    switch (e.kind) {
      case ls::EventKind::kAce:
        if (e.seat == 0) new_round();
        round().ace[seat] = e.card;
        return;
      case ls::EventKind::kDeal:
        round().dealt[seat] |= ls::card_bit(e.card);
        hands_[seat] |= ls::card_bit(e.card);
        return;
      case ls::EventKind::kKeep:
        round().kept[seat] |= ls::card_bit(e.card);
        return;
      default:
        break;
    }
    if (setup_) finish_setup();
    switch (e.kind) {
      case ls::EventKind::kFlip:
        on_flip(e, index);
        break;
      case ls::EventKind::kJack:
        turn().jack_target = e.card;
        turn().jack_match = e.aux != 0;
        break;
      case ls::EventKind::kPeek:
        top_.push_back(e.card);
        turn().queen_seen = top_;
        turn().queen_top = top_;
        break;
      case ls::EventKind::kOrder: {
        const std::vector<int> old = top_;
        const auto& perm = ls::kOrders[at(e.card)];
        for (int i = 0; i < e.aux; ++i) top_[at(i)] = old[at(perm[at(i)])];
        turn().queen_top = top_;
        break;
      }
      case ls::EventKind::kFaceDown:
        take_top();
        turn().face_down.push_back(e.card);
        turn().total += ls::card_value(e.card);
        break;
      case ls::EventKind::kPlay:
      case ls::EventKind::kNoPlay:
        on_play(e, index);
        break;
      case ls::EventKind::kReveal:
        turn().success = e.card != 0;
        turn().reveal_event = index;
        turn().mission_index = e.aux;
        ++(turn().success ? round().successes : round().failures);
        break;
      case ls::EventKind::kDraw:
        take_top();
        hands_[seat] |= ls::card_bit(e.card);
        turn().draws[seat].push_back(e.card);
        break;
      case ls::EventKind::kDiscard:
        hands_[seat] &= ~ls::card_bit(e.card);
        turn().discards[seat].push_back(e.card);
        break;
      case ls::EventKind::kRoundEnd:
        if (!round().finished) round().end_event = index;
        round().finished = true;
        round().roles[seat] = static_cast<ls::Role>(e.card & 3);
        round().points[seat] = e.aux;
        totals_[seat] += e.aux;
        round().totals[seat] = totals_[seat];
        round().final_hand[seat] = hands_[seat];
        break;
      default:
        break;
    }
    last_ = e;
  }

  SpiesTimeline finish() { return std::move(timeline_); }

 private:
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
    last_ = ls::Event{ls::EventKind::kAce, 0, 0, 0};
  }

  void finish_setup() {
    setup_ = false;
    if (timeline_.keep5) hands_ = round().kept;
    if (!timeline_.keep5) round().kept = round().dealt;
  }

  void take_top() {
    if (!top_.empty()) top_.erase(top_.begin());
  }

  void on_flip(const ls::Event& e, int index) {
    const bool same_turn = last_.kind == ls::EventKind::kFlip && last_.seat == e.seat &&
                           continues_turn(last_.card) && !round().turns.empty();
    if (!same_turn) {
      SpiesTurn t;
      t.determiner = e.seat;
      t.first_event = index;
      round().turns.push_back(t);
    }
    take_top();
    SpiesTurn& t = turn();
    t.flips.push_back(e.card);
    if (ls::is_joker(e.card)) return;
    const int rank = ls::rank_of(e.card);
    if (rank == ls::kRankQueen) {
      t.queen = true;
      t.queen_seen = top_;
      t.queen_top = top_;
    } else if (rank >= 2 && rank <= 10) {
      const int kings = static_cast<int>(std::count_if(t.flips.begin(), t.flips.end(), [](int c) {
        return !ls::is_joker(c) && ls::rank_of(c) == ls::kRankKing;
      }));
      t.mission = true;
      t.mission_card = e.card;
      t.terms = ls::mission_terms(rank, ls::suit_of(e.card), kings);
    }
  }

  void on_play(const ls::Event& e, int index) {
    SpiesPlay play;
    play.seat = e.seat;
    play.event = index;
    play.hand = hands_[at(e.seat)];
    play.traitor = (play.hand & ls::kJokerMask) != 0;
    if (e.kind == ls::EventKind::kPlay) {
      play.card = e.card;
      play.place = play_place(play.hand, e.card);
      play.fit = role_fit(play.place, play.traitor);
      hands_[at(e.seat)] &= ~ls::card_bit(e.card);
      turn().total += ls::card_value(e.card);
    }
    turn().plays.push_back(play);
  }

  SpiesTimeline timeline_;
  std::array<ls::CardMask, 4> hands_{};
  std::array<int, 4> totals_{};
  std::vector<int> top_;
  bool setup_ = false;
  ls::Event last_{ls::EventKind::kAce, 0, 0, 0};
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
  TimelineBuilder builder(state);
  const auto events = state.log().view();
  for (std::size_t i = 0; i < events.size(); ++i) builder.add(events[i], static_cast<int>(i));
  return builder.finish();
}

}  // namespace kibitz::replays::analysis
