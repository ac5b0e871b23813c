// The body of a report page while it is written, shared by the Loyalist
// Spies page (report_html_page.h) and the Adulting page
// (adulting_report_page.h): the HTML so far, the charts in it and the ids
// handed out.
#pragma once

#include <string>

namespace kibitz::tools {

class HtmlBody {
 protected:
  // Every chart goes through add_chart, so <body data-charts="N"> counts them
  // all for the page's render check.
  void add_chart(const std::string& svg) {
    html_ += svg;
    ++charts_;
  }
  // A page-unique element id: `stem` and a running number.
  std::string id(const std::string& stem) { return stem + "-" + std::to_string(++ids_); }

  std::string html_;
  int charts_ = 0;
  int ids_ = 0;
};

}  // namespace kibitz::tools
