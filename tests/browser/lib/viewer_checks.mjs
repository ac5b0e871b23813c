// The replay's part of the browser test: the finished game is listed on the
// server's page, opens in the replay viewer from that list and from a file
// picked by hand, steps with the keyboard, and switches between every
// seat's perspective, the public's and the full view.
import assert from 'node:assert/strict';
import { join } from 'node:path';

import { shows } from './text.mjs';

const LOAD_TIMEOUT_MS = 30000;

async function stepShown(page) {
  const text = await page.textContent('#step-counter');
  const match = /Step (\d+) of (\d+)/.exec(text || '');
  assert.ok(match, `the step counter reads "${text}"`);
  return { step: Number(match[1]), steps: Number(match[2]) };
}

async function waitForDocument(page) {
  await page.waitForSelector('#controls:not([hidden])', { timeout: LOAD_TIMEOUT_MS });
  assert.equal(await page.textContent('#load-error'), '', 'the viewer reported an error');
}

async function press(page, key) {
  await page.keyboard.press(key);
  return stepShown(page);
}

async function perspectiveText(page, key) {
  await page.selectOption('#perspective', key);
  return page.evaluate(() => document.querySelector('.viewer-view').innerText);
}

// `hidden`: per person seat, facts of its own that no one else was shown
// (from the live test), to check each perspective shows its seat's alone.
export async function openReplayInViewer(browser, server, tableId, hidden, screenshots) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = [];
  page.on('pageerror', error => errors.push(error.message));
  await page.goto(server.base + '/');
  const file = `${tableId}.kbr`;
  const link = page.locator('#replays a', { hasText: file });
  await link.waitFor({ timeout: 15000 });
  await link.click();
  await page.waitForURL(/\/viewer\.html\?/);
  await waitForDocument(page);

  // The keyboard: End to the last step, arrows one step, Home to the start.
  const { steps } = await stepShown(page);
  assert.ok(steps > 20, `a whole Spies game has more than 20 moves, not ${steps}`);
  await page.locator('body').click({ position: { x: 5, y: 5 } });  // the page, not a control, has focus
  assert.equal((await press(page, 'End')).step, steps);
  assert.equal((await press(page, 'ArrowLeft')).step, steps - 1);
  assert.equal((await press(page, 'ArrowRight')).step, steps);

  // Every perspective: each person's seat shows its own hidden facts and not the other's.
  const keys = await page.$$eval('#perspective option', options => options.map(o => o.value));
  assert.deepEqual(keys, ['seat0', 'seat1', 'seat2', 'seat3', 'public', 'full']);
  for (const seat of [0, 1]) {
    const text = await perspectiveText(page, `seat${seat}`);
    assert.ok(hidden[seat].some(fact => shows(text, fact)), `seat ${seat}'s perspective shows none of its facts`);
    const leaked = hidden[1 - seat].filter(fact => shows(text, fact));
    assert.deepEqual(leaked, [], `seat ${seat}'s perspective shows seat ${1 - seat}'s hidden facts`);
  }
  const full = await perspectiveText(page, 'full');
  assert.ok((await page.textContent('#full-state')).trim().length > 0, 'the full view shows the state');
  assert.ok(full.length > 0);
  // The bluff report's charts, drawn at the step: the public P(Traitor) track.
  await page.selectOption('#perspective', 'public');
  assert.ok(await page.locator('#charts svg').count() > 0, 'the public perspective draws no chart');
  if (screenshots) {
    await page.keyboard.press('Home');
    for (let i = 0; i < Math.floor(steps * 0.6); ++i) await page.keyboard.press('ArrowRight');
    await page.selectOption('#perspective', 'seat0');
    await page.screenshot({ path: `${screenshots}/web_viewer.png`, fullPage: false });
  }

  // A file the user picks: the same replay, uploaded from disk.
  await page.goto(server.base + '/viewer.html');
  await page.setInputFiles('#file-input', join(server.replays, file));
  await waitForDocument(page);
  assert.equal((await stepShown(page)).steps, steps, 'the picked file is the same game');
  assert.deepEqual(errors, [], 'the viewer threw');
  await page.close();
}
