// Captures a real game's messages for the renderer model tests' fixtures
// (tests/web/fixtures/): creates a table on a running `kibitz serve`, seat 0
// a person played by this script (a seeded random legal action; the agents
// are not seeded, so each capture is another real game), the other seats
// (players=N of the spec, else 4) the agent named,
// and records every message seat 0 and a spectator receive until the end.
//
//   node --experimental-websocket tests/web/js/capture_stream_fixture.mjs \
//     http://127.0.0.1:8093 'loyalist_spies(rounds=2)' heuristic 7 OUT.json
//
// The server should run with a high --rate (e.g. --rate 200 --burst 200).
// OUT holds {"seat": [messages], "spectator": [messages], "game_over":
// message}: the messages exactly as the server sent them, except that the
// game_over message both received (the same one) is kept once.
import { writeFileSync } from 'node:fs';

const [base, game, agent, seedText, out] = process.argv.slice(2);
let seed = Number(seedText) >>> 0;
function random() {  // mulberry32: a small seeded generator
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const players = Number((/players=(\d+)/.exec(game) || [0, 4])[1]);
const seats = ['human', ...Array(players - 1).fill(agent)];
const welcome = await (await fetch(`${base}/api/tables`, { method: 'POST', body: JSON.stringify({ game, seats }) })).json();
if (!welcome.id) throw new Error('table refused: ' + JSON.stringify(welcome));
const link = new URL(welcome.seats[0].link, base);
const wsBase = base.replace(/^http/, 'ws');
const recorded = { seat: [], spectator: [], game_over: null };
let ended = 0;

function listen(url, into, onTurn) {
  const socket = new WebSocket(url);
  socket.onmessage = event => {
    const message = JSON.parse(event.data);
    if (message.type === 'turn' && message.to_act && onTurn) onTurn(socket, message);
    if (message.type === 'aborted') throw new Error('the table stopped: ' + message.reason);
    if (message.type !== 'game_over') { into.push(message); return; }
    if (recorded.game_over && JSON.stringify(recorded.game_over) !== event.data) {
      throw new Error('the seat and the spectator were sent different game_over messages');
    }
    recorded.game_over = message;
    socket.close();
    if (++ended === 2) { writeFileSync(out, JSON.stringify(recorded)); process.exit(0); }
  };
}
listen(`${wsBase}/ws/table/${welcome.id}`, recorded.spectator, null);
listen(`${wsBase}/ws${link.pathname}${link.search}`, recorded.seat, (socket, turn) => {
  const action = turn.legal[Math.floor(random() * turn.legal.length)];
  setTimeout(() => socket.send(JSON.stringify({ type: 'act', action })), 5);
});
setTimeout(() => { console.error('no game_over within 60 s'); process.exit(1); }, 60000);
