// The viewer's own panels beside (or instead of) the table renderer's: the
// full view, the move into the step with its decision, the annotations,
// the charts and the seats' returns. Each fills its element from what
// view_state.js lets the perspective see; text always goes in as text.
import { el, fill } from '../dom.js';
import { drawChart } from './chart_svg.js';
import { seatStep } from './seat_view.js';
import * as V from './view_state.js';

function percent(p) {
  return `${Math.round(p * 1000) / 10}%`;
}

function signed(value) {
  const rounded = Math.round(value * 1000) / 1000;
  return (rounded > 0 ? '+' : '') + rounded;
}

// The list of moves so far, changed by what the step added or took away
// rather than rebuilt: a long game has hundreds of moves, and rebuilding
// them made every step slow.
let movesShown = { doc: null, count: 0 };

function showMoves(doc, moves) {
  const list = document.getElementById('full-moves');
  if (movesShown.doc !== doc) {
    list.replaceChildren();
    movesShown = { doc, count: 0 };
  }
  if (movesShown.count === 0) list.replaceChildren();  // the "no move yet" line
  while (movesShown.count > moves.length) {
    list.lastElementChild.remove();
    --movesShown.count;
  }
  for (const move of moves.slice(movesShown.count)) {
    list.append(el('li', { value: move.index + 1 }, el('span', { class: 'who' }, move.who), ': ', move.text));
  }
  movesShown.count = moves.length;
  if (!moves.length) list.append(el('li', { class: 'empty' }, 'no move yet'));
  const previous = list.querySelector('li.latest');
  if (previous) previous.classList.remove('latest');
  if (moves.length) list.lastElementChild.classList.add('latest');
  list.scrollTop = list.scrollHeight;
}

// Everything at the step: the state's text, every move so far (item n is
// the move into step n), and every stream up to the step.
export function renderFullView(doc, step) {
  const view = V.fullView(doc, step);
  const state = document.getElementById('full-state');
  state.textContent = view.stateText !== null ? view.stateText : `No state text: ${view.omitted}.`;
  state.classList.toggle('omitted', view.stateText === null);
  showMoves(doc, view.moves);
  // Thousands of entries in a long game: drawn only while they are shown.
  if (!document.getElementById('full-streams-box').open) {
    fill('full-streams');
    return;
  }
  const publicStream = { who: 'The public', entries: doc.public.filter(entry => entry.step <= step) };
  fill('full-streams', [...view.streams, publicStream].map(stream =>
    el('div', { class: 'full-stream' }, el('h3', {}, stream.who),
       stream.entries.length
         ? el('ol', { class: 'log' }, stream.entries.map(entry =>
           el('li', { title: `step ${entry.step}: ${JSON.stringify(entry.json)}` }, entry.text)))
         : el('p', { class: 'empty' }, 'nothing yet'))));
}

function decisionParts(decision) {
  if (!decision) return [el('p', { class: 'muted' }, 'The agent reported nothing about this decision.')];
  const parts = [];
  if (decision.value !== null && decision.value !== undefined) {
    parts.push(el('p', {}, 'Value as the mover saw it: ', el('strong', {}, signed(decision.value))));
  }
  const policy = V.topPolicy(decision);
  if (policy.length) {
    parts.push(el('table', { class: 'policy' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Action'), el('th', {}, 'Probability'))),
      el('tbody', {}, policy.map(entry =>
        el('tr', {}, el('td', {}, entry.action), el('td', { class: 'number' }, percent(entry.p)))))));
  }
  const stats = Object.entries(decision.stats || {});
  if (stats.length) {
    parts.push(el('dl', { class: 'stats' }, stats.flatMap(([name, value]) =>
      [el('dt', {}, name), el('dd', {}, typeof value === 'number' ? String(value) : JSON.stringify(value))])));
  }
  return parts;
}

// Who made the move into the step, what it was and what its mover thought,
// where the perspective may know; and who moves next.
export function renderDecision(doc, key, step) {
  const move = V.moveInto(doc, key, step);
  const parts = [];
  if (!move) {
    parts.push(el('p', {}, 'The start: no move yet.'));
  } else if (move.text === null) {
    parts.push(el('p', {}, `Move ${move.index + 1}: ${move.who} moved.`),
               el('p', { class: 'muted' }, 'What it did, this perspective learns from its stream.'));
  } else {
    parts.push(el('p', {}, `Move ${move.index + 1}: `, el('strong', {}, move.who), ': ', move.text));
    if (move.player !== V.CHANCE) parts.push(...decisionParts(move.decision));
  }
  parts.push(el('p', { class: 'muted' }, step < doc.steps
    ? `Next to move: ${V.seatLabel(doc, doc.moves[step].player)}.`
    : doc.finished === false ? 'The record stops here (the game did not finish).' : 'The game is over.'));
  fill('decision', parts);
}

// The annotations up to the step that the perspective may see; the
// current step's highlighted, each a button that jumps to its step.
export function renderAnnotations(doc, key, step, go) {
  const visible = V.visibleAnnotations(doc, key, step);
  fill('annotations', visible.length
    ? visible.map(annotation =>
      el('li', { class: annotation.current ? 'current' : null },
         el('button', { type: 'button', class: 'annotation', onclick: () => go(annotation.step),
                        'aria-current': annotation.current ? 'step' : null },
            el('span', { class: 'annotation-head' },
               `step ${annotation.step} · ${annotation.seat === V.CHANCE ? 'the game' : `P${annotation.seat}`}`,
               annotation.kind ? ` · ${annotation.kind}` : ''),
            el('span', {}, annotation.text))))
    : el('li', { class: 'empty' }, (doc.annotations || []).length ? 'none up to this step' : 'this replay has none'));
  const hidden = V.hiddenAnnotationCount(doc, key);
  fill('annotations-note', hidden
    ? `${hidden} more annotation${hidden === 1 ? '' : 's'}, about other seats' hidden cards or thoughts, in the full view.`
    : null);
  const list = document.getElementById('annotations');
  const current = list.querySelector('li.current');
  if (current) list.scrollTop = current.offsetTop - list.clientHeight / 3;  // the list is the offsetParent
  else list.scrollTop = list.scrollHeight;
}

// The charts are drawn once per document and perspective; a new step only
// moves their markers.
let drawn = { doc: null, key: null, charts: [] };

export function renderCharts(doc, key, step, go) {
  if (drawn.doc !== doc || drawn.key !== key) {
    const charts = V.visibleCharts(doc, key).map(chart => drawChart(chart, doc.steps, step, go));
    drawn = { doc, key, charts };
    fill('charts', charts.length
      ? charts.map(chart => chart.figure)
      : el('p', { class: 'empty' }, (doc.charts || []).length
        ? 'No chart for this perspective.' : "This game's report has no charts."));
  }
  for (const chart of drawn.charts) chart.show(step);
}

// Every seat with its agent and return (the replay is of a game that has
// ended, so the returns are no secret from anyone).
export function renderSummary(doc) {
  const agents = doc.agents || [];
  fill('summary', el('table', {},
    el('thead', {}, el('tr', {}, el('th', {}, 'Seat'), el('th', {}, 'Agent'), el('th', {}, 'Return'))),
    el('tbody', {}, doc.seats.map((_, seat) =>
      el('tr', {}, el('td', {}, V.seatLabel(doc, seat)), el('td', { class: 'agent' }, agents[seat] || ''),
         el('td', { class: 'number' }, doc.returns[seat] === undefined ? '' : signed(doc.returns[seat])))))),
    el('p', { class: 'muted' }, `${doc.steps} moves${doc.finished === false ? ', unfinished' : ''}.`));
}

// A seat record's step (seat_view.js), in place of the move into it: the
// observation that brought the seat there, what it played there and what
// the AI advised, and whether the record goes on.
export function renderSeatRecordStep(doc, step) {
  const at = seatStep(doc, step);
  const who = V.seatLabel(doc, doc.seat);
  const parts = [at.entry
    ? el('p', {}, `Observation ${step}: `, el('strong', {}, at.entry.text))
    : el('p', {}, 'The start: nothing seen yet.')];
  for (const decision of at.decisions) {
    parts.push(el('p', {}, `${who} decides here: played `, el('strong', {}, decision.played || 'a move the record does not name'),
                  decision.advised ? `; the AI advised ${decision.advised}.` : '.'));
  }
  if (at.last) {
    parts.push(el('p', { class: 'muted' }, at.settled ? 'The game is over.'
      : 'The record stops here (its stream does not settle the result).'));
  }
  fill('decision', parts);
}

// A seat record's seats and returns, and who kept the record.
export function renderSeatRecordSummary(doc) {
  const agent = doc.agent ? `, advised by ${doc.agent}` : '';
  fill('summary',
    el('p', {}, `The seat record of ${V.seatLabel(doc, doc.seat)}, kept by ${doc.kept_by || 'an unnamed program'}${agent}` +
                (doc.start_time ? `, started ${doc.start_time}` : '') + '.'),
    doc.returns ? el('table', {},
      el('thead', {}, el('tr', {}, el('th', {}, 'Seat'), el('th', {}, 'Return'))),
      el('tbody', {}, doc.returns.map((value, seat) =>
        el('tr', {}, el('td', {}, V.seatLabel(doc, seat), seat === doc.seat ? ' (this record)' : ''),
           el('td', { class: 'number' }, signed(value))))))
      : el('p', { class: 'muted' }, 'No result: the seat\'s stream does not settle it.'),
    el('p', { class: 'muted' }, `${doc.steps} observations, ${doc.decisions.length} decisions. The record holds ` +
      'what this seat saw and nothing else: no other seat\'s view, no full view, no analysis.'));
}
