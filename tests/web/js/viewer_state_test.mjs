// The replay viewer's logic (web/static/js/viewer/view_state.js) on a
// hand-written Kuhn poker document (tests/web/fixtures/viewer_kuhn.json, the
// format of docs/web_page.md "Replay viewer"): what each perspective sees at
// each step, and where chart lines go. Run by ctest as
// kibitz_web_viewer_js_test (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = new URL('.', import.meta.url);
const fixture = () => JSON.parse(readFileSync(new URL('../fixtures/viewer_kuhn.json', here), 'utf8'));

// The page serves view_state.js as a browser module, and node reads a .js
// file outside a "type": "module" package as CommonJS: a copy of
// web/static/js marked as a module package lets node load it and follow
// its import of seat_view.js.
const copy = mkdtempSync(join(tmpdir(), 'kibitz-viewer-js-'));
cpSync(fileURLToPath(new URL('../../../web/static/js', here)), copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const V = await import(join(copy, 'viewer', 'view_state.js'));

const texts = state => state.stream.map(entry => entry.text);
const keyOf = json => JSON.stringify(Object.keys(json).sort().map(k => [k, json[k]]));

test('the fixture is a valid document, and broken ones are named', () => {
  const doc = fixture();
  assert.equal(V.checkDocument(doc), doc);
  assert.throws(() => V.checkDocument({ ...doc, moves: doc.moves.slice(1) }), /"moves" holds 3 moves where "steps" says 4/);
  assert.throws(() => V.checkDocument({ ...doc, streams: [doc.streams[0]] }), /"streams" holds 1 streams for 2 players/);
  assert.throws(() => V.checkDocument({ ...doc, full: doc.full.slice(1) }), /"full" holds 4 states for 5 steps/);
  const { public: _, ...noPublic } = doc;
  assert.throws(() => V.checkDocument(noPublic), /no "public"/);
  assert.throws(() => V.checkDocument({ error: 'the file holds 2 games; game=5 does not exist' }), /game=5/);
  assert.throws(() => V.checkDocument(null), /not a JSON object/);
});

test('perspectives: every seat, then the public, then the full view', () => {
  const doc = fixture();
  assert.deepEqual(V.perspectives(doc).map(p => [p.key, p.label.split(' (')[0]]),
                   [['seat0', 'P0'], ['seat1', 'P1'], ['public', 'The public'], ['full', 'Full view']]);
  assert.equal(V.seatLabel(doc, 0), 'P0 (person)');
  assert.equal(V.seatLabel(doc, 1), 'P1 (ismcts)');
  assert.equal(V.seatLabel(doc, -1), 'chance');
  assert.equal(V.parsePerspective(doc, 'seat1'), 'seat1');
  assert.equal(V.parsePerspective(doc, 'seat2'), 'full', 'a seat the game does not have');
  assert.equal(V.parsePerspective(doc, 'public'), 'public');
  assert.equal(V.parsePerspective(doc, null), 'full');
});

test('steps from the URL stay within 0..steps', () => {
  const doc = fixture();
  assert.equal(V.clampStep(doc, '3'), 3);
  assert.equal(V.clampStep(doc, '99'), 4);
  assert.equal(V.clampStep(doc, -2), 0);
  assert.equal(V.clampStep(doc, 'x', 4), 4);
  assert.equal(V.clampStep(doc, '', 2), 2);
  assert.equal(V.clampStep(doc, null, 1), 1);
});

test("a seat's state at step k holds exactly its entries of step <= k", () => {
  const doc = fixture();
  for (let seat = 0; seat < doc.players; ++seat) {
    for (let k = 0; k <= doc.steps; ++k) {
      const state = V.rendererState(doc, V.seatKey(seat), k);
      const expected = doc.streams[seat].filter(entry => entry.step <= k);
      assert.deepEqual(state.stream, expected.map(({ json, text, notes }) => ({ json, text, notes: notes || null })),
                       `P${seat} at ${k}`);
      assert.deepEqual(state.publicStream, doc.public.filter(e => e.step <= k).map(e => e.json));
      assert.equal(state.welcome.seat, seat);
      assert.equal(state.welcome.spectator, false);
      assert.equal(state.publicKnown, true);
    }
  }
  assert.deepEqual(texts(V.rendererState(doc, 'seat0', 1)), ['dealt K']);
  assert.deepEqual(texts(V.rendererState(doc, 'seat1', 1)), ['P0 is dealt a card']);
  assert.deepEqual(texts(V.rendererState(doc, 'seat1', 0)), []);
});

test("an entry's notes (a game's derived facts, docs/serve.md) reach the renderers' state", () => {
  const doc = fixture();
  doc.streams[1][0].notes = { covert: 45, vp: 5 };
  doc.public[0].notes = { covert: 45, vp: 5, success: true };
  assert.deepEqual(V.rendererState(doc, V.seatKey(1), doc.steps).stream[0].notes, { covert: 45, vp: 5 });
  assert.equal(V.rendererState(doc, V.seatKey(0), doc.steps).stream[0].notes, null);
  assert.deepEqual(V.rendererState(doc, V.PUBLIC, doc.steps).stream[0].notes, { covert: 45, vp: 5, success: true });
});

test("the public perspective never holds a seat's private entry", () => {
  const doc = fixture();
  const publicKeys = new Set(doc.public.map(entry => keyOf(entry.json)));
  const privateEntries = doc.streams.flat().filter(entry => !publicKeys.has(keyOf(entry.json)));
  assert.equal(privateEntries.length, 2, 'the fixture has one private card per seat');
  for (let k = 0; k <= doc.steps; ++k) {
    const state = V.rendererState(doc, 'public', k);
    assert.equal(state.welcome.spectator, true);
    assert.equal(state.welcome.seat, -1);
    assert.equal(state.turn, null);
    for (const entry of state.stream) {
      assert.ok(publicKeys.has(keyOf(entry.json)), `${entry.text} at step ${k} is not public`);
      assert.ok(!privateEntries.some(p => keyOf(p.json) === keyOf(entry.json)));
    }
    assert.equal(state.stream.length, doc.public.filter(entry => entry.step <= k).length);
  }
});

test('whose turn it is, and the result only at the last step of a finished game', () => {
  const doc = fixture();
  assert.deepEqual(V.rendererState(doc, 'seat0', 2).turn, { to_act: true, legal: [] });
  assert.deepEqual(V.rendererState(doc, 'seat1', 2).turn, { to_act: false, legal: [] });
  assert.deepEqual(V.rendererState(doc, 'seat1', 3).turn, { to_act: true, legal: [] });
  for (let k = 0; k < doc.steps; ++k) assert.equal(V.rendererState(doc, 'seat0', k).gameOver, null);
  const end = V.rendererState(doc, 'seat1', doc.steps);
  assert.deepEqual(end.gameOver.returns, [1, -1]);
  assert.deepEqual(end.gameOver.history.map(m => m.text), ['deal K to P0', 'deal J to P1', 'bet', 'pass']);
  assert.equal(end.turn, null);
  assert.equal(V.rendererState({ ...doc, finished: false }, 'seat1', doc.steps).gameOver, null);
  assert.equal(V.rendererState(doc, 'full', 2), null);
});

test("the full view holds the moves up to k and the state's text at k", () => {
  const doc = fixture();
  for (let k = 0; k <= doc.steps; ++k) {
    const view = V.fullView(doc, k);
    assert.equal(view.moves.length, k);
    assert.deepEqual(view.moves.map(m => m.text), doc.moves.slice(0, k).map(m => m.text));
    assert.equal(view.stateText, doc.full[k]);
    for (const stream of view.streams) assert.ok(stream.entries.every(entry => entry.step <= k));
  }
  assert.deepEqual(V.fullView(doc, 3).moves.map(m => m.who), ['chance', 'chance', 'P0 (person)']);
  const omitted = V.fullView({ ...doc, full: null, full_omitted: 'too long' }, 2);
  assert.equal(omitted.stateText, null);
  assert.equal(omitted.omitted, 'too long');
});

test('annotations: up to the step, own ones for a seat, none for the public', () => {
  const doc = fixture();
  const kinds = list => list.map(a => `${a.step}:${a.seat}:${a.kind}`);
  assert.deepEqual(kinds(V.visibleAnnotations(doc, 'full', 3)), ['3:0:claim']);
  assert.deepEqual(kinds(V.visibleAnnotations(doc, 'full', 4)),
                   ['3:0:claim', '4:1:decision', '4:-1:honest', '4:1:fooled']);
  assert.deepEqual(V.visibleAnnotations(doc, 'full', 4).map(a => a.current), [false, true, true, true]);
  assert.deepEqual(kinds(V.visibleAnnotations(doc, 'seat0', 4)), ['3:0:claim']);
  // P1's "fooled" names P0's card, which P1 never saw: not in P1's view.
  assert.deepEqual(kinds(V.visibleAnnotations(doc, 'seat1', 4)), ['4:1:decision']);
  assert.equal(V.hiddenAnnotationCount(doc, 'seat1'), 3);
  assert.deepEqual(kinds(V.visibleAnnotations(doc, 'seat1', 3)), []);
  assert.deepEqual(V.visibleAnnotations(doc, 'public', 4), []);
  assert.equal(V.hiddenAnnotationCount(doc, 'public'), 4);
  assert.equal(V.hiddenAnnotationCount(doc, 'full'), 0);
  for (let k = 0; k <= doc.steps; ++k) {
    assert.ok(V.visibleAnnotations(doc, 'full', k).every(a => a.step <= k));
  }
});

test("the move into a step: its text and decision only for its mover and the full view", () => {
  const doc = fixture();
  assert.equal(V.moveInto(doc, 'full', 0), null);
  assert.deepEqual(V.moveInto(doc, 'seat1', 1), { index: 0, player: -1, who: 'chance', text: null, decision: null });
  assert.equal(V.moveInto(doc, 'full', 1).text, 'deal K to P0');
  const theirs = V.moveInto(doc, 'seat0', 4);
  assert.equal(theirs.who, 'P1 (ismcts)');
  assert.equal(theirs.text, null);
  assert.equal(theirs.decision, null);
  assert.equal(V.moveInto(doc, 'public', 4).decision, null);
  assert.equal(V.moveInto(doc, 'seat1', 4).decision.value, -0.62);
  assert.equal(V.moveInto(doc, 'full', 4).text, 'pass');
  assert.deepEqual(V.topPolicy(doc.moves[3].decision, 1), [{ action: 'pass', p: 0.92 }]);
  assert.deepEqual(V.topPolicy(null), []);
});

test("charts: the public's for the public, a seat's own for a seat, all in the full view", () => {
  const doc = fixture();
  assert.deepEqual(V.visibleCharts(doc, 'public').map(c => c.viewer), [-3]);
  assert.deepEqual(V.visibleCharts(doc, 'seat0').map(c => c.viewer), [0]);
  assert.deepEqual(V.visibleCharts(doc, 'seat1').map(c => c.viewer), [1]);
  assert.equal(V.visibleCharts(doc, 'full').length, 3);
  assert.deepEqual(V.visibleCharts({ ...doc, charts: undefined }, 'full'), []);
});

test('chart layout: points, marker and clicks in box coordinates', () => {
  const doc = fixture();
  const box = { width: 220, height: 120, margin: { left: 20, right: 0, top: 10, bottom: 10 } };
  const layout = V.chartLayout(doc.charts[0], doc.steps, 2, box);
  assert.deepEqual(layout.plot, { left: 20, right: 220, top: 10, bottom: 110 });
  assert.deepEqual(layout.series[0].points[0], [20, 77]);   // step 0, 0.33
  assert.deepEqual(layout.series[0].points[3], [170, 40]);  // step 3, 0.7
  assert.equal(layout.series[0].label, 'P0 (human)');
  assert.equal(layout.series[0].value, 0.5);
  assert.equal(layout.series[0].valueY, 60);
  assert.equal(V.chartLayout(doc.charts[2], doc.steps, 1, box).series[0].valueY, 77);
  assert.equal(layout.marker, 120);
  assert.deepEqual(layout.yTicks.map(t => t.y), [110, 60, 10]);
  assert.equal(V.stepAtX(layout, doc.steps, 120), 2);
  assert.equal(V.stepAtX(layout, doc.steps, 0), 0);
  assert.equal(V.stepAtX(layout, doc.steps, 999), 4);
  // A value outside the chart's range stays on the plot.
  const wild = { ...doc.charts[0], series: [{ label: 'x', seat: 0, points: [[1, 7]] }] };
  assert.deepEqual(V.chartLayout(wild, doc.steps, 0, box).series[0].points[0], [70, 10]);
  assert.equal(V.valueAt(doc.charts[2].series[0], 3), 0.5);
  assert.equal(V.valueAt({ points: [[2, 0.5]] }, 1), null);
});
