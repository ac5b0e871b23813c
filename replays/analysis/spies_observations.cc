#include "replays/analysis/spies_observations.h"

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

bool is_setup(ls::EventKind kind) {
  return kind == ls::EventKind::kAce || kind == ls::EventKind::kDeal ||
         kind == ls::EventKind::kKeep;
}

// Builds the stream event by event, remembering the set-up of the round and
// the facts a later event needs (the Jack's suit, the aces the viewer knows).
class Observer {
 public:
  explicit Observer(int viewer) : viewer_(viewer) {}

  void add(const ls::Event& e, int index) {
    if (is_setup(e.kind)) {
      on_setup(e, index);
      return;
    }
    if (in_setup_) start_round(index - 1);
    Seen s;
    s.event = index;
    s.round = round_;
    s.seat = e.seat;
    switch (e.kind) {
      case ls::EventKind::kFlip:
        s.kind = SeenKind::kFlip;
        s.card = e.card;
        if (!ls::is_joker(e.card) && ls::rank_of(e.card) == ls::kRankJack) {
          jack_suit_ = ls::suit_of(e.card);
        }
        break;
      case ls::EventKind::kJack:
        s.kind = SeenKind::kJack;
        s.target = e.card;
        s.jack_suit = jack_suit_;
        s.match = e.aux != 0;
        if (viewer_ == e.seat) {
          s.seen_ace_seat = e.card;
          s.seen_ace = aces_[static_cast<std::size_t>(e.card)];
        } else if (viewer_ == e.card && s.match) {
          s.seen_ace_seat = e.seat;
          s.seen_ace = aces_[static_cast<std::size_t>(e.seat)];
        }
        break;
      case ls::EventKind::kPeek:
      case ls::EventKind::kOrder:
        // One Queen turn shows several peeks and an order; the viewer who is
        // not the determiner learns only that it happened.
        if (queen_seen_) return;
        queen_seen_ = true;
        s.kind = SeenKind::kQueen;
        break;
      case ls::EventKind::kFaceDown:
        s.kind = SeenKind::kFaceDown;
        mission_cards_ |= ls::card_bit(e.card);
        break;
      case ls::EventKind::kPlay:
        s.kind = SeenKind::kPlay;
        mission_cards_ |= ls::card_bit(e.card);
        if (viewer_ == e.seat) s.card = e.card;
        break;
      case ls::EventKind::kNoPlay:
        s.kind = SeenKind::kNoPlay;
        s.count = e.card;
        break;
      case ls::EventKind::kReveal:
        s.kind = SeenKind::kReveal;
        s.cards = mission_cards_;
        s.match = e.card != 0;
        mission_cards_ = 0;
        break;
      case ls::EventKind::kDraw:
        s.kind = SeenKind::kDraw;
        if (viewer_ == e.seat) s.card = e.card;
        break;
      case ls::EventKind::kDiscard:
        s.kind = SeenKind::kDiscard;
        if (viewer_ == e.seat) s.card = e.card;
        break;
      case ls::EventKind::kRoundEnd:
        // One event per seat; the viewer learns everything at the first.
        if (e.seat != 0) return;
        s.kind = SeenKind::kRoundEnd;
        s.seat = -1;
        ++round_;
        break;
      default:
        KIBITZ_CHECK(false, "unexpected event kind ", static_cast<int>(e.kind));
    }
    if (e.kind != ls::EventKind::kPeek && e.kind != ls::EventKind::kOrder) queen_seen_ = false;
    out_.push_back(s);
  }

  std::vector<Seen> finish() { return std::move(out_); }

 private:
  void on_setup(const ls::Event& e, int index) {
    if (!in_setup_) {
      in_setup_ = true;
      pending_ = Seen{};
      pending_.kind = SeenKind::kRoundStart;
      pending_.round = round_;
      aces_.fill(-1);
    }
    const auto seat = static_cast<std::size_t>(e.seat);
    switch (e.kind) {
      case ls::EventKind::kAce:
        aces_[seat] = e.card;
        if (viewer_ == e.seat) pending_.own_ace = e.card;
        break;
      case ls::EventKind::kDeal:
        ++pending_.dealt[seat];
        if (viewer_ == e.seat) pending_.own_dealt |= ls::card_bit(e.card);
        break;
      default:  // kKeep
        if (viewer_ == e.seat) pending_.own_kept |= ls::card_bit(e.card);
        break;
    }
    pending_.event = index;
  }

  void start_round(int last_setup_event) {
    in_setup_ = false;
    pending_.event = last_setup_event;
    out_.push_back(pending_);
  }

  int viewer_;
  int round_ = 0;
  bool in_setup_ = false;
  bool queen_seen_ = false;
  Seen pending_;
  std::array<int, 4> aces_{-1, -1, -1, -1};
  int jack_suit_ = -1;
  ls::CardMask mission_cards_ = 0;
  std::vector<Seen> out_;
};

}  // namespace

std::vector<Seen> observations(const ls::LoyalistSpiesState& state, int viewer) {
  if (viewer != kPublicViewer && (viewer < 0 || viewer >= state.num_players())) {
    throw error("observations: no seat ", viewer, " in a ", state.num_players(), "-player game");
  }
  Observer observer(viewer);
  const auto events = state.log().view();
  for (std::size_t i = 0; i < events.size(); ++i) observer.add(events[i], static_cast<int>(i));
  return observer.finish();
}

}  // namespace kibitz::replays::analysis
