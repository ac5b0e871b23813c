// The measurement of issue 34 (item 2): a message costs the table page the
// same at entry 2,000 as at entry 20. A real Adulting game of four random
// agents is played on `kibitz serve`; its replay gives seat 0's stream and
// the public one with their texts. The page then joins a table whose
// WebSocket Playwright plays (routeWebSocket), which sends seat 0's stream
// one entry a message and the public stream beside it, as the server does.
// table.js measures every redraw ('kibitz-redraw', detail: the entries); the
// test compares the median of the redraws at entries 10-60 with those near
// the end, and fails when the late ones cost more than twice the early ones
// plus 2 ms (before the pages were incremental, 722 ms at 1,827 entries
// against 112 ms at 24).
// Usage: node update_cost.test.mjs --kibitz PATH --chromium PATH
import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';

import { startServer, postJson } from './lib/server.mjs';

const TEST_TIMEOUT_MS = 240000;
const GAME = 'adulting(players=4)';
const EARLY = [10, 60];     // entries whose redraws are "early"
const LATE_COUNT = 100;     // the last this many redraws are "late"
const MIN_ENTRIES = 1500;
const MAX_TABLES = 12;      // games tried for one that long

async function replayDocument(server, tableId) {
  const file = `${tableId}.kbr`;
  for (let tries = 0; tries < 100; ++tries) {
    const reply = await fetch(`${server.base}/api/replays/${file}/view?game=0`);
    if (reply.ok) return reply.json();
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  throw new Error(`the replay ${file} never appeared`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main() {
  const { values } = parseArgs({ options: { kibitz: { type: 'string' }, chromium: { type: 'string' } } });
  assert.ok(values.kibitz && values.chromium, 'usage: --kibitz PATH --chromium PATH');
  const { chromium } = await import('playwright-core');
  const server = await startServer(values.kibitz);
  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox'] });
  try {
    // A table's deal is drawn afresh, so its length varies (about 1,200 to
    // 2,000 entries for seat 0): games are played until one is long enough.
    let doc = null;
    const lengths = [];
    for (let tries = 0; tries < MAX_TABLES && !(doc && doc.streams[0].length >= MIN_ENTRIES); ++tries) {
      const table = await postJson(server.base + '/api/tables', { game: GAME, seats: Array(4).fill('random') });
      doc = await replayDocument(server, table.id);
      lengths.push(doc.streams[0].length);
    }
    const own = doc.streams[0];
    assert.ok(own.length >= MIN_ENTRIES,
              `no game of ${MAX_TABLES} gave seat 0 ${MIN_ENTRIES} entries (${lengths.join(', ')})`);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const errors = [];
    page.on('pageerror', error => errors.push(error.message));
    let seatSocket = null;
    let publicSocket = null;
    let bothOpen = null;
    const ready = new Promise(resolve => { bothOpen = resolve; });
    await page.routeWebSocket(/\/ws\/table\//, ws => {
      if (new URL(ws.url()).searchParams.has('seat')) seatSocket = ws; else publicSocket = ws;
      ws.send(JSON.stringify({ type: 'welcome', table: 'cost', game: doc.game, players: doc.players,
                               seat: seatSocket === ws ? 0 : -1, spectator: seatSocket !== ws, seats: doc.seats }));
      if (seatSocket && publicSocket) bothOpen();
    });
    await page.goto(`${server.base}/table/cost?seat=token`);
    await ready;
    // One entry a message, the public stream kept up to the same step.
    let sentPublic = 0;
    for (let i = 0; i < own.length; ++i) {
      const entry = own[i];
      while (sentPublic < doc.public.length && doc.public[sentPublic].step <= entry.step) {
        const p = doc.public[sentPublic];
        publicSocket.send(JSON.stringify({ type: 'observations', from: sentPublic, observations: [p.json], text: [p.text] }));
        sentPublic += 1;
      }
      seatSocket.send(JSON.stringify({ type: 'observations', from: i, observations: [entry.json], text: [entry.text] }));
    }
    await page.waitForFunction(n => document.getElementById('log').children.length === n, own.length,
                               { timeout: 120000 });
    const redraws = await page.evaluate(() => performance.getEntriesByName('kibitz-redraw')
      .map(m => ({ entries: m.detail.entries, ms: m.duration })));
    const early = redraws.filter(r => r.entries >= EARLY[0] && r.entries <= EARLY[1]).map(r => r.ms);
    const late = redraws.filter(r => r.entries > own.length - LATE_COUNT).map(r => r.ms);
    assert.ok(early.length > 20 && late.length > 20, `too few redraws measured: ${early.length}, ${late.length}`);
    const [a, b] = [median(early), median(late)];
    console.log(`redraw median ${a.toFixed(2)} ms at entries ${EARLY[0]}-${EARLY[1]}, ${b.toFixed(2)} ms at ` +
                `${own.length - LATE_COUNT}-${own.length} (${redraws.length} redraws)`);
    assert.ok(b <= 2 * a + 2, `a redraw late in the game costs ${b.toFixed(2)} ms, early ${a.toFixed(2)} ms`);
    assert.deepEqual(errors, [], 'the page threw');
  } finally {
    await browser.close();
    await server.stop();
  }
}

const timer = setTimeout(() => { console.error(`the test took over ${TEST_TIMEOUT_MS} ms`); process.exit(1); },
                         TEST_TIMEOUT_MS);
timer.unref();
main().catch(error => { console.error(error.stack || error.message); process.exit(1); });
