// The options of `kibitz train`, declared once (STYLE 10): each one's flag,
// value name, help, range and the TrainConfig field it sets, in one table
// that drives the command's flags (tools/train_command.cc), the range checks
// of validate() and their messages (train_config.cc), and the options line a
// run logs (describe_options). The defaults are TrainConfig's own member
// initialisers, read from TrainConfig{}, so they too are written once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "training/train_config.h"

namespace kibitz::training {

// A field read from text by its own parser: an enum (--algo, --exit-expert),
// the seed, the hidden widths. `parse` throws KibitzError naming the flag;
// `format` writes the field back in the flag's syntax.
struct TextField {
  void (*parse)(std::string_view text, TrainConfig& config);
  std::string (*format)(const TrainConfig& config);
};

// The TrainConfig field an option sets.
using TrainField = std::variant<int TrainConfig::*, std::int64_t TrainConfig::*,
                                double TrainConfig::*, std::optional<double> TrainConfig::*,
                                bool TrainConfig::*, std::string TrainConfig::*, TextField>;

// One end of a numeric range.
struct Bound {
  double value = 0.0;
  bool open = false;  // (value: excluded; [value: included
};

struct TrainOption {
  std::string_view flag;        // without the dashes: "lr", "exit-games"
  std::string_view value_name;  // "X", "N"; empty for a switch
  std::string_view help;
  TrainField field;
  std::optional<Bound> low = std::nullopt;  // numbers only; an unset optional is not checked
  std::optional<Bound> high = std::nullopt;
  bool required = false;     // the command refuses to run without it
  bool show_default = true;  // --help shows TrainConfig{}'s value
  // A distributed-training option: the options line of a run of one process
  // leaves it out (it would only repeat the defaults).
  bool distributed = false;
};

// Every option, in the order of --help.
const std::vector<TrainOption>& train_options();

// "must be in (0, 1)", "must be >= 1": what validate() says of a value
// outside the option's range.
std::string range_text(const TrainOption& option);

// Whether `config`'s value of a numeric option lies in its range (an unset
// optional does); true for options without a range.
bool in_range(const TrainOption& option, const TrainConfig& config);

// The option's value in `config` as its flag would take it; nullopt when it
// is unset (an empty text, an unset optional, a zero budget, a false switch).
std::optional<std::string> option_value(const TrainOption& option, const TrainConfig& config);

// Every set option of `config` as flags, in table order: "--game kuhn_poker
// --algo ppo --out runs/k --iterations 50 --seed 0 ...": what a run logs.
// The distributed options appear only when --world-size is above 1.
std::string describe_options(const TrainConfig& config);

// A number as the help and the messages write it: 0.0003, not
// 0.00029999999999999997.
std::string shortest(double value);

}  // namespace kibitz::training
