// Laws and Disorder's replay report: the laws report
// (tools/replay/laws_and_disorder/laws_report_command.h, docs/laws_report.md).
#include "env/games/laws_and_disorder/manifest.h"

#include "tools/replay/laws_and_disorder/laws_report_command.h"
#include "tools/replay/report_part.h"

namespace kibitz::tools {
namespace {

const bool kRegistered =
    ReportParts::add(std::string(laws_and_disorder::kGameName), {write_laws_report});

}  // namespace
}  // namespace kibitz::tools
