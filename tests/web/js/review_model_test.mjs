// The review's logic in the replay viewer (web/static/js/viewer/review_model.js):
// a hand-written review of seat 1 of the Kuhn poker fixture
// (tests/web/fixtures/viewer_kuhn.json), in the format `kibitz review
// --json` writes (docs/review.md): which files it takes and why it refuses
// the others, which step a decision is at, the seat's figures and the bar
// chart's geometry. Run by ctest as kibitz_web_review_js_test (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// review_model.js imports view_state.js: a copy of web/static/js marked as
// a module package lets node follow the import (as renderer_models_test.mjs does).
const here = new URL('.', import.meta.url);
const copy = mkdtempSync(join(tmpdir(), 'kibitz-review-js-'));
cpSync(fileURLToPath(new URL('../../../web/static/js', here)), copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const R = await import(join(copy, 'viewer', 'review_model.js'));

const viewerDoc = () => JSON.parse(readFileSync(new URL('../fixtures/viewer_kuhn.json', here), 'utf8'));

// Seat 1 passed at move 3 (the fixture's last move); a second, made-up
// decision at move 1 is added where a test needs two.
function review() {
  return {
    format: 'kibitz-review', version: 1, file: 'kuhn-fixture.kbr', game_index: 0,
    game: 'kuhn_poker(players=2)', seat: 1, engine: 'ismcts(sims=400)', budget: '400 simulations',
    replicates: 4, valued: 1, mean_loss: 0.25, accuracy: 75,
    decisions: [
      { move: 3, played: 'pass', best: 'bet', loss: 0.25, loss_error: 0.05, spread: 1, relative_loss: 0.25,
        verdict: 'mistake', forced: false,
        actions: [{ action: 'bet', value: 0.5, error: 0.1, share: 0.7 },
                  { action: 'pass', value: -0.5, error: 0.2, share: 0.3 }] },
    ],
    worst: [3],
  };
}

test('a review is read field by field, and what is wrong is named', () => {
  const r = review();
  assert.deepEqual(R.parseReview(JSON.stringify(r)), r);
  const refused = (change, pattern) => {
    const broken = review();
    change(broken);
    assert.throws(() => R.parseReview(JSON.stringify(broken)), pattern);
  };
  assert.throws(() => R.parseReview('{"format": '), /not JSON/);
  assert.throws(() => R.parseReview('[1, 2]'), /not a JSON object/);
  refused(x => { x.format = 'kibitz-replay'; }, /format is "kibitz-replay", not "kibitz-review"/);
  refused(x => { x.version = 2; }, /version "2"; this viewer reads version 1/);
  refused(x => { delete x.seat; }, /names no seat/);
  refused(x => { x.decisions[0].verdict = '<b>awful</b>'; }, /verdict "<b>awful<\/b>" is none of/);
  refused(x => { x.decisions[0].actions[1].value = 'high'; }, /decision 0, action 1, has no numeric "value"/);
  refused(x => { x.decisions[0].loss = '0.25'; }, /"loss" or "loss_error" is not a number/);
  refused(x => { x.decisions.push({ ...x.decisions[0] }); }, /two decisions at the same move/);
  refused(x => { x.worst = [2]; }, /"worst" names a move that is none of its decisions/);
  refused(x => { x.format = 'x'.repeat(500); }, /format is "x{57}\.\.\."/);  // a long value is cut
  // The game's note on a move: optional, and checked when there.
  const noted = review();
  noted.decisions[0].note = { kind: 'claim', text: 'claim adult, truth child: a lie', flagged: true };
  assert.deepEqual(R.parseReview(JSON.stringify(noted)), noted);
  refused(x => { x.decisions[0].note = { kind: 'claim', text: 3, flagged: true }; }, /"note" is not \{kind, text, flagged\}/);
  refused(x => { x.decisions[0].note = '<b>lie</b>'; }, /"note" is not/);
});

test('a review fits only the game it is of', () => {
  const doc = viewerDoc();
  assert.equal(R.matchReview(review(), doc).seat, 1);
  const mismatch = (change, pattern, docChange = () => {}) => {
    const r = review();
    const d = viewerDoc();
    change(r);
    docChange(d);
    assert.throws(() => R.matchReview(r, d), pattern);
  };
  mismatch(x => { x.game_index = 1; }, /game 1 of its file; the viewer shows game 0/);
  mismatch(() => {}, /game 0 of its file; the viewer shows game 1/, d => { d.game_index = 1; });
  mismatch(x => { x.game = 'leduc_poker'; }, /review is of "leduc_poker"; this replay is "kuhn_poker\(players=2\)"/);
  mismatch(x => { x.seat = 2; }, /seat 2; this game has seats 0 to 1/);
  mismatch(x => { x.decisions[0].move = 4; }, /decision at move 4; this game has 4 moves/);
  mismatch(x => { x.decisions[0].move = 2; x.worst = [2]; }, /move 2 of this replay is P0 \(person\)'s, not P1's/);
  mismatch(x => { x.decisions[0].played = 'bet'; }, /move 3 of this replay is "pass"; the review says "bet"/);
});

test('the review shows in its seat\'s perspective and the full view only', () => {
  const r = review();
  assert.equal(R.reviewShownIn(r, 'full'), true);
  assert.equal(R.reviewShownIn(r, 'seat1'), true);
  assert.equal(R.reviewShownIn(r, 'seat0'), false);
  assert.equal(R.reviewShownIn(r, 'public'), false);
});

test('a decision is at the step of its move; the neighbours step between them', () => {
  const r = review();
  r.decisions.push({ ...r.decisions[0], move: 1 });
  assert.equal(R.decisionAt(r, 3).played, 'pass');
  assert.equal(R.decisionAt(r, 4), null);
  assert.equal(R.decisionAt(r, 2), null);
  assert.deepEqual(R.neighbours(r, 0), { previous: null, next: 1 });
  assert.deepEqual(R.neighbours(r, 1), { previous: null, next: 3 });
  assert.deepEqual(R.neighbours(r, 2), { previous: 1, next: 3 });
  assert.deepEqual(R.neighbours(r, 4), { previous: 3, next: null });
});

test('the summary counts the verdicts and lists the worst that lost something', () => {
  const r = review();
  r.decisions.push({ ...r.decisions[0], move: 1, verdict: 'good', loss: 0, relative_loss: 0 },
                   { move: 0, played: 'x', best: 'x', loss: 0, loss_error: null, spread: 0, relative_loss: 0,
                     verdict: 'good', forced: true, actions: [] });
  r.worst = [3, 1];
  const s = R.reviewSummary(r);
  assert.deepEqual(s.counts, { blunder: 0, mistake: 1, inaccuracy: 0, unclear: 0, good: 2 });
  assert.equal(s.decisions, 3);
  assert.equal(s.forced, 1);
  assert.equal(s.meanLoss, 0.25);
  assert.equal(s.accuracy, 75);
  assert.deepEqual(s.worst.map(d => d.move), [3], 'move 1 lost nothing and is not listed');
});

test('the bars span zero and every value with its error', () => {
  const chart = R.barChart(review().decisions[0]);
  // Values 0.5 ± 0.1 and -0.5 ± 0.2: the scale runs from -0.7 to 0.6.
  assert.ok(Math.abs(chart.low + 0.7) < 1e-12 && Math.abs(chart.high - 0.6) < 1e-12);
  assert.equal(chart.zero, 53.8);
  const [bet, pass] = chart.rows;
  assert.deepEqual([bet.action, bet.best, bet.played], ['bet', true, false]);
  assert.deepEqual([pass.action, pass.best, pass.played], ['pass', false, true]);
  assert.deepEqual(bet.bar, { left: 53.8, width: 38.5 });    // 0 to 0.5
  assert.deepEqual(pass.bar, { left: 15.4, width: 38.4 });   // -0.5 to 0
  assert.deepEqual(bet.whisker, { left: 84.6, width: 15.4 });  // 0.4 to 0.6
  assert.deepEqual(pass.whisker, { left: 0, width: 30.8 });    // -0.7 to -0.3
  assert.equal(chart.playedValued, true);
});

test('an error unknown draws no error bar; equal values still get a scale', () => {
  const d = review().decisions[0];
  d.actions = [{ action: 'bet', value: 0, error: null, share: 1 }, { action: 'pass', value: 0, error: null, share: 0 }];
  d.played = 'check';
  const chart = R.barChart(d);
  assert.equal(chart.high - chart.low, 1);
  assert.equal(chart.rows[0].whisker, null);
  assert.deepEqual(chart.rows[0].bar, { left: 0, width: 0 });
  assert.equal(chart.playedValued, false);
});
