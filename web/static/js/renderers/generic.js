// The generic table layout: works for every game, from the game's own
// observation texts and legal action texts. A game's richer renderer
// (js/renderers/index.js) may reuse any of these parts.
import { el, fill } from '../dom.js';
import { stateFlags } from '../private_facts.js';
import { fillIf } from './cards.js';
import { formatNumber, genericOutcome, signed } from './outcome.js';

const RECENT_PUBLIC = 8;  // public facts shown on the table; the log has them all
const MANY_ACTIONS = 8;   // past this many, the buttons are smaller and their list scrolls (style.css)

// Fills the page's regions (#seats, #hand, #table, #turn, #actions, #result,
// #log) from `state`; `act(text)` sends an action.
export function render(state, act) {
  const flags = stateFlags(state);
  renderSeats(state);
  renderHand(state, flags);
  renderTable(state, flags);
  renderTurn(state, act);
  renderResult(state);
  renderLog(state, flags);
}

export function seatName(state, seat) {
  const labels = state.welcome ? state.welcome.seats : [];
  const label = labels[seat] === 'human' ? 'person' : labels[seat];
  return `P${seat}` + (label ? ` (${label})` : '');
}

export function renderSeats(state) {
  const you = state.welcome ? state.welcome.seat : -1;
  const seats = state.welcome ? state.welcome.seats : [];
  fill('seats', seats.map((_, seat) =>
    el('li', { class: seat === you ? 'seat you' : 'seat' },
       seatName(state, seat), seat === you ? ' — you' : null)));
}

export function renderHand(state, flags) {
  const spectator = !state.welcome || state.welcome.spectator;
  document.getElementById('hand-panel').hidden = spectator;
  if (spectator) return;
  const facts = state.stream.filter((_, i) => flags[i]);
  fill('hand', facts.length
    ? facts.map(entry => el('li', { class: 'fact private' }, entry.text))
    : el('li', { class: 'empty' }, 'nothing yet'));
}

export function renderTable(state, flags) {
  const seen = state.stream.filter((_, i) => !flags[i]);
  const recent = seen.slice(-RECENT_PUBLIC).reverse();
  fill('table', recent.length
    ? recent.map((entry, i) => el('li', { class: i === 0 ? 'fact latest' : 'fact' }, entry.text))
    : el('li', { class: 'empty' }, 'nothing has happened yet'));
}

// The turn line, the decision's context and its buttons. `context` (nodes
// or text) is what the decision is about, drawn right above the buttons so
// that both are in view together; `outcome` (outcome.js) is the game's
// result in its own units, for the line once the game is over.
export function renderTurn(state, act, { context = null, outcome = null } = {}) {
  let status;
  if (state.aborted) status = 'The table stopped: ' + state.aborted;
  else if (state.gameOver) status = 'Game over: ' + headline(state, outcome);
  else if (!state.welcome) status = state.notice ? 'Could not join this table' : 'Joining…';
  else if (state.welcome.spectator) status = 'Watching';
  else if (state.turn && state.turn.to_act) status = 'Your turn';
  else status = 'Waiting for another seat';
  const turn = document.getElementById('turn');
  turn.textContent = status;
  turn.className = state.turn && state.turn.to_act && !state.gameOver ? 'turn yours' : 'turn';
  const legal = state.turn && state.turn.to_act && !state.gameOver ? state.turn.legal : [];
  fillIf('context', state.gameOver ? null : context);
  document.getElementById('actions').classList.toggle('many', legal.length > MANY_ACTIONS);
  fill('actions', legal.map((text, i) =>
    el('button', { type: 'button', class: 'action', 'data-key': i < 9 ? String(i + 1) : null,
                   onclick: () => act(text) }, text)));
  fill('refused', state.notice);
}

function headline(state, outcome) {
  const chosen = outcome || genericOutcome(state);
  const seat = state.welcome ? state.welcome.seat : -1;
  const yours = seat >= 0 && state.gameOver.returns ? `; your return ${signed(state.gameOver.returns[seat])}` : '';
  return (chosen ? chosen.headline : 'the game has ended') + yours;
}

// Who won and every seat's score in the game's own units (`outcome`, from
// the game's renderer; the generic one says who won by the returns), each
// seat's return, and every move.
export function renderResult(state, outcome = null) {
  const panel = document.getElementById('result-panel');
  panel.hidden = !state.gameOver;
  if (!state.gameOver) return;
  const chosen = outcome || genericOutcome(state);
  const columns = chosen ? chosen.columns : [];
  const rows = state.gameOver.returns.map((value, seat) =>
    el('tr', {}, el('td', {}, seatName(state, seat)),
       ((chosen && chosen.rows[seat]) || columns.map(() => '')).map(cell =>
         el('td', { class: typeof cell === 'number' ? 'number' : null },
            typeof cell === 'number' ? formatNumber(cell) : cell)),
       el('td', { class: 'number' }, signed(value))));
  // No history where the moves are not known (a seat record in the viewer).
  const moves = state.gameOver.history ? state.gameOver.history.map(move => el('li', {}, move.text)) : null;
  fill('result',
    chosen ? el('p', { class: 'outcome' }, chosen.headline) : null,
    el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Seat'), columns.map(c => el('th', {}, c)),
                                       el('th', {}, 'Return'))),
       el('tbody', {}, rows)),
    moves ? el('details', {}, el('summary', {}, `Every move (${moves.length})`), el('ol', {}, moves)) : null);
}

// Your stream in order, private entries shaded. Only what changed touches
// the page: new entries are appended and an entry whose flag changed (its
// public copy arrived) is re-shaded, so a message costs the same at entry
// 2,000 as at entry 20. The list is rebuilt when the stream is not the one
// shown plus new entries (a rejoin, another table, the viewer stepping back).
const logShown = new WeakMap();  // the #log element -> {count, lastJson, flags}

export function renderLog(state, flags) {
  const log = document.getElementById('log');
  const stream = state.stream;
  let shown = logShown.get(log);
  const continues = shown && stream.length >= shown.count &&
    (shown.count === 0 || stream[shown.count - 1].json === shown.lastJson);
  if (!continues) {
    log.replaceChildren();
    shown = { count: 0, lastJson: null, flags: [], atBottom: shown ? shown.atBottom : true, scrolling: false };
    logShown.set(log, shown);
    followScroll(log);
  }
  for (let i = 0; i < shown.count; ++i) {
    if (shown.flags[i] !== !!flags[i]) {
      shown.flags[i] = !!flags[i];
      log.children[i].className = flags[i] ? 'private' : '';
    }
  }
  const added = [];
  for (let i = shown.count; i < stream.length; ++i) {
    shown.flags.push(!!flags[i]);
    added.push(el('li', { class: flags[i] ? 'private' : null, title: JSON.stringify(stream[i].json) }, stream[i].text));
  }
  if (added.length) log.append(...added);
  shown.count = stream.length;
  if (stream.length) shown.lastJson = stream[stream.length - 1].json;
  if (added.length && shown.atBottom && !shown.scrolling) {
    // Scrolled after the page's own layout, in the next frame: reading or
    // setting the scroll here would make the browser lay out the whole
    // page inside every redraw.
    shown.scrolling = true;
    requestAnimationFrame(() => { shown.scrolling = false; log.scrollTop = log.scrollHeight; });
  }
}

// Whether the log is scrolled to its end, kept from its scroll events: a
// person reading earlier entries is not pulled down by a new one.
function followScroll(log) {
  if (log.dataset.follows) return;
  log.dataset.follows = 'yes';
  log.addEventListener('scroll', () => {
    const state = logShown.get(log);
    if (state) state.atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  }, { passive: true });
}
