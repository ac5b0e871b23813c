// The replay viewer's logic, from the server's viewer document
// (/api/replays/<file>/view, the format in docs/web_page.md "Replay
// viewer") alone: which perspectives there are, what each may see at a
// step, and where a chart's lines go. No DOM here, so node tests it
// (tests/web/js/viewer_state_test.mjs) and the page only draws what it says.
//
// A step k is the game after k moves (0..doc.steps); move i takes step i to
// step i+1. A perspective is a seat ("seat3"), "public" or "full".
//
// What each perspective is shown, and why: a seat sees its own stream up to
// the step, its own annotations (but for those naming another seat's hidden
// card), its own decisions and its own charts: what it knew at that moment.
// The public sees the public stream and the public charts, and no
// annotation or decision, since those speak of hidden cards (a bluff names
// the card) or come from a seat's private reasoning. The full view shows
// everything. A seat record's document (seat_view.js) has one perspective,
// its own seat's, since it holds nothing else.

import { checkSeatRecordDocument, isSeatRecord, rendererEntry, seatRecordRendererState } from './seat_view.js';

export const PUBLIC = 'public';
export const FULL = 'full';
export const SPECTATOR_VIEWER = -3;  // a chart's "viewer" for the public (kSpectator)
export const CHANCE = -1;

// Throws an Error naming the first thing the viewer cannot use, so a page
// says what is wrong with a document instead of drawing half of it.
export function checkDocument(doc) {
  if (!doc || typeof doc !== 'object') throw new Error('the viewer document is not a JSON object');
  if (typeof doc.error === 'string') throw new Error(doc.error);
  if (isSeatRecord(doc)) return checkSeatRecordDocument(doc);
  for (const field of ['game', 'players', 'seats', 'returns', 'steps', 'moves', 'streams', 'public']) {
    if (!(field in doc)) throw new Error(`the viewer document has no "${field}"`);
  }
  if (!Number.isInteger(doc.steps) || doc.steps < 0) throw new Error('"steps" is not a count');
  if (!Array.isArray(doc.moves) || doc.moves.length !== doc.steps) {
    throw new Error(`"moves" holds ${lengthOf(doc.moves)} moves where "steps" says ${doc.steps}`);
  }
  if (!Array.isArray(doc.streams) || doc.streams.length !== doc.players) {
    throw new Error(`"streams" holds ${lengthOf(doc.streams)} streams for ${doc.players} players`);
  }
  if (doc.full && doc.full.length !== doc.steps + 1) {
    throw new Error(`"full" holds ${doc.full.length} states for ${doc.steps + 1} steps`);
  }
  return doc;
}

function lengthOf(value) {
  return Array.isArray(value) ? value.length : 'no';
}

export function seatKey(seat) {
  return 'seat' + seat;
}

// The seat of a perspective key, or null for the public and the full view.
export function seatOf(key) {
  const match = /^seat(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

// "P0 (heuristic)", "P1 (person)", "chance".
export function seatLabel(doc, seat) {
  if (seat === CHANCE) return 'chance';
  const label = doc.seats[seat];
  return `P${seat}` + (label ? ` (${label === 'human' ? 'person' : label})` : '');
}

// Every seat, the public and the full view, in that order; a seat record's
// own seat alone.
export function perspectives(doc) {
  if (isSeatRecord(doc)) return [{ key: seatKey(doc.seat), label: seatLabel(doc, doc.seat) }];
  const list = doc.seats.map((_, seat) => ({ key: seatKey(seat), label: seatLabel(doc, seat) }));
  list.push({ key: PUBLIC, label: 'The public' });
  list.push({ key: FULL, label: 'Full view' });
  return list;
}

// A perspective key from a URL parameter; the full view when it names none.
export function parsePerspective(doc, text) {
  if (isSeatRecord(doc)) return seatKey(doc.seat);
  const seat = seatOf(text || '');
  if (seat !== null && seat < doc.players) return seatKey(seat);
  return text === PUBLIC ? PUBLIC : FULL;
}

// A step from a URL parameter or an input, kept within 0..doc.steps;
// `fallback` when it is not a number.
export function clampStep(doc, value, fallback = 0) {
  const number = typeof value === 'number' ? value : String(value ?? '').trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number)) return fallback;
  return Math.min(doc.steps, Math.max(0, Math.trunc(number)));
}

function upTo(entries, step) {
  return entries.filter(entry => entry.step <= step);
}

// The state js/table_state.js's initialState() would hold had the
// perspective watched the game live up to `step`, for the table renderers
// (js/renderers/*): its stream, the public stream (so private facts are
// told apart by the same rule as on the live page), whose turn it is and,
// at the last step of a finished game, the result. Null for the full view,
// which the renderers do not draw.
export function rendererState(doc, key, step) {
  if (isSeatRecord(doc)) return key === seatKey(doc.seat) ? seatRecordRendererState(doc, step) : null;
  if (key === FULL) return null;
  const seat = seatOf(key);
  const spectator = seat === null;
  const own = spectator ? doc.public : doc.streams[seat];
  const next = step < doc.steps ? doc.moves[step].player : null;
  const over = doc.finished !== false && step === doc.steps;
  return {
    welcome: { table: doc.source || '', game: doc.game, players: doc.players,
               seat: spectator ? -1 : seat, spectator, seats: doc.seats },
    stream: upTo(own, step).map(rendererEntry),
    publicStream: upTo(doc.public, step).map(entry => entry.json),
    publicKnown: true,
    // Legal actions are not in the document: the renderers show whose
    // turn it is and no buttons.
    turn: spectator || over ? null : { to_act: next === seat, legal: [] },
    // After the end everyone sees everything (as spectators do live).
    gameOver: over ? {
      returns: doc.returns,
      streams: doc.streams.map(stream => stream.map(entry => entry.json)),
      public: doc.public.map(entry => entry.json),
      history: doc.moves.map(move => ({ type: 'move', player: move.player, text: move.text })),
    } : null,
    aborted: null,
    notice: null,
  };
}

// The full view at `step`: the state's text (or why there is none) and
// every move so far with its mover.
export function fullView(doc, step) {
  return {
    stateText: doc.full ? doc.full[step] : null,
    omitted: doc.full ? '' : (doc.full_omitted || 'the server sent no state texts'),
    moves: doc.moves.slice(0, step).map((move, index) => ({
      index, player: move.player, who: seatLabel(doc, move.player), text: move.text })),
    streams: doc.streams.map((stream, seat) => ({ who: seatLabel(doc, seat), entries: upTo(stream, step) })),
  };
}

// Whether the perspective may see what seat `seat` did or thought (an
// annotation, a decision, a move's text).
function mayKnow(key, seat) {
  if (key === FULL) return true;
  const own = seatOf(key);
  return own !== null && own === seat;
}

// Annotation kinds that, though filed under one seat, tell another seat's
// hidden card: "P1 was fooled by P2's 7C" is P1's, yet P1 never saw which
// card P2 played face down. Only the full view shows them.
const ABOUT_ANOTHER_SEAT = new Set(['fooled']);

function mayRead(key, annotation) {
  if (key !== FULL && ABOUT_ANOTHER_SEAT.has(annotation.kind)) return false;
  return mayKnow(key, annotation.seat);
}

// The annotations at or before `step` the perspective may see, each with
// its index in doc.annotations and whether it belongs to this very step.
export function visibleAnnotations(doc, key, step) {
  return (doc.annotations || [])
    .map((annotation, index) => ({ ...annotation, index, current: annotation.step === step }))
    .filter(annotation => annotation.step <= step && mayRead(key, annotation));
}

// How many annotations the perspective may not see at all (to say so,
// rather than look as if there were none).
export function hiddenAnnotationCount(doc, key) {
  return (doc.annotations || []).filter(annotation => !mayRead(key, annotation)).length;
}

// The move that led to `step` (move step-1), or null at step 0: who made
// it, and its text and decision where the perspective may know them (a
// seat learns what others did from its stream, not from the move's text,
// which would name a face-down card).
export function moveInto(doc, key, step) {
  if (step <= 0) return null;
  const move = doc.moves[step - 1];
  const known = mayKnow(key, move.player);
  return {
    index: step - 1,
    player: move.player,
    who: seatLabel(doc, move.player),
    text: known ? move.text : null,
    decision: known ? move.decision || null : null,
  };
}

// The policy's most likely actions first, at most `count`.
export function topPolicy(decision, count = 5) {
  if (!decision || !Array.isArray(decision.policy)) return [];
  return [...decision.policy].sort((a, b) => b.p - a.p).slice(0, count);
}

// The charts of the perspective: a seat's own belief charts, the public's
// for the public, every chart in the full view.
export function visibleCharts(doc, key) {
  const charts = doc.charts || [];
  if (key === FULL) return charts;
  const viewer = key === PUBLIC ? SPECTATOR_VIEWER : seatOf(key);
  return charts.filter(chart => chart.viewer === viewer);
}

// A series' value at `step`: its last point at or before the step, or null.
export function valueAt(series, step) {
  let value = null;
  for (const [k, v] of series.points) {
    if (k <= step) value = v;
  }
  return value;
}

// Where a chart's parts go in a box of `width` x `height` with `margin`
// ({left, right, top, bottom}) around the plot: every series as points in
// box coordinates, the y ticks, the x range, and the x of the marker at
// `step`. Pure numbers; js/viewer/chart_svg.js draws them.
export function chartLayout(chart, steps, step, { width, height, margin }) {
  const yMin = Number.isFinite(chart.y_min) ? chart.y_min : 0;
  const yMax = Number.isFinite(chart.y_max) && chart.y_max > yMin ? chart.y_max : yMin + 1;
  const left = margin.left;
  const right = width - margin.right;
  const top = margin.top;
  const bottom = height - margin.bottom;
  const xOf = k => left + (steps > 0 ? (k / steps) * (right - left) : 0);
  const yOf = v => bottom - ((Math.min(yMax, Math.max(yMin, v)) - yMin) / (yMax - yMin)) * (bottom - top);
  const round = n => Math.round(n * 10) / 10;
  return {
    plot: { left, right, top, bottom },
    series: chart.series.map(series => {
      const value = valueAt(series, step);
      return {
        label: series.label,
        seat: series.seat,
        points: series.points.map(([k, v]) => [round(xOf(k)), round(yOf(v))]),
        value,
        valueY: value === null ? null : round(yOf(value)),  // the dot on the marker
      };
    }),
    yTicks: [yMin, (yMin + yMax) / 2, yMax].map(v => ({ value: v, y: round(yOf(v)) })),
    xTicks: [0, steps].map(k => ({ value: k, x: round(xOf(k)) })),
    marker: round(xOf(step)),
  };
}

// The step under box coordinate `x` (a click on a chart), within 0..steps.
export function stepAtX(layout, steps, x) {
  const { left, right } = layout.plot;
  if (right <= left) return 0;
  return Math.min(steps, Math.max(0, Math.round(((x - left) / (right - left)) * steps)));
}
