// A seat's side of "review this game" (web/seat_reviews.h) on the wire, for
// the tests of the server in this process and of `kibitz serve` as a
// process: play the seat to the end, ask for its review, read what comes.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "env/core/rng.h"
#include "tests/web/server_client.h"

namespace kibitz::web::testing {

struct PlayedSeat {
  int acts = 0;                 // actions the seat sent (each accepted: none was refused)
  std::vector<std::string> played;  // their texts
  bool offered = false;         // a review_offer arrived
  bool over = false;            // a game_over arrived
  int refused = 0;
};

// Reads `client` until game_over (or the connection ends), playing a random
// legal action whenever the seat is to act.
PlayedSeat play_seat_to_end(WsClient& client, Rng& rng);

// {"type":"review","seat":S}
std::string review_request(int seat);

struct HeardReview {
  std::vector<std::pair<int, int>> progress;  // (done, total) in order
  std::string review;                         // the "review" object's JSON text
  std::string error;                          // a review_error's reason
  std::vector<std::string> other;             // any other message's type
};

// Reads `client` until a review or a review_error arrives (or the
// connection ends).
HeardReview await_review(WsClient& client);

}  // namespace kibitz::web::testing
