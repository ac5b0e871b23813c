// EditLineInput: a person's lines from a terminal, with line editing,
// history (Up and Down) and Tab completion, through libedit's readline
// interface. `kibitz seat` uses it when both its input and its output are a
// terminal; scripted input (a pipe, a file) is read by FdLineInput.
//
// The wait for a key is wait_for_input (tools/line_input.h), so Ctrl-C and
// the other stop signals end it at once, as they end FdLineInput's: libedit
// is fed one character at a time through its callback interface and never
// blocks on its own.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/line_input.h"

namespace kibitz::tools {

class EditLineInput final : public LineInput {
 public:
  // What the line typed so far (up to the cursor) may become: whole lines
  // that begin with it, any case. Tab completes to them.
  using Completer = std::function<std::vector<std::string>(std::string_view typed)>;

  // One at a time: libedit's readline state is global. `stop` may be null.
  EditLineInput(const std::atomic<bool>* stop, Completer completer);
  ~EditLineInput() override;
  EditLineInput(const EditLineInput&) = delete;
  EditLineInput& operator=(const EditLineInput&) = delete;

  std::optional<std::string> read_line() override;
  bool draws_prompt() const override { return true; }
  void set_prompt(const std::string& prompt) override { prompt_ = prompt; }

  // The completions of the current word: for each whole line in `lines`
  // that begins (any case) with `typed`, its rest from `word_start` (the
  // offset in `typed` where the word under the cursor begins). Public for
  // its test.
  static std::vector<std::string> word_completions(const std::vector<std::string>& lines,
                                                   std::string_view typed, std::size_t word_start);

 private:
  static void on_line(char* line);
  static char** on_complete(const char* word, int start, int end);
  static char* next_completion(const char* word, int state);

  const std::atomic<bool>* stop_;
  Completer completer_;
  std::string prompt_ = "> ";
  bool done_ = false;
  std::optional<std::string> line_;
  std::vector<std::string> completions_;  // of the Tab under way
};

}  // namespace kibitz::tools
