// HumanAgent: a person at the terminal playing one seat. Like every agent it
// is handed only a SeatView, so it can show the person nothing beyond what
// the seat may know: its information state, its observation and the legal
// actions. It reads the choice as the action's text or number and asks again
// on anything else.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "agents/agent.h"
#include "env/core/error.h"

namespace kibitz::tools {

// Thrown when the input ends before the person chose an action: the game
// cannot go on, and the command says so instead of inventing a move.
class InputClosed : public KibitzError {
 public:
  InputClosed() : KibitzError("input closed before the game ended") {}
};

class HumanAgent : public Agent {
 public:
  // `in` and `out` must outlive the agent. With `echo_input` each line read
  // is written back after the prompt, so a transcript of scripted input (not
  // typed at a terminal, which echoes itself) reads like a session.
  HumanAgent(std::istream& in, std::ostream& out, bool echo_input = false)
      : in_(in), out_(out), echo_input_(echo_input) {}

  std::string spec() const override { return "human"; }
  // Prompts until a legal action is typed; throws InputClosed at end of input.
  Action act(const SeatView& view) override;

 private:
  void print_choices(const SeatView& view);

  std::istream& in_;
  std::ostream& out_;
  bool echo_input_;
};

}  // namespace kibitz::tools
