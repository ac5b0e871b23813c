#include "tools/human_agent.h"

#include <cctype>

namespace kibitz::tools {
namespace {

std::string trim(const std::string& s) {
  std::size_t begin = 0;
  std::size_t end = s.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) --end;
  return s.substr(begin, end - begin);
}

}  // namespace

void HumanAgent::print_choices(const SeatView& view) {
  out_ << "  legal:";
  for (const Action action : view.legal_actions()) {
    out_ << "  " << action << "=" << view.action_to_string(action);
  }
  out_ << "\n";
}

Action HumanAgent::act(const SeatView& view) {
  out_ << "\nseat " << view.seat() << " (you) to act\n"
       << "  you know: " << view.information_state_string() << "\n";
  const std::string observation = view.observation_string();
  if (observation != view.information_state_string()) out_ << "  you see:  " << observation << "\n";
  print_choices(view);
  std::string line;
  while (true) {
    out_ << "action> " << std::flush;
    if (!std::getline(in_, line)) {
      out_ << "\n";
      throw InputClosed();
    }
    if (echo_input_) out_ << line << "\n";
    const std::string text = trim(line);
    if (text.empty()) {
      print_choices(view);
      continue;
    }
    try {
      return view.string_to_action(text);  // the action's text or its number
    } catch (const KibitzError& e) {
      out_ << "  " << e.what() << "\n";
    }
  }
}

}  // namespace kibitz::tools
