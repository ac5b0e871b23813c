// Replaying a record's actions with each one checked before it is used: the
// one place where every reader of records (verify, and the view, export and
// report commands) learns that a record is a legal game. Naming an action
// asks the game for its text, and a game may look that text up in a table
// indexed by the action (Kuhn's card names), so an action that is not legal
// where it stands must be refused before anything names it: a record with a
// correct checksum can still hold any number.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "env/core/state.h"
#include "replays/replay_record.h"
#include "replays/verify.h"

namespace kibitz::replays {

// "chance" or "seat 2".
std::string player_name(Player player);
// The legal actions of `state` with their texts: "0 (J), 2 (K)".
std::string legal_actions_text(const State& state, const ActionList& legal);

// Called before each action is applied, once it is known to be legal: the
// state it applies to, its index in record.actions and the legal actions there.
using LegalMoveVisitor = std::function<void(const State& state, int move, const ActionList& legal)>;

// Applies record.actions to `state` (the game's initial state), each only
// after checking that the game is not over and the action is one of the legal
// ones. Returns nothing when every action was legal; otherwise the problem
// with the first one that is not, leaving `state` just before it.
std::optional<Problem> replay_legal_actions(const ReplayRecord& record, State& state,
                                            const LegalMoveVisitor& visit = {});

// What a reader calls before it shows or analyses record `record_index` of
// `source`: the game spec loads, there is one seat label and one agent spec
// per seat, and every action is legal where it was taken. Throws KibitzError
// naming the source, the record and the move, e.g. "games.kbr: record 0:
// move 1: action 7 is not legal for chance; legal: 0 (Q), 2 (K) (kibitz
// replay verify tells more)". A game that is legal but unfinished passes.
void require_legal_game(const ReplayRecord& record, const std::string& source,
                        std::size_t record_index);

}  // namespace kibitz::replays
