// ReplayRecord: everything kept about one finished game (DESIGN "Replays").
// A game is its spec plus its action list (chance outcomes included), so a
// record replays without any random generator; the rest is what the seats
// were, what the agents thought, the outcome and when it was played.
//
// The file format (framing, versioning) is in docs/replays.md; the stored
// form of a record is cereal portable binary (replays/record_codec.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/match/answer_rules.h"
#include "env/core/types.h"

namespace kibitz::replays {

// The version of the record layout and its framing. Stored in every frame and
// checked on read: a reader refuses a version it does not know rather than
// misreading it. Bump it whenever the stored fields change. Version 2 added
// the forfeit; version 1 records are still read (as games nobody forfeited).
inline constexpr std::uint32_t kReplayFormatVersion = 2;
inline constexpr std::uint32_t kOldestReplayFormatVersion = 1;

// What the acting agent reported about one decision.
struct Annotation {
  int move = 0;  // index into ReplayRecord::actions of the action it chose
  DecisionInfo decision;

  // Field by field (DecisionInfo, an agent type, has no comparison of its own).
  bool operator==(const Annotation& other) const;
};

// One game, start to end.
struct ReplayRecord {
  std::string game;  // canonical spec with every parameter, e.g. "kuhn_poker(players=2)"
  // The seed the game was played from: `kibitz play`'s --seed, or for an
  // arena game its deal's own seed (see docs/replays.md); with the producing
  // command it reproduces the game.
  std::uint64_t seed = 0;
  std::vector<std::string> seat_labels;  // as given for each seat, e.g. "human", "random"
  std::vector<std::string> agent_specs;  // what each seat's agent reported as its spec
  std::vector<Action> actions;           // the full history, chance outcomes included
  std::vector<Annotation> annotations;   // ascending by move, at most one per move
  std::vector<double> returns;           // per seat, at the end
  // A seat that answered badly under `--on-bad-answer forfeit`: the game
  // stopped after `actions`, with that seat to act, and `returns` are
  // forfeit_returns there (agents/match/answer_rules.h). None by default.
  Forfeit forfeit;
  // When the game started, ISO-8601 UTC ("2025-01-31T12:00:00.123Z"; empty
  // when unknown), and how long it took. Wall-clock facts: they differ
  // between two runs of the same seed, so nothing that must be deterministic
  // (equality of games, signatures) may look at them.
  std::string start_time;
  double duration_seconds = 0.0;

  bool operator==(const ReplayRecord&) const = default;
};

// Equality of everything the game was (spec, seed, seats, moves,
// annotations, returns), ignoring start_time and duration_seconds.
bool same_game(const ReplayRecord& a, const ReplayRecord& b);

// The annotation of `move`, or nullptr when the record has none.
const Annotation* find_annotation(const ReplayRecord& record, int move);

}  // namespace kibitz::replays
