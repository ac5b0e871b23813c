// What a person at the terminal is shown of their seat, and how their typing
// is read. A seat's information state is a transcript that grows all game
// (a 4-round Loyalist Spies game ends with dozens of lines), so reprinting it
// at every turn buries the news: a SeatScreen prints only the lines that
// changed since the seat last looked, then the observation as a compact
// standing summary (hand, totals, what is on the table). Everything shown
// comes from the seat's own texts, never the true state.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "env/core/seat_view.h"
#include "env/core/types.h"
#include "tools/line_input.h"

namespace kibitz::tools {

// Thrown when the person types `quit`: the game under way is abandoned and
// the finished games are kept.
class QuitRequested : public std::exception {
 public:
  const char* what() const noexcept override { return "quit requested"; }
};

// The lines of `now` from the first one that differs from `before` on: what
// is new in a transcript that grows by appending (its last line may have been
// extended). Empty when nothing changed; all of `now` when `before` is empty
// or shares no whole line with it.
std::string changed_lines(std::string_view before, std::string_view now);

// Writes "INDENT LABEL TEXT" for one line of text, or the label (its
// trailing spaces, there to align one-line texts, dropped) and then every
// line indented two more under it for several.
void print_labelled(std::ostream& out, std::string_view label, std::string_view text,
                    std::string_view indent = "  ");

// What one seat has been shown of its information state during a game.
class SeatScreen {
 public:
  // Forgets what was shown: the next view is printed whole (a new game).
  void clear() { shown_.clear(); }

  // Prints what is new in `information_state` since the last call ("you
  // know:" the first time, then "since your last turn:"), nothing when
  // nothing is, and remembers it.
  void show_news(std::ostream& out, const std::string& information_state);

  // show_news, then `observation` ("you see:") unless it equals the
  // information state.
  void show_view(std::ostream& out, const std::string& information_state,
                 const std::string& observation);

 private:
  std::string shown_;
};

// `text` with spaces trimmed at both ends and every run of white space
// inside made one space: what a person meant, however they spaced it.
std::string normalize_typing(std::string_view text);

// The legal action whose text equals `typed` ignoring case and spacing, if
// exactly one does (an exact match wins over others that differ in case).
std::optional<Action> match_action_text(const SeatView& view, std::string_view typed);

// Between two people at one terminal (hot seat): hides what is on the screen
// (the ANSI clear when `terminal`, else a separator line, as a transcript
// cannot be cleared) and waits for Enter before `next_seat` is shown
// anything. With `echo` the line read is written back. Throws InputClosed at
// the end of input and QuitRequested for `quit`.
void hand_over(std::ostream& out, LineInput& in, std::string_view next_seat, bool terminal,
               bool echo);

}  // namespace kibitz::tools
