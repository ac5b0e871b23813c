// The table page's "Review this game" panel (js/table_review_model.js says
// what is known): once the game is over, a button that asks the server for
// the review of this seat, a progress bar while it runs, then the review --
// the seat's figures, its worst decisions and, for every decision, the
// engine's bars as the replay viewer draws them (viewer/review_panel.js) --
// and a link to save it. Everything from the server goes in as text (dom.js).
import { el, fill } from './dom.js';
import { reviewSummary, VERDICTS } from './viewer/review_model.js';
import { barChartParts, lossSentence, verdictBadge } from './viewer/review_panel.js';
import { progressShare, reviewFileName, reviewFileText } from './table_review_model.js';

function signed(x) {
  return (x > 0 ? '+' : x < 0 ? '−' : '') + Math.abs(x).toFixed(3);
}

const percent = x => `${Math.round(x * 100)}%`;

function figures(review) {
  const s = reviewSummary(review);
  return [
    el('dl', { class: 'stats review-figures' },
       el('dt', {}, 'Mean loss'), el('dd', { 'data-figure': 'mean-loss' }, `${signed(s.meanLoss)} per valued decision`),
       el('dt', {}, 'Accuracy'), el('dd', { 'data-figure': 'accuracy' }, `${s.accuracy.toFixed(1)}%`),
       el('dt', {}, 'Decisions'), el('dd', { 'data-figure': 'decisions' },
                                     `${s.decisions} (${s.valued} valued, ${s.forced} forced)`)),
    el('ul', { class: 'review-counts' }, VERDICTS.map(v => el('li', { 'data-verdict': v }, verdictBadge(v), ` ${s.counts[v]}`))),
    el('h3', {}, 'Worst decisions'),
    s.worst.length
      ? el('ol', { class: 'review-worst-list' }, s.worst.map(d => el('li', {},
          el('a', { href: `#review-decision-${d.move}` }, `decision ${review.decisions.indexOf(d) + 1}`), ': played ',
          el('strong', {}, d.played), `, best ${d.best} · `, verdictBadge(d.verdict),
          ` · ${percent(d.relative_loss)} of the spread`)))
      : el('p', { class: 'empty' }, 'None: nothing measurably lost.'),
  ];
}

// A seat record's decision is at the entry of the stream where it was
// taken: `move` counts the entries seen (the log's numbers).
function decisionItem(decision, index) {
  return el('li', { class: 'review-decision', id: `review-decision-${decision.move}`, 'data-verdict': decision.verdict },
    el('p', {}, el('span', { class: 'muted' }, `Decision ${index + 1}, after entry ${decision.move} of your log: `),
       'played ', el('strong', {}, decision.played),
       decision.forced ? '' : '; the engine\'s best: ', decision.forced ? '' : el('strong', {}, decision.best), '.'),
    el('p', { class: 'review-verdict' }, verdictBadge(decision.verdict), ' ', lossSentence(decision)),
    ...barChartParts(decision));
}

function saveLink(review, welcome) {
  const link = el('a', { class: 'review-save', download: reviewFileName(welcome),
                         href: URL.createObjectURL(new Blob([reviewFileText(review)], { type: 'application/json' })) },
                  'Save this review');
  return el('p', {}, link, ' (its decisions are counted in entries of your stream, as in your record of this game)');
}

function reviewParts(review, welcome) {
  return [
    ...figures(review),
    el('h3', {}, 'Every decision'),
    review.decisions.length
      ? el('ol', { class: 'review-decisions' }, review.decisions.map(decisionItem))
      : el('p', { class: 'empty' }, 'You made no decision in this game.'),
    el('p', { class: 'muted review-engine', title: String(review.engine ?? '') },
       `Engine ${String(review.engine ?? '?').split('(')[0]}, ${review.budget ?? '?'} per decision shared by ` +
       `${review.replicates ?? '?'} replicates, from your own stream alone. Verdicts: docs/review.md.`),
    saveLink(review, welcome),
  ];
}

// Draws the panel for `review` (table_review_model.js) at `state`
// (table_state.js); `ask` sends the request. The review itself is drawn once.
let drawn = null;
export function renderTableReview(state, review, ask) {
  const panel = document.getElementById('review-panel');
  const seat = state.welcome && !state.welcome.spectator;
  panel.hidden = !(seat && state.gameOver && review.offered);
  if (panel.hidden) return;
  const button = document.getElementById('review-button');
  button.hidden = review.status === 'done';
  button.disabled = review.status === 'asked' || review.status === 'running';
  button.onclick = ask;
  const progress = document.getElementById('review-progress');
  progress.hidden = !(review.status === 'asked' || review.status === 'running');
  if (!progress.hidden) {
    const bar = document.getElementById('review-bar');
    bar.value = progressShare(review);
    bar.setAttribute('aria-valuetext', `${review.done} of ${review.total} decisions`);
    fill('review-progress-text', review.status === 'asked' ? 'Asking the server…'
      : `Reviewing: ${review.done} of ${review.total} decisions (${percent(progressShare(review))})`);
  }
  fill('review-error', review.status === 'failed' ? `No review: ${review.error}` : '');
  if (review.status === 'done' && drawn !== review.review) {
    drawn = review.review;
    fill('review-result', reviewParts(review.review, state.welcome));
  }
}
