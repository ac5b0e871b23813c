#include "env/games/loyalist_spies/stream_tracker.h"

namespace kibitz::loyalist_spies {

void StreamTracker::new_round() {
  in_setup_ = true;
  hands_ = {};
  kept_ = {};
  top_len_ = 0;
  determiner_ = -1;
  turn_first_event_ = -1;
  flip_began_turn_ = false;
  chain_ = false;
  kings_ = 0;
  jack_suit_ = -1;
  mission_card_ = -1;
  terms_ = {};
  missions_ = 0;
  effect_draws_ = 0;
}

void StreamTracker::on_flip(int seat, int card) {
  // A flip right after a King or Joker flipped by the same determiner goes
  // on with that turn; any other flip begins one.
  flip_began_turn_ = !(chain_ && seat == determiner_);
  if (flip_began_turn_) {
    kings_ = 0;
    turn_first_event_ = event_index_;
  }
  determiner_ = seat;
  if (top_len_ > 0) --top_len_;
  chain_ = is_joker(card) || rank_of(card) == kRankKing;
  if (is_joker(card)) return;
  const int rank = rank_of(card);
  if (rank == kRankKing) {
    ++kings_;
  } else if (rank == kRankJack) {
    jack_suit_ = suit_of(card);
  } else if (rank >= 2 && rank <= 10) {
    mission_card_ = card;
    terms_ = mission_terms(rank, suit_of(card), kings_);
  }
}

void StreamTracker::add(const Observation& o) {
  const Obs kind = obs_kind(o);
  if (!is_primary(kind)) return;  // private detail of the observation before it
  ++event_index_;
  const bool setup = kind == Obs::kOwnAce || kind == Obs::kAceTo || kind == Obs::kDealt ||
                     kind == Obs::kDealtTo || kind == Obs::kKeep || kind == Obs::kKept;
  if ((kind == Obs::kOwnAce || kind == Obs::kAceTo) && !in_setup_) new_round();
  in_setup_ = setup;
  if (kind != Obs::kFlip) chain_ = false;
  // Kinds of the viewer's own moves name no seat.
  const bool own = kind == Obs::kOwnAce || kind == Obs::kDealt || kind == Obs::kKeep ||
                   kind == Obs::kQueenShows || kind == Obs::kOrder || kind == Obs::kPlay ||
                   kind == Obs::kDraw || kind == Obs::kDiscard;
  const bool names_no_seat = kind == Obs::kFaceDown || kind == Obs::kReveal;
  actor_ = own ? viewer_ : names_no_seat ? -1 : o.value(0);
  const auto a = static_cast<std::size_t>(actor_ < 0 ? 0 : actor_);
  switch (kind) {
    case Obs::kDealt:
    case Obs::kDealtTo:
      ++hands_[a];
      break;
    case Obs::kKeep:
    case Obs::kKept:
      // Once a seat has kept five, its hand is the kept cards.
      if (++kept_[a] == kKeepCount) hands_[a] = kKeepCount;
      break;
    case Obs::kFlip:
      on_flip(o.value(0), o.value(1));
      break;
    case Obs::kQueenShows:
    case Obs::kQueenShowsTo:
      ++top_len_;
      break;
    case Obs::kFaceDown:
      if (top_len_ > 0) --top_len_;
      break;
    case Obs::kPlay:
    case Obs::kPlays:
    case Obs::kDiscard:
    case Obs::kDiscards:
      --hands_[a];
      break;
    case Obs::kReveal:
      last_success_ = o.value(o.size - 1) <= terms_.covert;  // equal succeeds
      ++missions_;
      // The suit effect's draws come first: every seat draws its count.
      effect_draws_ = suit_effect(mission_suit(), last_success_, config_.hearts_discard).draws * config_.players;
      break;
    case Obs::kDraw:
    case Obs::kDraws:
      ++hands_[a];
      if (top_len_ > 0) --top_len_;
      last_draw_refill_ = effect_draws_ == 0;
      if (effect_draws_ > 0) --effect_draws_;
      break;
    case Obs::kLoyal:
    case Obs::kCompromised:
    case Obs::kTraitor:
      totals_[a] += o.value(o.size - 1);
      if (actor_ == config_.players - 1) ++rounds_finished_;
      break;
    default:
      break;
  }
}

}  // namespace kibitz::loyalist_spies
