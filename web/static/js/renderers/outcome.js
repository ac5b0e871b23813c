// The result of a game in its own units: who won and each seat's score, as
// a game's renderer reads them from its stream (monies, chips, points,
// drinks), with the returns beside them. An outcome is plain data:
//   {headline: 'P2 wins with 14 monies',
//    columns: ['Position', 'Monies'],      // the game's own columns
//    rows: [[cell, ...] per seat]}         // one row per seat, in seat order
// generic.js draws it in the result panel and the turn line.

// A number as a person reads it: integers as they are, others to 2 places
// (a return of -1/3 reads -0.33, not -0.3333333333333333).
export function formatNumber(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/\.?0+$/, '');
}

export function signed(value) {
  return (value > 0 ? '+' : '') + formatNumber(value);
}

// The seats holding the highest of `values`.
export function leaders(values) {
  const best = Math.max(...values);
  return values.map((v, seat) => (v === best ? seat : -1)).filter(seat => seat >= 0);
}

export function seatList(seats) {
  const names = seats.map(seat => `P${seat}`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

// "P2 wins" / "P0 and P2 tie for the win" / "everyone ties".
export function winnersLine(seats, players) {
  if (seats.length === players && players > 1) return 'Everyone ties';
  if (seats.length === 1) return `P${seats[0]} wins`;
  return `${seatList(seats)} share the win`;
}

// For a game without a layout of its own: the winners by return.
export function genericOutcome(state) {
  const returns = state.gameOver ? state.gameOver.returns : [];
  if (!returns.length) return null;
  const top = leaders(returns);
  return { headline: `${winnersLine(top, returns.length)} (${signed(returns[top[0]])})`, columns: [], rows: [] };
}
