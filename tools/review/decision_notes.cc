#include "tools/review/decision_notes.h"

#include <string_view>
#include <vector>

#include "env/core/error.h"
#include "env/core/registry.h"
#include "env/games/loyalist_spies/cards.h"
#include "replays/analysis/adulting/adulting_events.h"
#include "replays/analysis/bluffs.h"
#include "replays/analysis/spies_timeline.h"
#include "tools/review/review_output.h"

namespace kibitz::tools {
namespace {

namespace analysis = replays::analysis;

// One move of the reviewed seat: its index in the record and its text.
struct SeatMove {
  int move = 0;
  std::string text;
};

// The seat's moves whose text starts with `prefix` ("play ", "claim "), in
// order.
std::vector<SeatMove> moves_starting(const std::vector<SeatMove>& moves, std::string_view prefix) {
  std::vector<SeatMove> out;
  for (const SeatMove& m : moves) {
    if (std::string_view(m.text).starts_with(prefix)) out.push_back(m);
  }
  return out;
}

std::vector<SeatMove> seat_moves(const replays::ReplayRecord& record, Player seat) {
  const auto game = load_game(record.game);
  auto state = game->new_initial_state();
  std::vector<SeatMove> moves;
  for (std::size_t m = 0; m < record.actions.size(); ++m) {
    const Action action = record.actions[m];
    if (state->current_player() == seat) {
      moves.push_back({static_cast<int>(m), state->action_to_string(seat, action)});
    }
    state->apply_action(action);
  }
  return moves;
}

std::string fixed(double value, const char* pattern = "%.2f") { return format_number(value, pattern); }

std::string seats_list(const std::vector<int>& seats) {
  std::string out;
  for (int s : seats) out += (out.empty() ? "P" : ", P") + std::to_string(s);
  return out;
}

DecisionNote spies_note(const analysis::PlayVerdict& v) {
  DecisionNote note;
  note.kind = v.bluff ? "bluff" : "play";
  note.flagged = v.bluff;
  note.text = loyalist_spies::card_name(v.card) + (v.traitor ? " as a Traitor: " : " as a Loyalist: ") +
              analysis::place_name(v.place) + " card, " +
              (v.fit == analysis::RoleFit::kMatched   ? "fits the role"
               : v.fit == analysis::RoleFit::kAgainst ? "against the role"
                                                      : "neither for nor against the role");
  if (v.known) {
    note.text += "; public P(Traitor) " + fixed(v.before) + " -> " + fixed(v.after);
  }
  if (v.effect_known) {
    note.text += "; " + fixed(v.effect, "%+.3f") + " +- " + fixed(v.effect_error, "%.3f") +
                 " against the honest " + loyalist_spies::card_name(v.honest_card);
  }
  if (v.bluff) {
    note.text += ": a bluff";
    if (!v.fooled.empty()) note.text += " (fooled " + seats_list(v.fooled) + ")";
  }
  return note;
}

// Pairs the seat's moves of one kind with its events of that kind, in
// order, when they line up (same count, and `same` agrees on each pair).
template <class Event, class Same, class Note>
void add_in_order(const std::vector<SeatMove>& moves, const std::vector<const Event*>& events,
                  Same same, Note make_note, std::map<int, DecisionNote>& notes) {
  if (moves.size() != events.size()) return;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (!same(moves[i].text, *events[i])) return;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) notes[moves[i].move] = make_note(*events[i]);
}

void add_spies_notes(const analysis::GameAnalysis& analysis, Player seat,
                     const std::vector<SeatMove>& moves, std::map<int, DecisionNote>& notes) {
  std::vector<const analysis::PlayVerdict*> plays;
  for (const analysis::PlayVerdict& v : analysis.verdicts) {
    if (v.seat == seat && v.card >= 0) plays.push_back(&v);
  }
  add_in_order(moves_starting(moves, "play "), plays,
               [](const std::string& text, const analysis::PlayVerdict& v) {
                 return text == "play " + loyalist_spies::card_name(v.card);
               },
               spies_note, notes);
}

DecisionNote claim_note(const analysis::AdultingClaim& c) {
  DecisionNote note{"claim", "", c.lie()};
  note.text = std::string("claim ") + (c.claim_adult ? "adult" : "child") + ", truth " +
              (c.truth_adult ? "adult" : "child") + (c.lie() ? ": a lie" : ": the truth");
  if (c.claim_adult) {
    note.text += "; votes " + std::to_string(c.ups) + " up, " + std::to_string(c.downs) + " down: " +
                 (c.stands ? "it stood" : "voted down");
    if (c.won_card) note.text += "; took the card";
    if (c.successful_bluff()) note.text += ": a successful bluff";
  }
  return note;
}

DecisionNote bid_note(const analysis::AdultingBid& b) {
  DecisionNote note{"bid", "", b.overbid()};
  note.text = "bid " + std::to_string(b.bid) + " for a card worth " + std::to_string(b.value) +
              " to you (you held " + std::to_string(b.monies) + ")";
  if (b.overbid()) note.text += ": an overbid by " + std::to_string(b.bid - b.value);
  if (b.underbid()) note.text += ": " + std::to_string(b.value - b.bid) + " under its worth";
  if (b.won) note.text += "; won it";
  if (b.refund > 0) note.text += "; refunded " + std::to_string(b.refund) + " (a tie)";
  return note;
}

DecisionNote declaration_note(const analysis::AdultingDeclaration& d) {
  DecisionNote note{"declaration", "", d.inflated()};
  note.text = "declared " + std::to_string(d.declared);
  note.text += d.measured >= 0 ? ", measured " + std::to_string(d.measured) : ", never measured";
  if (d.inflated()) note.text += ": inflated";
  if (d.prosecutor >= 0) {
    note.text += "; sued by P" + std::to_string(d.prosecutor) + ": " + analysis::verdict_name(d.verdict);
  }
  return note;
}

void add_adulting_notes(const analysis::AdultingGameEvents& events, Player seat,
                        const std::vector<SeatMove>& moves, std::map<int, DecisionNote>& notes) {
  std::vector<const analysis::AdultingClaim*> claims;
  for (const auto& c : events.claims) {
    if (c.seat == seat) claims.push_back(&c);
  }
  add_in_order(moves_starting(moves, "claim "), claims,
               [](const std::string& text, const analysis::AdultingClaim& c) {
                 return text == (c.claim_adult ? "claim adult" : "claim child");
               },
               claim_note, notes);
  std::vector<const analysis::AdultingBid*> bids;
  for (const auto& auction : events.auctions) {
    for (const auto& b : auction.bids) {
      if (b.seat == seat) bids.push_back(&b);
    }
  }
  add_in_order(moves_starting(moves, "bid "), bids,
               [](const std::string& text, const analysis::AdultingBid& b) {
                 return text == "bid " + std::to_string(b.bid);
               },
               bid_note, notes);
  std::vector<const analysis::AdultingDeclaration*> declarations;
  for (const auto& d : events.declarations) {
    if (d.seat == seat) declarations.push_back(&d);
  }
  add_in_order(moves_starting(moves, "declare "), declarations,
               [](const std::string& text, const analysis::AdultingDeclaration& d) {
                 return text == "declare " + std::to_string(d.declared);
               },
               declaration_note, notes);
}

}  // namespace

std::map<int, DecisionNote> decision_notes(const replays::ReplayRecord& record,
                                           std::size_t record_index, Player seat,
                                           const analysis::ReportOptions& options) {
  std::map<int, DecisionNote> notes;
  const std::vector<SeatMove> moves = seat_moves(record, seat);
  if (analysis::is_adulting_record(record)) {
    add_adulting_notes(analysis::adulting_events(record, record_index), seat, moves, notes);
    return notes;
  }
  const analysis::GameAnalysis game = analysis::analyze_game(record, record_index, options, false);
  if (game.spies) add_spies_notes(game, seat, moves, notes);
  return notes;
}

void attach_notes(std::vector<DecisionReview>& decisions, const std::map<int, DecisionNote>& notes) {
  for (DecisionReview& d : decisions) {
    const auto found = notes.find(d.move);
    if (found != notes.end()) d.note = found->second;
  }
}

}  // namespace kibitz::tools
