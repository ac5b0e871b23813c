#include "web/server/static_pages.h"

#include "web/static_files.h"

namespace kibitz::web {
namespace {

constexpr std::string_view kHtml = "text/html; charset=utf-8";

// The index: lists /api/tables and /api/replays, offers /api/games' games
// and posts a table request.
constexpr std::string_view kIndexPage = R"HTML(<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>kibitz serve</title>
<style>body{font-family:sans-serif;max-width:50em;margin:1em auto;padding:0 1em}
input{width:100%}pre{white-space:pre-wrap}</style></head><body>
<h1>kibitz serve</h1>
<h2>New table</h2>
<form id="new">
<label>Game <input id="game" list="games"></label><datalist id="games"></datalist>
<label>Seats, comma-separated (human or an agent spec)
<input id="seats" value="human,random"></label>
<button>Create</button></form>
<pre id="links"></pre>
<h2>Tables</h2><ul id="tables"></ul>
<h2>Replays</h2><ul id="replays"></ul>
<script>
function el(tag, text, href) {
  const e = document.createElement(tag);
  if (href) { const a = document.createElement('a'); a.href = href; a.textContent = text; e.append(a); }
  else e.textContent = text;
  return e;
}
async function refresh() {
  const tables = await (await fetch('/api/tables')).json();
  document.getElementById('tables').replaceChildren(...tables.tables.map(
    t => el('li', t.id + ' ' + t.game + ' ' + t.status, '/table/' + t.id)));
  const replays = await (await fetch('/api/replays')).json();
  document.getElementById('replays').replaceChildren(...replays.replays.map(
    r => el('li', r.file, '/api/replays/' + r.file)));
}
document.getElementById('new').onsubmit = async e => {
  e.preventDefault();
  const seats = document.getElementById('seats').value.split(',').map(s => s.trim());
  const r = await fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({game: document.getElementById('game').value, seats})});
  const answer = await r.json();
  document.getElementById('links').textContent = r.ok
    ? answer.seats.filter(s => s.link).map(s => 'seat ' + s.seat + ': ' + location.origin + s.link)
        .concat(['spectators: ' + location.origin + answer.spectator]).join('\n')
    : answer.error;
  refresh();
};
// The games come from the registry, the first one as the default.
fetch('/api/games').then(r => r.json()).then(({games}) => {
  document.getElementById('games').replaceChildren(...games.map(g => {
    const o = document.createElement('option'); o.value = g.name; return o; }));
  const input = document.getElementById('game');
  if (!input.value && games.length) input.value = games[0].name;
});
refresh();
</script></body></html>
)HTML";

// The table page: connects to /ws/table/<id>[?seat=<token>], prints what it
// is sent and offers the legal actions as buttons.
constexpr std::string_view kTablePage = R"HTML(<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>kibitz table</title>
<style>body{font-family:sans-serif;max-width:50em;margin:1em auto;padding:0 1em}
button{margin:.2em;padding:.5em 1em}#log{white-space:pre-wrap;font-family:monospace}</style>
</head><body>
<h1 id="title">kibitz table</h1>
<div id="turn"></div><div id="actions"></div><div id="note"></div>
<h2>What you saw</h2><div id="log"></div>
<script>
const id = location.pathname.split('/').pop();
const seat = new URLSearchParams(location.search).get('seat');
const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
const ws = new WebSocket(proto + '//' + location.host + '/ws/table/' + id + (seat ? '?seat=' + seat : ''));
const log = document.getElementById('log');
const say = line => { log.textContent += line + '\n'; };
ws.onmessage = e => {
  const m = JSON.parse(e.data);
  if (m.type === 'welcome') {
    document.getElementById('title').textContent = m.game + (m.spectator ? ', watching' : ', seat ' + m.seat);
  } else if (m.type === 'observations') {
    if (m.from === 0) log.textContent = '';
    m.text.forEach(say);
  } else if (m.type === 'turn') {
    document.getElementById('turn').textContent = m.to_act ? 'Your turn' : 'Waiting';
    document.getElementById('actions').replaceChildren(...m.legal.map(a => {
      const b = document.createElement('button'); b.textContent = a;
      b.onclick = () => ws.send(JSON.stringify({type: 'act', action: a})); return b; }));
  } else if (m.type === 'game_over') {
    document.getElementById('turn').textContent = 'Game over, returns ' + m.returns.join(', ');
    document.getElementById('actions').replaceChildren();
    m.history.forEach(h => say('move: ' + h.text));
  } else {
    document.getElementById('note').textContent = m.type + ': ' + (m.reason || '');
  }
};
ws.onclose = e => { document.getElementById('note').textContent += ' (closed' + (e.reason ? ': ' + e.reason : '') + ')'; };
</script></body></html>
)HTML";

}  // namespace

std::optional<StaticFile> embedded_static_file(std::string_view path) {
  const pages::StaticFile* file = pages::static_file(path);
  if (file == nullptr) return std::nullopt;
  return StaticFile{std::string(file->content_type), std::string(file->bytes)};
}

std::optional<StaticFile> builtin_static_file(std::string_view path) {
  if (path == "/" || path == "/index.html") return StaticFile{std::string(kHtml), std::string(kIndexPage)};
  constexpr std::string_view kTable = "/table/";
  if (path.substr(0, kTable.size()) == kTable && path.size() > kTable.size() &&
      path.find('/', kTable.size()) == std::string_view::npos) {
    return StaticFile{std::string(kHtml), std::string(kTablePage)};
  }
  return std::nullopt;
}

}  // namespace kibitz::web
