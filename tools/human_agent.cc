#include "tools/human_agent.h"

#include <cctype>
#include <optional>

#include "env/core/error.h"

namespace kibitz::tools {

void HumanAgent::print_choices(const SeatView& view) {
  out_ << "  legal:";
  for (const Action action : view.legal_actions()) {
    out_ << "  " << action << "=" << view.action_to_string(action);
  }
  out_ << "\n";
}

void HumanAgent::print_help(const SeatView& view) {
  print_choices(view);
  out_ << "  type an action's text (any case) or its number; other commands:\n"
       << "    help, ?  this list\n"
       << "    quit     end the game here (games already finished are kept)\n";
}

std::optional<Action> HumanAgent::read_action(const SeatView& view, const std::string& text) {
  if (const std::optional<Action> action = match_action_text(view, text)) return action;
  try {
    // The action's number, or another spelling the game reads itself.
    return view.string_to_action(text);
  } catch (const KibitzError& e) {
    out_ << "  " << e.what() << " (type help for the commands)\n";
    return std::nullopt;
  }
}

Action HumanAgent::act(const SeatView& view) {
  out_ << "\nseat " << view.seat() << " (you) to act\n";
  screen_.show_view(out_, view.information_state_string(), view.observation_string());
  print_choices(view);
  while (true) {
    out_ << "action> " << std::flush;
    const std::optional<std::string> line = in_.read_line();
    if (!line) {
      out_ << "\n";
      throw InputClosed();
    }
    if (echo_input_) out_ << *line << "\n";
    const std::string text = normalize_typing(*line);
    if (text.empty()) {
      print_choices(view);
      continue;
    }
    std::string command = text;
    for (char& c : command) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (command == "help" || command == "?") {
      print_help(view);
    } else if (command == "quit") {
      throw QuitRequested();
    } else if (const std::optional<Action> action = read_action(view, text)) {
      return *action;
    }
  }
}

}  // namespace kibitz::tools
