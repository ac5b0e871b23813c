// The short ways a person at a physical table may type an observation for
// `kibitz seat`, read against the game's own declaration of its stream
// (StreamSpec templates) and what can come next (NextObservations):
//
//  * a number picks that entry of the numbered list of what can come next
//    ("2" for the second line of `?`);
//  * a word of the template may be cut short ("P1 pl" for "P1 plays") or left
//    out ("5S JD 7S" for "dealt 5S JD 7S" while a deal is what comes next);
//  * a value that every candidate of its kind agrees on may be left out
//    (a reveal's mission card), and a card list may be typed in any order
//    (it is tried as typed, then in the game's card order).
//
// A word left out, or a value taken from the candidates, is allowed only for
// a kind that can come next; a shortened word works for any kind. Nothing
// here decides that an entry is right: each expansion is still read by the
// StreamSpec and checked by the seat's sampler, and an entry whose
// expansions lead to different observations is refused as ambiguous.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "env/core/stream_spec.h"
#include "tools/engine/next_observations.h"

namespace kibitz::tools {

// The numbered list shows at most this many candidates at the prompt.
inline constexpr std::size_t kNumberedChoices = 9;

struct Shorthand {
  // Whole texts the entry may stand for, best first (the typed card order
  // before the sorted one); empty when it stands for none.
  std::vector<std::string> texts;
  // Set when the entry fits several different observations: the first few,
  // for the message.
  std::vector<std::string> ambiguous;
  // The candidate picked by number, or null.
  const NextCandidate* picked = nullptr;
};

// What `typed` (already normalised: single spaces, trimmed) may stand for,
// in a game of `num_players` seats.
Shorthand expand_shorthand(const StreamSpec& spec, int num_players, const NextObservations& next,
                           std::string_view typed);

// One suggestion for an entry that reads as nothing: the typed words with
// each unknown word replaced by the nearest word of a template (at most two
// letters off), when that reads as an observation; else the nearest
// candidate's text when it is close; empty when nothing is near.
std::string suggest_correction(const StreamSpec& spec, int num_players, const NextObservations& next,
                               std::string_view typed);

}  // namespace kibitz::tools
