// A seat record in the replay viewer: the server's document of one
// (docs/serve.md, "A seat record's document"), what the viewer may show of
// it at a step, and the state the table renderers draw from. No DOM here,
// so node tests it (tests/web/js/viewer_state_test.mjs).
//
// A seat record is what one seat saw of a game, kept by whoever played it
// (kibitz seat, kibitz engine --records, the table's "Save your record"):
// its stream, its decisions and the result when the stream settles it. It
// has no other seat's stream, no public stream, no moves and no state, so
// its only perspective is its own seat's. Step k is the seat having seen k
// observations; a decision taken with k seen sits at step k, which is also
// its review's `move` (kibitz review gives a seat record's decisions the
// observation index where the seat decided).

export const SEAT_RECORD = 'seat_record';

export function isSeatRecord(doc) {
  return Boolean(doc) && doc.kind === SEAT_RECORD;
}

function need(ok, message) {
  if (!ok) throw new Error(message);
}

const isCount = value => Number.isInteger(value) && value >= 0;

// Throws an Error naming the first thing the viewer cannot use.
export function checkSeatRecordDocument(doc) {
  for (const field of ['game', 'players', 'seat', 'seats', 'returns', 'steps', 'stream', 'decisions']) {
    need(field in doc, `the seat record's document has no "${field}"`);
  }
  need(Number.isInteger(doc.players) && doc.players > 0, '"players" is not a count of seats');
  need(isCount(doc.seat) && doc.seat < doc.players, `"seat" is not one of the game's ${doc.players} seats`);
  need(Array.isArray(doc.seats) && doc.seats.length === doc.players, '"seats" is not a label per seat');
  need(isCount(doc.steps), '"steps" is not a count');
  need(Array.isArray(doc.stream) && doc.stream.length === doc.steps,
       `"stream" does not hold the ${doc.steps} observations "steps" says`);
  doc.stream.forEach((entry, i) => need(entry && entry.step === i + 1 && typeof entry.text === 'string',
                                        `observation ${i} of "stream" is not at step ${i + 1}`));
  need(Array.isArray(doc.decisions), '"decisions" is not a list');
  doc.decisions.forEach((d, i) => need(d && isCount(d.step) && d.step <= doc.steps && typeof d.played === 'string',
                                       `decision ${i} is not at a step of the record`));
  need(doc.returns === null || (Array.isArray(doc.returns) && doc.returns.length === doc.players),
       '"returns" is neither null nor a return per seat');
  return doc;
}

// The seat's decisions at `step` (usually one; none where it did not decide).
export function decisionsAt(doc, step) {
  return doc.decisions.filter(d => d.step === step);
}

// Whether the record ends at `step` with the result known.
function overAt(doc, step) {
  return doc.returns !== null && step === doc.steps;
}

// What the step shows beside the table: the observation that brought the
// seat to it, the seat's decisions there, and whether the record ends here.
export function seatStep(doc, step) {
  return {
    entry: step > 0 ? doc.stream[step - 1] : null,
    decisions: decisionsAt(doc, step),
    last: step === doc.steps,
    settled: doc.returns !== null,
  };
}

// A document's stream entry as the renderers read it (js/table_state.js):
// its JSON, its text and the game's notes on it (docs/serve.md), or null.
export function rendererEntry(entry) {
  return { json: entry.json, text: entry.text, notes: entry.notes || null };
}

// The state js/table_state.js's initialState() would hold had the seat
// watched its game up to `step`, for the table renderers: its stream, its
// turn where it decided, the result at the end when the record settles it.
// The record has no public stream, so the renderers tell its private facts
// by the observations' JSON alone (js/private_facts.js's fallback), and
// the result lists no moves: the record knows only its own.
export function seatRecordRendererState(doc, step) {
  const over = overAt(doc, step);
  return {
    welcome: { table: doc.source || '', game: doc.game, players: doc.players,
               seat: doc.seat, spectator: false, seats: doc.seats },
    stream: doc.stream.filter(entry => entry.step <= step).map(rendererEntry),
    publicStream: [],
    publicKnown: false,
    turn: over ? null : { to_act: decisionsAt(doc, step).length > 0, legal: [] },
    gameOver: over ? { returns: doc.returns, streams: null, public: null, history: null } : null,
    aborted: null,
    notice: null,
  };
}
