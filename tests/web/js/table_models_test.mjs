// The table models of Laws and Disorder and Spoon Nomic
// (web/static/js/renderers/laws_model.js, spoon_model.js) on real games
// played on `kibitz serve` with reward=score and captured with
// capture_stream_fixture.mjs (tests/web/fixtures/laws_stream_seat0.json,
// spoon_stream_seat0.json). Each seat's whole stream, from game_over, is
// folded as that seat's page folds it; the monies and scores the models
// work out move by move must be the game's own returns, which the page
// never reads to draw them. Run by ctest as kibitz_web_table_models_js_test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = new URL('.', import.meta.url);
const copy = mkdtempSync(join(tmpdir(), 'kibitz-table-models-js-'));
cpSync(fileURLToPath(new URL('../../../web/static/js', here)), copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const Laws = await import(join(copy, 'renderers', 'laws_model.js'));
const Spoon = await import(join(copy, 'renderers', 'spoon_model.js'));

const fixture = name => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, here), 'utf8'));

// Seat `seat`'s page state at the end: its welcome and its whole stream.
function seatState(fx, seat) {
  const welcome = { ...fx.seat[0], seat, spectator: false };
  return { welcome, stream: fx.game_over.streams[seat].map(json => ({ json, text: '' })) };
}

test('Laws and Disorder: the monies worked out move by move are the returns', () => {
  const fx = fixture('laws_stream_seat0');
  const returns = fx.game_over.returns;
  assert.ok(returns.length >= 3 && returns.some(r => r !== 3), 'a game in which monies moved');
  for (let seat = 0; seat < returns.length; ++seat) {
    const state = seatState(fx, seat);
    const model = Laws.createLaws(state);
    state.stream.forEach((entry, index) => Laws.addLaws(model, entry.json, index));
    assert.deepEqual(model.monies, returns, `seat ${seat}'s page`);
    assert.deepEqual(model.final, returns, `seat ${seat}'s final line`);
    assert.equal(model.hand.length, model.handSize[seat], `seat ${seat}'s own hand`);
  }
});

test('Spoon Nomic: the points and shown hands give the returns', () => {
  const fx = fixture('spoon_stream_seat0');
  const returns = fx.game_over.returns;
  for (let seat = 0; seat < returns.length; ++seat) {
    const state = seatState(fx, seat);
    const model = Spoon.createSpoon(state);
    for (const entry of state.stream) Spoon.addSpoon(model, entry.json);
    assert.deepEqual(Spoon.finalScores(model).map(s => s.score), returns, `seat ${seat}'s page`);
  }
});
