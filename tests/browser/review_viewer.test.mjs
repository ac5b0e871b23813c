// A seat's review in the replay viewer (issue 35, item 2): the built kibitz
// records four Leduc games and reviews seat 1 of game 1 (`kibitz review
// --json`); the viewer, served by `kibitz serve`, opens the replay, goes to
// game 1 and opens the review. At a laptop's 1280x800 and a phone's 390x844
// it checks the seat's figures against the file, clicks the worst decision
// and checks that the step shown is that decision, with its verdict and a
// bar per valued action; that another seat's perspective does not show it;
// that a review of another game, and a file that is no review (its text
// holding markup), are refused with a message and no markup; and that the
// review is put aside when the viewer switches to another game.
// Screenshots go to --screenshots DIR (ctest passes one under the build tree).
// Usage: node review_viewer.test.mjs --kibitz PATH --chromium PATH [--screenshots DIR]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { startServer } from './lib/server.mjs';

const TEST_TIMEOUT_MS = 240000;
const WAIT_MS = 30000;
const VIEWPORTS = [{ name: 'laptop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }];
const VERDICTS = ['blunder', 'mistake', 'inaccuracy', 'unclear', 'good'];

// The replay and three files to open beside it: the review of game 1, one
// of game 2 and a JSON file that is no review.
function makeFiles(kibitz) {
  const dir = mkdtempSync(join(tmpdir(), 'kibitz-review-viewer-'));
  const run = args => execFileSync(kibitz, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  run(['arena', '--game', 'leduc_poker', '--agents', 'cfr,random', '--games', '4', '--record', 'g.kbr', '--quiet']);
  run(['review', 'g.kbr', '--game', '1', '--seat', '1', '--sims', '400', '--json', 'r.json', '--quiet']);
  run(['review', 'g.kbr', '--game', '2', '--seat', '1', '--sims', '400', '--json', 'other.json', '--quiet']);
  writeFileSync(join(dir, 'markup.json'), JSON.stringify({ format: '<img id="injected" src="x">', version: 1 }));
  // Leduc has no bluff or claim analysis, so its review has no notes: each
  // decision gets a stand-in one (with markup) to show it is drawn as text.
  const reviewed = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  for (const d of reviewed.decisions) d.note = { kind: 'claim', text: '<img id="note-injected" src="x"> a lie', flagged: true };
  writeFileSync(join(dir, 'r.json'), JSON.stringify(reviewed));
  return { dir, replay: join(dir, 'g.kbr'), review: join(dir, 'r.json'), other: join(dir, 'other.json'),
           markup: join(dir, 'markup.json') };
}

async function stepShown(page) {
  const text = await page.textContent('#step-counter');
  const match = /Step (\d+) of (\d+)/.exec(text || '');
  assert.ok(match, `the step counter reads "${text}"`);
  return Number(match[1]);
}

async function openGame(page, game) {
  await page.selectOption('#game-index', String(game));
  await page.waitForFunction(n => document.getElementById('source').textContent.endsWith(`, game ${n}`) &&
                                  !document.getElementById('controls').hidden, game, { timeout: WAIT_MS });
}

// Opens a file in the review picker (inside the replay's <details>, which
// a person opens first) and waits for the page to take or refuse it.
async function pickReview(page, path) {
  await page.evaluate(() => { document.getElementById('open-file').open = true; });
  await page.setInputFiles('#review-input', path);
  await page.waitForFunction(() => document.getElementById('review-error').textContent !== '' ||
                                   !document.getElementById('review-summary-panel').hidden, null, { timeout: WAIT_MS });
}

async function refused(page, path, pattern) {
  await pickReview(page, path);
  const message = await page.textContent('#review-error');
  assert.match(message, pattern, 'the refusal does not say why');
  assert.equal(await page.locator('#injected').count(), 0, 'text from the file went in as markup');
  assert.ok(await page.locator('#review-step-panel').isHidden(), 'a refused review shows a panel');
  return message;
}

// What the page must not do at any size: scroll sideways, or cut the
// review's panels.
async function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    }
    const parts = document.querySelectorAll('.review-panel, .review-bar-row, .review-track, button.review-worst');
    for (const node of parts) {
      const r = node.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < 0 || r.right > width + 0.5) problems.push(`${node.className} lies across the edge`);
      if (node.scrollWidth > node.clientWidth + 1) problems.push(`${node.className} cuts its content`);
    }
    return problems;
  });
}

function signed(x) {
  return (x > 0 ? '+' : x < 0 ? '−' : '') + Math.abs(x).toFixed(3);
}

async function checkSummary(page, review) {
  const figures = await page.textContent('#review-summary .review-figures');
  assert.ok(figures.includes(`${signed(review.mean_loss)} per valued decision`), `mean loss: ${figures}`);
  assert.ok(figures.includes(`${review.accuracy.toFixed(1)}%`), `accuracy: ${figures}`);
  for (const verdict of VERDICTS) {
    const count = review.decisions.filter(d => d.verdict === verdict).length;
    const shown = await page.textContent(`#review-summary [data-verdict="${verdict}"]`);
    assert.equal(shown.replace(/\s+/g, ' ').trim(), `${verdict} ${count}`);
  }
  const worst = review.worst.filter(move => review.decisions.find(d => d.move === move).relative_loss > 0);
  assert.ok(worst.length > 0, 'this game\'s review should have a decision that lost something');
  const buttons = await page.$$eval('button.review-worst', list => list.map(b => Number(b.dataset.step)));
  assert.deepEqual(buttons, worst, 'the worst decisions, in the file\'s order');
  return worst[0];
}

// The step shown is the decision's: its seat is to move, and its panel has
// the verdict and a bar per valued action, the played and the best marked.
async function checkDecisionPanel(page, review, decision) {
  assert.equal(await stepShown(page), decision.move);
  assert.match(await page.textContent('#decision'), new RegExp(`Next to move: P${review.seat}\\b`));
  const panel = page.locator('#review-step');
  assert.equal(await panel.locator('.review-verdict .verdict').textContent(), decision.verdict);
  const rows = await panel.locator('.review-bar-row').evaluateAll(list => list.map(row => ({
    action: row.querySelector('.review-action-name').textContent,
    bar: row.querySelectorAll('.review-bar').length,
    played: row.classList.contains('played'),
    best: row.classList.contains('best'),
  })));
  assert.deepEqual(rows, decision.actions.map(a => ({
    action: a.action, bar: 1, played: a.action === decision.played, best: a.action === decision.best })));
  assert.ok(decision.actions.length >= 2, 'a decision with a loss values at least two actions');
  const text = await panel.textContent();
  assert.ok(text.includes(`played ${decision.played}`) && text.includes(decision.best), text);
  if (decision.loss !== null) assert.ok(text.includes(signed(decision.loss)), `the loss is not shown: ${text}`);
}

async function run(browser, server, files, viewport, shots) {
  const review = JSON.parse(readFileSync(files.review, 'utf8'));
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  await page.goto(server.base + '/viewer.html');
  assert.ok(await page.locator('#review-input').isDisabled(), 'a review can be picked before any replay');
  await page.setInputFiles('#file-input', files.replay);
  await page.waitForSelector('#controls:not([hidden])', { timeout: WAIT_MS });
  await openGame(page, review.game_index);

  await refused(page, files.other,
                /Could not open the review other\.json: the review is of game 2 of its file; the viewer shows game 1/);
  const markup = await refused(page, files.markup, /format is "<img id="injected" src="x">", not "kibitz-review"/);
  assert.ok(markup.includes('<img'), 'the file\'s text shows as text');

  await pickReview(page, files.review);
  assert.equal(await page.textContent('#review-error'), '', 'the matching review was refused');
  const move = await checkSummary(page, review);
  await page.click(`button.review-worst[data-step="${move}"]`);
  const decision = review.decisions.find(d => d.move === move);
  await checkDecisionPanel(page, review, decision);
  assert.equal(await page.textContent('#review-step .review-note.flagged'), `claim: ${decision.note.text}`,
               'the game\'s note on the move, as text');
  assert.equal(await page.locator('#note-injected').count(), 0, 'the note\'s markup became an element');
  assert.equal(await page.getAttribute(`button.review-worst[data-step="${move}"]`, 'aria-current'), 'step');
  assert.deepEqual(await layoutProblems(page), [], `${viewport.name}: the review's layout`);
  // The click brought the decision's panel into view, below the controls
  // that stay at the top of a phone's screen.
  const { top, below } = await page.evaluate(() => ({
    top: document.getElementById('review-step-panel').getBoundingClientRect().top,
    below: getComputedStyle(document.querySelector('.viewer-controls')).position === 'sticky'
      ? document.querySelector('.viewer-controls').getBoundingClientRect().bottom : 0 }));
  assert.ok(top >= below - 1 && top < viewport.height / 2, `${viewport.name}: the panel's top is at ${top}, ` +
            `the controls end at ${below}`);
  if (shots) {
    await page.screenshot({ path: join(shots, `review_viewer_${viewport.name}.png`) });
  }

  // Another seat's perspective is not told what seat 1 thought; its own is.
  await page.selectOption('#perspective', `seat${1 - review.seat}`);
  assert.match(await page.textContent('#review-step'), /shows in its own perspective and in the full view/);
  assert.ok(await page.locator('#review-summary-panel').isHidden(), 'another seat sees the review\'s figures');
  assert.equal(await page.locator('.review-bar-row').count(), 0, 'another seat sees the engine\'s values');
  await page.selectOption('#perspective', `seat${review.seat}`);
  assert.equal(await page.locator('.review-bar-row').count(), decision.actions.length);

  // Another game of the file: the review is put aside, saying why.
  await openGame(page, review.game_index + 1);
  assert.match(await page.textContent('#review-status'), /put aside: the review is of game 1 of its file/);
  assert.ok(await page.locator('#review-summary-panel').isHidden(), 'the review stays beside another game');
  assert.deepEqual(errors, [], `${viewport.name}: the page threw`);
  await context.close();
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
      console.log(`ok: the review in the viewer at ${viewport.name} ${viewport.width}x${viewport.height}`);
    }
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
