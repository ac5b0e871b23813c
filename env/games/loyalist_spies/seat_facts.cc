// SeatFacts (seat_facts.h): the card facts of the tensor, each kept as the
// seat learns it from its stream.
#include "env/games/loyalist_spies/seat_facts.h"

#include "env/games/loyalist_spies/stream.h"

namespace kibitz::loyalist_spies {

SeatFacts::SeatFacts(const SeatFacts& other)
    : config_(other.config_),
      seat_(other.seat_),
      index_(other.index_),
      knowledge_(other.knowledge_),
      reader_(other.reader_),
      public_(other.public_),
      given_up_(other.given_up_),
      top_seen_(other.top_seen_),
      held_(other.held_),
      mission_card_(other.mission_card_),
      played_(other.played_),
      own_play_(other.own_play_) {
  reader_->rebind(knowledge_);
}

void SeatFacts::restart(const LoyalistSpiesGame& game, int seat) {
  config_ = &game.config();
  seat_ = seat;
  index_ = 0;
  reader_.emplace(game, seat, knowledge_, false);
  new_round();
}

void SeatFacts::new_round() {
  public_ = 0;
  given_up_ = 0;
  top_seen_ = 0;
  held_ = {};
  mission_card_ = -1;
  played_ = 0;
  own_play_ = -1;
}

void SeatFacts::read(const Observation& o) {
  const StreamReader& rules = *reader_;
  // The card on top as the seat knew it before this observation took it.
  const int known_top = rules.top_len() > 0 ? rules.known_top(0) : kHidden;
  const int rounds_before = rules.rounds_finished();
  reader_->add(index_++, o);
  const auto forget = [&](CardMask cards) {
    given_up_ &= ~cards;
    top_seen_ &= ~cards;
  };
  switch (obs_kind(o)) {
    case Obs::kKeep:
    case Obs::kKept:
      // The last keep: the seat's other dealt cards went into the deck.
      if (rules.phase() != Phase::kKeep) given_up_ = rules.own_dealt() & ~rules.own_kept();
      break;
    case Obs::kFlip: {
      const int card = o.value(1);
      public_ |= card_bit(card);
      forget(card_bit(card));
      const int rank = is_joker(card) ? 0 : rank_of(card);
      if (rank >= 2 && rank <= 10) {
        mission_card_ = card;
        played_ = 0;
        own_play_ = -1;
      }
      break;
    }
    case Obs::kAlreadyOnTop:
      for (const int card : card_list(o, 0)) {
        given_up_ &= ~card_bit(card);
        top_seen_ |= card_bit(card);
      }
      break;
    case Obs::kQueenShows:
      given_up_ &= ~card_bit(o.value(0));
      top_seen_ |= card_bit(o.value(0));
      break;
    case Obs::kFaceDown:
      // The seat saw where the card lay, so it saw it leave the top.
      if (known_top != kHidden) top_seen_ &= ~card_bit(known_top);
      break;
    case Obs::kPlay:
      played_ |= 1u << seat_;
      own_play_ = o.value(0);
      break;
    case Obs::kPlays:
      played_ |= 1u << o.value(0);
      break;
    case Obs::kReveal: {
      CardMask set = 0;
      for (const int card : card_list(o, 1)) set |= card_bit(card);
      public_ |= set;
      forget(set);
      for (CardMask& cards : held_) cards &= ~set;
      break;
    }
    case Obs::kDraw:
      forget(card_bit(o.value(0)));
      break;
    case Obs::kDraws:
      if (known_top != kHidden) {
        top_seen_ &= ~card_bit(known_top);
        held_[static_cast<std::size_t>(o.value(0))] |= card_bit(known_top);
      }
      break;
    case Obs::kLoyal:
    case Obs::kCompromised:
    case Obs::kTraitor:
      // The round's last reveal: the next round starts from nothing (the
      // end of the game keeps the last round's facts, as the table does).
      if (rules.rounds_finished() != rounds_before && rules.phase() != Phase::kTerminal) new_round();
      break;
    default:
      break;
  }
}

}  // namespace kibitz::loyalist_spies
