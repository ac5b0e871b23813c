#include "tools/edit_line_input.h"

#include <editline/readline.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "env/core/error.h"

namespace kibitz::tools {
namespace {

// The one input libedit's callbacks report to (its state is global).
EditLineInput* active = nullptr;

bool begins_with_any_case(std::string_view text, std::string_view prefix) {
  if (prefix.size() > text.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

EditLineInput::EditLineInput(const std::atomic<bool>* stop, Completer completer)
    : stop_(stop), completer_(std::move(completer)) {
  KIBITZ_CHECK(active == nullptr, "one EditLineInput at a time");
  active = this;
  rl_attempted_completion_function = &EditLineInput::on_complete;
}

EditLineInput::~EditLineInput() {
  rl_attempted_completion_function = nullptr;
  active = nullptr;
}

void EditLineInput::on_line(char* line) {
  if (active != nullptr) {
    active->done_ = true;
    active->line_ = line == nullptr ? std::nullopt : std::optional<std::string>(line);
  }
  std::free(line);
}

std::vector<std::string> EditLineInput::word_completions(const std::vector<std::string>& lines,
                                                         std::string_view typed, std::size_t word_start) {
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    if (!begins_with_any_case(line, typed) || word_start > line.size()) continue;
    std::string rest = line.substr(word_start);
    if (std::find(out.begin(), out.end(), rest) == out.end()) out.push_back(std::move(rest));
  }
  return out;
}

char** EditLineInput::on_complete(const char* word, int start, int end) {
  rl_attempted_completion_over = 1;  // never file names
  if (active == nullptr || !active->completer_) return nullptr;
  const std::string typed(rl_line_buffer, static_cast<std::size_t>(std::max(0, std::min(rl_point, rl_end))));
  active->completions_ =
      word_completions(active->completer_(typed), typed, static_cast<std::size_t>(std::max(0, start)));
  (void)end;
  if (active->completions_.empty()) return nullptr;
  return rl_completion_matches(word, &EditLineInput::next_completion);
}

char* EditLineInput::next_completion(const char*, int state) {
  if (active == nullptr || state < 0 || static_cast<std::size_t>(state) >= active->completions_.size()) {
    return nullptr;
  }
  return ::strdup(active->completions_[static_cast<std::size_t>(state)].c_str());
}

std::optional<std::string> EditLineInput::read_line() {
  done_ = false;
  line_.reset();
  rl_callback_handler_install(prompt_.c_str(), &EditLineInput::on_line);
  while (!done_) {
    if (!wait_for_input(STDIN_FILENO, stop_)) {
      rl_callback_handler_remove();
      throw Interrupted();
    }
    rl_callback_read_char();
  }
  rl_callback_handler_remove();
  if (line_ && !line_->empty()) add_history(line_->c_str());
  return line_;
}

}  // namespace kibitz::tools
