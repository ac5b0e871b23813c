#include "replays/analysis/laws_and_disorder/laws_events.h"

#include <algorithm>

#include "env/core/error.h"
#include "env/games/laws_and_disorder/knowledge.h"
#include "env/games/laws_and_disorder/laws_and_disorder_game.h"
#include "env/games/laws_and_disorder/manifest.h"
#include "env/games/laws_and_disorder/stream.h"
#include "replays/analysis/report_events_common.h"

namespace kibitz::replays::analysis {

namespace ld = laws_and_disorder;
using ld::Obs;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Reads the public facts of one stream in order. The laws on the table as
// amended come from the reading seat's Knowledge (it applies every
// amendment, priest swaps included); this reader adds what Knowledge does
// not keep: who each movement of monies or cards went to, by which law,
// and each law's life.
class LawReader {
 public:
  LawReader(const ld::LawsAndDisorderGame& game, LawsGameEvents& out)
      : knowledge_(game.config(), 0), out_(out) {
    out_.positions.assign(at(out_.players), -1);
    out_.abilities.assign(at(out_.players), 0);
  }

  void read(const Observation& o) {
    const Obs kind = ld::obs_kind(o);
    if (kind == Obs::kTurn) snapshot();
    read_before(kind, o);
    knowledge_.read(o);
    read_after(kind, o);
  }

  // After the last observation: the closing row of the monies by turn, and
  // the check that the movements read add up to the final monies.
  void finish() {
    snapshot();
    out_.turns = knowledge_.turn_number;
    if (!out_.finished) {
      out_.final_monies.clear();
      return;
    }
    const int top = *std::max_element(out_.final_monies.begin(), out_.final_monies.end());
    for (int seat = 0; seat < out_.players; ++seat) {
      if (out_.final_monies[at(seat)] == top) out_.winners.push_back(seat);
      int monies = ld::kStartingMonies - ld::kAbilityCost * out_.abilities[at(seat)];
      for (const LawHistory& law : out_.laws) monies += law.seats[at(seat)].net_monies();
      if (monies != out_.final_monies[at(seat)]) {
        throw error(ld::seat_name(seat), " ends with ", out_.final_monies[at(seat)],
                    " monies, but the pay, effects and abilities in the streams add up to ", monies);
      }
    }
  }

 private:
  LawHistory& law(int serial) {
    if (serial < 1 || at(serial) > out_.laws.size()) {
      throw error("turn ", knowledge_.turn_number, ": ", ld::law_name(serial), " was never made");
    }
    return out_.laws[at(serial - 1)];
  }
  SeatLawEffect& effect(int serial, int seat) {
    if (seat < 0 || seat >= out_.players) throw error("turn ", knowledge_.turn_number, ": no seat ", seat);
    return law(serial).seats[at(seat)];
  }

  void snapshot() {
    out_.monies_by_turn.emplace_back(knowledge_.monies.begin(), knowledge_.monies.begin() + out_.players);
    out_.table_by_turn.push_back(knowledge_.num_laws);
  }

  // What needs the table as it was: a law's maker's position, and the law
  // as it stood before it left.
  void read_before(Obs kind, const Observation& o) {
    switch (kind) {
      case Obs::kLawMade: made_position_ = knowledge_.position_of[at(o.value(0))]; return;
      case Obs::kDropped: leave(LawChangeKind::kDropped, -1, o.value(0)); return;
      case Obs::kJudgeDestroy:
        ++out_.abilities[at(o.value(0))];
        leave(LawChangeKind::kDestroyed, o.value(0), o.value(1));
        return;
      default: return;
    }
  }

  void leave(LawChangeKind how, int seat, int serial) {
    LawHistory& l = law(serial);
    l.fate = how == LawChangeKind::kDropped ? LawFate::kDropped : LawFate::kDestroyed;
    l.gone_turn = knowledge_.turn_number;
    change(how, seat, serial, -1, -1, l.last);
  }

  void change(LawChangeKind kind, int seat, int serial, int in, int out, const ld::Law& now) {
    out_.timeline.push_back({kind, knowledge_.turn_number, seat, serial, in, out, now});
  }

  // An amendment, once Knowledge has applied it: the law as it stands now.
  void amend(LawChangeKind kind, int seat, int serial, int in, int out) {
    LawHistory& l = law(serial);
    const ld::KnownLaw* known = knowledge_.find_law(serial);
    if (known == nullptr) throw error("turn ", knowledge_.turn_number, ": ", ld::law_name(serial), " is not on the table");
    l.last = known->law;
    ++l.amendments;
    ++out_.abilities[at(seat)];
    change(kind, seat, serial, in, out, l.last);
  }

  void read_after(Obs kind, const Observation& o) {
    const int v0 = o.size > 0 ? o.value(0) : 0;
    const int v1 = o.size > 1 ? o.value(1) : 0;
    const int v2 = o.size > 2 ? o.value(2) : 0;
    switch (kind) {
      case Obs::kHolds:
        if (knowledge_.turn_number == 0) out_.positions[at(v0)] = v1;
        return;
      case Obs::kLawMade: make(v0, v1); return;
      case Obs::kLawPaid: effect(v2, v0).pay += v1; return;
      case Obs::kJudgeEnforce:
        ++out_.abilities[at(v0)];
        ++law(v1).enforced;
        change(LawChangeKind::kEnforced, v0, v1, -1, -1, law(v1).last);
        return;
      case Obs::kThief:
      case Obs::kTrade: ++out_.abilities[at(v0)]; return;
      case Obs::kScientistAdd: amend(LawChangeKind::kWhenAdded, v0, v2, v1, -1); return;
      case Obs::kScientistTake: amend(LawChangeKind::kWhenTaken, v0, v2, -1, v1); return;
      case Obs::kMerchantSwap: amend(LawChangeKind::kVerbSwapped, v0, o.value(3), v1, v2); return;
      case Obs::kPriestSwap: amend(LawChangeKind::kPositionSwapped, v0, o.value(3), v1, v2); return;
      case Obs::kFinal:
        out_.finished = true;
        out_.final_monies.resize(at(out_.players));
        out_.final_monies[at(v0)] = v1;
        return;
      default: read_effect(kind, o, v0, v1, v2); return;
    }
  }

  void make(int maker, int serial) {
    if (at(serial) != out_.laws.size() + 1) {
      throw error("turn ", knowledge_.turn_number, ": ", ld::law_name(serial), " made after ",
                  out_.laws.size(), " laws");
    }
    LawHistory l;
    l.serial = serial;
    l.maker = maker;
    l.maker_position = made_position_;
    l.made_turn = knowledge_.turn_number;
    l.made = l.last = knowledge_.find_law(serial)->law;
    l.seats.assign(at(out_.players), SeatLawEffect{});
    out_.laws.push_back(l);
    change(LawChangeKind::kMade, maker, serial, -1, -1, l.made);
  }

  // Laws taking effect: each movement names its law, except the hand-over
  // of cards, which follows its law's kGivesCards, and the gift to nobody,
  // announced before the loss it causes.
  void read_effect(Obs kind, const Observation& o, int v0, int v1, int v2) {
    switch (kind) {
      case Obs::kEffect:
        ++effect(v0, v1).effects;
        gift_serial_ = nobody_receives_ = -1;
        return;
      case Obs::kNoHolder: ++law(v0).no_holder; return;
      case Obs::kGains: effect(v2, v0).gained += v1; return;
      case Obs::kLoses: {
        SeatLawEffect& e = effect(v2, v0);
        e.lost += v1;
        if (nobody_receives_ == v0) e.lost_to_nobody += v1;
        nobody_receives_ = -1;
        return;
      }
      case Obs::kGivesMonies:
        effect(o.value(3), v0).given += v1;
        effect(o.value(3), v2).received += v1;
        return;
      case Obs::kGainsCards: effect(v2, v0).cards_gained += v1; return;
      case Obs::kLosesCards: effect(v2, v0).cards_lost += v1; return;
      case Obs::kGivesCards:
        effect(v2, v0).cards_given += v1;
        gift_serial_ = v2;
        gift_cards_ = v1;
        return;
      case Obs::kNobodyReceives:
        // Cards given to nobody are discarded (no hand-over follows); monies
        // given to nobody are the kLoses that follows.
        if (gift_serial_ < 0) {
          nobody_receives_ = v0;
        } else {
          effect(gift_serial_, v0).cards_to_nobody += gift_cards_;
        }
        gift_serial_ = -1;
        return;
      case Obs::kHandOver:
      case Obs::kHandOverHidden: {
        const int to = kind == Obs::kHandOver ? o.value(2 + v1) : v2;
        if (gift_serial_ < 0) {
          throw error("turn ", knowledge_.turn_number, ": ", ld::seat_name(v0), " hands cards over with no gift");
        }
        effect(gift_serial_, to).cards_received += v1;
        gift_serial_ = -1;
        return;
      }
      default: return;
    }
  }

  ld::Knowledge knowledge_;
  LawsGameEvents& out_;
  int made_position_ = -1;
  int gift_serial_ = -1;      // the law whose cards are being given
  int gift_cards_ = 0;        // how many
  int nobody_receives_ = -1;  // the seat whose monies gift goes to nobody
};

}  // namespace

const char* change_name(LawChangeKind kind) {
  switch (kind) {
    case LawChangeKind::kMade: return "made";
    case LawChangeKind::kWhenAdded: return "WHEN added";
    case LawChangeKind::kWhenTaken: return "WHEN taken";
    case LawChangeKind::kVerbSwapped: return "verb swapped";
    case LawChangeKind::kPositionSwapped: return "position swapped";
    case LawChangeKind::kEnforced: return "enforced";
    case LawChangeKind::kDropped: return "dropped";
    case LawChangeKind::kDestroyed: return "destroyed";
  }
  return "?";
}

const char* fate_name(LawFate fate) {
  switch (fate) {
    case LawFate::kOnTable: return "on the table";
    case LawFate::kDropped: return "dropped";
    case LawFate::kDestroyed: return "destroyed";
  }
  return "?";
}

std::string sentence(const ld::Law& law) { return ld::law_sentence(law); }

LawsGameEvents laws_events(const ld::LawsAndDisorderGame& game, std::span<const SeatStream> streams) {
  if (static_cast<int>(streams.size()) != game.num_players()) {
    throw error("laws events: ", streams.size(), " streams for ", game.num_players(), " seats");
  }
  LawsGameEvents out;
  out.players = game.num_players();
  // Every fact read is public: seat 0's stream holds them all.
  LawReader reader(game, out);
  for (const Observation& o : streams[0]) reader.read(o);
  reader.finish();
  return out;
}

bool is_laws_record(const ReplayRecord& record) { return is_record_of(record, laws_and_disorder::kGameName); }

LawsGameEvents laws_events(const ReplayRecord& record, std::size_t record_index) {
  return record_events<ld::LawsAndDisorderGame>(
      record, record_index, "not a Laws and Disorder game",
      [](const ld::LawsAndDisorderGame& game, std::span<const SeatStream> streams) {
        return laws_events(game, streams);
      });
}

}  // namespace kibitz::replays::analysis
