#include "tools/seat_screen.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace kibitz::tools {
namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string changed_lines(std::string_view before, std::string_view now) {
  if (before == now) return "";
  const auto at = std::mismatch(now.begin(), now.end(), before.begin(), before.end()).first;
  const auto differs = static_cast<std::size_t>(at - now.begin());
  // Back to the start of the line the difference is on, so a line that grew
  // is shown whole.
  if (differs == 0) return std::string(now);
  const std::size_t newline = now.rfind('\n', differs - 1);
  return std::string(now.substr(newline == std::string_view::npos ? 0 : newline + 1));
}

void print_labelled(std::ostream& out, std::string_view label, std::string_view text,
                    std::string_view indent) {
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  if (text.find('\n') == std::string_view::npos) {
    out << indent << label << " " << text << "\n";
    return;
  }
  while (!label.empty() && label.back() == ' ') label.remove_suffix(1);
  out << indent << label << "\n";
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    out << indent << "  " << text.substr(0, end) << "\n";
    text.remove_prefix(std::min(end + 1, text.size()));
  }
}

void SeatScreen::show_news(std::ostream& out, const std::string& information_state) {
  const bool first = shown_.empty();
  const std::string news = changed_lines(shown_, information_state);
  if (!news.empty()) print_labelled(out, first ? "you know:" : "since your last turn:", news);
  shown_ = information_state;
}

void SeatScreen::show_view(std::ostream& out, const std::string& information_state,
                           const std::string& observation) {
  show_news(out, information_state);
  if (observation != information_state) print_labelled(out, "you see: ", observation);
}

std::string normalize_typing(std::string_view text) {
  std::string out;
  bool space = false;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::optional<Action> match_action_text(const SeatView& view, std::string_view typed) {
  const std::string wanted = lowercase(normalize_typing(typed));
  std::optional<Action> found;
  int matches = 0;
  for (const Action action : view.legal_actions()) {
    const std::string text = view.action_to_string(action);
    if (text == typed) return action;
    if (lowercase(normalize_typing(text)) == wanted) {
      found = action;
      ++matches;
    }
  }
  if (matches == 1) return found;
  return std::nullopt;
}

void hand_over(std::ostream& out, LineInput& in, std::string_view next_seat, bool terminal,
               bool echo) {
  if (terminal) {
    out << "\x1b[H\x1b[2J\x1b[3J";  // home, clear the screen and its scrollback
  } else {
    out << "\n" << std::string(72, '=') << "\n";
  }
  out << "pass to " << next_seat << ", then press Enter> " << std::flush;
  const std::optional<std::string> line = in.read_line();
  if (!line) {
    out << "\n";
    throw InputClosed();
  }
  if (echo) out << *line << "\n";
  if (lowercase(normalize_typing(*line)) == "quit") throw QuitRequested();
}

}  // namespace kibitz::tools
