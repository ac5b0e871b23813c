// Adulting's replay report: the bid-and-claim report
// (tools/replay/adulting/adulting_report_command.h, docs/bid_claim_report.md).
#include "env/games/adulting/manifest.h"

#include "tools/replay/adulting/adulting_report_command.h"
#include "tools/replay/report_part.h"

namespace kibitz::tools {
namespace {

const bool kRegistered =
    ReportParts::add(std::string(adulting::kGameName), {write_adulting_report});

}  // namespace
}  // namespace kibitz::tools
