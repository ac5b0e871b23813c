// What a Kuhn or Leduc poker table shows, folded from one stream alone (a
// seat's, or the public one for a spectator): your card, the public card
// (Leduc), each seat's chips in the pot, the betting round by round, who
// folded, and the cards shown at a showdown. Pure: no DOM
// (tests/browser/models.test.mjs runs it under node); poker.js draws it.
//
// The kinds are docs/protocol.md's "kuhn_poker" and "leduc_poker"; the chip
// rules are docs/rules/kuhn_poker.md (ante 1, a bet or call 1) and
// leduc_poker.md (ante 1, raises of 2 then 4 chips, a call matches).
import { seatOf } from './fold.js';

const LEDUC_RAISE = [2, 4];  // chips a raise adds, round 1 and round 2

export function createPoker(state) {
  const game = state.welcome ? state.welcome.game : '';
  const { players, you, spectator } = seatOf(state, 2);
  return {
    players, you, spectator,
    leduc: game.startsWith('leduc'),
    card: null,                            // your private card
    publicCard: null,                      // Leduc's, once turned
    chips: Array(players).fill(1),         // chips each seat has put in (the ante)
    folded: Array(players).fill(false),
    shown: Array(players).fill(null),      // seat -> card at a showdown
    rounds: [[]],                          // the betting: [{seat, action}] per round
    toMatch: 1,                            // the most any seat has put in
  };
}

function bet(model, seat, action) {
  model.rounds[model.rounds.length - 1].push({ seat, action });
}

export function addPoker(model, json) {
  const seat = json.seat;
  switch (json.kind) {
    case 'dealt': model.card = json.card; break;
    case 'public': model.publicCard = json.card; model.rounds.push([]); break;
    case 'show': model.shown[seat] = json.card; break;
    // Kuhn: a pass checks or folds, a bet bets or calls 1 chip.
    case 'pass':
      if (model.toMatch > model.chips[seat]) model.folded[seat] = true;
      bet(model, seat, model.folded[seat] ? 'folds' : 'checks');
      break;
    case 'bet': {
      const calls = model.toMatch > model.chips[seat];
      model.chips[seat] += 1;
      model.toMatch = Math.max(model.toMatch, model.chips[seat]);
      bet(model, seat, calls ? 'calls' : 'bets');
      break;
    }
    // Leduc: check, call (match), raise (match, then 2 or 4 more), fold.
    case 'check': bet(model, seat, 'checks'); break;
    case 'call': model.chips[seat] = model.toMatch; bet(model, seat, 'calls'); break;
    case 'raise':
      model.chips[seat] = model.toMatch + LEDUC_RAISE[Math.min(model.rounds.length, 2) - 1];
      model.toMatch = model.chips[seat];
      bet(model, seat, 'raises');
      break;
    case 'fold': model.folded[seat] = true; bet(model, seat, 'folds'); break;
    default: break;
  }
}

export function pot(model) {
  return model.chips.reduce((sum, n) => sum + n, 0);
}

// Chips `seat` must add to stay in.
export function owed(model, seat) {
  return Math.max(0, model.toMatch - model.chips[seat]);
}
