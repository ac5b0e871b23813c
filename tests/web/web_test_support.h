// Helpers for the web table tests: reading the JSON messages a subscription
// received, and playing a person's seat by text from those messages alone.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "env/core/json.h"
#include "env/core/observation.h"
#include "env/core/rng.h"
#include "env/core/state.h"
#include "env/core/stream_spec.h"
#include "web/subscription.h"
#include "web/table.h"

namespace kibitz::web::testing {

// What one listener has received so far, decoded.
struct Heard {
  std::vector<std::string> types;       // every message's "type", in order
  SeatStream observations;              // every observation, in order
  std::vector<std::string> texts;       // their "text" forms
  std::vector<std::string> notes;       // their "notes", as JSON text ("" for null or none)
  bool contiguous = true;               // each "from" continued the last
  bool to_act = false;                  // the last turn message's
  std::vector<std::string> legal;       // the last turn message's
  bool over = false;                    // a game_over arrived
  std::vector<std::vector<Observation>> end_streams;  // game_over's "streams"
  SeatStream end_public;                // game_over's "public"
  std::vector<double> returns;
};

// Takes the subscription's new messages and adds them to `heard`.
void listen(Subscription& subscription, const StreamSpec& spec, Heard& heard);

// The state the record's actions lead to, replayed from the start.
std::unique_ptr<State> replay_state(const Table& table);

// Plays every person seat of `table` with random legal texts (drawn from
// `rng`), listening through `seats` (one per seat; null for agents), until
// the game ends or `timeout` passes; returns whether it ended.
bool play_people(Table& table, std::vector<std::shared_ptr<Subscription>>& seats,
                 std::vector<Heard>& heard, Rng& rng, std::chrono::milliseconds timeout);

}  // namespace kibitz::web::testing
