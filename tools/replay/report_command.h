// `kibitz replay report FILE --html OUT.html`: the subcommand behind the HTML
// replay report (tools/replay/report_html.h; method in docs/bluff_report.md).
// Listed in the replay subcommand table of tools/replay_command.cc.
#pragma once

#include <string>
#include <vector>

namespace kibitz::tools {

// Parses the flags after `replay report`, analyses the file and writes the
// page. Bad input throws KibitzError (exit status 2 from main).
int run_replay_report(const std::vector<std::string>& args);

}  // namespace kibitz::tools
