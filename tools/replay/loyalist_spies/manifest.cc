// Loyalist Spies' replay report: the bluff report
// (tools/replay/loyalist_spies/spies_report_command.h, docs/bluff_report.md).
#include "env/games/loyalist_spies/manifest.h"

#include "tools/replay/loyalist_spies/spies_report_command.h"
#include "tools/replay/report_part.h"

namespace kibitz::tools {
namespace {

const bool kRegistered =
    ReportParts::add(std::string(loyalist_spies::kGameName), {write_spies_report});

}  // namespace
}  // namespace kibitz::tools
