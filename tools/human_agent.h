// HumanAgent: a person at the terminal playing one seat. Like every agent it
// is handed only a SeatView, so it can show the person nothing beyond what
// the seat may know: what is new in its information state since its last
// turn, its observation and the legal actions. It reads the choice as the
// action's text (any case, any spacing) or number, answers `help` and `?`,
// ends the game on `quit`, and asks again on anything else.
#pragma once

#include <ostream>
#include <string>

#include "agents/agent.h"
#include "tools/line_input.h"
#include "tools/seat_screen.h"

namespace kibitz::tools {

class HumanAgent : public Agent {
 public:
  // `in` and `out` must outlive the agent. With `echo_input` each line read
  // is written back after the prompt, so a transcript of scripted input (not
  // typed at a terminal, which echoes itself) reads like a session.
  HumanAgent(LineInput& in, std::ostream& out, bool echo_input = false)
      : in_(in), out_(out), echo_input_(echo_input) {}

  std::string spec() const override { return "human"; }
  void new_game(Player) override { screen_.clear(); }
  // Prompts until a legal action is typed. Throws InputClosed at the end of
  // input, QuitRequested on `quit`, and Interrupted from `in`.
  Action act(const SeatView& view) override;

  // What this seat has been shown this game; the table shows the seat's
  // last news through it when the game ends.
  SeatScreen& screen() { return screen_; }

 private:
  void print_choices(const SeatView& view);
  void print_help(const SeatView& view);
  // The action `text` names, or nullopt after saying why it names none.
  std::optional<Action> read_action(const SeatView& view, const std::string& text);

  LineInput& in_;
  std::ostream& out_;
  bool echo_input_;
  SeatScreen screen_;
};

}  // namespace kibitz::tools
