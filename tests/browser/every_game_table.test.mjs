// The browser test of issue 34 (item 2): every game is played to its end on
// `kibitz serve` by a person's page at a laptop's 1280x800 and a phone's
// 390x844, the other seats agents. At every decision it checks that the
// buttons and the decision's context (#context) are in the viewport, uncut,
// with no sideways scroll; that the game's own layout drew the table (seat
// boxes, not the generic list); and at the end that the result names who
// won in the game's own units, with no raw float (-0.3333333333333333).
// Screenshots of a decision and of the end go to --screenshots DIR (ctest
// passes one under the build tree) or $KIBITZ_SCREENSHOTS.
// Usage: node every_game_table.test.mjs --kibitz PATH --chromium PATH [--screenshots DIR] [--only GAME]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { decisionProblems, hasContext } from './lib/layout_checks.mjs';
import { seededRandom } from './lib/play.mjs';
import { postJson, startServer } from './lib/server.mjs';

const TEST_TIMEOUT_MS = 540000;
const TURN_TIMEOUT_MS = 60000;
const VIEWPORTS = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];
// One person (seat 0) against fast agents; small parameters keep each game short.
const GAMES = [
  { spec: 'kuhn_poker', seats: ['human', 'random'], won: /wins|share|ties/, review: true },
  { spec: 'leduc_poker', seats: ['human', 'random'], won: /wins|share|ties/, review: true },
  { spec: 'liars_dice', seats: ['human', 'random'], won: /wins.*loses/ },
  { spec: 'laws_and_disorder(players=3)', seats: ['human', 'heuristic', 'heuristic'], won: /monies/ },
  { spec: 'tea_game(players=3,days=1,games_per_day=2)', seats: ['human', 'heuristic', 'heuristic'], won: /out best/ },
  { spec: 'spoon_nomic(players=3,nweeks=4)', seats: ['human', 'heuristic', 'heuristic'], won: /points \+ \d+ bonus/ },
  { spec: 'loyalist_spies(rounds=1)', seats: ['human', 'heuristic', 'heuristic', 'heuristic'], won: /points/ },
  { spec: 'adulting(players=3,variant=bidding)', seats: ['human', 'heuristic', 'heuristic'], won: /points/ },
];

async function loadPlaywright() {
  try {
    return await import('playwright-core');
  } catch (error) {
    console.error('playwright-core is not installed in tests/browser/node_modules: run ./setup.sh test, ' +
                  'or `npm ci` in tests/browser.\n' + error.message);
    process.exit(1);
  }
}

// Waits until the page has a decision (returns 'act') or the result shows
// ('over'), drawn by the game's own layout (its seat boxes: the generic
// renderer draws until the game's module has loaded).
async function nextStep(page) {
  const handle = await page.waitForFunction(() => {
    if (!document.querySelector('#seats .seat-box')) return false;
    if (!document.getElementById('result-panel').hidden) return 'over';
    if (document.getElementById('turn').textContent.startsWith('The table stopped')) return 'stopped';
    return document.querySelectorAll('#actions button').length ? 'act' : false;
  }, null, { timeout: TURN_TIMEOUT_MS, polling: 20 });
  return handle.jsonValue();
}

// Presses one button (seeded choice) and waits for the page to move on.
async function press(page, random) {
  const before = await page.evaluate(() => document.getElementById('log').children.length);
  const pressed = await page.evaluate(choice => {
    const buttons = document.querySelectorAll('#actions button');
    if (!buttons.length) return false;
    buttons[Math.floor(choice * buttons.length)].click();
    return true;
  }, random());
  if (!pressed) return false;
  await page.waitForFunction(n => document.getElementById('log').children.length > n ||
    document.getElementById('refused').textContent !== '' || !document.getElementById('result-panel').hidden,
  before, { timeout: TURN_TIMEOUT_MS, polling: 20 });
  return true;
}

// The seat record the finished page offers (js/seat_record.js): it must
// hold every decision the person made, and `kibitz review` must review it.
async function checkSeatRecord(page, kibitz, name, decisions) {
  const link = page.locator('#record a');
  assert.equal(await link.count(), 1, `${name}: no seat record offered at the end`);
  const text = await page.evaluate(async () => (await fetch(document.querySelector('#record a').href)).text());
  const record = JSON.parse(text);
  assert.equal(record.format, 'kibitz-seat-record');
  assert.equal(record.seat, 0);
  assert.equal(record.decisions.length, decisions, `${name}: the record's decisions are not the person's`);
  const dir = mkdtempSync(join(tmpdir(), 'kibitz-seat-record-'));
  try {
    const file = join(dir, await link.getAttribute('download'));
    writeFileSync(file, text);
    const review = execFileSync(kibitz, ['review', file, '--sims', '100', '--quiet'], { encoding: 'utf8' });
    assert.match(review, new RegExp(`${decisions} decisions?, ${decisions} valued`), `${name}: ${review}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Plays one table to its end at one viewport, checking every decision.
async function playOne(browser, server, game, viewport, shots, random, kibitz) {
  const table = await postJson(server.base + '/api/tables', { game: game.spec, seats: game.seats });
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  await page.goto(server.base + table.seats[0].link);
  const name = game.spec.split('(')[0];
  let decisions = 0;
  let withContext = 0;
  for (;;) {
    const step = await nextStep(page);
    if (step === 'stopped') throw new Error(`${name}: the table stopped: ${await page.textContent('#turn')}`);
    if (step === 'over') break;
    const problems = await decisionProblems(page);
    assert.deepEqual(problems, [], `${name} at ${viewport.name}, decision ${decisions + 1}: ${problems.join('; ')}`);
    if (await hasContext(page)) withContext += 1;
    if (decisions === 0 && shots) await page.screenshot({ path: `${shots}/${name}_${viewport.name}_decision.png` });
    if (await press(page, random)) decisions += 1;
  }
  assert.ok(decisions > 0, `${name} at ${viewport.name}: the person made no decision`);
  assert.ok(await page.locator('#seats .seat-box').count() > 0, `${name}: the game's own layout did not draw`);
  const headline = await page.textContent('#result .outcome');
  assert.match(headline || '', game.won, `${name}: the result reads "${headline}"`);
  const ending = await page.evaluate(() => document.getElementById('turn').textContent + ' ' +
                                            document.getElementById('result').innerText);
  assert.doesNotMatch(ending, /\d\.\d{4,}/, `${name}: the result shows a raw float: ${ending.slice(0, 200)}`);
  if (game.review && viewport.name === 'laptop') await checkSeatRecord(page, kibitz, name, decisions);
  assert.deepEqual(errors, [], `${name} at ${viewport.name}: the page threw`);
  if (shots) await page.screenshot({ path: `${shots}/${name}_${viewport.name}_end.png`, fullPage: true });
  await context.close();
  return { decisions, withContext, headline };
}

async function main() {
  const { values } = parseArgs({ options: {
    kibitz: { type: 'string' }, chromium: { type: 'string' }, screenshots: { type: 'string' },
    only: { type: 'string' } } });
  assert.ok(values.kibitz && values.chromium, 'usage: --kibitz PATH --chromium PATH [--screenshots DIR]');
  const shots = process.env.KIBITZ_SCREENSHOTS || values.screenshots || null;
  if (shots) mkdirSync(shots, { recursive: true });
  const { chromium } = await loadPlaywright();
  const server = await startServer(values.kibitz, ['--rate', '200', '--burst', '200', '--tables-per-minute', '120']);
  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox'] });
  try {
    const games = GAMES.filter(g => !values.only || g.spec.startsWith(values.only));
    for (const [i, game] of games.entries()) {
      const started = Date.now();
      // The two viewports play two tables of the game at once.
      const results = await Promise.all(VIEWPORTS.map((viewport, v) =>
        playOne(browser, server, game, viewport, shots, seededRandom(34 + 10 * i + v), values.kibitz)));
      for (const [v, r] of results.entries()) {
        assert.ok(r.withContext > 0, `${game.spec} at ${VIEWPORTS[v].name}: no decision showed its context`);
      }
      console.log(`ok: ${game.spec}: ${results.map((r, v) => `${VIEWPORTS[v].name} ${r.decisions} decisions ` +
        `(${r.withContext} with context)`).join(', ')}; "${results[0].headline}" (${Date.now() - started} ms)`);
    }
  } finally {
    await browser.close();
    const exit = await server.stop();
    assert.equal(exit, 0, `kibitz serve exited with ${exit} after Ctrl-C:\n${server.output()}`);
  }
}

const timer = setTimeout(() => { console.error(`the test took over ${TEST_TIMEOUT_MS} ms`); process.exit(1); },
                         TEST_TIMEOUT_MS);
timer.unref();
main().catch(error => { console.error(error.stack || error.message); process.exit(1); });
