// The table page's review (web/static/js/table_review_model.js): the
// server's review messages folded into what the page shows -- offered,
// progress, the review checked as the viewer checks a review file, a
// refusal or failure as a reason -- and the file offered. Run by ctest as
// kibitz_web_table_review_js_test (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = new URL('.', import.meta.url);
const copy = mkdtempSync(join(tmpdir(), 'kibitz-table-review-js-'));
cpSync(fileURLToPath(new URL('../../../web/static/js', here)), copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const M = await import(join(copy, 'table_review_model.js'));

const review = () => ({
  format: 'kibitz-review', version: 1, file: 'table t1', game_index: 0, game: 'kuhn_poker', seat: 0,
  engine: 'ismcts(c=1.4)', budget: '400 simulations', replicates: 4, valued: 1, mean_loss: 0.2, accuracy: 80,
  decisions: [{ move: 3, played: 'bet', best: 'pass', loss: 0.2, loss_error: 0.05, spread: 1, relative_loss: 0.2,
                verdict: 'inaccuracy', forced: false,
                actions: [{ action: 'pass', value: 0.1, error: 0.02, share: 0.6 },
                          { action: 'bet', value: -0.1, error: 0.03, share: 0.4 }] }],
  worst: [3],
});

const fold = messages => messages.reduce(M.applyReview, M.initialReview());

test('offered, asked, progress, then the review', () => {
  let r = fold([{ type: 'review_offer' }]);
  assert.equal(r.offered, true);
  assert.equal(r.status, 'idle');
  r = M.asked(r);
  assert.equal(r.status, 'asked');
  assert.equal(M.progressShare(r), 0);
  r = M.applyReview(r, { type: 'review_progress', done: 0, total: 4 });
  r = M.applyReview(r, { type: 'review_progress', done: 3, total: 4 });
  assert.deepEqual([r.status, r.done, r.total, M.progressShare(r)], ['running', 3, 4, 0.75]);
  r = M.applyReview(r, { type: 'review', review: review() });
  assert.equal(r.status, 'done');
  assert.equal(r.review.decisions.length, 1);
  assert.equal(M.progressShare(r), 1);
});

test('a refusal or failure is a reason; a repeat refused leaves the review under way', () => {
  let r = fold([{ type: 'review_offer' }, { type: 'review_error', reason: 'the game is not over yet' }]);
  assert.deepEqual([r.status, r.error], ['failed', 'the game is not over yet']);
  r = fold([{ type: 'review_progress', done: 1, total: 2 },
            { type: 'review_error', reason: 'a review of your seat is already under way' }]);
  assert.deepEqual([r.status, r.done], ['running', 1]);
  // Hostile or broken reviews are refused by the viewer's own checks.
  const broken = review();
  broken.decisions[0].verdict = '<img src=x>';
  r = fold([{ type: 'review', review: broken }]);
  assert.equal(r.status, 'failed');
  assert.match(r.error, /did not read: decision 0's verdict/);
  // Numbers that are not counts do not reach the bar.
  r = fold([{ type: 'review_progress', done: -3, total: 'many' }]);
  assert.deepEqual([r.done, r.total, M.progressShare(r)], [0, 0, 0]);
});

test('the file offered is the review as JSON, named for the game, seat and table', () => {
  assert.deepEqual(JSON.parse(M.reviewFileText(review())), review());
  assert.equal(M.reviewFileName({ game: 'leduc_poker(raise=2)', seat: 1, table: 'a1/../b' }),
               'leduc_poker-P1-a1____b.review.json');
});

test('only the review messages are the review\'s', () => {
  assert.ok(M.isReviewMessage({ type: 'review_progress' }));
  assert.ok(!M.isReviewMessage({ type: 'refused' }));
  assert.deepEqual(M.applyReview(M.initialReview(), { type: 'turn' }), M.initialReview());
});
