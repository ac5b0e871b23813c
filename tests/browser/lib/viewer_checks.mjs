// The replay's part of the browser test: the finished game is listed on the
// server's page and opens in the replay viewer.
import assert from 'node:assert/strict';

export async function openReplayInViewer(browser, base, tableId, screenshots) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(base + '/');
  const file = `${tableId}.kbr`;
  const link = page.locator('#replays a', { hasText: file });
  await link.waitFor({ timeout: 15000 });
  assert.ok(await link.count() === 1, `${file} is listed once`);
  // TODO(viewer): click through to the viewer and step through the game.
  await page.close();
}
