// The browser test of "Review this game" at the web table (issue 35, item 2):
// a person's page plays a Leduc table to its end on `kibitz serve`, the
// other seat an agent; the page then offers "Review this game", shows the
// review's progress as it runs on the server, and then the review itself:
// one entry per decision the person made (its verdict, its loss and the
// engine's bars), the seat's mean loss, accuracy and worst decisions, and
// a file to save that is the review's JSON. A spectator's page offers no
// review. A screenshot of the review goes to --screenshots DIR (ctest
// passes one under the build tree) or $KIBITZ_SCREENSHOTS.
// Usage: node table_review.test.mjs --kibitz PATH --chromium PATH [--screenshots DIR]
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { playToTheEnd, seededRandom } from './lib/play.mjs';
import { postJson, startServer } from './lib/server.mjs';

const TEST_TIMEOUT_MS = 240000;
const REVIEW_TIMEOUT_MS = 120000;

async function loadPlaywright() {
  try {
    return await import('playwright-core');
  } catch (error) {
    console.error('playwright-core is not installed in tests/browser/node_modules: run ./setup.sh test, ' +
                  'or `npm ci` in tests/browser.\n' + error.message);
    process.exit(1);
  }
}

// Every text the progress line shows, kept as it changes (a review of a
// short game can be done before anyone looks).
async function watchProgress(page) {
  await page.evaluate(() => {
    window.kibitzProgressSeen = [];
    const line = document.getElementById('review-progress-text');
    const bar = document.getElementById('review-bar');
    new MutationObserver(() => {
      window.kibitzProgressSeen.push({ text: line.textContent, value: bar.value,
                                       shown: !document.getElementById('review-progress').hidden });
    }).observe(line, { childList: true, characterData: true, subtree: true });
  });
}

async function checkReview(page, decisions) {
  const seen = await page.evaluate(() => window.kibitzProgressSeen);
  const reviewing = seen.filter(s => /^Reviewing: \d+ of \d+ decisions/.test(s.text));
  assert.ok(reviewing.length >= 1, `no progress was shown: ${JSON.stringify(seen)}`);
  assert.ok(reviewing.every(s => s.shown), 'the progress line was hidden while it ran');
  assert.match(reviewing[0].text, new RegExp(`^Reviewing: 0 of ${decisions} decisions`));
  const values = reviewing.map(s => s.value);
  assert.ok(values.every((v, i) => i === 0 || v >= values[i - 1]), `the bar went back: ${values}`);
  // The review: its figures, and one entry per decision with its verdict.
  assert.equal(await page.locator('#review-result .review-decision').count(), decisions);
  assert.equal(await page.locator('#review-result .review-decision .review-verdict .verdict').count(), decisions);
  const figures = await page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('#review-result [data-figure]')].map(dd => [dd.dataset.figure, dd.textContent])));
  assert.match(figures['mean-loss'] || '', /^[+−]?\d+\.\d{3} per valued decision$/, JSON.stringify(figures));
  assert.match(figures.accuracy || '', /^\d+\.\d%$/, JSON.stringify(figures));
  assert.match(figures.decisions || '', new RegExp(`^${decisions} \\(`), JSON.stringify(figures));
  assert.ok(await page.locator('#review-result h3', { hasText: 'Worst decisions' }).count() === 1);
  // A decision with a choice has the engine's bars, the played action marked.
  const valued = await page.locator('#review-result .review-decision .review-bars').count();
  assert.ok(valued >= 1, 'no decision showed the engine\'s bars');
  assert.ok(await page.locator('#review-result .review-bar-row.played, #review-result .review-bar-row.best').count() >= 1);
  assert.equal(await page.locator('#review-button').isVisible(), false, 'the button stayed after the review');
  assert.equal(await page.locator('#review-progress').isVisible(), false, 'the progress stayed after the review');
  // The file offered is the review's JSON, of this seat and game.
  const link = page.locator('#review-result a.review-save');
  assert.equal(await link.count(), 1, 'no way to save the review');
  assert.match(await link.getAttribute('download'), /^leduc_poker-P0-.+\.review\.json$/);
  const saved = JSON.parse(await page.evaluate(async () =>
    (await fetch(document.querySelector('#review-result a.review-save').href)).text()));
  assert.equal(saved.format, 'kibitz-review');
  assert.equal(saved.seat, 0);
  assert.equal(saved.decisions.length, decisions);
  assert.match(saved.game, /^leduc_poker/);
  assert.match(saved.budget, /^300 simulations$/);
}

async function main() {
  const { values } = parseArgs({ options: {
    kibitz: { type: 'string' }, chromium: { type: 'string' }, screenshots: { type: 'string' } } });
  assert.ok(values.kibitz && values.chromium, 'usage: --kibitz PATH --chromium PATH [--screenshots DIR]');
  const shots = process.env.KIBITZ_SCREENSHOTS || values.screenshots || null;
  if (shots) mkdirSync(shots, { recursive: true });
  const { chromium } = await loadPlaywright();
  const server = await startServer(values.kibitz, ['--review-sims', '300']);
  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox'] });
  try {
    const table = await postJson(server.base + '/api/tables', { game: 'leduc_poker', seats: ['human', 'random'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', error => errors.push(error.message));
    await page.goto(server.base + table.seats[0].link);
    await page.waitForSelector('#seats li, #seats .seat-box');
    assert.equal(await page.locator('#review-panel').isVisible(), false, 'a review was offered before the end');
    const decisions = await playToTheEnd(page, seededRandom(35));
    assert.ok(decisions > 0, 'the person made no decision');
    await page.waitForSelector('#review-button', { state: 'visible' });
    assert.equal(await page.textContent('#review-button'), 'Review this game');
    await watchProgress(page);
    await page.click('#review-button');
    await page.waitForFunction(() => document.querySelector('#review-result .review-decision') ||
                                     document.getElementById('review-error').textContent !== '',
                               null, { timeout: REVIEW_TIMEOUT_MS, polling: 50 });
    assert.equal(await page.textContent('#review-error'), '', 'the review failed');
    await checkReview(page, decisions);
    if (shots) await page.screenshot({ path: `${shots}/leduc_poker_table_review.png`, fullPage: true });
    assert.deepEqual(errors, [], 'the page threw');
    // A spectator of the finished table is offered no review.
    const watcher = await context.newPage();
    await watcher.goto(server.base + table.spectator);
    await watcher.waitForFunction(() => !document.getElementById('result-panel').hidden, null, { timeout: 30000 });
    assert.equal(await watcher.locator('#review-panel').isVisible(), false, 'a spectator was offered a review');
    await context.close();
    console.log(`ok: leduc_poker: ${decisions} decisions reviewed at the table`);
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
