// A seat's review (`kibitz review ... --json`, docs/review.md) beside the
// replay it reviews: whether the file is one, whether it belongs to the
// game the viewer shows, which step each decision is at, the seat's figures
// and the geometry of a decision's bar chart. No DOM here, so node tests it
// (tests/web/js/review_model_test.mjs) and review_panel.js only draws.
//
// A decision's `move` is the index of the record's action the seat chose,
// so it is decided at step `move` (the game after `move` moves): the step
// where the viewer says the seat is to move. In a review of a seat record,
// `move` is the number of observations the seat had seen when it decided,
// which is the step of the seat record's document where it decided
// (seat_view.js): the same rule, so the panels need no second one.
import { isSeatRecord } from './seat_view.js';
import { FULL, seatKey, seatLabel } from './view_state.js';

export const FORMAT = 'kibitz-review';
export const VERSION = 1;
// Worst to best, as docs/review.md orders them; good and unclear count as
// nothing lost measurably.
export const VERDICTS = ['blunder', 'mistake', 'inaccuracy', 'unclear', 'good'];
// A review of the longest games is well under a megabyte; a file far past
// that is not one, and is refused before it is parsed.
export const MAX_REVIEW_BYTES = 8 * 1024 * 1024;

// A value from the file, shortened, for a message (set as text by the page).
function quoted(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return '"' + (text.length > 60 ? text.slice(0, 57) + '...' : text) + '"';
}

const isNumber = value => typeof value === 'number' && Number.isFinite(value);
const isCount = value => Number.isInteger(value) && value >= 0;
const isNumberOrNull = value => value === null || isNumber(value);

function need(ok, message) {
  if (!ok) throw new Error(message);
}

function checkAction(entry, where) {
  need(entry && typeof entry === 'object', `${where} is not an object`);
  need(typeof entry.action === 'string', `${where} has no "action" text`);
  need(isNumber(entry.value), `${where} has no numeric "value"`);
  need(isNumberOrNull(entry.error), `${where}'s "error" is neither a number nor null`);
  need(isNumber(entry.share), `${where} has no numeric "share"`);
}

function checkDecision(d, i) {
  const where = `decision ${i}`;
  need(d && typeof d === 'object', `${where} is not an object`);
  need(isCount(d.move), `${where} has no move index`);
  need(typeof d.played === 'string' && typeof d.best === 'string', `${where} lacks "played" or "best" text`);
  need(isNumberOrNull(d.loss) && isNumberOrNull(d.loss_error), `${where}'s "loss" or "loss_error" is not a number`);
  need(isNumber(d.spread) && isNumber(d.relative_loss), `${where} lacks "spread" or "relative_loss"`);
  need(VERDICTS.includes(d.verdict), `${where}'s verdict ${quoted(d.verdict)} is none of ${VERDICTS.join(', ')}`);
  need(typeof d.forced === 'boolean', `${where} has no "forced"`);
  // The game's note on the move (kibitz review's notes; none in older files).
  const note = d.note;
  need(note === undefined || note === null ||
       (typeof note === 'object' && typeof note.kind === 'string' && typeof note.text === 'string' &&
        typeof note.flagged === 'boolean'),
       `${where}'s "note" is not {kind, text, flagged}`);
  need(Array.isArray(d.actions), `${where} has no "actions" list`);
  d.actions.forEach((entry, a) => checkAction(entry, `${where}, action ${a},`));
}

// The review in `text` (a file's contents), checked field by field; throws
// an Error whose message names the first problem.
export function parseReview(text) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('the file is not JSON: a review is the file `kibitz review ... --json OUT` writes');
  }
  return checkReview(json);
}

export function checkReview(review) {
  need(review && typeof review === 'object' && !Array.isArray(review), 'the file is not a JSON object');
  need(review.format === FORMAT, `the file's format is ${quoted(review.format)}, not "${FORMAT}"`);
  need(review.version === VERSION,
       `the review is version ${quoted(review.version)}; this viewer reads version ${VERSION}`);
  need(typeof review.game === 'string', 'the review names no game');
  need(isCount(review.game_index), 'the review has no game index');
  need(isCount(review.seat), 'the review names no seat');
  need(isNumber(review.mean_loss) && isNumber(review.accuracy), 'the review lacks "mean_loss" or "accuracy"');
  need(Array.isArray(review.decisions), 'the review has no "decisions" list');
  review.decisions.forEach(checkDecision);
  const moves = new Set(review.decisions.map(d => d.move));
  need(moves.size === review.decisions.length, 'the review has two decisions at the same move');
  need(Array.isArray(review.worst) && review.worst.every(move => moves.has(move)),
       'the review\'s "worst" names a move that is none of its decisions');
  return review;
}

// Throws an Error saying why `review` is not of the game `doc` shows (the
// viewer's document, view_state.js), or returns the review. The spec and
// index say which game it claims to be; each decision's move being the
// seat's, with the same action, says it is that very game and not another
// with the same spec.
export function matchReview(review, doc) {
  const shown = Number.isInteger(doc.game_index) ? doc.game_index : 0;
  need(review.game === doc.game, `the review is of ${quoted(review.game)}; this replay is ${quoted(doc.game)}`);
  need(review.game_index === shown,
       `the review is of game ${review.game_index} of its file; the viewer shows game ${shown}`);
  need(review.seat < doc.players, `the review is of seat ${review.seat}; this game has seats 0 to ${doc.players - 1}`);
  if (isSeatRecord(doc)) return matchSeatRecord(review, doc);
  for (const d of review.decisions) {
    need(d.move < doc.steps, `the review has a decision at move ${d.move}; this game has ${doc.steps} moves`);
    const move = doc.moves[d.move];
    need(move.player === review.seat,
         `move ${d.move} of this replay is ${seatLabel(doc, move.player)}'s, not P${review.seat}'s`);
    need(move.text === d.played,
         `move ${d.move} of this replay is ${quoted(move.text)}; the review says ${quoted(d.played)}`);
  }
  return review;
}

// A seat record's review is of its seat, and each of its decisions is one
// the record keeps at that step with the same move (kibitz review writes
// "?" for a move the record does not name).
function matchSeatRecord(review, doc) {
  need(review.seat === doc.seat, `the review is of P${review.seat}; this is P${doc.seat}'s seat record`);
  for (const d of review.decisions) {
    const kept = doc.decisions.filter(k => k.step === d.move);
    need(kept.length > 0, `the review has a decision at step ${d.move}; the seat record has none there`);
    need(kept.some(k => (k.played || '?') === d.played),
         `at step ${d.move} the seat record has ${quoted(kept[0].played)} played; the review says ${quoted(d.played)}`);
  }
  return review;
}

// The review shows where the perspective may know the seat's own play and
// thoughts, as the viewer's decisions do: the seat's own and the full view.
export function reviewShownIn(review, key) {
  return key === FULL || key === seatKey(review.seat);
}

// The decision taken at `step`, or null.
export function decisionAt(review, step) {
  return review.decisions.find(d => d.move === step) || null;
}

// The steps of the seat's decisions just before and just after `step`
// (null where there is none), to step from one to the next.
export function neighbours(review, step) {
  const steps = review.decisions.map(d => d.move).sort((a, b) => a - b);
  const before = steps.filter(s => s < step);
  return { previous: before.length ? before[before.length - 1] : null, next: steps.find(s => s > step) ?? null };
}

// The seat's figures: mean loss, accuracy, how many decisions got each
// verdict, and the worst ones (as the file lists them, leaving out those
// that lost nothing, as `kibitz review` prints them).
export function reviewSummary(review) {
  const counts = Object.fromEntries(VERDICTS.map(v => [v, 0]));
  for (const d of review.decisions) counts[d.verdict] += 1;
  const worst = review.worst.map(move => decisionAt(review, move)).filter(d => d.relative_loss > 0);
  return {
    seat: review.seat,
    decisions: review.decisions.length,
    forced: review.decisions.filter(d => d.forced).length,
    valued: isCount(review.valued) ? review.valued : review.decisions.filter(d => d.loss !== null && !d.forced).length,
    meanLoss: review.mean_loss,
    accuracy: review.accuracy,
    counts,
    worst,
  };
}

const round1 = x => Math.round(x * 10) / 10;

// A decision's bar chart, in percentages of the chart's width: per valued
// action (best first, as the file lists them) its bar from zero to its
// value and its error bar, and whether it is the action played and the
// engine's best. The scale spans zero and every value ± its error.
export function barChart(decision) {
  const ends = [0];
  for (const a of decision.actions) ends.push(a.value - (a.error ?? 0), a.value + (a.error ?? 0));
  const low = Math.min(...ends);
  const high = Math.max(...ends) > low ? Math.max(...ends) : low + 1;
  const at = x => round1(((x - low) / (high - low)) * 100);
  return {
    low,
    high,
    zero: at(0),
    playedValued: decision.actions.some(a => a.action === decision.played),
    rows: decision.actions.map(a => ({
      action: a.action,
      value: a.value,
      error: a.error,
      share: a.share,
      played: a.action === decision.played,
      best: a.action === decision.best,
      bar: { left: at(Math.min(0, a.value)), width: round1(at(Math.max(0, a.value)) - at(Math.min(0, a.value))) },
      whisker: a.error === null ? null
        : { left: at(a.value - a.error), width: round1(at(a.value + a.error) - at(a.value - a.error)) },
    })),
  };
}
