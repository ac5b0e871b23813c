// A simulated person at a table page: waits for its turn and presses one of
// the legal-action buttons (chosen by a seeded generator), until the game
// is over; records what the page showed after every move.
const TURN_TIMEOUT_MS = 60000;

// A small seeded generator (mulberry32), so a run's choices repeat.
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function gameIsOver(page) {
  return page.evaluate(() => !document.getElementById('result-panel').hidden);
}

// What the page shows as text (every region, the log included).
export async function pageText(page) {
  return page.evaluate(() => document.body.innerText);
}

// Plays until the result shows. `onMove(moveCount)` runs after each move
// (a place to take a snapshot). Returns the number of actions pressed.
export async function playToTheEnd(page, random, onMove = async () => {}) {
  let moves = 0;
  for (;;) {
    const next = await page.waitForFunction(() => {
      if (!document.getElementById('result-panel').hidden) return 'over';
      if (document.getElementById('turn').textContent.startsWith('The table stopped')) return 'stopped';
      return document.querySelectorAll('#actions button').length ? 'act' : false;
    }, null, { timeout: TURN_TIMEOUT_MS, polling: 25 });
    const what = await next.jsonValue();
    if (what === 'over') return moves;
    if (what === 'stopped') throw new Error('the table stopped: ' + await page.textContent('#turn'));
    const before = await page.evaluate(() => document.getElementById('log').children.length);
    const pressed = await page.evaluate(choice => {
      const buttons = document.querySelectorAll('#actions button');
      if (!buttons.length) return false;  // redrawn between the two looks: look again
      buttons[Math.floor(choice * buttons.length)].click();
      return true;
    }, random());
    if (!pressed) continue;
    // The move shows in the log (or the server refuses it, or the game ends).
    await page.waitForFunction(n =>
      document.getElementById('log').children.length > n ||
      document.getElementById('refused').textContent !== '' ||
      !document.getElementById('result-panel').hidden, before, { timeout: TURN_TIMEOUT_MS, polling: 25 });
    moves += 1;
    await onMove(moves);
  }
}
