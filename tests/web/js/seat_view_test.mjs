// A seat record in the replay viewer (web/static/js/viewer/seat_view.js,
// with view_state.js and review_model.js) on a Kuhn poker seat record's
// document as `kibitz serve` answers it (tests/web/fixtures/
// viewer_kuhn_seat_record.json: P0 holds J, passes, P1 bets, P0 calls and
// loses to P1's K at the showdown): its one perspective, its stream step by
// step, the seat's turn where it decided, the result at the end, and a
// review of the record matched decision by decision. Run by ctest as
// kibitz_web_seat_view_js_test (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The modules import each other: a copy of web/static/js marked as a module
// package lets node follow the imports (as review_model_test.mjs does).
const here = new URL('.', import.meta.url);
const copy = mkdtempSync(join(tmpdir(), 'kibitz-seat-view-js-'));
cpSync(fileURLToPath(new URL('../../../web/static/js', here)), copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const S = await import(join(copy, 'viewer', 'seat_view.js'));
const V = await import(join(copy, 'viewer', 'view_state.js'));
const R = await import(join(copy, 'viewer', 'review_model.js'));

const fixture = () => JSON.parse(readFileSync(new URL('../fixtures/viewer_kuhn_seat_record.json', here), 'utf8'));
const texts = state => state.stream.map(entry => entry.text);

// What `kibitz review` wrote for this record, cut to what the checks read.
function review() {
  const decision = (move, played, best, loss, verdict) => ({
    move, played, best, loss, loss_error: 0, spread: 1, relative_loss: loss, verdict, forced: false,
    actions: [{ action: 'pass', value: -1, error: 0, share: 0.8 }, { action: 'bet', value: -2, error: 0, share: 0.2 }],
  });
  return {
    format: 'kibitz-review', version: 1, file: 'kuhn_poker-P0.seat.json', game_index: 0,
    game: 'kuhn_poker(players=2)', seat: 0, engine: 'ismcts', budget: '400 simulations', replicates: 4,
    valued: 2, mean_loss: 0.5, accuracy: 50,
    decisions: [decision(2, 'pass', 'pass', 0, 'good'), decision(4, 'bet', 'pass', 1, 'blunder')],
    worst: [4, 2],
  };
}

test('the document is checked as a seat record, and broken ones are named', () => {
  const doc = fixture();
  assert.equal(S.isSeatRecord(doc), true);
  assert.equal(V.checkDocument(doc), doc);
  assert.throws(() => V.checkDocument({ ...doc, stream: doc.stream.slice(1) }), /"stream" does not hold the 7/);
  assert.throws(() => V.checkDocument({ ...doc, seat: 2 }), /"seat" is not one of the game's 2 seats/);
  assert.throws(() => V.checkDocument({ ...doc, decisions: [{ step: 9, played: 'bet' }] }), /decision 0/);
  assert.throws(() => V.checkDocument({ ...doc, returns: [1] }), /"returns"/);
  const { decisions: _, ...noDecisions } = doc;
  assert.throws(() => V.checkDocument(noDecisions), /no "decisions"/);
  // Without the kind it is read as a full record, which it is not.
  const { kind: __, ...noKind } = doc;
  assert.throws(() => V.checkDocument(noKind), /no "moves"/);
});

test('its one perspective is its own seat, whatever the link asks for', () => {
  const doc = fixture();
  assert.deepEqual(V.perspectives(doc), [{ key: 'seat0', label: 'P0' }]);
  for (const asked of ['full', 'public', 'seat1', null, 'seat0']) assert.equal(V.parsePerspective(doc, asked), 'seat0');
  assert.equal(V.rendererState(doc, 'seat1', 3), null);
  assert.equal(V.rendererState(doc, 'full', 3), null);
});

test("step k holds the seat's first k observations, and nothing but its stream", () => {
  const doc = fixture();
  for (let k = 0; k <= doc.steps; ++k) {
    const state = V.rendererState(doc, 'seat0', k);
    assert.deepEqual(state.stream, doc.stream.slice(0, k).map(({ json, text, notes }) => ({ json, text, notes: notes || null })),
                     `step ${k}`);
    assert.equal(state.welcome.seat, 0);
    assert.equal(state.welcome.spectator, false);
    // No public stream: the renderers fall back to the JSON to tell private facts.
    assert.deepEqual(state.publicStream, []);
    assert.equal(state.publicKnown, false);
  }
  assert.deepEqual(texts(V.rendererState(doc, 'seat0', 1)), ['dealt J']);
  assert.equal(V.rendererState(doc, 'seat0', 7).stream.at(-1).text, 'P1 shows K');
});

test('the seat is to act where it decided; the result shows at the end when settled', () => {
  const doc = fixture();
  const turns = [];
  for (let k = 0; k <= doc.steps; ++k) {
    const state = V.rendererState(doc, 'seat0', k);
    if (state.turn && state.turn.to_act) turns.push(k);
    assert.equal(state.gameOver === null, k < doc.steps, `step ${k}`);
  }
  assert.deepEqual(turns, [2, 4]);
  const end = V.rendererState(doc, 'seat0', doc.steps);
  assert.deepEqual(end.gameOver.returns, [-2, 2]);
  assert.equal(end.gameOver.history, null, 'the record knows no moves but its own');
  assert.equal(end.gameOver.public, null);
  const open = { ...doc, returns: null, finished: false };
  assert.equal(V.rendererState(open, 'seat0', doc.steps).gameOver, null);
});

test('a step says what reached the seat and what it played there', () => {
  const doc = fixture();
  assert.deepEqual(S.seatStep(doc, 0), { entry: null, decisions: [], last: false, settled: true });
  const fourth = S.seatStep(doc, 4);
  assert.equal(fourth.entry.text, 'P1 bets');
  assert.deepEqual(fourth.decisions, [{ step: 4, played: 'bet', advised: 'pass' }]);
  assert.equal(S.seatStep(doc, 7).last, true);
});

test("a review of the record fits it decision by decision, at the decisions' steps", () => {
  const doc = fixture();
  const r = R.matchReview(review(), doc);
  assert.equal(R.decisionAt(r, 4).verdict, 'blunder');
  assert.equal(R.decisionAt(r, 3), null);
  assert.deepEqual(R.neighbours(r, 3), { previous: 2, next: 4 });
  assert.equal(R.reviewShownIn(r, 'seat0'), true);
  const mismatch = (change, pattern) => {
    const x = review();
    change(x);
    assert.throws(() => R.matchReview(x, doc), pattern);
  };
  mismatch(x => { x.seat = 1; }, /the review is of P1; this is P0's seat record/);
  mismatch(x => { x.decisions[1].move = 5; x.worst = [5, 2]; }, /decision at step 5; the seat record has none there/);
  mismatch(x => { x.decisions[1].played = 'pass'; }, /at step 4 the seat record has "bet" played; the review says "pass"/);
  mismatch(x => { x.game = 'leduc_poker'; }, /review is of "leduc_poker"/);
  // A move the record does not name is "?" in its review.
  const unnamed = fixture();
  unnamed.decisions[1].played = '';
  const x = review();
  x.decisions[1].played = '?';
  assert.equal(R.matchReview(x, unnamed), x);
});
