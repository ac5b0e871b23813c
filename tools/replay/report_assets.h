// The static parts of the HTML replay report (report_html.h): its inline
// stylesheet and the small script that checks the page rendered. Kept apart
// from the page builder so that file stays about content.
#pragma once

namespace kibitz::tools {

inline constexpr const char* kReportStyle = R"(
:root{--ink:#1d2430;--muted:#6b7480;--line:#dde2e8;--bg:#f6f7f9;--card:#fff}
*{box-sizing:border-box}
body{
  margin:0;
  font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
  color:var(--ink);
  background:var(--bg);
}
main{max-width:1180px;margin:0 auto;padding:18px 22px 40px}
header h1{margin:0 0 2px;font-size:26px}
h2{font-size:20px;margin:28px 0 4px;padding-top:8px;border-top:2px solid var(--line)}
h3{font-size:15px;margin:20px 0 6px}
.sub{color:var(--muted);margin:0 0 8px}
.lead{max-width:900px}
.note{color:var(--muted);font-size:12.5px;max-width:900px}
nav{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0}
nav a{
  padding:3px 10px;
  border:1px solid var(--line);
  border-radius:14px;
  background:var(--card);
  color:var(--ink);
  text-decoration:none;
}
nav a:hover{border-color:#1f6fb4}
code{background:#eef1f4;padding:0 4px;border-radius:3px}
table.data{border-collapse:collapse;background:var(--card);margin:6px 0}
table.data th,table.data td{
  border-bottom:1px solid var(--line);
  padding:4px 8px;
  text-align:left;
  vertical-align:top;
}
table.data thead th{background:#eef1f4;font-weight:600;font-size:12.5px}
table.timeline td.what{min-width:150px;overflow-wrap:anywhere}
table.data code,table.data td.spec{overflow-wrap:anywhere}
table.stats th{font-weight:500;color:var(--muted);width:380px}
.scroll{overflow-x:auto}
.moves{max-height:420px;overflow-y:auto}
.seat{
  display:inline-block;
  border-left:4px solid;
  padding:0 6px;
  margin:1px 3px 1px 0;
  background:#f1f3f6;
  border-radius:3px;
  overflow-wrap:anywhere;
}
.seat.tag{overflow-wrap:normal;white-space:nowrap}
.seat-grid{
  display:grid;
  grid-template-columns:repeat(auto-fill,minmax(270px,1fr));
  gap:10px;
  margin:8px 0;
}
.seat-card{
  background:var(--card);
  border:1px solid var(--line);
  border-top:4px solid;
  border-radius:6px;
  padding:8px 10px;
}
.seat-name{font-weight:600;margin-bottom:3px;overflow-wrap:anywhere}
.cards-line{margin-top:4px}
.muted{color:var(--muted)}
.card{
  display:inline-block;
  min-width:26px;
  padding:0 3px;
  margin:1px 2px 1px 0;
  border:1px solid #c9ced6;
  border-radius:4px;
  background:#fff;
  text-align:center;
  font-weight:600;
  font-size:12.5px;
}
.card.red{color:#c0392b}
.card.joker{color:#8e55b8;border-color:#8e55b8}
.card.kept{border-color:#1d2430;box-shadow:0 0 0 1px #1d2430 inset}
.card.faded{opacity:.45}
.card.discarded{text-decoration:line-through}
.none{color:var(--muted)}
.role{
  display:inline-block;
  padding:0 7px;
  border-radius:10px;
  font-size:12px;
  font-weight:600;
  margin-right:3px;
}
.role.traitor{background:#fbe3e3;color:#b02a2a}
.role.loyal{background:#e2eefb;color:#1f5f9e}
.role.compromised{background:#fdf0d5;color:#9a6400}
.fit{display:inline-block;font-size:11px;padding:0 4px;border-radius:3px;margin-left:2px}
.fit.matched{background:#dff3e4;color:#1f7a3a}
.fit.against{background:#fbe3e3;color:#b02a2a}
.fit.neither{background:#eef1f4;color:#6b7480}
.tiny{font-size:10px;margin-left:2px}
.traitor-text{color:#b02a2a;font-weight:700}
.ok{color:#1f7a3a;font-weight:600}
.bad{color:#b02a2a;font-weight:600}
.bluff{
  background:#b02a2a;
  color:#fff;
  padding:0 6px;
  border-radius:8px;
  font-size:12px;
  font-weight:600;
}
tr.bluff-row td{background:#fff6f6}
.nowrap{white-space:nowrap}
.small-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(370px,1fr));gap:8px}
figure.chart-box{
  background:var(--card);
  border:1px solid var(--line);
  border-radius:6px;
  margin:4px 0;
  padding:6px 8px 2px;
  min-width:0;
}
.chart-title{font-size:12.5px;font-weight:600;overflow-wrap:anywhere}
.legend{display:flex;flex-wrap:wrap;gap:2px 14px;font-size:11px;color:var(--muted);margin:2px 0}
.legend .key{display:inline-flex;align-items:center;gap:5px}
.legend .swatch{display:inline-block;width:18px;border-top-width:3px}
.legend .swatch.bar{width:12px;border-top-width:10px}
svg.chart{display:block;width:100%;max-width:100%;height:auto}
svg.chart .tick,svg.chart .caption,svg.chart .marker-label{font-size:10.5px;fill:var(--muted)}
svg.chart .axis-title{font-size:11px;font-weight:600;fill:var(--ink)}
svg.chart .grid{stroke:#edf0f3}
svg.chart .axis-line{stroke:#9aa3ad}
svg.chart .guide{stroke:#9aa3ad;stroke-dasharray:2 3}
svg.chart .marker{stroke:#c9ced6;stroke-dasharray:3 3}
)";

// Checks the page once loaded: no script error happened and every chart
// announced in <body data-charts="N"> is there with a visible size; sets
// data-render="ok" (or "fail" and data-render-problem) on <html>.
inline constexpr const char* kRenderCheckScript = R"(
(function () {
  var errors = [];
  window.addEventListener('error', function (e) { errors.push(String(e.message || e)); });
  window.addEventListener('load', function () {
    var problems = errors.slice();
    var charts = document.querySelectorAll('svg.chart');
    var expected = Number(document.body.getAttribute('data-charts'));
    if (charts.length !== expected) problems.push('charts ' + charts.length + ' of ' + expected);
    for (var i = 0; i < charts.length; ++i) {
      var box = charts[i].getBoundingClientRect();
      var marks = charts[i].querySelectorAll('path, rect, circle').length;
      if (box.width <= 0 || box.height <= 0 || marks === 0) {
        problems.push('empty chart ' + charts[i].id);
      }
    }
    var root = document.documentElement;
    root.setAttribute('data-render', problems.length === 0 ? 'ok' : 'fail');
    if (problems.length) root.setAttribute('data-render-problem', problems.join('; '));
  });
})();
)";

}  // namespace kibitz::tools
