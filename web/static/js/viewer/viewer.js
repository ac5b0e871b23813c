// The replay viewer page (viewer.html): opens one game of a replay, from
// the server's list (/viewer.html?file=NAME&game=N) or from a file the user
// picks, and steps through it from any seat's perspective, the public's or
// the full view. The URL keeps the game, the perspective and the step
// (&view=seat1&step=K; #step=K works too), so a link opens there. A seat's
// review of the game (kibitz review --json), picked beside the replay, is
// drawn at the seat's decisions (review_panel.js). A picked seat record
// (seat_view.js) shows its own seat's stream and nothing else.
import { el, fill } from '../dom.js';
import { rendererFor } from '../renderers/index.js';
import { loadListed, loadUploaded } from './load.js';
import { renderAnnotations, renderCharts, renderDecision, renderFullView, renderSeatRecordStep,
         renderSeatRecordSummary, renderSummary } from './panels.js';
import { MAX_REVIEW_BYTES, matchReview, parseReview } from './review_model.js';
import { renderReview } from './review_panel.js';
import { isSeatRecord } from './seat_view.js';
import * as V from './view_state.js';

const PAGE_KEYS = 10;  // steps per PageUp / PageDown
const URL_DELAY_MS = 300;

const params = new URLSearchParams(location.search);
const page = {
  doc: null,
  file: params.get('file') || '',  // a listed replay, or '' for a picked file
  bytes: null,                     // a picked file's bytes, kept to switch games
  fileName: '',
  game: Math.max(0, Number.parseInt(params.get('game') || '0', 10) || 0),
  key: V.FULL,
  step: 0,
  review: null,  // a checked review of the game shown, or null
};

function count(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function byId(id) {
  return document.getElementById(id);
}

// The step a link asks for: ?step=K, or #step=K or #K.
function linkedStep() {
  const hash = location.hash.replace(/^#(step=)?/, '');
  return params.get('step') ?? (hash === '' ? null : hash);
}

// Written once the stepping pauses: a held arrow key steps faster than
// browsers let a page rewrite its address (Chromium ignores the excess,
// which would leave an old step in the link).
let urlTimer = null;
function keepInUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(writeUrl, URL_DELAY_MS);
}

function writeUrl() {
  if (!page.doc) return;
  const query = new URLSearchParams();
  if (page.file) query.set('file', page.file);
  if (page.game) query.set('game', String(page.game));
  query.set('view', page.key);
  query.set('step', String(page.step));
  history.replaceState(null, '', `${location.pathname}?${query}`);
}

function noAction() {}  // a replay takes no actions: the renderers' buttons do nothing

function drawView() {
  const { doc, key, step } = page;
  const full = key === V.FULL;
  byId('seat-view').hidden = full;
  byId('full-view').hidden = !full;
  if (full) renderFullView(doc, step);
  else rendererFor(doc.game.split('(')[0].trim(), drawView).render(V.rendererState(doc, key, step), noAction);
}

function drawControls() {
  const { doc, step } = page;
  const slider = byId('step-slider');
  slider.max = String(doc.steps);
  slider.value = String(step);
  byId('step-counter').textContent = `Step ${step} of ${doc.steps}`;
  byId('first').disabled = byId('back').disabled = step === 0;
  byId('last').disabled = byId('forward').disabled = step === doc.steps;
}

function draw() {
  if (!page.doc) return;
  drawControls();
  drawView();
  if (isSeatRecord(page.doc)) {
    // No moves, annotations or charts: the record has only the seat's stream.
    renderSeatRecordStep(page.doc, page.step);
  } else {
    renderDecision(page.doc, page.key, page.step);
    renderAnnotations(page.doc, page.key, page.step, go);
    renderCharts(page.doc, page.key, page.step, go);
  }
  renderReview(page.review, page.doc, page.key, page.step, goToDecision);
  keepInUrl();
}

// A review's link to a decision: the step, with the decision's panel
// brought into view below the controls (which stay at the top on a phone).
function goToDecision(step) {
  go(step);
  const panel = byId('review-step-panel').getBoundingClientRect();
  const controls = document.querySelector('.viewer-controls');
  const top = getComputedStyle(controls).position === 'sticky' ? controls.getBoundingClientRect().bottom : 0;
  if (panel.top < top || panel.top > window.innerHeight / 2) window.scrollBy(0, panel.top - top - 8);
}

function go(step) {
  if (!page.doc) return;
  const next = V.clampStep(page.doc, step, page.step);
  if (next === page.step) return;
  page.step = next;
  draw();
}

function showDocument(doc, wantedStep, wantedKey) {
  page.doc = doc;
  page.game = doc.game_index ?? page.game;
  page.key = V.parsePerspective(doc, wantedKey);
  page.step = V.clampStep(doc, wantedStep, 0);
  const seatRecord = isSeatRecord(doc);
  document.title = `${doc.game} · ${seatRecord ? 'seat record' : 'replay'} · kibitz`;
  byId('game').textContent = doc.game;
  byId('source').textContent = `${doc.source || page.fileName}` + (doc.games > 1 ? `, game ${page.game}` : '') +
    (seatRecord ? `, the seat record of ${V.seatLabel(doc, doc.seat)}` : '');
  byId('move-title').textContent = seatRecord ? 'What the seat saw at this step' : 'The move into this step';
  byId('annotations-panel').hidden = byId('charts-panel').hidden = seatRecord;
  fill('perspective', V.perspectives(doc).map(p =>
    el('option', { value: p.key, selected: p.key === page.key ? '' : null }, p.label)));
  const games = Number.isInteger(doc.games) ? doc.games : 1;
  byId('game-choice').hidden = games < 2;
  fill('game-index', Array.from({ length: games }, (_, n) =>
    el('option', { value: String(n), selected: n === page.game ? '' : null }, `game ${n}`)));
  byId('controls').hidden = false;
  byId('open-file').open = false;  // out of the way; a click opens another file
  byId('side').hidden = false;
  byId('review-input').disabled = false;
  keepReviewIfItMatches();
  if (seatRecord) renderSeatRecordSummary(doc);
  else renderSummary(doc);
  draw();
}

// Another game of the file (or another file) is shown: a review of the
// earlier one is put aside, saying why, rather than drawn beside the wrong game.
function keepReviewIfItMatches() {
  if (!page.review) return;
  try {
    matchReview(page.review, page.doc);
  } catch (error) {
    dropReview();
    byId('review-status').textContent = `The review was put aside: ${error.message}.`;
  }
}

function dropReview() {
  page.review = null;
  byId('review-status').textContent = '';
  fill('review-error');
}

// A review the user picks: read here and checked against the game shown
// (review_model.js); one that does not fit is refused with the reason and
// leaves the page as it was.
async function openReview() {
  const input = byId('review-input');
  const file = input.files[0];
  input.value = '';  // picking the same file again is a new pick
  if (!file || !page.doc) return;
  fill('review-error');
  try {
    if (file.size > MAX_REVIEW_BYTES) throw new Error(`the file has ${file.size} bytes; a review has far fewer`);
    page.review = matchReview(parseReview(await file.text()), page.doc);
    byId('review-status').textContent = `Review of ${V.seatLabel(page.doc, page.review.seat)} from ${file.name}: ` +
      `${count(page.review.decisions.length, 'decision')}.`;
    byId('open-file').open = false;
  } catch (error) {
    fill('review-error', `Could not open the review ${file.name}: ${error.message}.`);
  }
  draw();
}

async function load(wantedStep, wantedKey) {
  fill('load-error');
  byId('load-status').textContent = 'Loading…';
  try {
    const doc = page.file ? await loadListed(page.file, page.game) : await loadUploaded(page.bytes, page.game);
    byId('load-status').textContent = '';
    showDocument(doc, wantedStep, wantedKey);
  } catch (error) {
    byId('load-status').textContent = '';
    clearView();
    fill('load-error', `Could not open the file: ${error.message}`);
  }
}

// After a failed load nothing of an earlier replay stays on the page, as if
// it belonged to the file that failed.
function clearView() {
  page.doc = null;
  dropReview();
  byId('review-input').disabled = true;
  for (const id of ['controls', 'side', 'seat-view', 'full-view']) byId(id).hidden = true;
  byId('open-file').open = true;
  byId('game').textContent = '';
  byId('source').textContent = '';
  document.title = 'kibitz replay viewer';
}

async function openPicked() {
  const file = byId('file-input').files[0];
  if (!file) return;
  page.file = '';
  page.fileName = file.name;
  page.bytes = await file.arrayBuffer();
  page.game = 0;
  await load(0, page.key);
}

// Arrows, Home/End and PageUp/PageDown step through the game wherever the
// focus is, except in a menu or a field that needs those keys itself.
function onKey(event) {
  if (!page.doc || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement ||
      (target instanceof HTMLInputElement && target.type !== 'range')) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, PageUp: -PAGE_KEYS, PageDown: PAGE_KEYS };
  if (event.key in moves) go(page.step + moves[event.key]);
  else if (event.key === 'Home') go(0);
  else if (event.key === 'End') go(page.doc.steps);
  else return;
  event.preventDefault();  // the slider and the page would move too
}

function start() {
  byId('first').addEventListener('click', () => go(0));
  byId('back').addEventListener('click', () => go(page.step - 1));
  byId('forward').addEventListener('click', () => go(page.step + 1));
  byId('last').addEventListener('click', () => go(page.doc.steps));
  byId('step-slider').addEventListener('input', event => go(Number(event.target.value)));
  byId('perspective').addEventListener('change', event => { page.key = event.target.value; draw(); });
  byId('game-index').addEventListener('change', event => {
    page.game = Number(event.target.value);
    load(0, page.key);
  });
  byId('file-input').addEventListener('change', openPicked);
  byId('review-input').addEventListener('change', openReview);
  byId('full-streams-box').addEventListener('toggle', draw);
  document.addEventListener('keydown', onKey);
  if (page.file) load(linkedStep(), params.get('view'));
  else {
    byId('load-status').textContent =
      'Pick a replay file (.kbr) or a seat record (.json) to open it, or choose a replay from the server\'s list.';
  }
}

start();
