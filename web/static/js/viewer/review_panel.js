// The review's two panels in the viewer's side column: the decision at the
// step (the engine's value of every legal action as bars with their error
// bars, the action played and the best marked, the loss and the verdict)
// and the seat's figures with its worst decisions, each a button to its
// step. review_model.js says what to draw; text goes in as text (dom.js).
// The table page's review (js/table_review.js) draws its decisions with the
// exported parts.
import { el, fill } from '../dom.js';
import * as R from './review_model.js';
import { seatLabel } from './view_state.js';

function signed(x) {
  return (x > 0 ? '+' : x < 0 ? '−' : '') + Math.abs(x).toFixed(3);
}

function share(x) {
  return `${Math.round(x * 100)}%`;
}

function withError(value, error) {
  return error === null ? `${signed(value)} ±?` : `${signed(value)} ± ${error.toFixed(3)}`;
}

export function verdictBadge(verdict) {
  return el('span', { class: `verdict verdict-${verdict}` }, verdict);
}

// What the loss means, in a sentence after the verdict.
export function lossSentence(decision) {
  if (decision.forced) return 'a forced move: the only legal action, nothing lost.';
  if (decision.loss === null) return 'the engine did not value the action played, so its loss is unknown.';
  const lost = `lost ${withError(decision.loss, decision.loss_error)}, ${share(decision.relative_loss)} of the ` +
               `spread (${decision.spread.toFixed(3)}) between the best and the worst action`;
  return decision.verdict === 'unclear'
    ? `${lost}; within two standard errors, so the engine cannot tell at this budget.`
    : `${lost}.`;
}

function barRow(row) {
  const tags = [row.played ? el('span', { class: 'review-tag review-tag-played' }, 'played') : null,
                row.best ? el('span', { class: 'review-tag review-tag-best' }, 'best') : null];
  const classes = ['review-bar-row', row.played ? 'played' : '', row.best ? 'best' : ''].join(' ').trim();
  return el('li', { class: classes },
    el('span', { class: 'review-action' }, el('span', { class: 'review-action-name' }, row.action), ...tags),
    el('span', { class: 'review-track', 'aria-hidden': 'true' },
       el('span', { class: 'review-bar', style: `left:${row.bar.left}%;width:${row.bar.width}%` }),
       row.whisker ? el('span', { class: 'review-whisker',
                                  style: `left:${row.whisker.left}%;width:${row.whisker.width}%` }) : null),
    el('span', { class: 'review-value' }, withError(row.value, row.error),
       el('span', { class: 'muted' }, ` · chosen ${share(row.share)}`)));
}

export function barChartParts(decision) {
  const chart = R.barChart(decision);
  if (!chart.rows.length) return [];
  const track = el('ol', { class: 'review-bars', style: `--zero:${chart.zero}%` }, chart.rows.map(barRow));
  return [
    track,
    el('p', { class: 'muted review-legend' },
       `The engine's value of each action (${chart.low.toFixed(2)} to ${chart.high.toFixed(2)}, the line at 0), ` +
       '± its standard error; "chosen" is how often the engine\'s searches chose it.'),
    chart.playedValued ? null : el('p', { class: 'muted' }, `The action played, ${decision.played}, was not valued.`),
  ];
}

function stepButton(label, step, go) {
  return el('button', { type: 'button', class: 'review-jump', 'data-step': String(step), onclick: () => go(step) },
            label);
}

function decisionParts(review, doc, decision) {
  return [
    el('p', {}, `${seatLabel(doc, review.seat)} to move: played `, el('strong', {}, decision.played),
       decision.forced ? '' : '; the engine\'s best: ', decision.forced ? '' : el('strong', {}, decision.best), '.'),
    el('p', { class: 'review-verdict' }, verdictBadge(decision.verdict), ' ', lossSentence(decision)),
    ...noteParts(decision),
    ...barChartParts(decision),
  ];
}

// The game's own note on the move (a bluff, a lie, an overbid), as text.
export function noteParts(decision) {
  const note = decision.note;
  if (!note) return [];
  return [el('p', { class: note.flagged ? 'review-note flagged' : 'review-note' },
             el('strong', {}, `${note.kind}: `), note.text)];
}

// The decision at `step`, or where the seat's decisions before and after it are.
export function renderReviewStep(review, doc, step, go) {
  const decision = R.decisionAt(review, step);
  const who = `P${review.seat}`;
  const parts = decision ? decisionParts(review, doc, decision)
    : [el('p', { class: 'muted' }, review.decisions.length
      ? `${who} does not decide at this step.` : `${who} made no decision in this game.`)];
  const { previous, next } = R.neighbours(review, step);
  const jumps = [previous === null ? null : stepButton(`◀ ${who}'s decision at step ${previous}`, previous, go),
                 next === null ? null : stepButton(`${who}'s decision at step ${next} ▶`, next, go)];
  if (jumps.some(Boolean)) parts.push(el('div', { class: 'review-jumps' }, jumps));
  fill('review-step', parts);
}

function worstItem(decision, step, go) {
  const current = decision.move === step;
  return el('li', {}, el('button', {
    type: 'button', class: 'review-worst', 'data-step': String(decision.move), onclick: () => go(decision.move),
    'aria-current': current ? 'step' : null,
  }, el('span', { class: 'review-worst-head' }, `step ${decision.move} · `, verdictBadge(decision.verdict),
        ` · ${share(decision.relative_loss)} of the spread`),
  el('span', {}, `played ${decision.played}, best ${decision.best}`)));
}

// The seat's figures; the current step's entry of the worst list marked.
export function renderReviewSummary(review, doc, step, go) {
  const s = R.reviewSummary(review);
  fill('review-summary-title', `Review of ${seatLabel(doc, review.seat)}`);
  fill('review-summary',
    el('dl', { class: 'stats review-figures' },
       el('dt', {}, 'Mean loss'), el('dd', {}, `${signed(s.meanLoss)} per valued decision`),
       el('dt', {}, 'Accuracy'), el('dd', {}, `${s.accuracy.toFixed(1)}%`),
       el('dt', {}, 'Decisions'), el('dd', {}, `${s.decisions} (${s.valued} valued, ${s.forced} forced)`)),
    el('ul', { class: 'review-counts' }, R.VERDICTS.map(v =>
      el('li', { 'data-verdict': v }, verdictBadge(v), ` ${s.counts[v]}`))),
    el('h3', {}, 'Worst decisions'),
    s.worst.length
      ? el('ol', { class: 'review-worst-list' }, s.worst.map(d => worstItem(d, step, go)))
      : el('p', { class: 'empty' }, 'None: nothing measurably lost.'),
    // The engine's name; its whole spec (every option) on hover.
    el('p', { class: 'muted review-engine', title: String(review.engine ?? '') },
       `Engine ${String(review.engine ?? '?').split('(')[0]}, ${review.budget ?? '?'} per decision shared by ` +
       `${review.replicates ?? '?'} replicates. Verdicts: docs/review.md.`));
}

// Both panels, or where the perspective may not see them, a line saying
// where they are (the review speaks of the seat's own cards and choices).
export function renderReview(review, doc, key, step, go) {
  const stepPanel = document.getElementById('review-step-panel');
  const summaryPanel = document.getElementById('review-summary-panel');
  stepPanel.hidden = summaryPanel.hidden = !review;
  if (!review) return;
  if (!R.reviewShownIn(review, key)) {
    summaryPanel.hidden = true;
    fill('review-step', el('p', { class: 'muted' },
      `The review of ${seatLabel(doc, review.seat)} shows in its own perspective and in the full view.`));
    return;
  }
  renderReviewStep(review, doc, step, go);
  renderReviewSummary(review, doc, step, go);
}
