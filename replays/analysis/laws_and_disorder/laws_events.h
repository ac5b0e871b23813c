// The laws of one Laws and Disorder game and what each did to each seat,
// read from the seats' streams (docs/laws_report.md): every law as made and
// as amended, with its sentence at each moment (law_sentence), how it left
// the table, the maker's pay, and every monies and card movement it caused,
// per seat. Every fact the report needs is public (docs/rules/
// laws_and_disorder.md "What each seat observes"), so it is read from seat
// 0's stream, through that seat's Knowledge (knowledge.h) for the laws on the
// table as amended; no hidden card is needed or read. Nothing here reads the
// true State: the analysis is a function of the streams.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "env/core/observation.h"
#include "env/games/laws_and_disorder/law.h"
#include "replays/replay_record.h"

namespace kibitz::laws_and_disorder {
class LawsAndDisorderGame;
}

namespace kibitz::replays::analysis {

// What happened to a law at one moment of the timeline.
enum class LawChangeKind {
  kMade,             // put on the table (card_in, card_out unused)
  kWhenAdded,        // the scientist added card_in (a WHEN)
  kWhenTaken,        // the scientist took card_out (its WHEN) into hand
  kVerbSwapped,      // the merchant put card_in for card_out
  kPositionSwapped,  // the priest put card_in for card_out
  kEnforced,         // the judge made it take effect now
  kDropped,          // max_laws: the oldest law left the table (seat -1)
  kDestroyed,        // the judge destroyed it
};
// "made", "WHEN added", ..., as the page and the JSON write them.
const char* change_name(LawChangeKind kind);

// One moment of a law's life.
struct LawChange {
  LawChangeKind kind = LawChangeKind::kMade;
  int turn = 0;         // the turn number (kTurn), 0 before the first turn
  int seat = -1;        // who did it: the maker, the ability's user; -1 for a drop
  int serial = 0;       // the law (L1 is the first made)
  int card_in = -1;     // a Kind value, or -1
  int card_out = -1;    // a Kind value, or -1
  laws_and_disorder::Law law;  // the law after the change (as it left, for a drop or destruction)
};

// What one law did to one seat over the game.
struct SeatLawEffect {
  int pay = 0;             // the maker's pay for the law (kLawPaid); 0 for others
  int gained = 0;          // monies from the bank (kGains)
  int lost = 0;            // monies to the bank (kLoses), gifts to nobody included
  int lost_to_nobody = 0;  // of `lost`: gifts to a position nobody held
  int given = 0;           // monies handed to another seat (kGivesMonies)
  int received = 0;        // monies handed to this seat by another
  int cards_gained = 0;    // drawn by the law (kGainsCards, as far as the deck went)
  int cards_lost = 0;      // discarded by the law (kLosesCards)
  int cards_given = 0;     // handed on by the law (kGivesCards), to nobody included
  int cards_to_nobody = 0; // of `cards_given`: to a position nobody held (discarded)
  int cards_received = 0;  // handed to this seat by the law
  int effects = 0;         // times the law took effect for this seat (kEffect)
  // The monies this seat is up (or down) by the law, the maker's pay counted.
  int net_monies() const { return pay + gained - lost - given + received; }
  // Cards in the hand because of the law, less cards out.
  int net_cards() const { return cards_gained + cards_received - cards_lost - cards_given; }
};

// How a law's life ended.
enum class LawFate { kOnTable, kDropped, kDestroyed };
const char* fate_name(LawFate fate);  // "on the table", "dropped", "destroyed"

// One law from its making to the end of the game.
struct LawHistory {
  int serial = 0;
  int maker = -1;
  int maker_position = -1;  // the Position the maker held when it made the law
  int made_turn = 0;
  laws_and_disorder::Law made;  // as made
  laws_and_disorder::Law last;  // as it last stood on the table
  LawFate fate = LawFate::kOnTable;
  int gone_turn = -1;  // the turn it was dropped or destroyed; -1 while on the table
  int amendments = 0;  // scientist, merchant and priest changes
  int enforced = 0;    // times the judge enforced it
  int no_holder = 0;   // times it took effect for nobody
  std::vector<SeatLawEffect> seats;  // per seat
};

// Everything the report reads from one game.
struct LawsGameEvents {
  std::size_t record_index = 0;
  int players = 0;
  std::vector<std::string> agents;  // per seat: the seat label (or agent spec)
  std::vector<double> returns;      // per seat; empty when unfinished
  bool finished = false;
  int turns = 0;  // the last turn number
  std::vector<int> positions;       // per seat, the Position dealt to it (-1 when not dealt)
  std::vector<int> final_monies;    // per seat (kFinal); empty when unfinished
  std::vector<int> winners;         // the seats with the most final monies; empty when unfinished
  std::vector<int> abilities;       // per seat, abilities used (2 monies each)
  std::vector<LawHistory> laws;     // by serial: laws[i].serial == i + 1
  std::vector<LawChange> timeline;  // every change of every law, in order
  // Per turn t = 1..turns, the monies of each seat as turn t began; the
  // last row is the monies at the end of what the record holds.
  std::vector<std::vector<int>> monies_by_turn;
  std::vector<int> table_by_turn;   // laws on the table as each turn began (same rows)
};

// The events of a game from every seat's stream (streams[p] is seat p's).
// Throws KibitzError when the streams do not fit together: a law serial
// that was never made, a hand-over with no gift before it, or final monies
// that the movements read do not add up to.
LawsGameEvents laws_events(const laws_and_disorder::LawsAndDisorderGame& game,
                           std::span<const SeatStream> streams);

// Whether a record is a Laws and Disorder game (by its spec's name).
bool is_laws_record(const ReplayRecord& record);

// Replays record `record_index` (checking each action) and reads its events
// from the seats' streams; agents and returns come from the record. Throws
// KibitzError naming the record when it is not a legal Laws and Disorder game.
LawsGameEvents laws_events(const ReplayRecord& record, std::size_t record_index);

// The sentence of a law (law_sentence), or of its cards so far.
std::string sentence(const laws_and_disorder::Law& law);

}  // namespace kibitz::replays::analysis
