// The browser test of issue 20: two people join a Loyalist Spies table
// through their secret links, two agents fill the other seats, and the game
// is played to its end in Debian's chromium driven by playwright-core. It
// checks, on the wire and on the page:
//   - each person's page is sent and shows only its own seat's stream;
//   - a spectator is sent and shows nothing hidden until the end, then everything;
//   - a mission's terms are shown as numbers, from the server's notes;
//   - the replay appears in the server's list and opens in the replay viewer,
//     from the list and from a picked file; keys step it; each seat's
//     perspective shows that seat's facts alone.
// Usage: node spies_table.test.mjs --kibitz PATH --chromium PATH [--screenshots DIR]
// (ctest passes both paths; --screenshots writes the README's pictures.)
import assert from 'node:assert/strict';
import { parseArgs } from 'node:util';

import { openReplayInViewer } from './lib/viewer_checks.mjs';
import { seededRandom, pageText, playToTheEnd } from './lib/play.mjs';
import { shows } from './lib/text.mjs';
import { postJson, startServer } from './lib/server.mjs';
import { recordFrames, streamEntries } from './lib/wire.mjs';

const TEST_TIMEOUT_MS = 240000;
const GAME = 'loyalist_spies(rounds=1)';
const SEATS = ['human', 'human', 'heuristic', 'heuristic'];

async function loadPlaywright() {
  try {
    return await import('playwright-core');
  } catch (error) {
    console.error('playwright-core is not installed in tests/browser/node_modules: run ./setup.sh test, ' +
                  'or `npm ci` in tests/browser (it installs the version package-lock.json pins).\n' + error.message);
    process.exit(1);
  }
}

// Texts of `entries` (a seat's stream) that no one else at the table could
// also have been shown: not public, not in `otherEntries`.
function hiddenTexts(entries, otherEntries, publicJson) {
  const otherJson = new Set(otherEntries.map(e => e.json));
  const otherTexts = new Set(otherEntries.map(e => e.text));
  return entries.filter(e => !publicJson.has(e.json) && !otherJson.has(e.json) && !otherTexts.has(e.text))
    .map(e => e.text);
}

// Every entry a socket was sent sits at its index in the stream the game
// ended with: nothing outside that stream ever reached it.
function assertSentOnlyItsStream(name, entries, finalStream) {
  const final = finalStream.map(json => JSON.stringify(json));
  assert.ok(entries.length > 0, `${name} was sent no observations`);
  for (const entry of entries) {
    assert.equal(entry.json, final[entry.index],
                 `${name} was sent entry ${entry.index} ${entry.json}, not its stream's ${final[entry.index]}`);
  }
}

function assertNeverShown(name, snapshots, texts, whose) {
  assert.ok(texts.length > 0, `${whose} has no hidden facts to look for: the check would prove nothing`);
  for (const { move, text } of snapshots) {
    for (const hidden of texts) {
      assert.ok(!shows(text, hidden), `${name}'s page showed ${whose}'s hidden fact "${hidden}" after move ${move}`);
    }
  }
}

async function main() {
  const { values } = parseArgs({ options: {
    kibitz: { type: 'string' }, chromium: { type: 'string' }, screenshots: { type: 'string' } } });
  assert.ok(values.kibitz && values.chromium, 'usage: --kibitz PATH --chromium PATH [--screenshots DIR]');
  const { chromium } = await loadPlaywright();
  const server = await startServer(values.kibitz);
  const browser = await chromium.launch({ executablePath: values.chromium, args: ['--no-sandbox'] });
  try {
    const table = await postJson(server.base + '/api/tables', { game: GAME, seats: SEATS });
    const links = table.seats.filter(seat => seat.link).map(seat => server.base + seat.link);
    assert.equal(links.length, 2, 'two person seats, two links');

    // Each person and the spectator in a browser context of its own (no shared storage).
    const open = async (url, viewport) => {
      const page = await (await browser.newContext({ viewport })).newPage();
      const frames = recordFrames(page);
      await page.goto(url);
      return { page, frames, snapshots: [] };
    };
    const people = [await open(links[0], { width: 1280, height: 800 }),
                    await open(links[1], { width: 390, height: 844 })];  // a phone
    const spectator = await open(server.base + table.spectator, { width: 1280, height: 800 });

    const snapshot = async (who, move) => who.snapshots.push({ move, text: await pageText(who.page) });
    const played = await Promise.all(people.map((person, i) =>
      playToTheEnd(person.page, seededRandom(20 + i), async move => {
        await snapshot(person, move);
        if (i === 0) await snapshot(spectator, move);
        if (i === 0 && move === 7 && values.screenshots) {
          await person.page.screenshot({ path: `${values.screenshots}/web_table.png` });
        }
      })));
    assert.ok(played.every(n => n > 0), `each person acted: ${played}`);
    await spectator.page.waitForFunction(() => !document.getElementById('result-panel').hidden);

    // On the wire: each socket got only its own stream, and the end told all.
    const seat = people.map(person => streamEntries(person.frames, true));
    const watched = streamEntries(spectator.frames, false);
    const over = seat[0].gameOver;
    assert.ok(over && seat[1].gameOver && watched.gameOver, 'every page was told the game is over');
    for (const s of [0, 1]) assertSentOnlyItsStream(`P${s}'s seat socket`, seat[s].entries, over.streams[s]);
    assertSentOnlyItsStream('the spectator', watched.entries, over.public);
    assert.equal(watched.gameOver.streams.length, SEATS.length, 'the spectator sees every stream at the end');

    // On the page: neither person nor the spectator was ever shown the other's hidden facts.
    const publicJson = new Set(over.public.map(json => JSON.stringify(json)));
    const hidden = [0, 1].map(s => hiddenTexts(seat[s].entries, seat[1 - s].entries, publicJson));
    assertNeverShown('P0', people[0].snapshots, hidden[1], 'P1');
    assertNeverShown('P1', people[1].snapshots, hidden[0], 'P0');
    assertNeverShown('the spectator', spectator.snapshots, hidden[0].concat(hidden[1]), 'a person');
    // ... while each page did show its own (so the check looks at the right text).
    const lastText = people[0].snapshots.at(-1).text;
    assert.ok(hidden[0].some(text => shows(lastText, text)), 'P0\'s page shows none of P0\'s own hidden facts');

    // A mission's terms and result come from the server's notes: shown as
    // numbers on every page that saw a mission, never as "?".
    const allTexts = people.concat([spectator]).flatMap(who => who.snapshots.map(s => s.text));
    assert.ok(allTexts.some(text => /covert value \d+, VP \d+/.test(text)), 'no page showed a mission\'s terms');
    assert.ok(allTexts.every(text => !/covert value \?|VP \?|mission unknown/.test(text)),
              'a page showed a mission without the server\'s notes');

    await openReplayInViewer(browser, server, table.id, hidden, values.screenshots);
    console.log(`ok: ${played[0]} + ${played[1]} moves by two people; ` +
                `${spectator.snapshots.length} spectator snapshots; replay ${table.id}.kbr opened in the viewer`);
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
