// The server's page: a form that creates a table (POST /api/tables with
// {"game", "seats"}) and shows its join links, and the lists of tables and
// finished replays (each opening in the replay viewer, /viewer.html),
// refreshed every few seconds. The games it offers come from the registry
// (GET /api/games, web/game_listing.h): a new game shows up here by being
// registered.
import { el, fill } from './dom.js';

const REFRESH_MS = 5000;

function seatRow(value) {
  return el('li', {}, el('input', { class: 'seat-kind', value, list: 'seat-kinds', required: '',
                                    'aria-label': 'seat', autocomplete: 'off' }));
}

function absolute(link) {
  return location.origin + link;
}

function linkItem(label, link) {
  const url = absolute(link);
  return el('li', {}, el('span', { class: 'label' }, label), ' ', el('a', { href: url }, url));
}

async function createTable(event) {
  event.preventDefault();
  const request = {
    game: document.getElementById('game-spec').value.trim(),
    seats: [...document.querySelectorAll('.seat-kind')].map(input => input.value.trim()),
  };
  fill('create-error');
  const reply = await fetch('/api/tables', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request),
  });
  const answer = await reply.json().catch(() => ({ error: `the server answered ${reply.status}` }));
  if (!reply.ok) {
    fill('create-error', answer.error || `the server answered ${reply.status}`);
    return;
  }
  const people = answer.seats.filter(seat => seat.link);
  fill('links',
    people.map(seat => linkItem(`P${seat.seat}`, seat.link)),
    linkItem('spectators', answer.spectator));
  document.getElementById('created').hidden = false;
  refresh();
}

async function getJson(url) {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url}: ${reply.status}`);
  return reply.json();
}

// A finished game opens in the replay viewer; its raw JSON stays a click away.
function replayItem(replay) {
  const name = encodeURIComponent(replay.file);
  return el('li', {}, el('a', { href: '/viewer.html?file=' + name }, replay.file),
            ` (${replay.bytes} bytes, `, el('a', { href: '/api/replays/' + name, class: 'muted' }, 'JSON'), ')');
}

async function refresh() {
  try {
    const { tables } = await getJson('/api/tables');
    fill('tables', tables.length ? tables.map(table =>
      el('li', {}, el('a', { href: '/table/' + encodeURIComponent(table.id) }, table.game),
         ` — ${table.status}, ${table.moves} move${table.moves === 1 ? "" : "s"}, seats: ${table.seats.join(', ')}`))
      : el('li', { class: 'empty' }, 'no tables'));
    const { replays } = await getJson('/api/replays');
    fill('replays', replays.length ? replays.map(replayItem) : el('li', { class: 'empty' }, 'no replays yet'));
  } catch (error) {
    fill('tables', el('li', { class: 'error' }, 'cannot reach the server: ' + error.message));
  }
}

let games = [];

// The game a spec names: the part before any "(".
function specName(spec) {
  return spec.split('(')[0].trim();
}

// The summary of the game in the spec field, and "heuristic" among the seat
// kinds when that game has one.
function describeChosenGame() {
  const game = games.find(g => g.name === specName(document.getElementById('game-spec').value));
  fill('game-summary', game ? `${game.title}: ${game.summary}` : '');
  const kinds = ['human', 'random'].concat(game && game.heuristic ? ['heuristic'] : []);
  fill('seat-kinds', kinds.map(kind => el('option', { value: kind })));
}

// Every registered game and its examples as the spec field's suggestions;
// the first game as the default.
async function loadGames() {
  try {
    ({ games } = await getJson('/api/games'));
  } catch (error) {
    fill('create-error', 'cannot list the games: ' + error.message);
    return;
  }
  fill('game-names', games.flatMap(game => [
    el('option', { value: game.name }, game.title),
    ...game.examples.map(example => el('option', { value: example.spec }, example.what)),
  ]));
  const input = document.getElementById('game-spec');
  if (!input.value && games.length) input.value = games[0].default_spec;
  const example = games.flatMap(game => game.examples)[0];
  if (example) input.placeholder = `a game spec, e.g. ${example.spec}`;
  describeChosenGame();
}

function start() {
  const rows = document.getElementById('seat-rows');
  rows.append(seatRow('human'), seatRow('random'));
  document.getElementById('add-seat').addEventListener('click', () => rows.append(seatRow('random')));
  document.getElementById('remove-seat').addEventListener('click', () => {
    if (rows.children.length > 1) rows.lastElementChild.remove();
  });
  document.getElementById('create').addEventListener('submit', createTable);
  document.getElementById('game-spec').addEventListener('input', describeChosenGame);
  loadGames();
  refresh();
  setInterval(refresh, REFRESH_MS);
}

start();
