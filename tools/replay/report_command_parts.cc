#include "tools/replay/report_command_parts.h"

#include <iostream>

#include "env/core/atomic_file.h"

namespace kibitz::tools {

void write_report_files(const std::string& html_out, const std::function<void(std::ostream&)>& html,
                        const std::string& json_out, const std::function<void(std::ostream&)>& json) {
  if (!html_out.empty()) write_file_atomically(html_out, html);
  if (!json_out.empty()) write_file_atomically(json_out, json);
  std::cout << "wrote";
  if (!html_out.empty()) std::cout << " " << html_out;
  if (!html_out.empty() && !json_out.empty()) std::cout << " and";
  if (!json_out.empty()) std::cout << " " << json_out;
}

}  // namespace kibitz::tools
