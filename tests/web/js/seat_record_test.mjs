// The web table's seat record (web/static/js/seat_record.js): the person's
// decisions as taken (a refused one taken back, a repeat at one point
// replacing the one before), and the record's JSON once the game is over:
// the seat's own stream only, in the format kibitz review reads
// (docs/replays.md, "Seat records"). Run by ctest as
// kibitz_web_seat_record_js_test (node --test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = new URL('.', import.meta.url);
const copy = mkdtempSync(join(tmpdir(), 'kibitz-seat-record-js-'));
cpSync(fileURLToPath(new URL('../../../web/static/js', here)), copy, { recursive: true });
writeFileSync(join(copy, 'package.json'), '{"type": "module"}\n');
const R = await import(join(copy, 'seat_record.js'));

const finished = {
  welcome: { table: 't1', game: 'kuhn_poker', seat: 1, spectator: false },
  stream: [{ json: { kind: 'dealt_to', seat: 0 }, text: 'P0 is dealt a card' },
           { json: { kind: 'dealt', card: 'K' }, text: 'dealt K' },
           { json: { kind: 'bet', seat: 0 }, text: 'P0 bets' },
           { json: { kind: 'bet', seat: 1 }, text: 'P1 bets' }],
  gameOver: { returns: [-2, 2], streams: [['secret']], history: [2, 0, 1, 1] },
};

test('decisions follow what the person did', () => {
  let d = R.withDecision([], 3, 'pass');
  d = R.withoutLast(d);                 // the server refused it
  assert.deepEqual(d, []);
  d = R.withDecision(d, 3, 'pass');
  d = R.withDecision(d, 3, 'bet');      // taken again at the same point
  assert.deepEqual(d, [{ stream_size: 3, played: 'bet', advised: '' }]);
});

test('the record holds the seat stream and its decisions, nothing else', () => {
  const text = R.seatRecordText(finished, [{ stream_size: 3, played: 'bet', advised: '' }]);
  const record = JSON.parse(text);
  assert.equal(record.format, 'kibitz-seat-record');
  assert.equal(record.version, 1);
  assert.equal(record.game, 'kuhn_poker');
  assert.equal(record.seat, 1);
  assert.equal(record.source, 'kibitz serve');
  assert.deepEqual(record.stream, finished.stream.map(e => e.json));
  assert.deepEqual(record.decisions, [{ stream_size: 3, played: 'bet', advised: '' }]);
  assert.deepEqual(record.returns, [-2, 2]);
  assert.ok(!text.includes('secret') && !text.includes('history'), 'nothing of the game-over reveal');
  assert.equal(R.seatRecordName(finished), 'kuhn_poker-P1-t1.seat.json');
});

test('no record before the end, or for a spectator', () => {
  assert.equal(R.seatRecordText({ ...finished, gameOver: null }, []), null);
  assert.equal(R.seatRecordText({ ...finished, welcome: { ...finished.welcome, spectator: true } }, []), null);
});
