#include "replays/analysis/spies_observations.h"

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"
#include "env/games/loyalist_spies/stream.h"
#include "env/games/loyalist_spies/stream_tracker.h"

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
// set-up into one point. `tracker` has already taken in each observation.
class Observer {
 public:
  // `public_only`: read the stream as the public observer, dropping the
  // reading seat's private facts.
  explicit Observer(bool public_only) : public_only_(public_only) {}

  void add(const Observation& o, const ls::StreamTracker& tracker) {
    const ls::Obs kind = ls::obs_kind(o);
    if (!ls::is_primary(kind)) {
      // The ace a Jack showed the viewer belongs to the Jack's point.
      if (kind == ls::Obs::kAceSeen && !public_only_ && !out_.empty()) {
        out_.back().seen_ace_seat = o.value(0);
        out_.back().seen_ace = o.value(1);
      }
      return;
    }
    const int index = tracker.event_index();
    const bool own = tracker.actor() == tracker.viewer() && !public_only_;
    if (is_setup(kind)) {
      on_setup(kind, o, tracker, own);
      return;
    }
    if (in_setup_) start_round(index - 1);
    Seen s;
    s.event = index;
    s.round = round_;
    // Face-down cards and reveals belong to the determiner's mission.
    s.seat = tracker.actor() >= 0 ? tracker.actor() : tracker.determiner();
    switch (kind) {
      case ls::Obs::kFlip:
        s.kind = SeenKind::kFlip;
        s.card = o.value(1);
        break;
      case ls::Obs::kJackMatch:
      case ls::Obs::kJackNoMatch:
        s.kind = SeenKind::kJack;
        s.target = o.value(1);
        s.jack_suit = tracker.jack_suit();
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
        s.count = tracker.hand_size(s.seat);
        break;
      case ls::Obs::kReveal:
        s.kind = SeenKind::kReveal;
        for (const int c : ls::card_list(o, 1)) s.cards |= ls::card_bit(c);
        s.match = tracker.last_success();
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
  void on_setup(ls::Obs kind, const Observation& o, const ls::StreamTracker& tracker, bool own) {
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
        ++pending_.dealt[static_cast<std::size_t>(tracker.actor())];
        if (own) pending_.own_dealt |= ls::card_bit(o.value(0));
        break;
      case ls::Obs::kKeep:
        if (own) pending_.own_kept |= ls::card_bit(o.value(0));
        break;
      default:
        break;
    }
    pending_.event = tracker.event_index();
  }

  void start_round(int last_setup_event) {
    in_setup_ = false;
    pending_.event = last_setup_event;
    out_.push_back(pending_);
  }

  bool public_only_;
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
  const SeatStream stream = public_only ? state.public_stream() : state.seat_stream(viewer);
  ls::StreamTracker tracker(state.config(), public_only ? kSpectator : viewer);
  Observer observer(public_only);
  for (const Observation& o : stream) {
    tracker.add(o);
    observer.add(o, tracker);
  }
  return observer.finish();
}

}  // namespace kibitz::replays::analysis
