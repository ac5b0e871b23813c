// The table page: joins a table from its link (/table/<id>?seat=<token> for
// a seat, /table/<id> to watch; /table.html?table=<id>&seat=<token> works
// too), keeps the state from the messages and redraws with the game's
// renderer after each one.
import { connect, tableSocketUrl } from './connection.js';
import { apply, applyPublic, gameName, initialState } from './table_state.js';
import { rendererFor } from './renderers/index.js';
import { seatRecordName, seatRecordText, withDecision, withoutLast } from './seat_record.js';
import { renderTableReview } from './table_review.js';
import { applyReview, asked, initialReview, isReviewMessage } from './table_review_model.js';

const params = new URLSearchParams(location.search);
const pathId = location.pathname.startsWith('/table/') ? location.pathname.slice('/table/'.length) : '';
const tableId = pathId || params.get('table') || '';
const seatToken = params.get('seat') || '';

let state = initialState();
let seat = null;
let publicSide = null;
let decisions = [];      // the person's actions, for the seat record
let recordOffered = false;
let review = initialReview();  // this seat's review, once the game is over

// Each redraw is a User Timing measure ('kibitz-redraw', with the stream's
// length as its detail): DevTools shows them, and the browser test
// update_cost.test.mjs reads them to check a message costs the same late in
// a game as early.
function redraw() {
  const started = performance.now();
  document.title = state.welcome ? `${state.welcome.game} · kibitz` : 'kibitz table';
  document.getElementById('game').textContent = state.welcome ? state.welcome.game : '';
  rendererFor(gameName(state), redraw).render(state, act);
  offerRecord();
  renderTableReview(state, review, askReview);
  performance.measure('kibitz-redraw', { start: started, detail: { entries: state.stream.length } });
}

function act(text) {
  decisions = withDecision(decisions, state.stream.length, text);
  seat.send({ type: 'act', action: text });
}

// Once the game is over, a link to save the seat's record of it, for
// `kibitz review FILE` (js/seat_record.js); made once, in the browser.
function offerRecord() {
  if (recordOffered) return;
  const text = seatRecordText(state, decisions);
  if (text === null) return;
  recordOffered = true;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = seatRecordName(state);
  link.textContent = 'Save your record of this game';
  const where = document.getElementById('record');
  where.append(link, ' (then kibitz review ' + link.download + ' sets each of your decisions against an engine)');
}

// The server reviews the seat's own stream as it sent it; the engine and
// its budget are the server's to choose, so the request names only the seat.
function askReview() {
  if (review.status === 'asked' || review.status === 'running') return;
  review = asked(review);
  seat.send({ type: 'review', seat: state.welcome.seat });
  redraw();
}

function status(text) {
  document.getElementById('connection').textContent = text;
}

// A seat also listens to the public stream, to tell its private facts from
// the public ones (js/private_facts.js).
function openPublicSide() {
  publicSide = connect(tableSocketUrl(tableId, ''), {
    onMessage: message => { state = applyPublic(state, message); redraw(); },
    onStatus: () => {},
  });
}

function start() {
  if (!tableId) {
    status('This page needs a table link, e.g. /table/<id>?seat=<token>.');
    return;
  }
  seat = connect(tableSocketUrl(tableId, seatToken), {
    onMessage: message => {
      if (isReviewMessage(message)) {
        review = applyReview(review, message);
        return redraw();
      }
      state = apply(state, message);
      if (message.type === 'refused') decisions = withoutLast(decisions);
      if (message.type === 'welcome' && !message.spectator && !publicSide) openPublicSide();
      if (message.type === 'game_over' && publicSide) publicSide.close();
      redraw();
    },
    onStatus: status,
  });
  // Number keys press the legal actions, 1 for the first.
  document.addEventListener('keydown', event => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const button = document.querySelector(`#actions button[data-key="${event.key}"]`);
    if (button) button.click();
  });
  redraw();
}

start();
