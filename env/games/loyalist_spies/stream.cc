// The Loyalist Spies seat stream: the declaration of its kinds (stream.h)
// and LoyalistSpiesState::seat_stream, which reads it off the event log.
#include "env/games/loyalist_spies/stream.h"

#include <array>
#include <string>
#include <vector>

#include "env/core/error.h"
#include "env/games/loyalist_spies/loyalist_spies_state.h"

namespace kibitz::loyalist_spies {

StreamSpec spies_stream_spec() {
  std::vector<std::string> names;
  for (int c = 0; c < kNumCardIndices; ++c) names.push_back(card_name(c));
  // One declaration per kind of Obs, in its order.
  return StreamSpec(
      {{"ace", "your ace is {ace:card}", "your secret ace is dealt to you"},
       {"ace_to", "{seat} gets an ace", "another seat's ace is dealt, face down"},
       {"dealt", "dealt {card:card}", "a card dealt to you"},
       {"dealt_to", "{seat} is dealt a card", "a card dealt to another seat"},
       {"keep", "you keep {card:card}", "you keep a dealt card (deal=keep5)"},
       {"kept", "{seat} keeps a card", "another seat keeps a card"},
       {"flip", "{seat} flips {card:card}", "the determiner flips the top Success card"},
       {"already_on_top", "already on top {cards:cards}",
        "your Queen: the cards an earlier Queen left on top, top first"},
       {"jack_match", "{seat} looks at {target:seat}'s ace: match",
        "a Jack: the target's ace is the Jack's suit"},
       {"jack_no_match", "{seat} looks at {target:seat}'s ace: no match",
        "a Jack: the target's suit is not the Jack's"},
       {"ace_seen", "{seat}'s ace is {ace:card}",
        "an ace you saw: your Jack's target's, or the determiner's after a match on you"},
       {"queen_shows", "queen shows {card:card}", "your Queen shows you the next deck card"},
       {"queen_shows_to", "queen shows {seat} a card", "another seat's Queen shows it a card"},
       {"order", "you order {cards:cards}", "your Queen: the new top cards, top first"},
       {"reorder", "{seat} reorders the top cards", "another seat's Queen puts the top cards back"},
       {"face_down", "a card goes face down", "a deck card goes face down onto the mission"},
       {"play", "you play {card:card}", "your card on the mission"},
       {"plays", "{seat} plays", "another seat plays a card face down"},
       {"no_play", "{seat} plays nothing", "a seat holding only Jokers (or nothing) plays none"},
       {"reveal", "mission {mission:card} revealed {set:cards} total {total:number}",
        "the mission's cards are revealed, with their total"},
       {"draw", "you draw {card:card}", "you draw a card"},
       {"draws", "{seat} draws a card", "another seat draws a card"},
       {"discard", "you discard {card:card}", "you discard a card (hearts_failure=discard)"},
       {"discards", "{seat} discards a card", "another seat discards a card, face down"},
       {"loyal", "{seat} reveals {ace:card} Loyal +{points:number}", "round end: a Loyal seat"},
       {"compromised", "{seat} reveals {ace:card} Compromised +{points:number}",
        "round end: a Compromised seat"},
       {"traitor", "{seat} reveals {ace:card} {jokers:cards} Traitor +{points:number}",
        "round end: a Traitor and the Jokers it holds"}},
      std::move(names));
}

namespace {

Observation make(Obs kind) { return Observation(static_cast<int>(kind)); }

// Replays the event log for one viewer, keeping the few facts an
// observation needs beyond its own event: the round's aces, the cards a
// Queen fixed on top, the current mission's card and set.
class StreamWriter {
 public:
  StreamWriter(int viewer, SeatStream& out) : viewer_(viewer), out_(out) {}

  void add(const Event& e) {
    const bool own = e.seat == viewer_;
    switch (e.kind) {
      case EventKind::kAce:
        if (!in_setup_) new_round();
        aces_[static_cast<std::size_t>(e.seat)] = e.card;
        push(own ? make(Obs::kOwnAce).add(e.card) : make(Obs::kAceTo).add(e.seat));
        return;
      case EventKind::kDeal:
        push(own ? make(Obs::kDealt).add(e.card) : make(Obs::kDealtTo).add(e.seat));
        return;
      case EventKind::kKeep:
        push(own ? make(Obs::kKeep).add(e.card) : make(Obs::kKept).add(e.seat));
        return;
      default:
        break;
    }
    in_setup_ = false;
    switch (e.kind) {
      case EventKind::kFlip:
        on_flip(e);
        break;
      case EventKind::kJack:
        on_jack(e);
        break;
      case EventKind::kPeek:
        top_[static_cast<std::size_t>(top_len_++)] = e.card;
        push(own ? make(Obs::kQueenShows).add(e.card) : make(Obs::kQueenShowsTo).add(e.seat));
        break;
      case EventKind::kOrder:
        on_order(e);
        break;
      case EventKind::kFaceDown:
        pop_top();
        mission_set_ |= card_bit(e.card);
        push(make(Obs::kFaceDown));
        break;
      case EventKind::kPlay:
        mission_set_ |= card_bit(e.card);
        push(own ? make(Obs::kPlay).add(e.card) : make(Obs::kPlays).add(e.seat));
        break;
      case EventKind::kNoPlay:
        push(make(Obs::kNoPlay).add(e.seat));
        break;
      case EventKind::kReveal:
        on_reveal();
        break;
      case EventKind::kDraw:
        pop_top();
        push(own ? make(Obs::kDraw).add(e.card) : make(Obs::kDraws).add(e.seat));
        break;
      case EventKind::kDiscard:
        push(own ? make(Obs::kDiscard).add(e.card) : make(Obs::kDiscards).add(e.seat));
        break;
      case EventKind::kRoundEnd:
        on_round_end(e);
        break;
      default:
        KIBITZ_CHECK(false, "unexpected event kind ", static_cast<int>(e.kind));
    }
  }

 private:
  void push(const Observation& o) { out_.push_back(o); }

  void new_round() {
    in_setup_ = true;
    aces_.fill(-1);
    top_len_ = 0;
    mission_set_ = 0;
  }

  void pop_top() {
    if (top_len_ == 0) return;
    for (int i = 1; i < top_len_; ++i) top_[static_cast<std::size_t>(i - 1)] = top_[static_cast<std::size_t>(i)];
    --top_len_;
  }

  void add_top(Observation& o) const {
    o.add(top_len_);
    for (int i = 0; i < top_len_; ++i) o.add(top_[static_cast<std::size_t>(i)]);
  }

  void on_flip(const Event& e) {
    pop_top();
    push(make(Obs::kFlip).add(e.seat).add(e.card));
    if (is_joker(e.card)) return;
    const int rank = rank_of(e.card);
    if (rank == kRankQueen && e.seat == viewer_ && top_len_ > 0) {
      // The determiner's Queen: it looks at the cards already fixed on top.
      Observation o = make(Obs::kAlreadyOnTop);
      add_top(o);
      push(o);
    } else if (rank >= 2 && rank <= 10) {
      mission_card_ = e.card;
      mission_set_ = 0;
    }
  }

  void on_jack(const Event& e) {
    const int target = e.card;
    const bool match = e.aux != 0;
    push(make(match ? Obs::kJackMatch : Obs::kJackNoMatch).add(e.seat).add(target));
    if (viewer_ == e.seat) {
      push(make(Obs::kAceSeen).add(target).add(aces_[static_cast<std::size_t>(target)]));
    } else if (viewer_ == target && match) {
      push(make(Obs::kAceSeen).add(e.seat).add(aces_[static_cast<std::size_t>(e.seat)]));
    }
  }

  void on_order(const Event& e) {
    const std::array<int, kQueenLook> old = top_;
    const auto& perm = kOrders[static_cast<std::size_t>(e.card)];
    for (int i = 0; i < top_len_; ++i) {
      top_[static_cast<std::size_t>(i)] = old[static_cast<std::size_t>(perm[static_cast<std::size_t>(i)])];
    }
    if (e.seat == viewer_) {
      Observation o = make(Obs::kOrder);
      add_top(o);
      push(o);
    } else {
      push(make(Obs::kReordered).add(e.seat));
    }
  }

  void on_reveal() {
    Observation o = make(Obs::kReveal).add(mission_card_);
    o.add(popcount(mission_set_));
    int total = 0;
    for_each_card(mission_set_, [&](int c) {
      o.add(c);
      total += card_value(c);
    });
    o.add(total);
    push(o);
    mission_set_ = 0;
  }

  void on_round_end(const Event& e) {
    const auto role = static_cast<Role>(e.card & 3);
    const int ace = aces_[static_cast<std::size_t>(e.seat)];
    if (role == Role::kTraitor) {
      const CardMask jokers = static_cast<CardMask>(e.card >> 2) << kFirstJoker;
      Observation o = make(Obs::kTraitor).add(e.seat).add(ace).add(popcount(jokers));
      for_each_card(jokers, [&](int c) { o.add(c); });
      push(o.add(e.aux));
    } else {
      push(make(role == Role::kLoyal ? Obs::kLoyal : Obs::kCompromised).add(e.seat).add(ace).add(e.aux));
    }
  }

  int viewer_;
  SeatStream& out_;
  bool in_setup_ = false;
  std::array<int, kMaxPlayers> aces_{-1, -1, -1, -1};
  std::array<int, kQueenLook> top_{};
  int top_len_ = 0;
  int mission_card_ = -1;
  CardMask mission_set_ = 0;
};

}  // namespace

void LoyalistSpiesState::seat_stream(Player seat, SeatStream& out) const {
  KIBITZ_CHECK(seat >= 0 && seat < num_players(), "bad seat ", seat);
  out.clear();
  // Reserving the longest stream once keeps a reused buffer from growing.
  out.reserve(static_cast<std::size_t>(static_cast<const LoyalistSpiesGame&>(game()).max_stream_length()));
  StreamWriter writer(seat, out);
  for (const Event& e : log_.view()) writer.add(e);
}

}  // namespace kibitz::loyalist_spies
