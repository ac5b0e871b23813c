// A seat record and its review in the replay viewer (issue 35, item 5): the
// built kibitz keeps a seat record of a Kuhn game typed into `kibitz seat`
// (P0 holds J, passes, P1 bets, P0 calls and loses to P1's K) and reviews
// it (`kibitz review --json`); the viewer, served by `kibitz serve`, opens
// the record as a picked file and the review beside it. At a laptop's
// 1280x800 and a phone's 390x844 it checks that the record offers its own
// seat's perspective alone, with no full view, annotations or charts; that
// step k shows the seat's first k observations; that the result shows at
// the end; that the review's worst decision, clicked, is the step where the
// seat called with its jack, with the review's verdict and bars and the
// record's own move; that a review of another seat and a seat record whose
// text holds markup are refused with a message and no markup. Then, for
// every game, seat 0's stream of a random game (as the server's document
// of its replay gives it) is made a seat record and opened: the game's
// renderer draws it at the first step and the last, where the result
// shows, without an error. Screenshots go to --screenshots DIR.
// Usage: node seat_record_viewer.test.mjs --kibitz PATH --chromium PATH [--screenshots DIR]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startServer } from './lib/server.mjs';

const TEST_TIMEOUT_MS = 240000;
const WAIT_MS = 30000;
const VIEWPORTS = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];
// What P0 types at the table: its card, its pass, P1's bet, its call (a
// bet, in Kuhn's words) and P1's card at the showdown (P0's own is filled in).
const TYPED = 'dealt J\npass\nP1 bets\nbet\nP1 shows K\nquit\n';
const STREAM = ['dealt J', 'P1 is dealt a card', 'P0 passes', 'P1 bets', 'P0 bets', 'P0 shows J', 'P1 shows K'];

function makeFiles(kibitz) {
  const dir = mkdtempSync(join(tmpdir(), 'kibitz-seat-record-viewer-'));
  execFileSync(kibitz, ['seat', '--game', 'kuhn_poker', '--seat', '0', '--agent', 'random', '--records', dir],
               { cwd: dir, input: TYPED, stdio: ['pipe', 'pipe', 'pipe'] });
  const kept = readdirSync(dir).filter(name => name.endsWith('.seat.json'));
  assert.equal(kept.length, 1, `kibitz seat kept ${kept.length} records`);
  const record = join(dir, kept[0]);
  execFileSync(kibitz, ['review', record, '--json', join(dir, 'r.json'), '--quiet'], { cwd: dir, stdio: 'pipe' });
  const review = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  writeFileSync(join(dir, 'other_seat.json'), JSON.stringify({ ...review, seat: 1 }));
  const text = readFileSync(record, 'utf8');
  writeFileSync(join(dir, 'markup.seat.json'), text.replace('"kind":"pass"', '"kind":"<img id=\\"injected\\" src=x>"'));
  return { record, review: join(dir, 'r.json'), other: join(dir, 'other_seat.json'), markup: join(dir, 'markup.seat.json') };
}

async function stepShown(page) {
  const text = await page.textContent('#step-counter');
  const match = /Step (\d+) of (\d+)/.exec(text || '');
  assert.ok(match, `the step counter reads "${text}"`);
  return { step: Number(match[1]), steps: Number(match[2]) };
}

async function logShown(page) {
  return page.$$eval('#log li', items => items.map(li => li.textContent));
}

// Picks a file and waits for the page to show it or refuse it. What an
// earlier file left (its controls, its refusal) is cleared first, so the
// wait is for this file's outcome.
async function openRecord(page, path) {
  await page.evaluate(() => {
    document.getElementById('open-file').open = true;
    document.getElementById('controls').hidden = true;
    document.getElementById('load-error').textContent = '';
  });
  await page.setInputFiles('#file-input', path);
  await page.waitForFunction(() => document.getElementById('load-error').textContent !== '' ||
                                   !document.getElementById('controls').hidden, null, { timeout: WAIT_MS });
}

async function pickReview(page, path) {
  await page.evaluate(() => {
    document.getElementById('open-file').open = true;
    document.getElementById('review-summary-panel').hidden = true;
    document.getElementById('review-error').textContent = '';
  });
  await page.setInputFiles('#review-input', path);
  await page.waitForFunction(() => document.getElementById('review-error').textContent !== '' ||
                                   !document.getElementById('review-summary-panel').hidden, null, { timeout: WAIT_MS });
}

// The record's one perspective, and none of the panels it has nothing for.
async function checkRecordShown(page) {
  assert.equal(await page.textContent('#load-error'), '', 'the seat record was refused');
  assert.deepEqual(await page.$$eval('#perspective option', list => list.map(o => o.value)), ['seat0']);
  assert.match(await page.textContent('#source'), /the seat record of P0/);
  for (const id of ['#full-view', '#annotations-panel', '#charts-panel', '#game-choice']) {
    assert.ok(await page.locator(id).isHidden(), `${id} shows for a seat record`);
  }
  assert.deepEqual(await stepShown(page), { step: 0, steps: STREAM.length });
  assert.match(await page.textContent('#summary'), /kept by kibitz seat/);
}

// Step by step with the keys: step k shows the seat's first k observations;
// the turn is the seat's where it decided; the result only at the end.
async function stepThrough(page) {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let k = 0; k <= STREAM.length; ++k) {
    if (k > 0) await page.keyboard.press('ArrowRight');
    assert.equal((await stepShown(page)).step, k);
    assert.deepEqual(await logShown(page), STREAM.slice(0, k), `the log at step ${k}`);
    const turn = await page.textContent('#turn');
    if (k === 2 || k === 4) assert.match(turn, /Your turn/, `step ${k}`);
    assert.equal(await page.locator('#result-panel').isHidden(), k < STREAM.length, `the result at step ${k}`);
  }
  assert.match(await page.textContent('#decision'), /Observation 7: P1 shows K/);
  assert.match(await page.textContent('#result'), /-2/);
  assert.match(await page.textContent('#turn'), /Game over/);
}

async function checkWorstDecision(page, review, viewport) {
  const worst = review.worst.filter(move => review.decisions.find(d => d.move === move).relative_loss > 0);
  assert.deepEqual(worst, [4], 'the review finds the call with the jack, at step 4, the one loss');
  const buttons = await page.$$eval('button.review-worst', list => list.map(b => Number(b.dataset.step)));
  assert.deepEqual(buttons, worst);
  await page.click('button.review-worst[data-step="4"]');
  assert.equal((await stepShown(page)).step, 4);
  const decision = review.decisions.find(d => d.move === 4);
  assert.match(await page.textContent('#decision'), /Observation 4: P1 bets/);
  assert.match(await page.textContent('#decision'), /P0 decides here: played bet/);
  assert.equal(await page.locator('#review-step .review-verdict .verdict').textContent(), decision.verdict);
  const rows = await page.locator('#review-step .review-bar-row').evaluateAll(list => list.map(row => ({
    action: row.querySelector('.review-action-name').textContent,
    played: row.classList.contains('played'),
    best: row.classList.contains('best'),
  })));
  assert.deepEqual(rows, decision.actions.map(a => ({
    action: a.action, played: a.action === decision.played, best: a.action === decision.best })));
  assert.equal(await page.getAttribute('button.review-worst[data-step="4"]', 'aria-current'), 'step');
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  assert.equal(wide, false, `${viewport.name}: the page scrolls sideways`);
}

async function run(browser, server, files, viewport, shots) {
  const review = JSON.parse(readFileSync(files.review, 'utf8'));
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  await page.goto(server.base + '/viewer.html');

  // A record whose text holds markup: refused, naming the observation, as text.
  await openRecord(page, files.markup);
  const refusal = await page.textContent('#load-error');
  assert.match(refusal, /Could not open the file: uploaded file: observation 2 of the stream is not one of kuhn_poker's/);
  assert.ok(!refusal.includes('img'), `the refusal quotes the file: ${refusal}`);
  assert.equal(await page.locator('#injected').count(), 0, 'text from the file went in as markup');

  await openRecord(page, files.record);
  await checkRecordShown(page);
  await stepThrough(page);

  await pickReview(page, files.other);
  assert.match(await page.textContent('#review-error'), /the review is of P1; this is P0's seat record/);
  await pickReview(page, files.review);
  assert.equal(await page.textContent('#review-error'), '', 'the matching review was refused');
  await checkWorstDecision(page, review, viewport);
  if (shots) await page.screenshot({ path: join(shots, `seat_record_viewer_${viewport.name}.png`) });
  assert.deepEqual(errors, [], `${viewport.name}: the page threw`);
  await context.close();
}

// Every game's table renderer reads a seat record's stream: seat 0's of a
// random game's replay, with its decisions where the replay has seat 0 move.
const GAMES = { kuhn_poker: 2, leduc_poker: 2, liars_dice: 2, tea_game: 3, loyalist_spies: 4, adulting: 4,
                laws_and_disorder: 4, spoon_nomic: 4 };

async function seatRecordOf(kibitz, server, dir, game) {
  const replay = join(dir, `${game}.kbr`);
  execFileSync(kibitz, ['arena', '--game', game, '--agents', Array(GAMES[game]).fill('random').join(','),
                        '--games', '1', '--record', replay, '--quiet'], { stdio: 'pipe' });
  const reply = await fetch(server.base + '/api/replays/view', { method: 'POST', body: readFileSync(replay) });
  const doc = await reply.json();
  assert.ok(reply.ok, `${game}: ${doc.error}`);
  const stream = doc.streams[0];
  const decisions = [];
  doc.moves.forEach((move, i) => {
    if (move.player === 0) {
      decisions.push({ stream_size: stream.filter(e => e.step <= i).length, played: move.text, advised: '' });
    }
  });
  const path = join(dir, `${game}.seat.json`);
  writeFileSync(path, JSON.stringify({ format: 'kibitz-seat-record', version: 1, game: doc.game, seat: 0, agent: '',
    source: 'seat_record_viewer.test', start_time: '', stream: stream.map(e => e.json), decisions,
    returns: doc.returns }));
  return { path, steps: stream.length };
}

async function everyGameOpens(browser, server, kibitz) {
  const dir = mkdtempSync(join(tmpdir(), 'kibitz-seat-records-'));
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  await page.goto(server.base + '/viewer.html');
  for (const game of Object.keys(GAMES)) {
    const { path, steps } = await seatRecordOf(kibitz, server, dir, game);
    await openRecord(page, path);
    assert.equal(await page.textContent('#load-error'), '', `${game}: the record was refused`);
    assert.deepEqual(await stepShown(page), { step: 0, steps }, game);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const key of ['PageDown', 'ArrowRight', 'End']) await page.keyboard.press(key);
    assert.equal((await stepShown(page)).step, steps, game);
    assert.equal((await logShown(page)).length, steps, `${game}: the log at the end`);
    assert.ok(await page.locator('#result-panel').isVisible(), `${game}: no result at the end`);
    await page.keyboard.press('Home');
    assert.equal((await logShown(page)).length, 0, `${game}: the log at the start`);
  }
  assert.deepEqual(errors, [], 'the page threw');
  await page.context().close();
}

async function main() {
  const { values } = parseArgs({ options: {
    kibitz: { type: 'string' }, chromium: { type: 'string' }, screenshots: { type: 'string' } } });
  assert.ok(values.kibitz && values.chromium, 'usage: --kibitz PATH --chromium PATH [--screenshots DIR]');
  const shots = process.env.KIBITZ_SCREENSHOTS || values.screenshots || null;
  if (shots) mkdirSync(shots, { recursive: true });
  const { chromium } = await import('playwright-core');
  const started = Date.now();
  const files = makeFiles(values.kibitz);
  const server = await startServer(values.kibitz);
  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox'] });
  try {
    for (const viewport of VIEWPORTS) {
      await run(browser, server, files, viewport, shots);
      console.log(`ok: a seat record and its review in the viewer at ${viewport.name} ${viewport.width}x${viewport.height}`);
    }
    await everyGameOpens(browser, server, values.kibitz);
    console.log(`ok: a seat record of every game (${Object.keys(GAMES).join(', ')}) shows its stream and result`);
  } finally {
    await browser.close();
    const exit = await server.stop();
    assert.equal(exit, 0, `kibitz serve exited with ${exit} after Ctrl-C:\n${server.output()}`);
  }
  console.log(`done in ${Date.now() - started} ms` + (shots ? `; screenshots in ${shots}` : ''));
}

const timer = setTimeout(() => { console.error(`the test took over ${TEST_TIMEOUT_MS} ms`); process.exit(1); },
                         TEST_TIMEOUT_MS);
timer.unref();
main().catch(error => { console.error(error.stack || error.message); process.exit(1); });
