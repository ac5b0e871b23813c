#include "replays/analysis/spies_observations.h"

#include <memory>

#include "env/core/error.h"
#include "env/games/loyalist_spies/knowledge_reader.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"

namespace kibitz::replays::analysis {

namespace ls = loyalist_spies;

namespace {

bool is_setup(ls::Obs kind) {
  return kind == ls::Obs::kOwnAce || kind == ls::Obs::kAceTo || kind == ls::Obs::kDealt ||
         kind == ls::Obs::kDealtTo || kind == ls::Obs::kKeep || kind == ls::Obs::kKept;
}

bool is_queen(ls::Obs kind) {
  return kind == ls::Obs::kQueenShows || kind == ls::Obs::kQueenShowsTo || kind == ls::Obs::kOrder ||
         kind == ls::Obs::kReordered;
}

// Reads a seat's stream observation by observation, gathering each round's
// set-up into one point. `rules`, the stream's reader, has already read each
// observation: it says which event it described, who acted and what the
// rules derive (hand sizes, a reveal's success, the Jack's suit).
class Observer {
 public:
  // `viewer`: the seat whose stream it is, or kSpectator for the public one
  // (which holds nothing private: no own move, no ace seen).
  explicit Observer(int viewer) : viewer_(viewer) {}

  void add(const Observation& o, const ls::StreamReader& rules) {
    const ls::Obs kind = ls::obs_kind(o);
    if (!ls::is_primary(kind)) {
      // The ace a Jack showed the viewer belongs to the Jack's point.
      if (kind == ls::Obs::kAceSeen && !out_.empty()) {
        out_.back().seen_ace_seat = o.value(0);
        out_.back().seen_ace = o.value(1);
      }
      return;
    }
    const int index = rules.last_event_index();
    // The event's seat: the mover, or for face-down cards and reveals the
    // determiner whose mission they belong to.
    const int actor = rules.last_event().seat;
    const bool own = actor == viewer_;
    if (is_setup(kind)) {
      on_setup(kind, o, index, actor, own);
      return;
    }
    if (in_setup_) start_round(index - 1);
    Seen s;
    s.event = index;
    s.round = round_;
    s.seat = actor;
    switch (kind) {
      case ls::Obs::kFlip:
        s.kind = SeenKind::kFlip;
        s.card = o.value(1);
        break;
      case ls::Obs::kJackMatch:
      case ls::Obs::kJackNoMatch:
        s.kind = SeenKind::kJack;
        s.target = o.value(1);
        s.jack_suit = rules.look_suit();
        s.match = kind == ls::Obs::kJackMatch;
        break;
      case ls::Obs::kFaceDown:
        s.kind = SeenKind::kFaceDown;
        break;
      case ls::Obs::kPlay:
      case ls::Obs::kPlays:
        s.kind = SeenKind::kPlay;
        if (own) s.card = o.value(0);
        break;
      case ls::Obs::kNoPlay:
        s.kind = SeenKind::kNoPlay;
        s.count = rules.hand_size(s.seat);
        break;
      case ls::Obs::kReveal:
        s.kind = SeenKind::kReveal;
        for (const int c : ls::card_list(o, 1)) s.cards |= ls::card_bit(c);
        s.match = rules.last_event().card != 0;
        break;
      case ls::Obs::kDraw:
      case ls::Obs::kDraws:
        s.kind = SeenKind::kDraw;
        if (own) s.card = o.value(0);
        break;
      case ls::Obs::kDiscard:
      case ls::Obs::kDiscards:
        s.kind = SeenKind::kDiscard;
        if (own) s.card = o.value(0);
        break;
      case ls::Obs::kLoyal:
      case ls::Obs::kCompromised:
      case ls::Obs::kTraitor:
        // One per seat; the viewer learns everything at the first.
        if (s.seat != 0) return;
        s.kind = SeenKind::kRoundEnd;
        s.seat = -1;
        ++round_;
        break;
      default:
        // One Queen turn shows several peeks and an order; the viewer who is
        // not the determiner learns only that it happened.
        KIBITZ_CHECK(is_queen(kind), "unexpected observation kind ", int{o.kind});
        if (queen_seen_) return;
        queen_seen_ = true;
        s.kind = SeenKind::kQueen;
        break;
    }
    if (!is_queen(kind)) queen_seen_ = false;
    out_.push_back(s);
  }

  std::vector<Seen> finish() { return std::move(out_); }

 private:
  void on_setup(ls::Obs kind, const Observation& o, int index, int actor, bool own) {
    if (!in_setup_) {
      in_setup_ = true;
      pending_ = Seen{};
      pending_.kind = SeenKind::kRoundStart;
      pending_.round = round_;
    }
    switch (kind) {
      case ls::Obs::kOwnAce:
        if (own) pending_.own_ace = o.value(0);
        break;
      case ls::Obs::kDealt:
      case ls::Obs::kDealtTo:
        ++pending_.dealt[static_cast<std::size_t>(actor)];
        if (own) pending_.own_dealt |= ls::card_bit(o.value(0));
        break;
      case ls::Obs::kKeep:
        if (own) pending_.own_kept |= ls::card_bit(o.value(0));
        break;
      default:
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
  std::vector<Seen> out_;
};

}  // namespace

std::vector<Seen> observations(const ls::LoyalistSpiesState& state, int viewer) {
  if (viewer != kPublicViewer && (viewer < 0 || viewer >= state.num_players())) {
    throw error("observations: no seat ", viewer, " in a ", state.num_players(), "-player game");
  }
  // The public observer reads the spectator's stream (State::public_stream):
  // what the whole table is shown, and nothing private.
  const bool public_only = viewer == kPublicViewer;
  const int reader_seat = public_only ? kSpectator : viewer;
  const SeatStream stream = state.seat_stream(reader_seat);
  const auto knowledge = std::make_unique<ls::SpiesKnowledge>();  // large: kept off the stack
  ls::StreamReader rules(static_cast<const ls::LoyalistSpiesGame&>(state.game()), reader_seat, *knowledge, false);
  Observer observer(reader_seat);
  for (std::size_t i = 0; i < stream.size(); ++i) {
    rules.add(static_cast<int>(i), stream[i]);
    observer.add(stream[i], rules);
  }
  return observer.finish();
}

}  // namespace kibitz::replays::analysis
