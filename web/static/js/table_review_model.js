// "Review this game" at the table (web/seat_reviews.h, docs/web_page.md
// "Reviewing your game"): what the page knows of its seat's review, from
// the server's review messages alone. applyReview(review, message) returns
// the next; no DOM here, so node tests it (tests/web/js/table_review_model_test.mjs)
// and js/table_review.js only draws.
import { checkReview } from './viewer/review_model.js';

export function initialReview() {
  return {
    offered: false,  // the server offers reviews (a review_offer arrived)
    status: 'idle',  // idle | asked | running | done | failed
    done: 0,         // decisions reviewed so far ...
    total: 0,        // ... of these
    review: null,    // the review, checked (viewer/review_model.js's checkReview)
    error: null,     // why there is none
  };
}

export const isReviewMessage = message =>
  ['review_offer', 'review_progress', 'review', 'review_error'].includes(message.type);

// The page asked (its button): until the server answers, nothing to ask again.
export function asked(review) {
  return { ...review, status: 'asked', error: null };
}

const count = x => (Number.isInteger(x) && x >= 0 ? x : 0);

export function applyReview(review, message) {
  switch (message.type) {
    case 'review_offer':
      return { ...review, offered: true };
    case 'review_progress':
      return { ...review, status: 'running', done: count(message.done), total: count(message.total), error: null };
    case 'review':
      try {
        const checked = checkReview(message.review);
        return { ...review, status: 'done', review: checked, done: checked.decisions.length,
                 total: checked.decisions.length, error: null };
      } catch (e) {
        return { ...review, status: 'failed', error: `the server's review did not read: ${e.message}` };
      }
    case 'review_error':
      // A refusal of a repeat (one under way) leaves the review under way as it was.
      if (review.status === 'running' && /already under way/.test(String(message.reason))) return review;
      return { ...review, status: 'failed', error: String(message.reason || 'no reason given') };
    default:
      return review;
  }
}

// The share done, from 0 to 1 (0 while nothing is known).
export function progressShare(review) {
  if (review.status === 'done') return 1;
  return review.total > 0 ? Math.min(1, review.done / review.total) : 0;
}

// The review's JSON as a file, as `kibitz review --json` writes one.
export function reviewFileText(review) {
  return JSON.stringify(review, null, 2) + '\n';
}

// The file name offered: the game's name, the seat, the table.
export function reviewFileName(welcome) {
  const game = String(welcome.game || 'game').split('(')[0].trim().replace(/[^a-z0-9_]/gi, '_');
  const table = String(welcome.table || 'table').replace(/[^a-z0-9_-]/gi, '_');
  return `${game}-P${welcome.seat}-${table}.review.json`;
}
